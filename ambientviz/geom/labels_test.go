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
