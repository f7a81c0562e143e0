// Package mapdraw draws explorer/mapview's map with Ebitengine: the pyramid
// under the full tiles, "no data" stripes, the heatmap, landmarks, the
// overview's progress, the heatmap's and the map's keys and F1's pages. It
// holds no state of its own but reused buffers; what to draw and where is
// mapview's (tested there without a display).
package mapdraw

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"soundworld/ambientviz"
	"soundworld/ambientviz/geom"
	"soundworld/explorer/mapview"
	"soundworld/explorer/terrain"
)

// The window's text colours, shared by the map's key and legend and the
// window's banners, scale bar and status bar.
var (
	BarCol  = color.RGBA{0x10, 0x12, 0x18, 0xe0} // the dark, slightly clear band behind text
	TextCol = color.RGBA{0xe8, 0xe8, 0xe8, 0xff} // text and lines on it
	WarnCol = color.RGBA{0xff, 0xc0, 0x40, 0xff} // a banner's or a page's title
)

// NewTexture is mapview's texture maker for the window: an ebiten image.
func NewTexture(w, h int) mapview.Texture { return ebiten.NewImage(w, h) }

// img is t as the ebiten image NewTexture made.
func img(t mapview.Texture) *ebiten.Image { return t.(*ebiten.Image) }

// Under draws the pyramid: the coarsest level (the whole world, as
// far as the scan has got) wherever the zoom's own level (or, closest in,
// the full tiles) is not there yet, then the zoom's level. At most two layers
// (every layer is a full-screen fill for the GPU).
func Under(screen *ebiten.Image, m *mapview.Map, cam geom.Camera, frame int) {
	x0, y0, x1, y1 := cam.Visible()
	want := terrain.LevelFor(cam.MPP)
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	levels := []int{terrain.Coarsest, want}
	if want == terrain.Coarsest {
		levels = levels[:1]
	}
	if want == 0 {
		drawMissing(screen, m, cam) // closest in: stripes drawn, not upscaled from the overview
		if tilesCover(m, cam) {
			levels = nil // the full tiles cover the rest of the screen
		}
	}
	for _, l := range levels {
		if l == 0 {
			continue
		}
		for _, k := range terrain.Visible(l, x0, y0, x1, y1, cam.CX, cam.CY) {
			t := m.Chunk(k, frame)
			if t == nil {
				continue
			}
			wx0, _, _, wy1 := k.World()
			sx, sy := cam.ToScreen(wx0, wy1)
			s := float64(chunkSide(k)) * 192 / terrain.ChunkPx / cam.MPP
			op.GeoM.Reset()
			op.GeoM.Scale(s, s)
			op.GeoM.Translate(sx, sy)
			screen.DrawImage(img(t), op)
		}
	}
}

// drawMissing stripes the landblocks on screen that the cell dat lacks
// ("no data", as the pyramid paints them), for the closest zooms.
func drawMissing(screen *ebiten.Image, mv *mapview.Map, cam geom.Camera) {
	if !mv.Listed() {
		return
	}
	x0, y0, x1, y1 := cam.Visible()
	bx0, by0, bx1, by1, ok := terrain.VisibleBlocks(x0, y0, x1, y1)
	if !ok {
		return
	}
	side := 192 / cam.MPP
	// One DrawTriangles for all of them (a DrawFilledRect and a StrokeLine per
	// stripe cost ~8 % of a frame's CPU at the opening view): the same
	// triangles in the same order — each square, then its stripes.
	m := &missingBatch
	m.vs, m.is = m.vs[:0], m.is[:0]
	for bx := bx0; bx <= bx1; bx++ {
		for by := by0; by <= by1; by++ {
			if mv.Present(uint16(bx<<8 | by)) {
				continue
			}
			if len(m.vs) > 60000 { // uint16 indices
				m.flush(screen)
			}
			sx, sy := cam.ToScreen(float64(bx)*192, float64(by+1)*192)
			x, y, w := float32(sx), float32(sy), float32(side)
			m.path = vector.Path{}
			m.path.MoveTo(x, y)
			m.path.LineTo(x, y+w)
			m.path.LineTo(x+w, y+w)
			m.path.LineTo(x+w, y)
			m.add(terrain.NoData, func(vs []ebiten.Vertex, is []uint16) ([]ebiten.Vertex, []uint16) {
				return m.path.AppendVerticesAndIndicesForFilling(vs, is)
			})
			for t := 16.0; t < 2*side; t += 16 { // the line x + y = t inside the square
				ax, ay := math.Max(0, t-side), math.Min(t, side)
				bx, by := math.Min(t, side), math.Max(0, t-side)
				m.path = vector.Path{}
				m.path.MoveTo(float32(sx+ax), float32(sy+ay))
				m.path.LineTo(float32(sx+bx), float32(sy+by))
				m.add(terrain.NoDataHatch, func(vs []ebiten.Vertex, is []uint16) ([]ebiten.Vertex, []uint16) {
					return m.path.AppendVerticesAndIndicesForStroke(vs, is, &vector.StrokeOptions{Width: 3})
				})
			}
		}
	}
	m.flush(screen)
}

// missingBatch is drawMissing's reused buffers (Draw goroutine only).
var missingBatch triBatch

// whitePixel is the middle of a 3×3 white image (as ebiten's vector package
// draws: no edge bleeding), the source of triBatch's solid triangles.
var whitePixel = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
}()

// triBatch collects solid-coloured vector triangles for one DrawTriangles
// (as ebiten's vector.DrawFilledRect/StrokeLine draw them, non-antialiased).
type triBatch struct {
	path vector.Path
	vs   []ebiten.Vertex
	is   []uint16
}

