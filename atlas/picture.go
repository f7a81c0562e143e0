package atlas

// picture.go: the heatmap as an image (standard library image/ and
// golang.org/x/image/font's built-in 7×13 face; no Ebitengine): north up, a
// colour scale or category legend, missing landblocks hatched as "no data".

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"soundworld/internal/palette"
)

// Rect is a rectangle of landblocks, inclusive: X0..X1 west to east, Y0..Y1
// south to north.
type Rect struct{ X0, Y0, X1, Y1 int }

// Blocks lists the landblock ids of the rectangle, x-major.
func (r Rect) Blocks() []uint16 {
	var out []uint16
	for x := r.X0; x <= r.X1; x++ {
		for y := r.Y0; y <= r.Y1; y++ {
			out = append(out, uint16(x<<8|y))
		}
	}
	return out
}

// Contains reports whether landblock lb lies in the rectangle.
func (r Rect) Contains(lb uint16) bool {
	x, y := int(lb>>8), int(lb&0xFF)
	return x >= r.X0 && x <= r.X1 && y >= r.Y0 && y <= r.Y1
}

func (r Rect) String() string {
	return fmt.Sprintf("0x%02X%02X..0x%02X%02X", r.X0, r.Y0, r.X1, r.Y1)
}

// BoundsOf is the smallest rectangle holding every landblock of lbs.
func BoundsOf(lbs []uint16) Rect {
	r := Rect{255, 255, 0, 0}
	for _, lb := range lbs {
		x, y := int(lb>>8), int(lb&0xFF)
		r.X0, r.Y0, r.X1, r.Y1 = min(r.X0, x), min(r.Y0, y), max(r.X1, x), max(r.Y1, y)
	}
	if len(lbs) == 0 {
		return Rect{}
	}
	return r
}

// ParseRect parses "0xA7B2..0xABB6" (south-west and north-east landblocks,
// hex, 0x optional; either corner order) or a single landblock "0xA9B4".
func ParseRect(s string) (Rect, error) {
	a, b, ok := strings.Cut(s, "..")
	if !ok {
		b = a
	}
	p := func(v string) (int, int, error) {
		n, err := strconv.ParseUint(strings.TrimPrefix(strings.ToLower(strings.TrimSpace(v)), "0x"), 16, 16)
		if err != nil || strings.TrimSpace(v) == "" {
			return 0, 0, fmt.Errorf("region %q: %q is not a landblock id like 0xA9B4", s, v)
		}
		return int(n >> 8), int(n & 0xFF), nil
	}
	x0, y0, err := p(a)
	if err != nil {
		return Rect{}, err
	}
	x1, y1, err := p(b)
	if err != nil {
		return Rect{}, err
	}
	return Rect{min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)}, nil
}

// Colours of the picture.
var (
	colBack    = color.RGBA{24, 26, 30, 255}
	colSilent  = color.RGBA{44, 46, 52, 255} // value 0: the sound does not play here
	colQuiet   = color.RGBA{70, 74, 84, 255} // a bed below A8's 0.03: gathered but not played
	colHatchA  = color.RGBA{36, 36, 36, 255} // no data
	colHatchB  = color.RGBA{92, 92, 92, 255} //
	colGrid    = color.RGBA{0, 0, 0, 90}     // landblock lines
	colText    = color.RGBA{230, 232, 236, 255}
	colSubText = color.RGBA{160, 166, 176, 255}
)

// Picture describes what Draw labels.
type Picture struct {
	Title   string // first line, e.g. the selector
	Source  string // second line, e.g. "Holtburg (stand-in)"
	Present func(lb uint16) bool
}

// quietBelow is A8's CanHear threshold for beds (float32 0.03).
const quietBelow float32 = 0.03

// Draw paints r over the landblocks of rc (north up) with a legend on the
// right. Each land cell is px×px pixels, px chosen so the map is at most
// about 1024 pixels across (at least 1).
func Draw(r *Result, rc Rect, p Picture) *image.RGBA {
	wCells, hCells := (rc.X1-rc.X0+1)*8, (rc.Y1-rc.Y0+1)*8
	px := max(1, min(16, 1024/max(wCells, hCells)))
	const margin, legendW = 12, 300
	mapW, mapH := wCells*px, hCells*px
	maxV := float32(0)
	for _, v := range r.Values {
		maxV = max(maxV, v)
	}
	legendH := 150 + 20*len(r.Categories)
	if r.Kind != KindLoudestBed {
		legendH = 330
	}
	W, H := mapW+2*margin+legendW, max(mapH+2*margin+34, legendH+margin)
	img := image.NewRGBA(image.Rect(0, 0, W, H))
	draw.Draw(img, img.Bounds(), &image.Uniform{colBack}, image.Point{}, draw.Src)
	ox, oy := margin, margin+34 // map origin (top-left)
	text(img, margin, 16, p.Title, colText)
	text(img, margin, 32, p.Source, colSubText)

	// Missing landblocks: hatched.
	for bx := rc.X0; bx <= rc.X1; bx++ {
		for by := rc.Y0; by <= rc.Y1; by++ {
			lb := uint16(bx<<8 | by)
			if p.Present != nil && p.Present(lb) {
				continue
			}
			x0 := ox + (bx-rc.X0)*8*px
			y0 := oy + (rc.Y1-by)*8*px
			for y := y0; y < y0+8*px; y++ {
				for x := x0; x < x0+8*px; x++ {
					c := colHatchA
					if (x+y)/3%3 == 0 {
						c = colHatchB
					}
					img.SetRGBA(x, y, c)
				}
			}
		}
	}
	// Values.
	per, n := r.PerBlock(), 8/r.Step
	for bi, lb := range r.Blocks {
		if !rc.Contains(lb) {
			continue
		}
		bx, by := int(lb>>8), int(lb&0xFF)
		for i := range per {
			c := r.Colour(bi*per+i, maxV)
			cx0, cy0 := (i/n)*r.Step, (i%n)*r.Step // the sample covers Step×Step cells
			x0 := ox + ((bx-rc.X0)*8+cx0)*px
			y1 := oy + ((rc.Y1-by)*8+8-cy0)*px // north up: the cell's top edge is further up
			fill(img, x0, y1-r.Step*px, r.Step*px, r.Step*px, c)
		}
	}
	// Landblock grid and ids once a landblock is big enough to read them.
	if bpx := 8 * px; bpx >= 24 {
		for bx := rc.X0; bx <= rc.X1+1; bx++ {
			blend(img, ox+(bx-rc.X0)*bpx, oy, 1, mapH, colGrid)
		}
		for by := rc.Y0; by <= rc.Y1+1; by++ {
			blend(img, ox, oy+(rc.Y1+1-by)*bpx, mapW, 1, colGrid)
		}
		if bpx >= 64 {
			for bx := rc.X0; bx <= rc.X1; bx++ {
				for by := rc.Y0; by <= rc.Y1; by++ {
					x, y, id := ox+(bx-rc.X0)*bpx+3, oy+(rc.Y1-by)*bpx+13, fmt.Sprintf("%02X%02X", bx, by)
					fill(img, x-2, y-11, 7*len(id)+4, 14, color.RGBA{0, 0, 0, 255})
					text(img, x, y, id, colText)
				}
			}
		}
	}
	legend(img, ox+mapW+margin+8, oy, r, maxV)
	return img
}

