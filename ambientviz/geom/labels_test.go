package geom

import "testing"

// Issue 13 item 7: two labels asking for the same spot (the forge's name and
// a one-shot's "−18 dB pan +6" at the spawn) do not overlap; the second is
// moved off with a leader line; an obstacle (the rose) is avoided; an
// optional label with no room is left out.
func TestPlaceLabels_NoCollisions(t *testing.T) {
	same := [][2]float64{{110, 92}}
	reqs := []LabelReq{
		{W: 40, H: 14, AX: 100, AY: 100, Cands: same, Prio: 0},
		{W: 90, H: 14, AX: 100, AY: 100, Cands: same, Prio: 1},
	}
	p := PlaceLabels(reqs, nil)
	a := Rect{p[0].X, p[0].Y, p[0].X + 40, p[0].Y + 14}
	b := Rect{p[1].X, p[1].Y, p[1].X + 90, p[1].Y + 14}
	if !p[0].Shown || !p[1].Shown || a.Overlaps(b) || p[0].Leader || !p[1].Leader {
		t.Errorf("got %+v and %+v (boxes %v %v), want both shown, apart, the second with a leader", p[0], p[1], a, b)
	}
	rose := Rect{60, 85, 200, 130} // covers the candidate, not everything within 72 px
	p = PlaceLabels([]LabelReq{{W: 40, H: 14, AX: 100, AY: 100, Cands: same}}, []Rect{rose})
	if !p[0].Shown || (Rect{p[0].X, p[0].Y, p[0].X + 40, p[0].Y + 14}).Overlaps(rose) {
		t.Errorf("beside an obstacle: got %+v, want shown outside %v", p[0], rose)
	}
	wall := Rect{-1000, -1000, 1000, 1000}
	p = PlaceLabels([]LabelReq{{W: 40, H: 14, AX: 100, AY: 100, Cands: same, Optional: true}, {W: 40, H: 14, AX: 100, AY: 100, Cands: same}}, []Rect{wall})
	if p[0].Shown || !p[1].Shown || p[1].X != 110 {
		t.Errorf("no room: got %+v, want the optional one left out and the other at its first candidate", p)
	}
}

// A NoLeader label (a landblock id) stays at its spot or is left out.
func TestPlaceLabels_NoLeader(t *testing.T) {
	bar := Rect{0, 0, 100, 20}
	p := PlaceLabels([]LabelReq{{W: 40, H: 14, AX: 10, AY: 2, Cands: [][2]float64{{10, 2}}, Optional: true, NoLeader: true}}, []Rect{bar})
	if p[0].Shown {
		t.Errorf("grid id under the scale bar: got %+v, want left out", p[0])
	}
}

// Labels never overlap, however crowded: many required and optional labels
// anchored within a few px of each other (world zoom: everything on the
// listener), some behind obstacles — no two shown boxes overlap, and the
// most important label is shown.
func TestPlaceLabels_NeverOverlap(t *testing.T) {
	var reqs []LabelReq
	for i := range 60 {
		x, y := 300+float64(i%7)*3, 200+float64(i%5)*4
		w := 40 + float64(i%4)*25
		reqs = append(reqs, LabelReq{W: w, H: 14, AX: x, AY: y, Cands: [][2]float64{{x + 8, y - 7}, {x - 8 - w, y - 7}},
			Prio: i % 3, Optional: i%2 == 1})
	}
	wall := []Rect{{0, 0, 1000, 150}, {0, 260, 1000, 1000}, {0, 0, 250, 1000}, {380, 0, 1000, 1000}} // a 130×110 px hole
	p := PlaceLabels(reqs, wall)
	var shown []Rect
	for i, q := range p {
		if !q.Shown {
			continue
		}
		r := Rect{q.X, q.Y, q.X + reqs[i].W, q.Y + reqs[i].H}
		for _, o := range shown {
			if r.Overlaps(o) {
				t.Fatalf("label %d at %v overlaps a shown label at %v", i, r, o)
			}
		}
		shown = append(shown, r)
	}
	if !p[0].Shown || len(shown) < 3 || len(shown) == len(reqs) {
		t.Errorf("%d of %d shown (first %v): want the first, several, not all", len(shown), len(reqs), p[0].Shown)
	}
}
