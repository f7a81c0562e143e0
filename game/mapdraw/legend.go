package mapdraw

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"soundworld/ambientviz"
	"soundworld/ambientviz/geom"
	"soundworld/explorer/mapview"
	"soundworld/explorer/terrain"
	"soundworld/ui/debugui"
)

// legendItem is one line of the legend: a swatch (shape in a colour) and what it means.
type legendItem struct {
	shape byte // 'o' ring, 'd' dot, 's' square outline, 'f' filled square, 'v' diamond, 'l' line, 'b' bar, ' ' none
	c     color.RGBA
	text  string
}

// legend says what every colour, ring, marker and the rose mean: F1's second page lists it all; the map key shows the first part.
var legend = []legendItem{
	{'d', color.RGBA{0x30, 0xa0, 0xff, 0xff}, "player: the feet you drag (gather centre, W5)"},
	{'k', color.RGBA{0xff, 0xff, 0xff, 0xff}, "white line + knob: the heading (drag the knob)"},
	{'f', color.RGBA{0xe0, 0x70, 0xff, 0xff}, "camera: where sounds are heard (-chase, W5)"},
	{'o', color.RGBA{0xff, 0xff, 0xff, 0xff}, "white ring: 20 m, cells inside count fully (A3)"},
	{'o', color.RGBA{0xff, 0x60, 0x40, 0xff}, "red ring: 120 m, cells beyond count nothing (A3)"},
	{'o', color.RGBA{0xff, 0xe0, 0x40, 0xff}, "yellow ring: audible radius at volume 1 (S1)"},
	{'d', geom.SetColor(0), "dots: cells that count; size = weight, colour = set"},
	{'s', color.RGBA{0x40, 0xd0, 0xff, 0xff}, "cyan square: the 3×3 landblocks gathered (A2)"},
	{'s', color.RGBA{0xff, 0xff, 0x60, 0xff}, "yellow square: the player's cell (change = rebuild)"},
	{'b', geom.SetColor(4), "sectors: where the selected one-shot lands (shells, A6, A9)"},
	{'v', color.RGBA{0xff, 0x90, 0x30, 0xff}, "diamond: emitter + its audible ring (yellow: selected)"},
	{'s', color.RGBA{0x30, 0xd0, 0xc0, 0xff}, "teal square: an object of the data that sounds + its ring (E3)"},
	{'l', color.RGBA{0xa0, 0xa0, 0xa0, 0xff}, "flash + line: one-shot (set colour; emitter orange; silent grey)"},
	{'h', color.RGBA{0xb0, 0x70, 0x48, 0xe0}, "brown oblong: a building (8), a marker, light edge = front"},
	{'w', color.RGBA{0xf0, 0xf0, 0xf0, 0xff}, "white dot: a static object (9)"},
	{'g', color.RGBA{0x00, 0x00, 0x00, 0xff}, "dark lines, 0xXXYY: landblock edges (192 m) and ids"},
	{'x', terrain.NoDataHatch, "stripes: no data, the landblock is not in the cell dat"},
	{' ', color.RGBA{}, "rose: weight by bearing, all sets or the selected set"},
	{' ', color.RGBA{}, "\"set N\" = ambient sound set N, the same colour everywhere"},
	{' ', color.RGBA{}, "heatmap (7): its own key shows at the map's bottom right when on"},
}

// MapKey draws the small collapsible key in r (mapview.KeyRect; K or a
// click on its title opens it: show).
func MapKey(screen *ebiten.Image, r image.Rectangle, show bool) {
	vector.DrawFilledRect(screen, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), BarCol, false)
	title := "▸ Map key (K)"
	if show {
		title = "▾ Map key (K; F1 twice: all of it)"
	}
	ambientviz.Label(screen, title, float64(r.Min.X)+6, float64(r.Min.Y)+2, TextCol)
	if !show {
		return
	}
	for i, it := range legend[:mapview.MapKeyLines] {
		it.text, _ = debugui.Ellipsize(it.text, r.Dx()-36) // narrow maps: cut with …; F1 has it whole
		drawLegendLine(screen, it, float64(r.Min.X)+8, float64(r.Min.Y)+22+float64(i)*16)
	}
}