// add appends what app appends, coloured c (opaque or premultiplied).
func (b *triBatch) add(c color.RGBA, app func([]ebiten.Vertex, []uint16) ([]ebiten.Vertex, []uint16)) {
	n := len(b.vs)
	b.vs, b.is = app(b.vs, b.is)
	for i := n; i < len(b.vs); i++ {
		v := &b.vs[i]
		v.SrcX, v.SrcY = 1, 1
		v.ColorR, v.ColorG, v.ColorB, v.ColorA = float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255
	}
}

func (b *triBatch) flush(dst *ebiten.Image) {
	if len(b.is) > 0 {
		op := &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
		dst.DrawTriangles(b.vs, b.is, whitePixel, op)
	}
	b.vs, b.is = b.vs[:0], b.is[:0]
}

// tilesCover reports whether every present landblock on screen has its full
// tile loaded (closest in, the pyramid need not draw under them).
func tilesCover(m *mapview.Map, cam geom.Camera) bool {
	if !m.Listed() {
		return false
	}
	x0, y0, x1, y1 := cam.Visible()
	bx0, by0, bx1, by1, ok := terrain.VisibleBlocks(x0, y0, x1, y1)
	if !ok {
		return true
	}
	for bx := bx0; bx <= bx1; bx++ {
		for by := by0; by <= by1; by++ {
			k := uint16(bx<<8 | by)
			if m.Present(k) && m.Tiles.Image(k) == nil {
				return false
			}
		}
	}
	return true
}

// Over draws the heatmap, the landmarks and the keys over the map area mr;
// progress is the overview's progress line (Progress; "" when hidden).
func Over(screen *ebiten.Image, m *mapview.Map, cam geom.Camera, mr image.Rectangle, progress bool) {
	t := m.Toggles()
	if t.Heat {
		drawHeat(screen, m, cam)
	}
	if t.Buildings || t.Statics {
		drawLandmarks(screen, m, cam, t.Buildings, t.Statics)
	}
	// The overview's progress: bottom centre of the map (the banners and the
	// map key are at the top, the rose and the scale bar in the corners).
	if s, done, total, show := m.Progress(); show && progress {
		r := ProgressRect(mr, s)
		x, y, w := float32(r.X0), float32(r.Y0), float32(r.X1-r.X0)
		vector.DrawFilledRect(screen, x, y, w, 24, color.RGBA{0x10, 0x12, 0x18, 0xe0}, false)
		if total > 0 {
			vector.DrawFilledRect(screen, x, y+20, w*float32(done)/float32(total), 4, color.RGBA{0x60, 0xc0, 0xff, 0xff}, false)
		}
		ambientviz.Label(screen, s, float64(x)+8, float64(y)+2, color.RGBA{0xe8, 0xe8, 0xe8, 0xff})
	}
	// The heatmap's key: bottom right, above the scale bar.
	if t.Heat {
		l := ambientviz.HeatLegend(m.HeatKey())
		r := HeatKeyRect(mr, l)
		ambientviz.DrawHeatLegend(screen, r.X1, r.Y0, l)
	}
}

// HeatKeyRect is where the heatmap's key l is drawn: bottom right of the
// map area mr, above the scale bar (a label obstacle).
func HeatKeyRect(mr image.Rectangle, l ambientviz.HeatLegend) geom.Rect {
	w, h := ambientviz.HeatLegendSize(l)
	x1, y0 := float64(mr.Max.X)-8, float64(mr.Max.Y)-44-h
	return geom.Rect{X0: x1 - w, Y0: y0, X1: x1, Y1: y0 + h}
}

// ProgressRect is where the overview's progress bar is drawn while it
// builds (bottom centre of the map area mr), for a text s.
func ProgressRect(mr image.Rectangle, s string) geom.Rect {
	w := ambientviz.LabelWidth(s) + 16
	x, y := float64(float32(mr.Min.X+mr.Max.X)/2-float32(w)/2), float64(mr.Max.Y)-36
	return geom.Rect{X0: x, Y0: y, X1: x + w, Y1: y + 24}
}

// drawHeat draws the heat image over the map, 65 % opaque, nearest-neighbour.
func drawHeat(dst *ebiten.Image, m *mapview.Map, c geom.Camera) {
	t, hv := m.HeatImage()
	if t == nil {
		return
	}
	n := 8 / hv.Step
	sx, sy := c.ToScreen(float64(hv.Bx0)*192, float64(hv.By1+1)*192)
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterNearest}
	op.GeoM.Scale(192/float64(n)/c.MPP, 192/float64(n)/c.MPP)
	op.GeoM.Translate(sx, sy)
	op.ColorScale.ScaleAlpha(0.65)
	dst.DrawImage(img(t), op)
}

// drawLandmarks draws the switched-on landmarks.
func drawLandmarks(dst *ebiten.Image, m *mapview.Map, c geom.Camera, buildings, statics bool) {
	m.Landmarks(c, func(x, y, h float64, _ uint32, b bool) {
		switch {
		case b && buildings:
			var s [4][2]float64
			for i, p := range terrain.Footprint(x, y, h, mapview.MarkerW*c.MPP, mapview.MarkerD*c.MPP) {
				s[i][0], s[i][1] = c.ToScreen(p[0], p[1])
			}
			ambientviz.Building(dst, s)
		case !b && statics:
			sx, sy := c.ToScreen(x, y)
			ambientviz.Static(dst, sx, sy)
		}
	})
}

// GridAlpha scales a grid colour's alpha by a (the landblock grid fades in with zoom).
func GridAlpha(c color.RGBA, a float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(float64(c.A) * a)}
}

// chunkSide is chunk k's side in landblocks.
func chunkSide(k terrain.ChunkKey) int { _, _, n := k.Blocks(); return n }
