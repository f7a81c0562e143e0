package ambientviz

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Feathered shapes. The overlays' lines, rings and markers are smoothed by
// their own geometry: each edge fades from the shape's colour to nothing
// over one pixel through the vertices' alpha, and is drawn straight onto the
// map like any image. Ebitengine's AntiAlias option instead renders into a
// double-size buffer covering every anti-aliased shape drawn on the image so
// far, then clears it and scales it down every frame; on a software
// rasteriser that buffer was a third of the window's frame (about 20 ms of
// 65 ms at 1280×720 on two cores), whatever the shapes.
//
// Coverage: a stroke w px wide is opaque over w−1 px about its centre line
// and fades to 0 over 1 px on each side, so its summed coverage across the
// line is w px, as a box-filtered edge's. Below 1 px the profile is a
// triangle 2 px wide scaled by w.

// pt is a screen point in px.
type pt struct{ x, y float32 }

// miterMax bounds a join's offset at sharp corners (in half-widths).
const miterMax = 4

// normals returns each point's offset direction: the unit normal of its
// segment at an open end, else the bisector of its two segments' normals
// scaled so the offset edges stay parallel to the segments (a miter join,
// at most miterMax).
func normals(p []pt, closed bool) []pt {
	n := len(p)
	seg := make([]pt, n) // normal of segment i → i+1
	for i := range p {
		j := i + 1
		if j == n {
			if !closed {
				seg[i] = seg[i-1]
				break
			}
			j = 0
		}
		dx, dy := p[j].x-p[i].x, p[j].y-p[i].y
		l := float32(math.Hypot(float64(dx), float64(dy)))
		if l == 0 {
			if i > 0 {
				seg[i] = seg[i-1]
			}
			continue
		}
		seg[i] = pt{-dy / l, dx / l}
	}
	out := make([]pt, n)
	for i := range p {
		a, b := seg[i], seg[i]
		switch {
		case i > 0:
			a = seg[i-1]
		case closed:
			a = seg[n-1]
		}
		mx, my := a.x+b.x, a.y+b.y
		l := float32(math.Hypot(float64(mx), float64(my)))
		if l < 1e-6 { // a reversal: no join direction
			out[i] = b
			continue
		}
		mx, my = mx/l, my/l
		d := mx*b.x + my*b.y // cos of half the turn
		s := float32(miterMax)
		if d > 1/miterMax {
			s = 1 / d
		}
		out[i] = pt{mx * s, my * s}
	}
	return out
}

// rgba is c's premultiplied components in 0…1.
func rgba(c color.Color) [4]float32 {
	r, g, b, a := c.RGBA()
	return [4]float32{float32(r) / 0xffff, float32(g) / 0xffff, float32(b) / 0xffff, float32(a) / 0xffff}
}

// vert is a vertex at (x, y) in colour k scaled by a (premultiplied, so the
// whole colour fades).
func vert(x, y float32, k [4]float32, a float32) ebiten.Vertex {
	return ebiten.Vertex{DstX: x, DstY: y, SrcX: 1, SrcY: 1, ColorR: k[0] * a, ColorG: k[1] * a, ColorB: k[2] * a, ColorA: k[3] * a}
}

// strokeTris returns the feathered stroke of the polyline p, w px wide:
// four vertices a point (outer fringe, two core edges, inner fringe) and
// three lanes of two triangles a segment. Open ends are cut square.
func strokeTris(p []pt, closed bool, w float32, c color.Color) tris {
	if len(p) < 2 {
		return tris{}
	}
	k := rgba(c)
	h, f, a := w/2-0.5, w/2+0.5, float32(1)
	if w < 1 {
		h, f, a = 0, 1, w
	}
	nm := normals(p, closed)
	vs := make([]ebiten.Vertex, 0, 4*len(p))
	for i, q := range p {
		n := nm[i]
		vs = append(vs,
			vert(q.x+n.x*f, q.y+n.y*f, k, 0),
			vert(q.x+n.x*h, q.y+n.y*h, k, a),
			vert(q.x-n.x*h, q.y-n.y*h, k, a),
			vert(q.x-n.x*f, q.y-n.y*f, k, 0))
	}
	segs := len(p) - 1
	if closed {
		segs = len(p)
	}
	is := make([]uint16, 0, segs*18)
	for i := 0; i < segs; i++ {
		s, t := uint16(4*i), uint16(4*((i+1)%len(p)))
		for l := uint16(0); l < 3; l++ {
			is = append(is, s+l, t+l, s+l+1, s+l+1, t+l, t+l+1)
		}
	}
	return tris{vs, is}
}

