package dat

import "fmt"

// maxDirProblems bounds the directory problems kept at open: a wrecked
// directory is named by its first faults and a count, not one line per node.
const maxDirProblems = 20

// dirCheck is what checkDirectory learns walking the whole B-tree once.
type dirCheck struct {
	f         *File
	ws        windows         // private read-ahead: one node per read
	seen      map[uint32]bool // node offsets met
	leafDepth int             // depth of the first leaf met; -1 before
	entries   int
	recBlocks int64  // Σ blocks each entry's size needs (§2.3)
	lowest    uint32 // lowest block offset any node or record starts at
	probs     []Problem
	more      int // problems past maxDirProblems
}

// checkDirectory walks the whole B-tree when the file opens (§2.4) and keeps
// what is wrong with it in f.dirProbs: a node that does not read or parse
// (entry_count > 61, ids not ascending, a branch outside the file or not
// block-aligned), ids outside the range their parent's separators allow, a
// node reached twice (shared or a cycle), leaves at different depths, and
// blocks the directory does not account for. Every block of a well-formed dat
// is in a B-tree node, in a record's chain or on the free list (§2.3); a
// directory whose node lost entries (an emptied or halved node) leaves its
// records' and subtrees' blocks unaccounted for, so the lost records are a
// damaged directory, not records that were never there. Each node read here
// is cached, so later lookups read no node twice; the blocks of every node
// are marked, so a record chain running into the directory is caught.
func (f *File) checkDirectory() {
	d := &dirCheck{f: f, seen: map[uint32]bool{}, leafDepth: -1, lowest: ^uint32(0)}
	// 16 KiB reads from each node's first block: several nodes a read when a
	// writer laid them out together (ours, DRW), little waste when they are
	// scattered (a real, patched dat: ~18 000 nodes in the cell dat).
	d.ws.span = 16 << 10
	d.node(headerOff+32, f.hdr.BTreeRoot, 0, 0, 0xFFFFFFFF)

	nblocks := f.size / f.bs
	f.dirBlocks = make([]uint64, (nblocks+63)/64)
	var nodeBlockCount int64
	f.mu.Lock()
	for _, n := range f.nodes {
		for _, b := range n.blocks {
			i := int64(b) / f.bs
			if f.dirBlocks[i/64]&(1<<(i%64)) == 0 {
				f.dirBlocks[i/64] |= 1 << (i % 64)
				nodeBlockCount++
			}
			d.lowest = min(d.lowest, b)
		}
	}
	f.mu.Unlock()
	f.dirEntries = d.entries

	// Block accounting (§2.3). The data area starts at the first block
	// boundary at or past 1024 (RE: client-made files; our writer too), or
	// lower where a node or record starts lower (DRW starts at the first
	// boundary past the 400-byte header). It ends at the header's file_size.
	if len(d.probs) == 0 {
		start := (1024 + f.bs - 1) / f.bs * f.bs
		start = min(start, int64(d.lowest))
		end := min(int64(f.hdr.FileSize), f.size) / f.bs * f.bs
		if have := (end - start) / f.bs; have > 0 {
			used := nodeBlockCount + d.recBlocks + int64(f.hdr.FreeCount)
			switch {
			case used < have:
				d.add(headerOff+32, fmt.Sprintf("the directory accounts for %d of the file's %d blocks (%d in %d B-tree nodes, %d in the chains of its %d records, %d free): %d blocks belong to nothing — records or subtrees the directory lost (an emptied or cut node?)",
					used, have, nodeBlockCount, len(f.nodes), d.recBlocks, d.entries, f.hdr.FreeCount, have-used))
			case used > have:
				d.add(headerOff+32, fmt.Sprintf("the directory claims %d blocks but the file holds %d (%d in B-tree nodes, %d in record chains, %d free): entries or the free count claim blocks that are not there",
					used, have, nodeBlockCount, d.recBlocks, f.hdr.FreeCount))
			}
		}
	}
	if d.more > 0 {
		d.probs = append(d.probs, Problem{File: f.name, Off: -1, Kind: KindBadDirectory, What: fmt.Sprintf("and %d more directory problems", d.more)})
	}
	f.dirProbs = d.probs
}