// Colour is the picture's colour of value j of r (index into Values), with
// maxV the top of the ramp: the ramp for volumes, chances and shares (0 in the
// "does not play" grey, a bed below A8's 0.03 in the "not played" grey), the
// category colour for the loudest bed (a third as bright below 0.03). The
// window's overlay uses it so both show the same map.
func (r *Result) Colour(j int, maxV float32) color.RGBA {
	v := r.Values[j]
	switch {
	case r.Kind == KindLoudestBed && r.Cats[j] >= 0:
		c := palette.Cat(r.Cats[j])
		if v < quietBelow {
			c = color.RGBA{c.R / 3, c.G / 3, c.B / 3, 255}
		}
		return c
	case v == 0 || r.Kind == KindLoudestBed:
		return colSilent
	case r.Kind == KindVolume && v < quietBelow:
		return colQuiet
	}
	if maxV <= 0 {
		maxV = 1
	}
	return palette.Heat(float64(v / maxV))
}

// legend draws the key at (x, y).
func legend(img *image.RGBA, x, y int, r *Result, maxV float32) {
	swatch := func(yy int, c color.RGBA, label string, hatch bool) {
		fill(img, x, yy, 14, 14, c)
		if hatch {
			for j := range 14 {
				for i := range 14 {
					if (i+j)/3%3 == 0 {
						img.SetRGBA(x+i, yy+j, colHatchB)
					}
				}
			}
		}
		text(img, x+20, yy+11, label, colText)
	}
	switch r.Kind {
	case KindLoudestBed:
		text(img, x, y+10, r.Kind.Label(), colText)
		yy := y + 22
		for i, s := range r.Categories {
			swatch(yy, palette.Cat(int16(i)), s.String(), false)
			yy += 20
		}
		text(img, x, yy+10, "darker: below 0.03, not played (A8)", colSubText)
		swatch(yy+20, colSilent, "no bed", false)
		swatch(yy+40, colHatchA, "no data (landblock missing)", true)
	default:
		text(img, x, y+10, r.Kind.Label(), colText)
		top := maxV
		if top == 0 {
			top = 1
		}
		const barH = 200
		for j := range barH {
			fill(img, x, y+22+j, 24, 1, palette.Heat(1-float64(j)/(barH-1)))
		}
		for _, f := range []float64{1, 0.75, 0.5, 0.25, 0} {
			yy := y + 22 + int(math.Round((1-f)*(barH-1)))
			fill(img, x+24, yy, 4, 1, colText)
			text(img, x+32, yy+4, strconv.FormatFloat(f*float64(top), 'g', 3, 64), colText)
		}
		yy := y + 22 + barH + 12
		swatch(yy, colSilent, "0: does not play here", false)
		if r.Kind == KindVolume {
			yy += 20
			swatch(yy, colQuiet, "below 0.03: not played (A8)", false)
		}
		swatch(yy+20, colHatchA, "no data (landblock missing)", true)
	}
}

// fill paints a rectangle (clipped to the image) straight into the pixels.
func fill(img *image.RGBA, x, y, w, h int, c color.RGBA) {
	r := image.Rect(x, y, x+w, y+h).Intersect(img.Bounds())
	for yy := r.Min.Y; yy < r.Max.Y; yy++ {
		p := img.Pix[img.PixOffset(r.Min.X, yy):img.PixOffset(r.Max.X, yy)]
		for i := 0; i < len(p); i += 4 {
			p[i], p[i+1], p[i+2], p[i+3] = c.R, c.G, c.B, c.A
		}
	}
}

func blend(img *image.RGBA, x, y, w, h int, c color.RGBA) {
	draw.Draw(img, image.Rect(x, y, x+w, y+h), &image.Uniform{c}, image.Point{}, draw.Over)
}

// text draws s with its baseline at (x, y) in the 7×13 face.
func text(img *image.RGBA, x, y int, s string, c color.RGBA) {
	d := font.Drawer{Dst: img, Src: &image.Uniform{c}, Face: basicfont.Face7x13, Dot: fixed.P(x, y)}
	d.DrawString(s)
}
