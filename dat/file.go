package dat

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"sort"
	"sync"
)

// Container constants (spec §2).
const (
	Magic        uint32 = 0x00005442 // "BT" on disk
	headerOff           = 0x140      // DiskFileInfo
	headerEnd           = 0x190      // end of the 400-byte header area
	nodeSize            = 62*4 + 4 + 61*entrySize
	entrySize           = 24
	maxEntries          = 61 // per B-tree node (order 62)
	maxBlockSize        = 1 << 16
	minBlockSize        = 8 // the 4-byte link and at least 4 payload bytes
	// maxTreeDepth bounds B-tree descent so a node cycle cannot hang a reader:
	// 62-ary, 16 levels is far beyond any 32-bit id space (61·62^15 ≫ 2^32).
	maxTreeDepth = 16
	// compressed records: the stated uncompressed size must be ≤ 64× the
	// stored size and ≤ 64 MiB (see docs/fidelity.md Decisions).
	maxInflateRatio = 64
	maxInflateSize  = 64 << 20
)

// Header is the 80-byte DiskFileInfo at 0x140 (§2.2).
type Header struct {
	Magic, BlockSize, FileSize, DataSet, DataSubset  uint32
	FreeHead, FreeTail, FreeCount, BTreeRoot         uint32
	EnginePackVersion, GamePackVersion, VersionMinor uint32
}

// Entry is one B-tree directory entry (§2.4).
type Entry struct {
	Flags, ID, Offset, Size, Date, Iteration uint32
}

// Compressed reports flags bit 0 (§2.5).
func (e Entry) Compressed() bool { return e.Flags&1 != 0 }

// File is an open .dat container. It is safe for concurrent use: reads go
// through io.ReaderAt (no shared seek offset) and the caches are guarded.
type File struct {
	r      io.ReaderAt
	size   int64
	name   string
	closer io.Closer
	hdr    Header
	bs     int64 // block size, bytes incl. the 4-byte link

	mu    sync.Mutex
	nodes map[uint32]*node // parsed B-tree nodes by file offset
	win   windows          // read-ahead cache shared by all readers of f

	// Set once by checkDirectory at open, read-only after.
	dirBlocks  []uint64  // one bit per block: part of a B-tree node
	dirProbs   []Problem // what is wrong with the directory
	dirEntries int
}

// node is a checked B-tree node: its raw entry bytes (decoded on use, which
// keeps opening and walking a large directory cheap) and, for an internal
// node, its count+1 child offsets (nil for a leaf).
type node struct {
	blocks []uint32 // the node's own blocks (DirectoryBlocks)
	kids   []uint32
	raw    []byte // count × 24 bytes of entries
	n      int    // entry count
}

// childRange is the id range [lo, hi] of child i of a node whose ids lie
// in [min, max]: (entry i−1, entry i), the ends bounded by min and max;
// empty when there is no id between (a separator 0 or 0xFFFFFFFF).
func (n *node) childRange(i int, min, max uint32) (lo, hi uint32, empty bool) {
	lo, hi = min, max
	if i > 0 {
		lo = n.id(i-1) + 1
		empty = n.id(i-1) == 0xFFFFFFFF
	}
	if i < n.n {
		hi = n.id(i) - 1
		empty = empty || n.id(i) == 0
	}
	return lo, hi, empty
}

// id is entry i's id.
func (n *node) id(i int) uint32 { return binary.LittleEndian.Uint32(n.raw[i*entrySize+4:]) }

// entry decodes entry i.
func (n *node) entry(i int) Entry {
	p := n.raw[i*entrySize : (i+1)*entrySize]
	le := binary.LittleEndian
	return Entry{le.Uint32(p[0:4]), le.Uint32(p[4:8]), le.Uint32(p[8:12]), le.Uint32(p[12:16]), le.Uint32(p[16:20]), le.Uint32(p[20:24])}
}

// window caches a stretch of the file so scans of neighbouring records cost
// one ReadAt per window instead of one per block.
type window struct {
	off  int64
	b    []byte
	used uint64 // windows.tick at last use
}

// windows is a small LRU set of read-ahead windows. Not safe for concurrent
// use: File guards its set with mu; a scan owns a private one.
type windows struct {
	w    [4]window
	tick uint64
	last int   // index of the last window hit, tried first
	span int64 // > 0: a window is this many bytes from the block asked for (no 64 KiB alignment)
}

const windowSize = 64 << 10