func (d *dirCheck) add(at int64, what string) {
	if len(d.probs) >= maxDirProblems {
		d.more++
		return
	}
	d.probs = append(d.probs, Problem{File: d.f.name, Off: at, Kind: KindBadDirectory, What: what})
}

func (d *dirCheck) addErr(err error) {
	if len(d.probs) >= maxDirProblems {
		d.more++
		return
	}
	d.probs = append(d.probs, ProblemOf(KindBadDirectory, d.f.name, 0, err))
}

// node checks the node at off (found at file byte at) and its subtree: every
// id in it must lie in [lo, hi], the range its parent's separators leave.
func (d *dirCheck) node(at int64, off uint32, depth int, lo, hi uint32) {
	f := d.f
	if d.seen[off] {
		d.add(at, fmt.Sprintf("B-tree node 0x%X reached twice (shared or a cycle)", off))
		return
	}
	d.seen[off] = true
	if depth >= maxTreeDepth {
		d.add(at, fmt.Sprintf("B-tree deeper than %d levels (node cycle?) at node 0x%X", maxTreeDepth, off))
		return
	}
	n, err := f.nodeVia(&d.ws, at, off)
	if err != nil {
		d.addErr(err)
		return
	}
	if n.n > 0 && (n.id(0) < lo || n.id(n.n-1) > hi) {
		d.add(int64(off), fmt.Sprintf("B-tree node ids 0x%08X..0x%08X outside the range [0x%08X, 0x%08X] its parent leaves them (keys out of order)", n.id(0), n.id(n.n-1), lo, hi))
		return
	}
	if n.kids == nil {
		switch {
		case d.leafDepth < 0:
			d.leafDepth = depth
		case depth != d.leafDepth:
			d.add(at, fmt.Sprintf("B-tree leaf 0x%X at depth %d, others at depth %d (every leaf of a B-tree is at the same depth)", off, depth, d.leafDepth))
		}
	}
	d.prefetch(n, lo, hi)
	payload := uint64(f.bs - 4)
	for i := 0; i <= n.n; i++ {
		if n.kids != nil {
			if clo, chi, empty := n.childRange(i, lo, hi); !empty {
				d.node(int64(off)+int64(i)*4, n.kids[i], depth+1, clo, chi)
			}
		}
		if i < n.n {
			e := n.entry(i)
			d.entries++
			d.recBlocks += int64(max(1, (uint64(e.Size)+payload-1)/payload))
			d.lowest = min(d.lowest, e.Offset)
		}
	}
}

// Prefetcher is an io.ReaderAt whose reads are slow one by one but can run
// side by side (internal/blobfile over a browser's File). The open-time
// directory check hands it each internal node's children before it reads
// them, depth first, so it waits for one round trip per level rather than
// one per node.
type Prefetcher interface {
	// Prefetch starts reading n bytes at each offset, in order, without
	// waiting; later ReadAt calls get the bytes.
	Prefetch(offs []int64, n int64)
}

// prefetch hands node n's children that the check will visit (those whose
// range is not empty and that it has not seen) to a Prefetcher reader.
func (d *dirCheck) prefetch(n *node, lo, hi uint32) {
	pf, ok := d.f.r.(Prefetcher)
	if !ok || n.kids == nil {
		return
	}
	var offs []int64
	for i := 0; i <= n.n; i++ {
		if _, _, empty := n.childRange(i, lo, hi); !empty && !d.seen[n.kids[i]] {
			offs = append(offs, int64(n.kids[i]))
		}
	}
	pf.Prefetch(offs, d.ws.span)
}

// isDirBlock reports whether the block at off is a B-tree node's (known once
// checkDirectory ran; false before).
func (f *File) isDirBlock(off uint32) bool {
	i := int64(off) / f.bs
	return i/64 < int64(len(f.dirBlocks)) && f.dirBlocks[i/64]&(1<<(i%64)) != 0
}

// DirectoryProblems lists what the directory check at open found wrong with
// the B-tree (empty for a sound directory). Commands report them as data
// problems; lookups of a damaged directory that find nothing say so.
func (f *File) DirectoryProblems() []Problem { return append([]Problem{}, f.dirProbs...) }

// DirectoryEntries is the number of entries the open-time walk met.
func (f *File) DirectoryEntries() int { return f.dirEntries }
