package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"soundworld/audio"
	"soundworld/ui/debugui"
	"soundworld/world"
)

// timeScales are the selectable sim speeds.
var timeScales = []float64{0.25, 0.5, 1, 2, 4}

// controlsWindow holds the retail preferences (G1–G5), eye height, seed, time,
// audio, the jump-to box and the overlay toggles.
func (u *UI) controlsWindow(ctx *debugui.Context) {
	if u.snap == nil {
		return
	}
	p := u.snap.Prefs
	ctx.Header("Jump to", true, func() { u.jumpBox(ctx) })
	// Folded at first: Controls fits 1280×720.
	ctx.Header("Sound preferences (retail)", false, func() { u.prefsBox(ctx, p) })
	ctx.Header("Listener and time", true, func() { u.listenerBox(ctx) })
	ctx.Header("Overlays", true, func() {
		ctx.SetGridLayout([]int{-1, -1}, nil)
		l := &u.st.Layers
		ctx.Checkbox(&l.Rings, "1 rings")
		ctx.Checkbox(&l.Cells, "2 cells")
		ctx.Checkbox(&l.Rose, "3 bearing rose")
		ctx.Checkbox(&l.Shells, "4 shells")
		ctx.Checkbox(&l.Spawns, "5 one-shots")
		ctx.Checkbox(&l.Emitters, "6 emitters")
	})
}

// jumpBox is the jump-to box and where the player stands.
func (u *UI) jumpBox(ctx *debugui.Context) {
	st := u.st
	ctx.SetGridLayout([]int{-1, 50}, nil)
	ctx.TextFieldOpt(&st.Jump, true, u.bad("jump")).On(func() {
		if !ebitenEnter() { // focus left the box: no jump
			return
		}
		// Done: the keys go back to the map (F11, F12, WASD); a bad
		// place keeps the box, to fix it.
		if u.jump() {
			ctx.ReleaseFocus()
		}
	})
	ctx.Button("Go").On(func() { u.jump() })
	u.errorLine(ctx, "jump")
	ctx.SetGridLayout([]int{-1}, nil)
	u.wrapLabel(ctx, `e.g. "42.1N, 33.6E" or "0xA9B4 84 7.1" or retail's /loc line, pasted as is`)
	u.positionLines(ctx) // you are here, as a /loc line, and Copy (gates.go)
}

// prefsBox shows the retail preferences p (G1–G5) and sets the changed ones.
func (u *UI) prefsBox(ctx *debugui.Context, p audio.Prefs) {
	changed := false
	ctx.SetGridLayout([]int{110, -1}, nil)
	vols := []struct {
		name string
		v    *float32
	}{{"effect volume", &p.EffectVolume}, {"ambient volume", &p.AmbientVolume}, {"interface vol*", &p.InterfaceVolume}}
	for _, vv := range vols {
		ctx.IDScope(vv.name, func() {
			f := float64(*vv.v)
			label(ctx, vv.name)
			ctx.SliderF(&f, 0, 1, 0.05, 2).On(func() { *vv.v = float32(f); changed = true })
		})
	}
	ctx.SetGridLayout([]int{-1}, nil)
	u.wrapLabel(ctx, "* G2: interface volume: no effect in retail")
	ctx.SetGridLayout([]int{-1, -1}, nil)
	for _, b := range []struct {
		name string
		v    *bool
	}{{"effects on", &p.Effects}, {"ambient on", &p.Ambient}, {"interface on", &p.Interface},
		{"pan (Sound Features)", &p.Pan}, {"only when active", &p.OnlyWhenActive}, {"squared master (G3)", &p.Squared}} {
		ctx.IDScope(b.name, func() { ctx.Checkbox(b.v, b.name).On(func() { changed = true }) })
	}
	if changed {
		u.host.SetPrefs(p)
	}
}