// Open opens the dat at path; the File owns the os.File and Close closes it.
// Anything but a regular file (a named pipe, a device, a folder) is refused
// before it is opened, so a pipe cannot make Open wait for a writer forever.
func Open(path string) (*File, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := regular(path, st); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if st2, err := f.Stat(); err != nil || !os.SameFile(st, st2) {
		f.Close()
		if err == nil {
			err = errors.New("the file changed while it was being opened")
		}
		return nil, fmt.Errorf("dat: %s: %w", path, err)
	}
	df, err := NewFile(f, st.Size(), path)
	if err != nil {
		f.Close()
		return nil, err
	}
	df.closer = f
	return df, nil
}

// regular refuses anything that is not a regular file, naming what it is.
func regular(path string, st os.FileInfo) error {
	m := st.Mode()
	if m.IsRegular() {
		return nil
	}
	what := "not a regular file"
	switch {
	case m.IsDir():
		what = "a folder, not a file"
	case m&os.ModeNamedPipe != 0:
		what = "a named pipe, not a regular file"
	case m&os.ModeSocket != 0:
		what = "a socket, not a regular file"
	case m&os.ModeDevice != 0:
		what = "a device, not a regular file"
	}
	return fmt.Errorf("dat: %s: is %s", path, what)
}

// NewFile reads a dat from r (size bytes); name is used in error messages.
// It parses and checks the header; directory nodes are read on demand.
func NewFile(r io.ReaderAt, size int64, name string) (*File, error) {
	f := &File{r: r, size: size, name: name, nodes: map[uint32]*node{}}
	if size < headerEnd {
		return nil, f.errf(0, 0, fmt.Sprintf("file too short for the header: %d bytes, want at least %d", size, headerEnd), nil)
	}
	var hb [80]byte
	if n, err := r.ReadAt(hb[:], headerOff); n < len(hb) {
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
		return nil, fmt.Errorf("dat: %s: reading header: %w", name, err)
	}
	u := func(i int) uint32 { return binary.LittleEndian.Uint32(hb[i*4:]) }
	f.hdr = Header{
		Magic: u(0), BlockSize: u(1), FileSize: u(2), DataSet: u(3), DataSubset: u(4),
		FreeHead: u(5), FreeTail: u(6), FreeCount: u(7), BTreeRoot: u(8),
		EnginePackVersion: u(13), GamePackVersion: u(14), VersionMinor: u(19),
	}
	h := f.hdr
	switch {
	case h.Magic != Magic:
		return nil, f.errf(0, headerOff, "bad magic", h.Magic)
	case h.BlockSize < minBlockSize || h.BlockSize > maxBlockSize || h.BlockSize%4 != 0:
		return nil, f.errf(0, headerOff+4, "bad block size", h.BlockSize)
	case int64(h.FileSize) > size:
		// Strict on truncation, lenient on trailing bytes (docs/fidelity.md).
		return nil, f.errf(0, headerOff+8, fmt.Sprintf("file truncated: header file_size is %d bytes but the file has %d", h.FileSize, size), nil)
	}
	f.bs = int64(h.BlockSize)
	if err := f.checkLink(0, headerOff+32, h.BTreeRoot, "bad B-tree root"); err != nil {
		return nil, err
	}
	f.checkDirectory()
	return f, nil
}

// Close releases the underlying file if Open made it. A nil File is fine.
func (f *File) Close() error {
	if f != nil && f.closer != nil {
		return f.closer.Close()
	}
	return nil
}

// Name is the path or name given at open.
func (f *File) Name() string { return f.name }

// Header returns the parsed header.
func (f *File) Header() Header { return f.hdr }

// errf builds a container *FormatError for this file.
func (f *File) errf(id uint32, off int64, msg string, val any) *FormatError {
	return &FormatError{File: f.name, ID: id, Off: off, Msg: msg, Val: val}
}

// checkLink validates a block offset found at file byte at: block-aligned,
// past the header, bit 31 clear (free-list tag, §2.3), whole block inside the file.
func (f *File) checkLink(id uint32, at int64, link uint32, what string) *FormatError {
	switch {
	case link&0x80000000 != 0:
		return f.errf(id, at, what+" (free-block tag, bit 31 set)", link)
	case int64(link) < headerEnd:
		return f.errf(id, at, what+" (inside the header)", link)
	case int64(link)%f.bs != 0:
		return f.errf(id, at, what+" (not block-aligned)", link)
	case int64(link)+f.bs > f.size:
		return f.errf(id, at, what+" (past end of file)", link)
	}
	return nil
}

