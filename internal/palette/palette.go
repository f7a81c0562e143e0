// Package palette holds the colours the atlas picture (atlas), the window's
// heatmap layer (explorer/mapview) and its key (ambientviz) share, below all
// three so the overlays need not import the atlas engine.
package palette

import (
	"image/color"
	"math"
)

// scale is a perceptual dark-to-bright ramp (viridis' end points and three
// stops between), interpolated linearly in RGB.
var scale = []color.RGBA{{68, 1, 84, 255}, {59, 82, 139, 255}, {33, 145, 140, 255}, {94, 201, 98, 255}, {253, 231, 37, 255}}

// Heat maps t in 0..1 (clamped) to the heatmap ramp; the atlas
// picture, the window's heatmap layer and its key use the same colours.
func Heat(t float64) color.RGBA {
	t = math.Min(math.Max(t, 0), 1) * float64(len(scale)-1)
	i := min(int(t), len(scale)-2)
	f := t - float64(i)
	a, b := scale[i], scale[i+1]
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*f)) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 255}
}

// cats are the loudest bed's categorical colours (distinct hues, then repeated darker).
var cats = []color.RGBA{
	{230, 159, 0, 255}, {86, 180, 233, 255}, {0, 158, 115, 255}, {240, 228, 66, 255}, {0, 114, 178, 255},
	{213, 94, 0, 255}, {204, 121, 167, 255}, {170, 255, 195, 255}, {128, 0, 0, 255}, {170, 110, 40, 255},
	{128, 128, 0, 255}, {255, 215, 180, 255}, {0, 0, 128, 255}, {220, 190, 255, 255}, {255, 250, 200, 255},
	{60, 180, 75, 255}, {245, 130, 48, 255}, {145, 30, 180, 255}, {70, 240, 240, 255}, {240, 50, 230, 255},
}

// Cat is category c's colour (repeated darker after 20), for the atlas
// picture and the window's heatmap layer alike.
func Cat(c int16) color.RGBA {
	k := cats[int(c)%len(cats)]
	if int(c) >= len(cats) {
		k = color.RGBA{k.R / 2, k.G / 2, k.B / 2, 255}
	}
	return k
}