// listenerBox holds eye height and camera (W5), seed (T4), pause, time
// scale, audio out and follow.
func (u *UI) listenerBox(ctx *debugui.Context) {
	st := u.st
	ctx.SetGridLayout([]int{110, -1}, nil)
	label(ctx, "eye height m")
	eye := u.eyeShown()
	// 0.05 m steps, two decimals: retail's home view is 2.25 m (W5).
	ctx.SliderF(&eye, 0, 20, 0.05, 2).On(func() { u.host.SetEye(float32(eye)) })
	l := u.snap.Listener // W5: the camera presets, named
	fitLabel(ctx, "camera", "W5: retail = retail's home view (2.25 m up, 2.5 m behind), what a retail recording hears without zooming")
	label(ctx, world.CameraName(l.Eye, l.Chase))
	ctx.SetGridLayout([]int{-1, -1}, nil)
	for _, p := range world.CameraPresets {
		ctx.IDScope(p.Name, func() {
			ctx.Button(p.Name).On(func() { u.host.SetCamera(p.Eye, p.Chase) })
		})
	}
	ctx.SetGridLayout([]int{110, -1}, nil)
	fitLabel(ctx, fmt.Sprintf("seed (running %d)", snapSeed(u.snap)), "the Sim's seed (T4); type one and press Enter or the button to restart with it")
	ctx.TextFieldOpt(&st.SeedText, true, u.bad("seed")).On(func() {
		if ebitenEnter() {
			u.resetSeed()
		}
	})
	u.errorLine(ctx, "seed")
	ctx.SetGridLayout([]int{-1, -1}, nil)
	ctx.Button("reset sim with seed").On(func() { u.resetSeed() })
	ctx.Checkbox(&st.Paused, "pause (Space)")
	ctx.SetGridLayout([]int{-1}, nil)
	label(ctx, fmt.Sprintf("time scale %gx ([ and ])", st.TimeScale))
	ctx.SetGridLayout([]int{-1, -1, -1, -1, -1}, nil)
	for _, v := range timeScales {
		ctx.IDScope(fmt.Sprint(v), func() {
			name := fmt.Sprintf("%gx", v)
			if v == st.TimeScale {
				name = "[" + name + "]" // the active scale
			}
			ctx.Button(name).On(func() { st.TimeScale = v })
		})
	}
	ctx.SetGridLayout([]int{-1, -1}, nil)
	on := st.AudioOn
	ctx.Checkbox(&on, "audio out").On(func() {
		if u.check("audio", u.host.SetAudio(on)) {
			st.AudioOn = on
		}
	})
	ctx.Checkbox(&st.Follow, "follow listener (F)")
	// G6: the whole row, the label is long.
	ctx.SetGridLayout([]int{-1}, nil)
	ctx.Checkbox(&st.KeepSoundUnfocused, "keep sound when unfocused (not retail)").On(func() { u.changed = true })
	u.errorLine(ctx, "audio")
}

// eyeShown is the eye height the slider shows: the Sim's, from the Snapshot (m).
func (u *UI) eyeShown() float64 { return float64(u.snap.Listener.Eye) }

// snapSeed is the Sim's seed (T4) as the Snapshot has it.
func snapSeed(s *world.Snapshot) uint32 {
	if s == nil || s.RNG == nil {
		return 0
	}
	return s.RNG.Seed
}

// seedBox makes the seed box show the Sim's seed: whenever the Snapshot's
// seed differs from the one the box last took, the box's text becomes it
// (a restart, a recording, -from). Text typed in the box stays until then.
type seedBox struct {
	shown uint32
	known bool
}

func (b *seedBox) follow(s *world.Snapshot, st *State) {
	if s == nil || s.RNG == nil {
		return
	}
	if !b.known || s.RNG.Seed != b.shown {
		b.shown, b.known = s.RNG.Seed, true
		st.SeedText = fmt.Sprint(s.RNG.Seed)
	}
}

func (u *UI) jump() bool {
	return u.check("jump", u.host.Jump(u.st.Jump))
}

// resetSeed restarts the Sim with the seed typed in the box: a whole number
// 0..4294967295, nothing else ("1abc" is an error, never 0).
func (u *UI) resetSeed() {
	v, err := strconv.ParseUint(strings.TrimSpace(u.st.SeedText), 10, 32)
	if err != nil {
		u.check("seed", fmt.Errorf("seed %q: want a whole number 0..4294967295", u.st.SeedText))
		return
	}
	u.check("seed", u.host.Reset(uint32(v)))
}

// ebitenEnter reports whether Enter was pressed this frame (a text field's
// event fires on Enter and when it loses focus; only Enter acts).
func ebitenEnter() bool {
	return inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter)
}
