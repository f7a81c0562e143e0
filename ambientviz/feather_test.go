package ambientviz

import (
	"image/color"
	"math"
	"sort"
	"testing"
)

// A feathered stroke's coverage summed across the line is its width, as a
// box-filtered edge's: the alpha profile across a horizontal segment,
// integrated by trapezoids over its vertices' y.
func TestFeather_StrokeCoverageIsWidth(t *testing.T) {
	for _, w := range []float32{0.5, 1, 1.5, 2, 3, 9} {
		tr := strokeTris([]pt{{0, 10}, {20, 10}}, false, w, color.White)
		type yp struct{ y, a float64 }
		var prof []yp
		for _, v := range tr.vs[:4] { // the first point's four vertices
			if v.DstX != 0 {
				t.Fatalf("w=%v: vertex off the end's normal: %+v", w, v)
			}
			prof = append(prof, yp{float64(v.DstY), float64(v.ColorA)})
		}
		sort.Slice(prof, func(i, j int) bool { return prof[i].y < prof[j].y })
		var cov float64
		for i := 1; i < len(prof); i++ {
			cov += (prof[i].y - prof[i-1].y) * (prof[i].a + prof[i-1].a) / 2
		}
		if math.Abs(cov-float64(w)) > 1e-5 {
			t.Errorf("w=%v: coverage %v px, want %v", w, cov, w)
		}
		if prof[0].a != 0 || prof[3].a != 0 {
			t.Errorf("w=%v: the outer vertices are not transparent: %+v", w, prof)
		}
		if n := len(tr.is); n != 18 { // 3 lanes × 2 triangles × 3 indices
			t.Errorf("w=%v: %d indices, want 18", w, n)
		}
	}
}

// A filled convex polygon fades outward whichever way it winds: its opaque
// vertices lie half a pixel inside each corner, its transparent ones half a
// pixel outside (the square's corners offset along the diagonal, 0.5·√2).
func TestFeather_FillFadesOutwardEitherWinding(t *testing.T) {
	cw := []pt{{0, 0}, {10, 0}, {10, 10}, {0, 10}}
	ccw := []pt{{0, 0}, {0, 10}, {10, 10}, {10, 0}}
	for name, p := range map[string][]pt{"cw": cw, "ccw": ccw} {
		tr := fillTris(p, color.White)
		for _, v := range tr.vs {
			dx, dy := float64(v.DstX)-5, float64(v.DstY)-5
			in := math.Max(math.Abs(dx), math.Abs(dy))
			want := 4.5 // opaque: inside
			if v.ColorA == 0 {
				want = 5.5 // transparent: outside
			}
			if math.Abs(in-want) > 1e-5 {
				t.Errorf("%s: vertex %+v at %v from the centre (Chebyshev), want %v", name, v, in, want)
			}
		}
	}
}

// A closed circle's stroke has no seam: the last segment joins the first
// point, and every point's offset is the radius direction.
func TestFeather_CircleClosed(t *testing.T) {
	p := circlePts(0, 0, 50)
	tr := strokeTris(p, true, 2, color.White)
	if want := 18 * len(p); len(tr.is) != want {
		t.Fatalf("%d indices, want %d (a segment back to the start)", len(tr.is), want)
	}
	want := []float64{51.5, 50.5, 49.5, 48.5} // fringe, core, core, fringe
	if r := math.Hypot(float64(tr.vs[0].DstX), float64(tr.vs[0].DstY)); r < 50 {
		want = []float64{48.5, 49.5, 50.5, 51.5} // the normals point inward
	}
	for i, v := range tr.vs {
		r := math.Hypot(float64(v.DstX), float64(v.DstY))
		if math.Abs(r-want[i%4]) > 0.02 { // the miter of a 3 px chord: 1/cos(half the turn)
			t.Fatalf("vertex %d at r=%v, want %v", i, r, want[i%4])
		}
	}
}