// block returns the block at off (already checked by checkLink), from a
// read-ahead window of ws. The caller owns ws (f.win under f.mu, or a scan's own).
func (f *File) block(ws *windows, id uint32, off int64) ([]byte, error) {
	ws.tick++
	if w := &ws.w[ws.last]; w.b != nil && off >= w.off && off+f.bs <= w.off+int64(len(w.b)) {
		w.used = ws.tick
		return w.b[off-w.off : off-w.off+f.bs], nil
	}
	for i := range ws.w {
		w := &ws.w[i]
		if w.b != nil && off >= w.off && off+f.bs <= w.off+int64(len(w.b)) {
			w.used, ws.last = ws.tick, i
			return w.b[off-w.off : off-w.off+f.bs], nil
		}
	}
	ws.last = 0 // replace the least recently used
	for i := range ws.w {
		if ws.w[i].used < ws.w[ws.last].used {
			ws.last = i
		}
	}
	w := &ws.w[ws.last]
	w.used = ws.tick
	start := off - off%windowSize
	end := min(start+windowSize+f.bs, f.size)
	if ws.span > 0 {
		start, end = off, min(off+max(ws.span, f.bs), f.size)
	}
	if cap(w.b) < int(end-start) {
		w.b = make([]byte, end-start)
	}
	w.b = w.b[:end-start]
	w.off = start
	if n, err := f.r.ReadAt(w.b, start); n < len(w.b) {
		w.b = nil
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
		return nil, fmt.Errorf("dat: %s: record 0x%08X: reading block at byte 0x%X: %w", f.name, id, off, err)
	}
	return w.b[off-start : off-start+f.bs], nil
}

// readChain reads size bytes of the block chain starting at off (§2.3),
// stopping on the byte count. at is where off was found (for errors). It
// reads through ws, or f's shared windows under f.mu when ws is nil, and
// calls visit (if set) with each block's offset. A record's chain (record
// true) must not run into a B-tree node's blocks.
func (f *File) readChain(ws *windows, record bool, id uint32, at int64, off, size uint32, visit func(uint32)) ([]byte, error) {
	if at < 0 { // the link came from a directory entry: name the link itself
		at = int64(off)
	}
	if err := f.checkLink(id, at, off, "bad first block"); err != nil {
		return nil, err
	}
	payload := f.bs - 4
	nblocks := f.size / f.bs
	if int64(size) > nblocks*payload {
		return nil, f.errf(id, at, fmt.Sprintf("record size %d larger than the file's %d payload bytes", size, nblocks*payload), nil)
	}
	if ws == nil { // the shared windows, under the lock
		f.mu.Lock()
		defer f.mu.Unlock()
		ws = &f.win
	}
	out := make([]byte, size)
	var seenBuf [16]uint32 // blocks visited, to catch cycles; a map past 16
	seen := seenBuf[:0]
	var seenSet map[uint32]bool
	cur, done := off, 0
	for {
		switch {
		case seenSet != nil:
			if seenSet[cur] {
				return nil, f.errf(id, at, "block chain cycle back to", cur)
			}
			seenSet[cur] = true
		case len(seen) == len(seenBuf):
			seenSet = make(map[uint32]bool, 4*len(seen))
			for _, s := range seen {
				seenSet[s] = true
			}
			continue
		default:
			for _, s := range seen {
				if s == cur {
					return nil, f.errf(id, at, "block chain cycle back to", cur)
				}
			}
			seen = append(seen, cur)
		}
		if record && f.isDirBlock(cur) {
			return nil, f.errf(id, at, "record's block chain runs into a B-tree directory node: block", cur)
		}
		b, err := f.block(ws, id, int64(cur))
		if err != nil {
			return nil, err
		}
		if visit != nil {
			visit(cur)
		}
		done += copy(out[done:], b[4:])
		if done == len(out) {
			return out, nil
		}
		next := binary.LittleEndian.Uint32(b)
		if next == 0 {
			return nil, f.errf(id, int64(cur), fmt.Sprintf("block chain ends (link 0) after %d of %d bytes", done, size), nil)
		}
		if err := f.checkLink(id, int64(cur), next, "bad block link"); err != nil {
			return nil, err
		}
		at, cur = int64(cur), next
	}
}

// node returns the parsed B-tree node at off, reading and caching it.
func (f *File) node(at int64, off uint32) (*node, error) { return f.nodeVia(nil, at, off) }

// nodeVia is node reading through ws (nil: f's shared windows).
func (f *File) nodeVia(ws *windows, at int64, off uint32) (*node, error) {
	f.mu.Lock()
	n := f.nodes[off]
	f.mu.Unlock()
	if n != nil {
		return n, nil
	}
	var blocks []uint32
	b, err := f.readChain(ws, false, 0, at, off, nodeSize, func(o uint32) { blocks = append(blocks, o) })
	if err != nil {
		return nil, err
	}
	n, err = f.parseNode(off, b)
	if err != nil {
		return nil, err
	}
	n.blocks = blocks
	f.mu.Lock()
	f.nodes[off] = n
	f.mu.Unlock()
	return n, nil
}

