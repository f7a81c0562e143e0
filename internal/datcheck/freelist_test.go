package datcheck

import (
	"encoding/binary"
	"testing"

	"soundworld/dat"
)

// Issue 12, `soundworld check`: bytes past the header's file_size are a
// problem naming the file_size field (readers ignore them, so they are a
// damaged or appended copy's). A file shorter than file_size is refused at
// open (TestDamagedVariants_Files/truncation).
func TestTrailingBytes(t *testing.T) {
	p, c := images(t)
	c = append(c, make([]byte, 1000)...)
	s := Check(open(t, p, c), Options{})
	want(t, s, dat.CellFile, 0, 0x148, false, dat.KindBadFile, "1000 bytes past the header's file_size")
	if n := len(only(s)); n != 1 {
		t.Errorf("%d problems, want the one: %v", n, only(s))
	}
}

// Issue 12, `soundworld check`: the free-block list (dat-format §2.3: each
// free block's link has bit 31 set and names the next, 0x80000000 after the
// last). A well-formed list of three blocks appended to the cell image checks
// clean; each damage is named at the byte holding the bad value.
func TestFreeList(t *testing.T) {
	_, c0 := images(t)
	bs := binary.LittleEndian.Uint32(c0[0x144:])
	base := uint32(len(c0))
	if base%bs != 0 {
		t.Fatalf("image size %d not a multiple of the block size %d", base, bs)
	}
	b0, b1, b2 := base, base+bs, base+2*bs
	lb := dat.LandBlockID(0xA9, 0xB4)
	rec := entry(t, c0, lb).Offset // the landblock's one block (252 bytes)
	build := func(edit func(c []byte)) []byte {
		c := append(c0[:len(c0):len(c0)], make([]byte, 3*bs)...)
		put32(c, int(b0), 0x80000000|b1)
		put32(c, int(b1), 0x80000000|b2)
		put32(c, int(b2), 0x80000000)
		put32(c, 0x148, uint32(len(c))) // file_size
		put32(c, 0x154, b0)             // free_head
		put32(c, 0x158, b2)             // free_tail
		put32(c, 0x15C, 3)              // free_count
		if edit != nil {
			edit(c)
		}
		return c
	}
	check := func(c []byte) *Summary {
		p, _ := images(t)
		return Check(open(t, p, c), Options{Workers: 2})
	}
	if s := check(build(nil)); len(only(s)) != 0 {
		t.Fatalf("a well-formed free list: %v", only(s))
	}
	for _, v := range []struct {
		name string
		edit func(c []byte)
		rec  uint32
		off  int64
		what string
	}{
		{"loop", func(c []byte) { put32(c, int(b2), 0x80000000|b0) }, 0, int64(b2), "free list loops back to block"},
		{"untagged link", func(c []byte) { put32(c, int(b1), b2) }, 0, int64(b1), "has no free-block tag"},
		{"link past the end", func(c []byte) { put32(c, int(b1), 0x80000000|(b2+bs)) }, 0, int64(b1), "past end of file"},
		{"head not aligned", func(c []byte) { put32(c, 0x154, b0+4) }, 0, 0x154, "not block-aligned"},
		{"count too big", func(c []byte) { put32(c, 0x15C, 4) }, 0, 0x15C, "free_count is 4 but the free list from free_head holds 3 blocks"},
		{"count past the file", func(c []byte) { put32(c, 0x15C, 1<<30) }, 0, 0x15C, "more than the"},
		{"tail wrong", func(c []byte) { put32(c, 0x158, b1) }, 0, 0x158, "free_tail is"},
		{"a used block on the list", func(c []byte) { put32(c, int(b1), 0x80000000|rec) }, lb, int64(rec), "record's block is also on the free list"},
		{"a directory block on the list", func(c []byte) { put32(c, int(b1), 0x80000000|binary.LittleEndian.Uint32(c[0x160:])) }, 0,
			int64(binary.LittleEndian.Uint32(c0[0x160:])), "B-tree directory block is on the free list"},
	} {
		t.Run(v.name, func(t *testing.T) {
			s := check(build(v.edit))
			want(t, s, dat.CellFile, v.rec, v.off, false, dat.KindBadFreeList, v.what)
		})
	}
}
