package geom

import (
	"math"
	"sort"
)

// Rect is a screen rectangle in px, [X0, X1) × [Y0, Y1).
type Rect struct{ X0, Y0, X1, Y1 float64 }

// Overlaps reports whether r and o share area.
func (r Rect) Overlaps(o Rect) bool { return r.X0 < o.X1 && o.X0 < r.X1 && r.Y0 < o.Y1 && o.Y0 < r.Y1 }

// LabelReq asks for a map label of size W×H px near anchor (AX, AY).
type LabelReq struct {
	W, H     float64
	AX, AY   float64      // what the label names (a leader line points here)
	Cands    [][2]float64 // preferred top-left corners, best first
	Prio     int          // lower is placed first
	Optional bool         // may be left out when there is no room (fading one-shot labels)
	NoLeader bool         // only at a candidate, never moved off with a leader (grid ids)
}

// Placed is where a label went.
type Placed struct {
	X, Y   float64 // top-left
	Leader bool    // away from its anchor: draw a line from the anchor
	Shown  bool    // false: an optional label found no room
}

// leaderRadii are the distances (px) tried for a label moved off its anchor.
var leaderRadii = []float64{28, 48, 72}

// overlapsAny reports whether r overlaps one of rs.
func overlapsAny(r Rect, rs []Rect) bool {
	for _, t := range rs {
		if r.Overlaps(t) {
			return true
		}
	}
	return false
}

// PlaceLabels places labels greedily: in priority order,
// each takes its first candidate that overlaps no placed label and no
// obstacle (the rose, the scale bar, panels); failing that, the first free
// spot on rings of leaderRadii around its anchor (8 directions), drawn with a
// leader line; failing that, an optional label is left out, and a required
// one takes its first candidate unless a label shown already is there (then
// it, the less important, is left out): shown labels never overlap.
func PlaceLabels(reqs []LabelReq, obstacles []Rect) []Placed {
	out := make([]Placed, len(reqs))
	order := make([]int, len(reqs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return reqs[order[a]].Prio < reqs[order[b]].Prio })
	taken := append([]Rect(nil), obstacles...)
	var labels []Rect // the boxes of the labels shown so far
	free := func(r Rect) bool {
		for _, t := range taken {
			if r.Overlaps(t) {
				return false
			}
		}
		return true
	}
	for _, i := range order {
		q := reqs[i]
		box := func(x, y float64) Rect { return Rect{x, y, x + q.W, y + q.H} }
		done := false
		for _, c := range q.Cands {
			if free(box(c[0], c[1])) {
				out[i], done = Placed{X: c[0], Y: c[1], Shown: true}, true
				break
			}
		}
		for _, r := range leaderRadii {
			if done || q.NoLeader {
				break
			}
			for k := 0; k < 8 && !done; k++ {
				a := float64(k) * math.Pi / 4
				// The box's nearest edge sits r px from the anchor in direction a.
				cx, cy := q.AX+math.Cos(a)*(r+q.W/2), q.AY+math.Sin(a)*(r+q.H/2)
				x, y := cx-q.W/2, cy-q.H/2
				if free(box(x, y)) {
					out[i], done = Placed{X: x, Y: y, Leader: true, Shown: true}, true
				}
			}
		}
		if !done {
			// A required label with no free place may cover an obstacle,
			// never another label: over one, it is the less important and
			// is left out (labels never overlap, at any zoom).
			if q.Optional || len(q.Cands) == 0 || overlapsAny(box(q.Cands[0][0], q.Cands[0][1]), labels) {
				continue
			}
			out[i] = Placed{X: q.Cands[0][0], Y: q.Cands[0][1], Shown: true}
		}
		taken = append(taken, box(out[i].X, out[i].Y))
		labels = append(labels, box(out[i].X, out[i].Y))
	}
	return out
}