// parseNode decodes a 1716-byte node (§2.4): count ≤ 61, ids strictly
// ascending, internal nodes have count+1 valid children (slots beyond are ignored).
func (f *File) parseNode(off uint32, b []byte) (*node, error) {
	le := binary.LittleEndian
	count := le.Uint32(b[248:])
	if count > maxEntries {
		return nil, f.errf(0, int64(off), "B-tree node entry_count > 61:", int(count))
	}
	n := &node{raw: append([]byte(nil), b[252:252+count*entrySize]...), n: int(count)}
	for i := 1; i < n.n; i++ {
		if n.id(i) <= n.id(i-1) {
			return nil, f.errf(0, int64(off), fmt.Sprintf("B-tree node entries not ascending at entry %d: id", i), n.id(i))
		}
	}
	if le.Uint32(b) != 0 { // leaf test: branch[0] == 0
		n.kids = make([]uint32, count+1)
		for i := range n.kids {
			n.kids[i] = le.Uint32(b[i*4:])
			if err := f.checkLink(0, int64(off), n.kids[i], "bad B-tree branch"); err != nil {
				err.Msg = fmt.Sprintf("bad B-tree branch %d", i) + err.Msg[len("bad B-tree branch"):]
				return nil, err
			}
		}
	}
	return n, nil
}

// lookup finds id's entry.
func (f *File) lookup(id uint32) (Entry, error) {
	off, at := f.hdr.BTreeRoot, int64(headerOff+32)
	for depth := 0; ; depth++ {
		if depth >= maxTreeDepth {
			return Entry{}, f.errf(id, at, "B-tree deeper than 16 levels (node cycle?) at node", off)
		}
		n, err := f.node(at, off)
		if err != nil {
			return Entry{}, withRecord(err, f.name, id)
		}
		k := sort.Search(n.n, func(i int) bool { return n.id(i) >= id })
		if k < n.n && n.id(k) == id {
			return n.entry(k), nil
		}
		if n.kids == nil {
			nf := &NotFoundError{File: f.name, ID: id}
			if len(f.dirProbs) > 0 {
				nf.Damaged = f.dirProbs[0].String()
			}
			return Entry{}, nf
		}
		at, off = int64(off)+int64(k)*4, n.kids[k]
	}
}

// Lookup returns the directory entry of id; ErrNotFound (wrapped) if absent.
func (f *File) Lookup(id uint32) (Entry, error) { return f.lookup(id) }

// Get returns the (decompressed) bytes of record id; ErrNotFound if absent.
func (f *File) Get(id uint32) ([]byte, error) {
	e, err := f.lookup(id)
	if err != nil {
		return nil, err
	}
	return f.Read(e)
}

// Read returns the (decompressed) bytes of the record e describes.
func (f *File) Read(e Entry) ([]byte, error) { return f.read(nil, e, nil) }

func (f *File) read(ws *windows, e Entry, visit func(uint32)) ([]byte, error) {
	b, err := f.readChain(ws, true, e.ID, -1, e.Offset, e.Size, visit)
	if err != nil {
		return nil, err
	}
	if e.Compressed() {
		return f.inflate(e, b)
	}
	return b, nil
}

// Scanner reads records of one File through its own read-ahead windows, so
// several goroutines can each scan a stretch of the file without taking the
// File's lock per record. A Scanner is not safe for concurrent use.
type Scanner struct {
	f  *File
	ws windows
}

// NewScanner returns a Scanner over f.
func (f *File) NewScanner() *Scanner { return &Scanner{f: f} }

// Read is File.Read through the scanner's windows (the bytes are the caller's).
func (s *Scanner) Read(e Entry) ([]byte, error) { return s.f.read(&s.ws, e, nil) }

// ReadBlocks is Read that also calls visit with the file offset of each
// block of the record's chain, in chain order (checks of shared blocks).
func (s *Scanner) ReadBlocks(e Entry, visit func(off uint32)) ([]byte, error) {
	return s.f.read(&s.ws, e, visit)
}

// ReadBlocksWith is ReadBlocks that hands the record's bytes to fn instead
// of returning them: a record stored uncompressed in one block is passed
// straight from the read-ahead window, without a copy (the whole-file check
// reads some 65 000 landblocks this way), anything else as ReadBlocks reads
// it. fn must not keep b. It returns the read's error; fn is not called then.
func (s *Scanner) ReadBlocksWith(e Entry, visit func(off uint32), fn func(b []byte)) error {
	ok, err := s.f.withBlock(&s.ws, e, func(b []byte) {
		if visit != nil {
			visit(e.Offset)
		}
		fn(b)
	})
	if err != nil || ok {
		return err
	}
	b, err := s.f.read(&s.ws, e, visit)
	if err != nil {
		return err
	}
	fn(b)
	return nil
}

