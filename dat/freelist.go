package dat

import (
	"encoding/binary"
	"fmt"
)

// Header field offsets of the free list (§2.2).
const (
	freeHeadAt  = headerOff + 20 // 0x154
	freeTailAt  = headerOff + 24 // 0x158
	freeCountAt = headerOff + 28 // 0x15C
	fileSizeAt  = headerOff + 8  // 0x148
)

// FreeList walks the header's free-block list (§2.3): from free_head, each
// free block's link has bit 31 set (the free-block tag) and names the next
// free block in its low 31 bits, 0 after the last, which must be free_tail;
// free_count blocks in all. It returns the free blocks in list order and
// what is wrong with the list, each problem naming the byte that holds the
// bad value (a header field or a block's link). The walk stops at the first
// bad link or at a block met a second time (a loop), so it never visits more
// blocks than the file holds. free_count 0 is an empty list: free_head and
// free_tail are then not read (writers leave a stale tail behind).
func (f *File) FreeList() (blocks []uint32, problems []Problem) {
	h := f.hdr
	bad := func(at int64, format string, a ...any) {
		problems = append(problems, Problem{File: f.name, Off: at, Kind: KindBadFreeList, What: fmt.Sprintf(format, a...)})
	}
	if h.FreeCount == 0 {
		return nil, nil
	}
	nblocks := f.size / f.bs
	if int64(h.FreeCount) > nblocks {
		bad(freeCountAt, "free_count %d is more than the %d blocks the file holds", h.FreeCount, nblocks)
	}
	seen := make([]uint64, (nblocks+63)/64) // one bit per block: nblocks/8 bytes, never more than the file
	cur, at := h.FreeHead, int64(freeHeadAt)
	var link [4]byte
	for cur != 0 {
		if err := f.checkLink(0, at, cur, "bad free-list link"); err != nil {
			bad(at, "%s", err.Problem(KindBadFreeList).What)
			return blocks, problems
		}
		i := int64(cur) / f.bs // < nblocks: checkLink keeps the block inside the file
		if seen[i/64]&(1<<(i%64)) != 0 {
			bad(at, "free list loops back to block 0x%X after %d blocks", cur, len(blocks))
			return blocks, problems
		}
		seen[i/64] |= 1 << (i % 64)
		blocks = append(blocks, cur)
		if _, err := f.r.ReadAt(link[:], int64(cur)); err != nil {
			bad(int64(cur), "reading the free block's link: %v", err)
			return blocks, problems
		}
		next := binary.LittleEndian.Uint32(link[:])
		if next&0x80000000 == 0 {
			bad(int64(cur), "free block's link 0x%08X has no free-block tag (bit 31): a used block on the free list", next)
			return blocks, problems
		}
		cur, at = next&^0x80000000, int64(cur)
	}
	if n := len(blocks); n != int(h.FreeCount) {
		bad(freeCountAt, "free_count is %d but the free list from free_head holds %d blocks", h.FreeCount, n)
	}
	if n := len(blocks); n > 0 && blocks[n-1] != h.FreeTail {
		bad(freeTailAt, "free_tail is 0x%X but the free list ends at block 0x%X", h.FreeTail, blocks[n-1])
	}
	return blocks, problems
}

// TrailingBytes is a problem when the file is longer than its header's
// file_size (§2.2): readers ignore the bytes past it (docs/fidelity.md), so
// they are a damaged or appended copy's, never data. ok is false when the
// sizes agree.
func (f *File) TrailingBytes() (p Problem, ok bool) {
	if extra := f.size - int64(f.hdr.FileSize); extra > 0 {
		return Problem{File: f.name, Off: fileSizeAt, Kind: KindBadFile,
			What: fmt.Sprintf("the file has %d bytes past the header's file_size %d (%d bytes on disk); readers ignore them", extra, f.hdr.FileSize, f.size)}, true
	}
	return Problem{}, false
}
