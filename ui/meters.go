package ui

import (
	"fmt"
	"image"
	"image/color"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"soundworld/audio"
	"soundworld/ui/debugui"
	"soundworld/world"
)

// Meter scale: bars span MeterLo..0 dBFS.
const meterLo = -60.0

// MeterX is the x of level db (dBFS) on a bar from x0 to x1 (clamped).
func MeterX(db, x0, x1 float64) float64 {
	f := (max(meterLo, min(0, db)) - meterLo) / -meterLo
	return x0 + f*(x1-x0)
}

// meterColor is a bar's colour at level db: green, yellow from −12, red from −3 dBFS.
func meterColor(db float64) color.RGBA {
	switch {
	case db >= -3:
		return color.RGBA{0xe8, 0x40, 0x30, 0xff}
	case db >= -12:
		return color.RGBA{0xe8, 0xc8, 0x30, 0xff}
	}
	return color.RGBA{0x40, 0xc0, 0x60, 0xff}
}

// Sounding is the number of voices sounding in the snapshot: busy and not
// past their end (P2).
func Sounding(s *world.Snapshot) int {
	if s == nil {
		return 0
	}
	n := 0
	for _, v := range s.Voices {
		if v.Busy && s.Time < v.Start+v.Length {
			n++
		}
	}
	return n
}

// metersWindow shows the output level: peak (bar), RMS (inner bar) and the
// 1.5 s peak hold (tick) per channel in dBFS, the clip light, and the voices
// sounding.
func (u *UI) metersWindow(ctx *debugui.Context) {
	p := &u.prof
	r, src := audio.MeterReading{Peak: [2]float64{audio.MeterFloor, audio.MeterFloor}, RMS: [2]float64{audio.MeterFloor, audio.MeterFloor}, Hold: [2]float64{audio.MeterFloor, audio.MeterFloor}}, "no meter"
	if p.meter != nil {
		r, src = p.meter()
	}
	if now := time.Now(); NumbersDue(p.meterAt, now) { // each new string is a new text image
		p.meterR, p.meterS, p.meterAt, p.meterU = r, src, now, ""
		if p.underruns != nil {
			fr, ev := p.underruns()
			p.meterU = fmt.Sprintf("underruns %d (%.0f ms)", ev, float64(fr)*1000/audio.SampleRate)
		}
	}
	rt, under := p.meterR, p.meterU
	n := Sounding(u.snap)
	if u.blind {
		ctx.SetGridLayout([]int{-1}, nil)
		u.wrapLabel(ctx, levelsHiddenNote)
		return
	}
	ctx.SetGridLayout([]int{-1}, []int{-1})
	ctx.GridCell(func(b image.Rectangle) {
		ctx.DrawOnlyWidget(func(screen *ebiten.Image) { drawMeters(screen, b, r, rt, src, n, under) })
	})
}

// MeterNumbersEvery is how often the Meters panel's numbers are re-read, in
// wall-clock time whatever the frame rate (10 Hz; below
// 10 frames a second, every frame).
const MeterNumbersEvery = 100 * time.Millisecond

// NumbersDue reports whether numbers last read at last are due at now.
func NumbersDue(last, now time.Time) bool {
	return last.IsZero() || now.Sub(last) >= MeterNumbersEvery || now.Before(last)
}

// meterRows are the two channel bars' rectangles in body b.
func meterRows(b image.Rectangle) [2]image.Rectangle {
	x0, x1 := b.Min.X+18, b.Max.X-8
	y := b.Min.Y + 26
	return [2]image.Rectangle{image.Rect(x0, y, x1, y+18), image.Rect(x0, y+24, x1, y+42)}
}

// drawMeters draws the bars from r (this frame) and the numbers from rt (10 Hz).
func drawMeters(screen *ebiten.Image, b image.Rectangle, r, rt audio.MeterReading, src string, voices int, under string) {
	fillRect(screen, b, tlBack)
	if under != "" { // the device's underruns (O5): frames it played without being given them
		src += "  " + under
	}
	drawLabel(screen, src, float64(b.Min.X)+4, float64(b.Min.Y)+4, tlDim) // "device" or "own mix"
	rows := meterRows(b)
	for c, row := range rows {
		x0, x1 := float64(row.Min.X), float64(row.Max.X)
		fillRect(screen, row, tlLane)
		drawLabel(screen, [2]string{"L", "R"}[c], float64(b.Min.X)+5, float64(row.Min.Y)+2, tlText)
		// Peak bar, RMS inside it (darker, the middle third), hold tick.
		px := MeterX(r.Peak[c], x0, x1)
		vector.DrawFilledRect(screen, float32(x0), float32(row.Min.Y), float32(px-x0), float32(row.Dy()), scaleRGB(meterColor(r.Peak[c]), 0.55), false)
		rx := MeterX(r.RMS[c], x0, x1)
		vector.DrawFilledRect(screen, float32(x0), float32(row.Min.Y)+5, float32(rx-x0), float32(row.Dy())-10, meterColor(r.RMS[c]), false)
		if r.Hold[c] > audio.MeterFloor {
			hx := MeterX(r.Hold[c], x0, x1)
			vector.StrokeLine(screen, float32(hx), float32(row.Min.Y), float32(hx), float32(row.Max.Y), 2, tlSelLine, false)
		}
	}
	// Scale: a tick every 6 dB, labels every 12 (every 24 when narrow).
	ax := rows[1].Max.Y + 2
	every := 12
	if rows[0].Dx() < 170 {
		every = 24
	}
	for db := meterLo; db <= 0; db += 6 {
		x := MeterX(db, float64(rows[0].Min.X), float64(rows[0].Max.X))
		vector.StrokeLine(screen, float32(x), float32(ax), float32(x), float32(ax+4), 1, tlGrid, false)
		if int(-db)%every == 0 {
			s := fmt.Sprintf("%g", db)
			drawLabel(screen, s, max(float64(b.Min.X), x-labelW(s)/2), float64(ax)+4, tlDim)
		}
	}
	y := float64(ax) + 22
	for _, l := range []string{
		"dBFS    L      R",
		fmt.Sprintf("peak %6s %6s", dbText(rt.Peak[0]), dbText(rt.Peak[1])),
		fmt.Sprintf("rms  %6s %6s", dbText(rt.RMS[0]), dbText(rt.RMS[1])),
		fmt.Sprintf("hold %6s %6s", dbText(rt.Hold[0]), dbText(rt.Hold[1])),
	} {
		drawLabel(screen, l, float64(b.Min.X)+4, y, tlText)
		y += lineH
	}
	clip := "clip: none"
	cc := tlDim
	if r.Overload {
		clip, cc = fmt.Sprintf("CLIP (%d)", rt.Clipped), color.RGBA{0xff, 0x50, 0x40, 0xff}
	} else if rt.Clipped > 0 {
		clip = fmt.Sprintf("clipped: %d so far", rt.Clipped)
	}
	drawLabel(screen, clip, float64(b.Min.X)+4, y, cc)
	drawLabel(screen, fmt.Sprintf("voices sounding %d/16", voices), float64(b.Min.X)+4, y+lineH, tlText)
}

// dbText is a dBFS level as the meters print it ("-inf" at the floor).
func dbText(db float64) string {
	if db <= audio.MeterFloor {
		return "-inf"
	}
	return fmt.Sprintf("%.1f", db)
}