// drawLegendLine draws a swatch and its text at (x, y) (top left).
func drawLegendLine(screen *ebiten.Image, it legendItem, x, y float64) {
	cx, cy := float32(x+7), float32(y+8)
	switch it.shape {
	case 'o':
		ambientviz.StrokeCircle(screen, cx, cy, 6, 2, it.c)
	case 'd':
		ambientviz.FillCircle(screen, cx, cy, 5, it.c)
	case 's':
		vector.StrokeRect(screen, cx-6, cy-6, 12, 12, 2, it.c, false)
	case 'f':
		vector.DrawFilledRect(screen, cx-5, cy-5, 10, 10, it.c, false)
	case 'v':
		var p vector.Path
		p.MoveTo(cx, cy-6)
		p.LineTo(cx+6, cy)
		p.LineTo(cx, cy+6)
		p.LineTo(cx-6, cy)
		p.Close()
		ambientviz.StrokeLine(screen, cx, cy-6, cx+6, cy, 2, it.c)
		ambientviz.StrokeLine(screen, cx+6, cy, cx, cy+6, 2, it.c)
		ambientviz.StrokeLine(screen, cx, cy+6, cx-6, cy, 2, it.c)
		ambientviz.StrokeLine(screen, cx-6, cy, cx, cy-6, 2, it.c)
	case 'l':
		ambientviz.StrokeLine(screen, cx-7, cy+5, cx+5, cy-5, 1.5, it.c)
		ambientviz.FillCircle(screen, cx+5, cy-5, 3, it.c)
	case 'b':
		vector.DrawFilledRect(screen, cx-7, cy-4, 14, 8, ambientviz.Fade(it.c, 0.6), false)
	case 'k': // the heading line and its knob
		ambientviz.StrokeLine(screen, cx-6, cy+5, cx+4, cy-4, 2, it.c)
		ambientviz.FillCircle(screen, cx+4, cy-4, 3, it.c)
	case 'h': // a building marker, its front edge light
		vector.DrawFilledRect(screen, cx-7, cy-5, 14, 10, it.c, false)
		vector.StrokeLine(screen, cx-7, cy+5, cx+7, cy+5, 2, color.RGBA{0xff, 0xe0, 0xb0, 0xff}, false)
	case 'w':
		ambientviz.FillCircle(screen, cx, cy, 3, color.RGBA{0x10, 0x10, 0x18, 0xff})
		ambientviz.FillCircle(screen, cx, cy, 2, it.c)
	case 'g':
		vector.StrokeLine(screen, cx-7, cy, cx+7, cy, 2, it.c, false)
		vector.StrokeLine(screen, cx, cy-7, cx, cy+7, 2, it.c, false)
	case 'x': // terrain.NoData hatched with NoDataHatch
		vector.DrawFilledRect(screen, cx-7, cy-7, 14, 14, terrain.NoData, false)
		for k := float32(-6); k <= 6; k += 4 {
			vector.StrokeLine(screen, cx+k-4, cy+6, cx+k+4, cy-6, 1.5, it.c, false)
		}
	}
	ambientviz.Label(screen, it.text, x+20, y, TextCol)
}

// Help is F1 on a sw×sh screen: page 0 the keys and mouse (keys, one line
// each), page 1 the legend (F1 again turns the page, then closes).
func Help(screen *ebiten.Image, sw, sh, page int, keys []string) {
	lines := len(keys)
	if page == 1 {
		lines = len(legend) + 2
	}
	w, h := 600.0, float64(lines)*16+40
	x, y := (float64(sw)-w)/2, max(0, (float64(sh)-h)/2)
	vector.DrawFilledRect(screen, float32(x), float32(y), float32(w), float32(h), color.RGBA{0x08, 0x0a, 0x10, 0xf0}, false)
	if page == 1 {
		ambientviz.Label(screen, "What the map shows (2/2; F1 closes, Esc too)", x+12, y+10, WarnCol)
		for i, it := range legend {
			drawLegendLine(screen, it, x+12, y+34+float64(i)*16)
		}
		return
	}
	ambientviz.Label(screen, "Keys and mouse (1/2; F1 again: what the colours mean)", x+12, y+10, WarnCol)
	for i, s := range keys {
		ambientviz.Label(screen, s, x+12, y+30+float64(i)*16, TextCol)
	}
}
