package ui

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"soundworld/names"
	"soundworld/ui/debugui"

	"soundworld/audio"
)

// selectedVoice is the sound the Voices panel explains: the slot and the
// start time identify it, so the detail follows the sound, not the slot;
// a copy of the voice and its draws stays after it ends.
type selectedVoice struct {
	slot  int
	start float64
	v     audio.Voice
	trace audio.Trace
}

// voicesWindow lists the 16 voice slots (P1) with the ring cursor and drops
// (P3/P5: with all 16 busy retail drops the new sound); a selected voice
// shows how its level came about (S1, G3) and the draws behind it (O4).
func (u *UI) voicesWindow(ctx *debugui.Context) {
	func() {
		s := u.snap
		if s == nil {
			label(ctx, "no snapshot yet")
			return
		}
		fitLabel(ctx, fmt.Sprintf("next search from slot %d  dropped (all 16 busy) %d", s.Cursor, s.Drops),
			"P1: the next free-voice search starts at this slot (the > row)\nP3/P5: new sounds dropped because all 16 voices were busy")
		ctx.SetGridLayout([]int{-1}, nil)
		u.voiceWhy(ctx)
		for i := range s.Voices {
			v := s.Voices[i]
			ctx.IDScope(strconv.Itoa(i), func() {
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
				ctx.SetGridLayout([]int{-1, 92, 56}, nil)
				name := voiceRowName(u.names, mark, i, v)
				if sel := u.st.voice; sel != nil && sel.slot == i && sel.start == v.Start {
					name = "[" + strings.TrimSpace(name) + "]"
				}
				ctx.Button(name).On(func() { u.selectVoice(i) })
				if ctx.Hovering() {
					ctx.Tooltip(voiceTip(u.names, v) + "\nclick: why it plays at its level")
				}
				if u.blind {
					label(ctx, fmt.Sprintf("pan %+d", v.Pan))
				} else {
					label(ctx, fmt.Sprintf("%d dB pan %+d", v.DB, v.Pan))
				}
				frac := 0.0
				if v.Length > 0 {
					frac = (s.Time - v.Start) / v.Length
				}
				ctx.GridCell(func(b image.Rectangle) { progress(ctx, b, frac) })
			})
		}
	}()
}

// selectVoice makes slot i's current sound the explained one (again: none).
func (u *UI) selectVoice(i int) {
	s := u.snap
	v := s.Voices[i]
	if sel := u.st.voice; sel != nil && sel.slot == i && sel.start == v.Start {
		u.st.voice, u.st.SelectedVoice = nil, -1
		return
	}
	sv := &selectedVoice{slot: i, start: v.Start, v: v}
	if s.VoiceTraces != nil {
		sv.trace = s.VoiceTraces[i]
	}
	u.st.voice, u.st.SelectedVoice = sv, i
}

// freeLabels are the idle rows' texts, without and with the cursor mark.
var freeLabels = func() (l [16][2]string) {
	for i := range l {
		l[i] = [2]string{fmt.Sprintf("  %2d  free", i), fmt.Sprintf("> %2d  free", i)}
	}
	return
}()

// voiceRowName is a busy voice's row in the Voices panel: the cursor mark,
// the slot, what it sounds (SoundType, or the wave of a SoundHook) and who
// played it.
func voiceRowName(b *names.Book, mark string, slot int, v audio.Voice) string {
	return fmt.Sprintf("%s%2d %s %s", mark, slot, b.Sound(v.SType, v.Table, v.Wave), SourceLong(v.Source))
}

// VoiceName is a voice in words, readable name first, then its ids:
// "Ambient8 bed, table 0x20000005, wave 0x0A000012, priority
// 0.20 (not used by retail)". P3/P5: retail never evicts by priority.
func VoiceName(b *names.Book, v audio.Voice) string {
	return fmt.Sprintf("%s %s, table 0x%08X, wave 0x%08X, priority %.2f (not used by retail)",
		b.SoundWithID(v.SType, v.Table, v.Wave), SourceLong(v.Source), v.Table, v.Wave, v.Priority)
}

// voiceTip is a voice row's tooltip: its name, then its ids (readable names
// first, ids on hover).
func voiceTip(b *names.Book, v audio.Voice) string {
	return fmt.Sprintf("%s %s\ntable 0x%08X, wave 0x%08X\npriority %.2f (not used by retail)",
		b.SoundWithID(v.SType, v.Table, v.Wave), SourceLong(v.Source), v.Table, v.Wave, v.Priority)
}

