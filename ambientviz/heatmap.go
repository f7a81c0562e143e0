package ambientviz

// heatmap.go: the atlas heatmap's colours and legend, and the landmarks'
// markers. The ramp and the categorical colours are the
// `soundworld atlas` picture's (atlas/picture.go), so the window and the PNG
// read the same.

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"soundworld/ambientviz/geom"
	"soundworld/internal/palette"
)

// HeatLegend is what the map's heatmap key shows (geom.HeatKey).
type HeatLegend = geom.HeatKey

// HeatLegendSize is the key's width and height in px.
func HeatLegendSize(l HeatLegend) (w, h float64) {
	k := legendLayout(l)
	return k.w, k.h
}

// Legend sizes (px): the key is at most legendMaxW wide; lines longer than
// that wrap at spaces; the loudest bed's categories flow as chips (a swatch
// and the table's name) across that width, at most legendChips of them.
const (
	legendMaxW  = 250.0
	legendChips = 6
	chipSwatch  = 10.0
	chipGap     = 8.0
)

type legendChip struct {
	cat  int16
	text string
	x, y float64 // from the key's top-left
}

type legendKey struct {
	lines []string
	chips []legendChip
	w, h  float64
}

// legendLayout places the key's text lines and chips. A category's chip
// names its sound table ("Ambient1"); when two shown tables share a name
// each gets its id's last two hex digits ("Ambient1 (01)"). The map's hover
// (status bar) names the table under the pointer in full.
func legendLayout(l HeatLegend) legendKey {
	var k legendKey
	for _, s := range []string{l.Title, l.Kind, l.Note} {
		if s != "" {
			k.lines = append(k.lines, wrapWords(s, legendMaxW-16)...)
		}
	}
	k.w = 140.0
	for _, s := range k.lines {
		k.w = max(k.w, min(legendMaxW, LabelWidth(s)+16))
	}
	y := 6 + 16*float64(len(k.lines)) + 4
	if l.Cats == nil {
		k.h = y + 30
		return k
	}
	rows := l.Shown[:min(len(l.Shown), legendChips)]
	names := map[string]int{}
	for _, c := range rows {
		names[chipName(l.Cats[c])]++
	}
	x := 8.0
	for i, c := range rows {
		t := chipName(l.Cats[c])
		if names[t] > 1 {
			t += " (" + tableSuffix(l.Cats[c]) + ")"
		}
		if i == len(rows)-1 && len(l.Shown) > len(rows) {
			t += fmt.Sprintf(" +%d", len(l.Shown)-len(rows))
		}
		cw := chipSwatch + 4 + LabelWidth(t)
		if x > 8 && x+cw > k.w-8 {
			x, y = 8, y+16
		}
		k.chips = append(k.chips, legendChip{c, t, x, y})
		x += cw + chipGap
	}
	if len(rows) == 0 {
		k.chips = append(k.chips, legendChip{-1, "no bed on screen", 8, y})
	}
	k.h = y + 16 + 4
	return k
}

// chipName is a category's table name: what follows the id ("0x20000001:Ambient1" → "Ambient1").
func chipName(cat string) string {
	if i := strings.LastIndexByte(cat, ':'); i >= 0 && i < len(cat)-1 {
		return cat[i+1:]
	}
	return cat
}

// tableSuffix is the last two hex digits of a category's table id.
func tableSuffix(cat string) string {
	id := cat
	if i := strings.IndexByte(cat, ':'); i >= 0 {
		id = cat[:i]
	}
	return id[max(0, len(id)-2):]
}

// wrapWords splits s at spaces into lines at most w px wide (a word wider
// than w stays whole).
func wrapWords(s string, w float64) []string {
	var out []string
	line := ""
	for _, word := range strings.Fields(s) {
		if line != "" && LabelWidth(line+" "+word) > w {
			out = append(out, line)
			line = word
			continue
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	return append(out, line)
}

// DrawHeatLegend draws the key with its top-right corner at (x, y) and
// returns its height in px.
func DrawHeatLegend(dst *ebiten.Image, x, y float64, l HeatLegend) float64 {
	k := legendLayout(l)
	x0, w, h := x-k.w, k.w, k.h
	vector.DrawFilledRect(dst, float32(x0), float32(y), float32(w), float32(h), color.RGBA{0x08, 0x0a, 0x10, 0xe0}, false)
	ty := y + 6
	for _, s := range k.lines {
		Label(dst, s, x0+8, ty, color.RGBA{0xe8, 0xe8, 0xe8, 0xff})
		ty += 16
	}
	ty += 4
	if l.Cats == nil {
		bw := w - 16
		for i := 0; i < int(bw); i++ {
			vector.DrawFilledRect(dst, float32(x0+8)+float32(i), float32(ty), 1, 10, palette.Heat(float64(i)/(bw-1)), false)
		}
		Label(dst, "0 (silent: clear)", x0+8, ty+12, color.RGBA{0xc0, 0xc0, 0xc0, 0xff})
		m := fmt.Sprintf("%.3g", l.Max)
		Label(dst, m, x0+w-8-LabelWidth(m), ty+12, color.RGBA{0xc0, 0xc0, 0xc0, 0xff})
		return h
	}
	for _, c := range k.chips {
		cx := x0 + c.x
		if c.cat >= 0 {
			vector.DrawFilledRect(dst, float32(cx), float32(y+c.y+3), chipSwatch, 10, palette.Cat(c.cat), false)
			cx += chipSwatch + 4
		}
		Label(dst, c.text, cx, y+c.y, color.RGBA{0xe8, 0xe8, 0xe8, 0xff})
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
	p := make([]pt, len(c))
	for i, q := range c {
		p[i] = pt{float32(q[0]), float32(q[1])}
	}
	if math.Hypot(c[0][0]-c[2][0], c[0][1]-c[2][1]) < 6 {
		mx, my := float32(c[0][0]+c[2][0])/2, float32(c[0][1]+c[2][1])/2
		d := []pt{{mx, my - 4}, {mx + 4, my}, {mx, my + 4}, {mx - 4, my}}
		strokePoly(dst, d, 2, outlineCol)
		fillPoly(dst, d, buildingFill)
		return
	}
	fillPoly(dst, p, buildingFill)
	strokePoly(dst, p, 1.5, outlineCol)
	StrokeLine(dst, float32(c[0][0]), float32(c[0][1]), float32(c[1][0]), float32(c[1][1]), 2, buildingFront)
}

// Static draws a static object as a small dot at screen (x, y).
func Static(dst *ebiten.Image, x, y float64) {
	Dot(dst, x, y, 3, outlineCol)
	Dot(dst, x, y, 2, staticCol)
}
