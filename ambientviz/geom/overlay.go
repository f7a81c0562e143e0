package geom

import (
	"fmt"
	"image/color"
	"math"

	"soundworld/audio"
	"soundworld/world"
)

// Weight ring radii in m: A3's full-weight radius (d² < 400) and its cut-off (d² > 14400).
const (
	FullWeightRadius = 20.0
	CutoffRadius     = 120.0
)

// ShellHalfWidth is half the angular width in deg of a direction shell (A9: ±11.25°).
const ShellHalfWidth = 11.25

// MarkerLife is how long a one-shot marker stays on the map, in s.
const MarkerLife = 2.0

// Ring is one weight ring: its radius in m and its label.
type Ring struct {
	Radius float64
	Label  string
}

// Rings returns the listener's rings: 20 m full weight and 120 m cut-off (A3),
// and the audible radius of a vol 1.0 effect sound at the current effect
// volume (S1 solved for −50 dB; 94.2 m at master 1), absent when effects are off (G1).
func Rings(p audio.Prefs) []Ring {
	r := []Ring{
		{FullWeightRadius, "20 m: full weight"},
		{CutoffRadius, "120 m: cut-off"},
	}
	master := p.EffectVolume
	if !p.Effects {
		master = 0 // effects disabled: nothing of this kind plays
	}
	if a := float64(audio.AudibleRadius(1, master)); a > 0 {
		r = append(r, Ring{a, fmt.Sprintf("%.1f m: vol 1.0 effect audible", a)})
	}
	return r
}

// DirHeading is the compass heading in deg of an A4/A9 direction
// (N 0°, NE 45°, E 90°, … NW 315°); ok is false for in-viewer-block.
func DirHeading(d world.Dir) (deg float64, ok bool) {
	if d > world.DirSW { // DirInViewerBlock: no bearing
		return 0, false
	}
	return float64(d.Heading()), true
}

// Sector is an annular sector on screen: angles in radians (screen convention of
// ScreenAngle, Start < End, drawn clockwise on screen from Start to End) and radii in px.
type Sector struct {
	Start, End    float64
	Inner, Outer  float64
	Heading       float64 // compass centre, deg
	MinM, MaxM    float64 // the shell in m
	InViewerBlock bool
}

// ShellSectors turns an instance's direction shells (A6) into screen sectors
// centred on each direction's heading ±11.25° (A9), radii min..max at the
// camera's zoom. In-viewer-block shells do not occur as a Dir of their own (A6
// expands them into all 8 directions), so every shell maps to one sector.
func ShellSectors(shells []world.Shell, c Camera) []Sector {
	out := make([]Sector, 0, len(shells))
	for _, s := range shells {
		h, ok := DirHeading(s.Dir)
		if !ok {
			continue
		}
		a := ScreenAngle(h)
		w := ShellHalfWidth * math.Pi / 180
		out = append(out, Sector{
			Start: a - w, End: a + w,
			Inner: c.RingRadiusPx(float64(s.Min)), Outer: c.RingRadiusPx(float64(s.Max)),
			Heading: h, MinM: float64(s.Min), MaxM: float64(s.Max),
		})
	}
	return out
}

// Rose is the bearing histogram: accumulated weight per A4 direction, in the
// order of world.Dir (N, S, E, W, NE, NW, SE, SW, in-viewer-block).
type Rose [9]float64

// BuildRose sums the snapshot's contributing cells' weights by direction. With
// stb ≥ 0 only cells of that ambient set count (the selected sound's set: every
// entry of a set receives the same weight per cell, A2); stb < 0 counts every
// cell that has an ambient set.
func BuildRose(s *world.Snapshot, stb int) Rose {
	var r Rose
	if s == nil {
		return r
	}
	for _, c := range s.Cells {
		if c.Stb < 0 || (stb >= 0 && c.Stb != stb) || int(c.Dir) >= len(r) {
			continue
		}
		r[c.Dir] += float64(c.Weight)
	}
	return r
}

// Bar is one histogram bar: its compass heading and its length in px.
type Bar struct {
	Dir     world.Dir
	Heading float64
	Length  float64
}

// Bars scales the 8 directional totals so the largest is maxLen px; the
// in-viewer-block total is returned as centre, a fraction 0..1 of the largest
// of all nine (drawn as a centre disc).
func (r Rose) Bars(maxLen float64) (bars []Bar, centre float64) {
	m := 0.0
	for _, v := range r {
		m = math.Max(m, v)
	}
	for d := world.DirN; d <= world.DirSW; d++ {
		h, _ := DirHeading(d)
		l := 0.0
		if m > 0 {
			l = maxLen * r[d] / m
		}
		bars = append(bars, Bar{d, h, l})
	}
	if m > 0 {
		centre = r[world.DirInViewerBlock] / m
	}
	return bars, centre
}

// CellDot gives the radius in px and the alpha 0..1 of a contributing cell's dot
// for its A3 weight w (0..1]: full weight → 6 px, opaque; faint cells stay visible.
func CellDot(w float64) (radius, alpha float64) {
	w = math.Max(0, math.Min(1, w))
	return 2 + 4*math.Sqrt(w), 0.25 + 0.75*w
}

// MarkerAlpha is a one-shot marker's opacity age s after its spawn: 1 at birth,
// fading linearly to 0 at MarkerLife; 0 outside [0, MarkerLife).
func MarkerAlpha(age float64) float64 {
	if age < 0 || age >= MarkerLife {
		return 0
	}
	return 1 - age/MarkerLife
}

// palette is a set of distinguishable hues for ambient sets (by STB desc index).
var palette = []color.RGBA{
	{0xe6, 0x4b, 0x3c, 0xff}, {0x3c, 0x9d, 0xe6, 0xff}, {0xf1, 0xc4, 0x0f, 0xff},
	{0x9b, 0x59, 0xb6, 0xff}, {0x1a, 0xbc, 0x9c, 0xff}, {0xe6, 0x7e, 0x22, 0xff},
	{0xec, 0x70, 0xc8, 0xff}, {0x2e, 0xcc, 0x71, 0xff}, {0x95, 0xa5, 0xa6, 0xff},
}

// SetColor is the colour of ambient set stb (−1: grey).
func SetColor(stb int) color.RGBA {
	if stb < 0 {
		return color.RGBA{0x80, 0x80, 0x80, 0xff}
	}
	return palette[stb%len(palette)]
}

// SpawnSet is the ambient set (STB desc index) a one-shot play came from — the
// instance playing the same table and SoundType — or −1 (emitters, stingers, unknown).
func SpawnSet(s *world.Snapshot, p audio.Play) int {
	if p.Source != audio.SourceOneShot {
		return -1
	}
	for _, in := range s.Instances {
		if in.STBID == p.Table && in.Desc.SType == p.SType {
			return in.Stb
		}
	}
	return -1
}