// voiceWhy explains the selected sound's level (S1's inputs and result) and
// the draws behind it (O4); it stays on the sound, and says when it ended.
func (u *UI) voiceWhy(ctx *debugui.Context) {
	sel := u.st.voice
	if sel != nil && u.st.SelectedVoice != sel.slot { // selected elsewhere (timeline, Esc)
		sel, u.st.voice = nil, nil
	}
	if sel == nil && u.st.SelectedVoice >= 0 && u.st.SelectedVoice < len(u.snap.Voices) && u.snap.Voices[u.st.SelectedVoice].Busy {
		u.selectVoice(u.st.SelectedVoice) // chosen by the window (shot: the loudest)
		sel = u.st.voice
	}
	if u.blind {
		u.wrapLabel(ctx, levelsHiddenNote)
		return
	}
	if sel == nil {
		label(ctx, "click a voice: why it plays at its level")
		return
	}
	v := sel.v
	now := u.snap.Voices[sel.slot]
	state := fmt.Sprintf("slot %d, playing", sel.slot)
	if !now.Busy || now.Start != sel.start || u.snap.Time >= v.Start+v.Length {
		state = fmt.Sprintf("slot %d, ENDED at %.2f s", sel.slot, v.Start+v.Length)
	}
	sq := "once"
	if u.snap.Prefs.Squared && (v.Source == audio.SourceBed || v.Source == audio.SourceOneShot) {
		sq = "ambient, twice: G3"
	}
	u.wrapLabel(ctx, VoiceName(u.names, v)+" — "+state)
	if h := u.objectHookOf(v, sel.slot); h != "" { // E3: which object and hook
		u.wrapLabel(ctx, h)
	}
	u.wrapLabel(ctx, fmt.Sprintf("S1: vol %.3f at %.1f m: gain %.4f, clamp %.4f", v.Volume, v.Distance, v.GainRaw, v.GainClamped))
	u.wrapLabel(ctx, fmt.Sprintf("× master %.3f (%s) = %d dB, pan %+d", v.Master, sq, v.DB, v.Pan))
	u.wrapLabel(ctx, traceLine(sel.trace))
}

// traceLine is the draws behind a play (O4): RollDice unit values and rand() values.
func traceLine(t audio.Trace) string {
	if len(t.Draws) == 0 && len(t.Rands) == 0 {
		return "draws: none (nothing random decided this play)"
	}
	var b strings.Builder
	b.WriteString("draws:")
	for _, d := range t.Draws {
		b.WriteString(" " + strconv.FormatFloat(float64(d), 'g', -1, 32))
	}
	if len(t.Rands) > 0 {
		b.WriteString("  rand():")
		for _, r := range t.Rands {
			b.WriteString(" " + strconv.Itoa(r))
		}
	}
	return b.String()
}

// progress draws how much of a voice has played as a progress bar: a frame,
// a grey track, a green fill and the percentage (not a pan meter).
func progress(ctx *debugui.Context, b image.Rectangle, frac float64) {
	sc := float32(ctx.Scale())
	frac = max(0, min(1, frac))
	x, y, w, h := float32(b.Min.X)*sc, float32(b.Min.Y)*sc, float32(b.Dx())*sc, float32(b.Dy())*sc
	fill := float32(math.Round(float64(w * float32(frac)))) // whole px: the panel is redrawn when it grows a px
	pct := fmt.Sprintf("%3.0f%%", 100*frac)
	ctx.DrawOnlyWidgetKeyed(drawKey{kind: "progress", s: pct, b: b, n: int(fill) + 1<<20*int(sc)}, func(screen *ebiten.Image) {
		vector.DrawFilledRect(screen, x, y+4, w, h-8, color.RGBA{40, 40, 40, 255}, false)
		vector.DrawFilledRect(screen, x, y+4, fill, h-8, color.RGBA{70, 150, 80, 255}, false)
		vector.StrokeRect(screen, x, y+4, w, h-8, 1, color.RGBA{150, 150, 150, 255}, false)
		drawText(screen, pct, float64(x)+float64(w)/2-14, float64(y)+3)
	})
}