// DirectoryBlocks lists the blocks of every B-tree node read so far (after a
// full walk such as AllEntries: every reachable node), in no set order.
func (f *File) DirectoryBlocks() []uint32 {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []uint32
	for _, n := range f.nodes {
		out = append(out, n.blocks...)
	}
	return out
}

// BlockSize is the header's block size in bytes (including the 4-byte link).
func (f *File) BlockSize() int64 { return f.bs }

// Size is the file's size in bytes.
func (f *File) Size() int64 { return f.size }

// withBlock calls fn with the bytes of e, without copying, when e is stored
// uncompressed in a single block; it reports false (and does nothing)
// otherwise. It reads through ws, which the caller owns (a scan's private
// set, so a whole-world scan takes no lock per record); fn must not keep b.
func (f *File) withBlock(ws *windows, e Entry, fn func(b []byte)) (bool, error) {
	if e.Compressed() || int64(e.Size) > f.bs-4 {
		return false, nil
	}
	if err := f.checkLink(e.ID, int64(e.Offset), e.Offset, "bad first block"); err != nil {
		return false, err
	}
	if f.isDirBlock(e.Offset) {
		return false, f.errf(e.ID, int64(e.Offset), "record's block chain runs into a B-tree directory node: block", e.Offset)
	}
	b, err := f.block(ws, e.ID, int64(e.Offset))
	if err != nil {
		return false, err
	}
	fn(b[4 : 4+e.Size])
	return true, nil
}

// Entries yields entries with lo <= id <= hi in ascending id order (an
// in-order walk of the B-tree). On a corrupt node it yields the error and stops.
func (f *File) Entries(lo, hi uint32) iter.Seq2[Entry, error] {
	return func(yield func(Entry, error) bool) {
		if lo > hi {
			return
		}
		f.walk(headerOff+32, f.hdr.BTreeRoot, 0, lo, hi, 0, 0xFFFFFFFF, nil, yield)
	}
}

// AllEntries is Entries over every id, except that a corrupt node does not
// end the walk: its error is yielded and the walk goes on with the rest of the
// tree (what can still be reached), for checking a whole file.
func (f *File) AllEntries() iter.Seq2[Entry, error] {
	return func(yield func(Entry, error) bool) {
		f.walk(headerOff+32, f.hdr.BTreeRoot, 0, 0, 0xFFFFFFFF, 0, 0xFFFFFFFF, map[uint32]bool{}, yield)
	}
}

// walk visits node off's entries in [lo, hi]; every id in the subtree must
// lie in [min, max] (the separators above it) or the tree is unsorted.
// It returns false when the caller should stop.
// With a seen set (AllEntries), a bad node is yielded and skipped instead of
// ending the walk, and a node met twice (shared or a cycle) is a bad node.
func (f *File) walk(at int64, off uint32, depth int, lo, hi, min, max uint32, seen map[uint32]bool, yield func(Entry, error) bool) bool {
	goOn := seen != nil
	if goOn {
		if seen[off] {
			return yield(Entry{}, f.errf(0, at, "B-tree node reached twice (shared or a cycle):", off))
		}
		seen[off] = true
	}
	if depth >= maxTreeDepth {
		return yield(Entry{}, f.errf(0, at, "B-tree deeper than 16 levels (node cycle?) at node", off)) && goOn
	}
	n, err := f.node(at, off)
	if err != nil {
		return yield(Entry{}, err) && goOn
	}
	if n.n > 0 && (n.id(0) < min || n.id(n.n-1) > max) {
		return yield(Entry{}, f.errf(0, int64(off), fmt.Sprintf("B-tree node ids outside their parent's range [0x%X, 0x%X]: id", min, max), n.id(0))) && goOn
	}
	for i := 0; i <= n.n; i++ {
		if n.kids != nil {
			cmin, cmax, empty := n.childRange(i, min, max)
			if !empty && cmin <= cmax && cmax >= lo && cmin <= hi {
				if !f.walk(int64(off)+int64(i)*4, n.kids[i], depth+1, lo, hi, cmin, cmax, seen, yield) {
					return false
				}
			}
		}
		if i < n.n {
			e := n.entry(i)
			if e.ID > hi {
				return false
			}
			if e.ID >= lo && !yield(e, nil) {
				return false
			}
		}
	}
	return true
}
