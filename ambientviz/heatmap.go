package ambientviz

// heatmap.go: the atlas heatmap's colours and legend, and the landmarks'
// markers. The ramp and the categorical colours are the
// `soundworld atlas` picture's (atlas/picture.go), so the window and the PNG
// read the same.

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"soundworld/atlas"
)

// HeatLegend is what the map's heatmap key shows.
type HeatLegend struct {
	Title string   // the selector, e.g. "sound 0x20000001:Ambient1"
	Kind  string   // what a value is, e.g. "crossfade volume (A7)"
	Max   float64  // the ramp's top value (continuous kinds)
	Cats  []string // loudest bed: category names by index (nil: continuous)
	Shown []int16  // loudest bed: the categories on screen, most cells first
	Note  string   // e.g. "every 4th cell" or "computing 120 landblocks…"
}

// HeatLegendSize is the key's width and height in px.
func HeatLegendSize(l HeatLegend) (w, h float64) {
	_, _, w, h = legendLayout(l)
	return w, h
}

func legendLayout(l HeatLegend) (lines []string, rows []int16, w, h float64) {
	lines = []string{l.Title, l.Kind}
	if l.Note != "" {
		lines = append(lines, l.Note)
	}
	w = 180.0
	for _, s := range lines {
		w = max(w, LabelWidth(s)+16)
	}
	if l.Cats != nil {
		rows = l.Shown[:min(len(l.Shown), 8)]
		for _, c := range rows {
			w = max(w, LabelWidth(l.Cats[c])+34)
		}
	}
	h = 8 + 16*float64(len(lines)) + 6
	if l.Cats == nil {
		h += 30
	} else {
		h += 16*float64(len(rows)) + 4
		if len(rows) == 0 {
			h += 16
		}
	}
	return lines, rows, w, h
}

// DrawHeatLegend draws the key with its top-right corner at (x, y) and
// returns its height in px.
func DrawHeatLegend(dst *ebiten.Image, x, y float64, l HeatLegend) float64 {
	lines, rows, w, h := legendLayout(l)
	x0 := x - w
	vector.DrawFilledRect(dst, float32(x0), float32(y), float32(w), float32(h), color.RGBA{0x08, 0x0a, 0x10, 0xe0}, false)
	ty := y + 6
	for _, s := range lines {
		Label(dst, s, x0+8, ty, color.RGBA{0xe8, 0xe8, 0xe8, 0xff})
		ty += 16
	}
	ty += 4
	if l.Cats == nil {
		bw := w - 16
		for i := 0; i < int(bw); i++ {
			vector.DrawFilledRect(dst, float32(x0+8)+float32(i), float32(ty), 1, 10, atlas.HeatColor(float64(i)/(bw-1)), false)
		}
		Label(dst, "0 (silent: clear)", x0+8, ty+12, color.RGBA{0xc0, 0xc0, 0xc0, 0xff})
		m := fmt.Sprintf("%.3g", l.Max)
		Label(dst, m, x0+w-8-LabelWidth(m), ty+12, color.RGBA{0xc0, 0xc0, 0xc0, 0xff})
		return h
	}
	if len(rows) == 0 {
		Label(dst, "no bed on screen", x0+8, ty, color.RGBA{0xc0, 0xc0, 0xc0, 0xff})
	}
	for _, c := range rows {
		vector.DrawFilledRect(dst, float32(x0+8), float32(ty+2), 16, 10, atlas.CatColor(c), false)
		Label(dst, l.Cats[c], x0+30, ty, color.RGBA{0xe8, 0xe8, 0xe8, 0xff})
		ty += 16
	}
	return h
}

var (
	buildingFill  = color.RGBA{0xb0, 0x70, 0x48, 0xe0}
	buildingFront = color.RGBA{0xff, 0xe0, 0xb0, 0xff}
	staticCol     = color.RGBA{0xf0, 0xf0, 0xf0, 0xff}
)

// Building draws a landmark building: its footprint (screen corners
// front-left, front-right, back-right, back-left) filled, outlined, and its
// front edge light; a diamond marker when the footprint is under 6 px.
func Building(dst *ebiten.Image, c [4][2]float64) {
	var p vector.Path
	p.MoveTo(float32(c[0][0]), float32(c[0][1]))
	for _, q := range c[1:] {
		p.LineTo(float32(q[0]), float32(q[1]))
	}
	p.Close()
	if math.Hypot(c[0][0]-c[2][0], c[0][1]-c[2][1]) < 6 {
		mx, my := (c[0][0]+c[2][0])/2, (c[0][1]+c[2][1])/2
		var d vector.Path
		d.MoveTo(float32(mx), float32(my-4))
		d.LineTo(float32(mx+4), float32(my))
		d.LineTo(float32(mx), float32(my+4))
		d.LineTo(float32(mx-4), float32(my))
		d.Close()
		strokePath(dst, &d, 2, outlineCol)
		fillPath(dst, &d, buildingFill)
		return
	}
	fillPath(dst, &p, buildingFill)
	strokePath(dst, &p, 1.5, outlineCol)
	vector.StrokeLine(dst, float32(c[0][0]), float32(c[0][1]), float32(c[1][0]), float32(c[1][1]), 2, buildingFront, true)
}

// Static draws a static object as a small dot at screen (x, y).
func Static(dst *ebiten.Image, x, y float64) {
	Dot(dst, x, y, 3, outlineCol)
	Dot(dst, x, y, 2, staticCol)
}
