package ui

import (
	"fmt"
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"soundworld/ui/debugui"

	"soundworld/audio"
)

// voicesWindow lists the 16 voice slots (P1) with the ring cursor, drops (P4)
// and evictions (P3); a selected voice shows how its level came about (S1, G3).
func (u *UI) voicesWindow(ctx *debugui.Context) {
	func() {
		s := u.snap
		if s == nil {
			label(ctx, "no snapshot yet")
			return
		}
		label(ctx, fmt.Sprintf("cursor %d  drops %d  evictions %d   T=table 2000…", s.Cursor, s.Drops, s.Evictions))
		ctx.SetGridLayout([]int{-1}, nil)
		u.voiceWhy(ctx)
		for i := range s.Voices {
			v := s.Voices[i]
			ctx.IDScope(fmt.Sprint(i), func() {
				mark := "  "
				if i == s.Cursor {
					mark = "> " // P1: the ring cursor: where the next search starts
				}
				if !v.Busy || s.Time >= v.Start+v.Length {
					ctx.SetGridLayout([]int{-1}, nil)
					cur := 0
					if i == s.Cursor {
						cur = 1
					}
					label(ctx, freeLabels[i][cur])
					return
				}
				ctx.SetGridLayout([]int{-1, 42, 96}, nil)
				// Table 0x2000tttt and wave 0x0A00wwww shown by their low halves.
				name := fmt.Sprintf("%s%2d %s T%04X %s W%04X p%.2f", mark, i, SourceName(uint8(v.Source)), v.Table&0xFFFF, STypeName(v.SType), v.Wave&0xFFFF, v.Priority)
				ctx.Button(name).On(func() { u.st.SelectedVoice = i })
				label(ctx, fmt.Sprintf("%d dB", v.DB))
				frac := 0.0
				if v.Length > 0 {
					frac = (s.Time - v.Start) / v.Length
				}
				ctx.GridCell(func(b image.Rectangle) { progress(ctx, b, frac, fmt.Sprintf("pan %+d", v.Pan)) })
			})
		}
	}()
}

// freeLabels are the idle rows' texts, without and with the cursor mark.
var freeLabels = func() (l [16][2]string) {
	for i := range l {
		l[i] = [2]string{fmt.Sprintf("  %2d  free", i), fmt.Sprintf("> %2d  free", i)}
	}
	return
}()

// voiceWhy explains the selected voice's level: S1's inputs and result.
func (u *UI) voiceWhy(ctx *debugui.Context) {
	i := u.st.SelectedVoice
	if i < 0 || i >= len(u.snap.Voices) || !u.snap.Voices[i].Busy {
		label(ctx, "click a voice: why it plays at its level")
		return
	}
	v := u.snap.Voices[i]
	sq := "once"
	if u.snap.Prefs.Squared && (v.Source == audio.SourceBed || v.Source == audio.SourceOneShot) {
		sq = "ambient, twice: G3"
	}
	label(ctx, fmt.Sprintf("slot %d: table %08X %s wave %08X", i, v.Table, STypeName(v.SType), v.Wave))
	label(ctx, fmt.Sprintf("S1: vol %.3f at %.1f m: gain %.4f, clamp %.4f", v.Volume, v.Distance, v.GainRaw, v.GainClamped))
	label(ctx, fmt.Sprintf("× master %.3f (%s) = %d dB, pan %+d", v.Master, sq, v.DB, v.Pan))
}

// progress draws a bar filled to frac (0..1) with a caption.
func progress(ctx *debugui.Context, b image.Rectangle, frac float64, caption string) {
	ctx.DrawOnlyWidget(func(screen *ebiten.Image) {
		sc := float32(ctx.Scale())
		frac = max(0, min(1, frac))
		x, y, w, h := float32(b.Min.X)*sc, float32(b.Min.Y)*sc, float32(b.Dx())*sc, float32(b.Dy())*sc
		vector.DrawFilledRect(screen, x, y+2, w, h-4, color.RGBA{30, 30, 30, 255}, false)
		vector.DrawFilledRect(screen, x, y+2, w*float32(frac), h-4, color.RGBA{60, 130, 200, 255}, false)
		drawText(screen, caption, float64(x)+3, float64(y)+3)
	})
}
