package dat

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
)

// Entry flags written by Writer (§2.4: bits 16–31 = record version).
const (
	FlagsRecord    uint32 = 0x00020000 // normal records, version 2
	FlagsIteration uint32 = 0x00010000 // the 0xFFFF0001 iteration record, version 1
	FlagCompressed uint32 = 0x00000001 // §2.5
)

// Writer builds a dat image (spec §2.8): records laid out in id order as
// chains of consecutive blocks from byte 1024, then the B-tree nodes built
// bottom-up (any number of levels), root last. No free blocks.
type Writer struct {
	blockSize, dataSet, dataSubset uint32

	// Iteration is the patch iteration stamped on every entry and stored in
	// the 0xFFFF0001 record (added by Bytes unless the caller added one). Default 1.
	Iteration uint32
	// Date is the entry date, Unix seconds (default 0).
	Date uint32
	// EnginePackVersion, GamePackVersion and VersionMinor go into the header
	// (EoR: 110 portal / 22 cell, 0, 6657).
	EnginePackVersion, GamePackVersion, VersionMinor uint32

	recs map[uint32]wrec
}

type wrec struct {
	flags uint32
	data  []byte
}

// NewWriter starts a dat with the given block size (1024 portal-like, 256 cell-like).
func NewWriter(blockSize, dataSet, dataSubset uint32) *Writer {
	return &Writer{blockSize: blockSize, dataSet: dataSet, dataSubset: dataSubset, Iteration: 1, recs: map[uint32]wrec{}}
}

// Add stores rec under id (flags 0x00020000).
func (w *Writer) Add(id uint32, rec []byte) error {
	flags := FlagsRecord
	if id == IterationID {
		flags = FlagsIteration
	}
	return w.add(id, flags, rec)
}

func (w *Writer) add(id, flags uint32, data []byte) error {
	if _, dup := w.recs[id]; dup {
		return fmt.Errorf("dat: writer: record 0x%08X added twice", id)
	}
	w.recs[id] = wrec{flags, bytes.Clone(data)}
	return nil
}

// IterationRecord encodes the 0xFFFF0001 record for a complete dat at
// iteration n: [n, −n, 1] (§2.6).
func IterationRecord(n uint32) []byte {
	var e writer
	e.i32(int32(n))
	e.i32(-int32(n))
	e.i32(1)
	return e.b
}

// Bytes lays out the blocks and the B-tree and returns the whole file image.
func (w *Writer) Bytes() ([]byte, error) {
	bs := int(w.blockSize)
	if bs < minBlockSize || bs > maxBlockSize || bs%4 != 0 {
		return nil, fmt.Errorf("dat: writer: bad block size %d", bs)
	}
	recs := w.recs
	if _, ok := recs[IterationID]; !ok {
		recs = make(map[uint32]wrec, len(w.recs)+1)
		for k, v := range w.recs {
			recs[k] = v
		}
		recs[IterationID] = wrec{FlagsIteration, IterationRecord(w.Iteration)}
	}
	ids := make([]uint32, 0, len(recs))
	for id := range recs {
		ids = append(ids, id)
	}
	slices.Sort(ids)

	payload := bs - 4
	blocks := func(n int) int { return max(1, (n+payload-1)/payload) }
	total := 0
	for _, id := range ids {
		total += blocks(len(recs[id].data))
	}
	nodes := 0 // upper bound on node count: ceil(n/30) per level, summed
	for n := len(ids); ; n = (n + 29) / 30 {
		nodes += (n + 29) / 30
		if n <= maxEntries {
			nodes++
			break
		}
	}
	dataStart := (1024 + bs - 1) / bs * bs
	out := make([]byte, dataStart, dataStart+(total+nodes*blocks(nodeSize))*bs)

	// chain appends obj as consecutive blocks and returns its first offset.
	chain := func(obj []byte) uint32 {
		first := len(out)
		n := blocks(len(obj))
		for i := 0; i < n; i++ {
			blk := make([]byte, bs)
			if i < n-1 {
				binary.LittleEndian.PutUint32(blk, uint32(len(out)+bs))
			}
			copy(blk[4:], obj[min(i*payload, len(obj)):])
			out = append(out, blk...)
		}
		return uint32(first)
	}

	entries := make([]Entry, len(ids))
	for i, id := range ids {
		r := recs[id]
		entries[i] = Entry{Flags: r.flags, ID: id, Offset: chain(r.data), Size: uint32(len(r.data)), Date: w.Date, Iteration: w.Iteration}
	}
	root := buildTree(entries, nil, chain)
	if uint64(len(out)) > 0xFFFFFFFF {
		return nil, fmt.Errorf("dat: writer: image of %d bytes exceeds 4 GiB", len(out))
	}

	h := out[headerOff:]
	for i, v := range []uint32{Magic, w.blockSize, uint32(len(out)), w.dataSet, w.dataSubset, 0, 0, 0, root} {
		binary.LittleEndian.PutUint32(h[i*4:], v)
	}
	binary.LittleEndian.PutUint32(h[13*4:], w.EnginePackVersion)
	binary.LittleEndian.PutUint32(h[14*4:], w.GamePackVersion)
	binary.LittleEndian.PutUint32(h[19*4:], w.VersionMinor)
	return out, nil
}

// buildTree writes one level of B-tree nodes over items (and, above the leaf
// level, their len(items)+1 child offsets) and recurses until one root node
// remains; it returns the root's offset. A level of m items becomes
// g = ceil((m+1)/62) nodes of near-equal size (≥ 30 entries each when g > 1,
// like retail's degree-31 tree), separated by g−1 items that move up.
func buildTree(items []Entry, kids []uint32, chain func([]byte) uint32) uint32 {
	m := len(items)
	if m <= maxEntries {
		return chain(encodeNode(items, kids))
	}
	g := (m + 1 + maxEntries) / (maxEntries + 1)
	inNodes := m - (g - 1)
	var up []Entry
	var upKids []uint32
	pos, kpos := 0, 0
	for i := 0; i < g; i++ {
		s := inNodes / g
		if i < inNodes%g {
			s++
		}
		var nk []uint32
		if kids != nil {
			nk = kids[kpos : kpos+s+1]
			kpos += s + 1
		}
		upKids = append(upKids, chain(encodeNode(items[pos:pos+s], nk)))
		pos += s
		if i < g-1 {
			up = append(up, items[pos])
			pos++
		}
	}
	return buildTree(up, upKids, chain)
}

// encodeNode lays out a 1716-byte node: 62 branches (zero for a leaf or
// unused), the count, the entries, zero-filled unused slots.
func encodeNode(items []Entry, kids []uint32) []byte {
	b := make([]byte, nodeSize)
	le := binary.LittleEndian
	for i, k := range kids {
		le.PutUint32(b[i*4:], k)
	}
	le.PutUint32(b[248:], uint32(len(items)))
	for i, e := range items {
		p := b[252+i*entrySize:]
		for j, v := range []uint32{e.Flags, e.ID, e.Offset, e.Size, e.Date, e.Iteration} {
			le.PutUint32(p[j*4:], v)
		}
	}
	return b
}
