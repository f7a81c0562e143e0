package atlas

import (
	"context"
	"slices"
	"testing"
)

// The cache gathers each landblock once per (selector, step), answers in the
// asked order with the same values Compute gives, leaves out landblocks
// missing from the data, and keeps at most its limit.
func TestCache(t *testing.T) {
	a := standInAtlas(t)
	sel := Selector{Kind: LoudestBed}
	c := NewCache(a, 30)
	view1 := Rect{0xA6, 0xB1, 0xA9, 0xB4}.Blocks() // 16 landblocks, 9 present
	r1, err := c.Get(context.Background(), sel, view1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if c.Computed != 9 || len(r1.Blocks) != 9 {
		t.Fatalf("computed %d, answered %d landblocks; want 9 and 9", c.Computed, len(r1.Blocks))
	}
	view2 := Rect{0xA8, 0xB3, 0xAB, 0xB6}.Blocks() // overlaps view1 in 0xA8B3..0xA9B4
	slices.Reverse(view2)
	r2, err := c.Get(context.Background(), sel, view2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if c.Computed != 9+12 {
		t.Fatalf("computed %d in all, want 21 (the 4 shared landblocks reused)", c.Computed)
	}
	want, _ := a.Compute(context.Background(), Request{Sel: sel, Blocks: view2})
	if !slices.Equal(r2.Blocks, want.Blocks) || !slices.Equal(r2.Values, want.Values) || !slices.Equal(r2.Cats, want.Cats) {
		t.Fatal("cached answer differs from Compute")
	}
	// Another step is another entry; the limit holds.
	if _, err := c.Get(context.Background(), sel, view2, 8); err != nil {
		t.Fatal(err)
	}
	if c.Len() > 30 {
		t.Fatalf("%d cached, limit 30", c.Len())
	}
	if _, err := c.Get(context.Background(), Selector{Kind: ByDesc, Desc: 99}, view1, 1); err == nil {
		t.Fatal("bad selector accepted")
	}
}