// fillTris returns the feathered fill of the convex polygon p: a fan over
// the polygon shrunk by half a pixel, and a 1 px fringe across its edge.
func fillTris(p []pt, c color.Color) tris {
	if len(p) < 3 {
		return tris{}
	}
	k := rgba(c)
	var area float32 // twice the signed area: the normals' sign
	for i, q := range p {
		r := p[(i+1)%len(p)]
		area += q.x*r.y - r.x*q.y
	}
	out := float32(0.5) // the outward offset: normals point left of travel
	if area > 0 {
		out = -0.5
	}
	nm := normals(p, true)
	vs := make([]ebiten.Vertex, 0, 2*len(p))
	for i, q := range p {
		n := nm[i]
		vs = append(vs, vert(q.x-n.x*out, q.y-n.y*out, k, 1), vert(q.x+n.x*out, q.y+n.y*out, k, 0))
	}
	is := make([]uint16, 0, 9*len(p))
	for i := 1; i+1 < len(p); i++ {
		is = append(is, 0, uint16(2*i), uint16(2*i+2))
	}
	for i := range p {
		s, t := uint16(2*i), uint16(2*((i+1)%len(p)))
		is = append(is, s, t, s+1, s+1, t, t+1)
	}
	return tris{vs, is}
}

// drawTris draws premultiplied-colour triangles on dst, plain (no
// Ebitengine anti-aliasing: the fringes are the smoothing).
func drawTris(dst *ebiten.Image, t tris) {
	if len(t.is) == 0 {
		return
	}
	op := &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	dst.DrawTriangles(t.vs, t.is, whiteSub, op)
}

// tris is triangles to draw: vertices and their indices.
type tris struct {
	vs []ebiten.Vertex
	is []uint16
}

// arcPts appends the points of an arc of radius r about (cx, cy) from angle
// a0 to a1 (radians, screen orientation), about every 3 px of arc.
func arcPts(p []pt, cx, cy, r, a0, a1 float64) []pt {
	n := int(math.Ceil(math.Abs(a1-a0) * r / 3))
	n = min(max(n, 8), 720)
	for i := 0; i <= n; i++ {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		p = append(p, pt{float32(cx + r*math.Cos(a)), float32(cy + r*math.Sin(a))})
	}
	return p
}

// circlePts is a closed circle's points (the last equal to the first is left out).
func circlePts(cx, cy, r float64) []pt {
	p := arcPts(nil, cx, cy, r, 0, 2*math.Pi)
	return p[:len(p)-1]
}

func rectPts(x, y, w, h float32) []pt {
	return []pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
}

// StrokeLine strokes the segment (x0, y0)–(x1, y1), w px wide, feathered.
func StrokeLine(dst *ebiten.Image, x0, y0, x1, y1, w float32, c color.Color) {
	drawTris(dst, strokeTris([]pt{{x0, y0}, {x1, y1}}, false, w, c))
}

// StrokeRect strokes the rectangle at (x, y), w×h px, with a line sw px
// wide centred on its edges, feathered.
func StrokeRect(dst *ebiten.Image, x, y, w, h, sw float32, c color.Color) {
	drawTris(dst, strokeTris(rectPts(x, y, w, h), true, sw, c))
}

// FillRect fills the rectangle at (x, y), w×h px, feathered.
func FillRect(dst *ebiten.Image, x, y, w, h float32, c color.Color) {
	drawTris(dst, fillTris(rectPts(x, y, w, h), c))
}

// FillCircle fills the disc of radius r px about (cx, cy), feathered.
func FillCircle(dst *ebiten.Image, cx, cy, r float32, c color.Color) {
	drawTris(dst, fillTris(circlePts(float64(cx), float64(cy), float64(r)), c))
}

// strokePoly and fillPoly are the polygon p's feathered outline (w px) and
// fill (p convex).
func strokePoly(dst *ebiten.Image, p []pt, w float32, c color.Color) {
	drawTris(dst, strokeTris(p, true, w, c))
}

func fillPoly(dst *ebiten.Image, p []pt, c color.Color) {
	drawTris(dst, fillTris(p, c))
}

// fillSector fills the annular sector between radii inner and outer about
// (cx, cy) from angle a0 to a1 with a plain strip (its outline, stroked over
// it, smooths the edge) and returns the outline's points.
func fillSector(dst *ebiten.Image, cx, cy, inner, outer, a0, a1 float64, c color.Color) []pt {
	o := arcPts(nil, cx, cy, outer, a0, a1)
	in := make([]pt, len(o)) // the inner arc at the same angles: one strip
	for i := range o {
		a := a0 + (a1-a0)*float64(i)/float64(len(o)-1)
		in[i] = pt{float32(cx + inner*math.Cos(a)), float32(cy + inner*math.Sin(a))}
	}
	k := rgba(c)
	vs := make([]ebiten.Vertex, 0, 2*len(o))
	for i := range o {
		vs = append(vs, vert(o[i].x, o[i].y, k, 1), vert(in[i].x, in[i].y, k, 1))
	}
	is := make([]uint16, 0, 6*len(o))
	for i := 0; i+1 < len(o); i++ {
		s := uint16(2 * i)
		is = append(is, s, s+2, s+1, s+1, s+2, s+3)
	}
	drawTris(dst, tris{vs, is})
	outline := append([]pt(nil), o...)
	for i := len(in) - 1; i >= 0; i-- {
		outline = append(outline, in[i])
	}
	return outline
}
