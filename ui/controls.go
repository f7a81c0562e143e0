package ui

import (
	"fmt"

	"soundworld/ui/debugui"
)

// timeScales are the selectable sim speeds.
var timeScales = []float64{0.25, 0.5, 1, 2, 4}

// controlsWindow holds the retail preferences (G1–G5), eye height, seed, time,
// audio, the jump-to box and the overlay toggles.
func (u *UI) controlsWindow(ctx *debugui.Context) {
	func() {
		st := u.st
		if u.snap == nil {
			return
		}
		p := u.snap.Prefs
		ctx.Header("Jump to", true, func() {
			ctx.SetGridLayout([]int{-1, 50}, nil)
			ctx.TextField(&st.Jump).On(func() { u.jump() })
			ctx.Button("Go").On(func() { u.jump() })
			ctx.SetGridLayout([]int{-1}, nil)
			label(ctx, `e.g. "42.1N, 33.6E" or "0xA9B4 84 7.1"`)
		})
		ctx.Header("Sound preferences (retail)", true, func() {
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
			label(ctx, "* G2: interface volume: no effect in retail")
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
		})
		ctx.Header("Listener and time", true, func() {
			ctx.SetGridLayout([]int{110, -1}, nil)
			label(ctx, "eye height m")
			ctx.SliderF(&st.Eye, 0, 20, 0.1, 1).On(func() { u.host.SetEye(float32(st.Eye)) })
			label(ctx, "seed")
			ctx.NumberField(&st.Seed, 1)
			ctx.SetGridLayout([]int{-1, -1}, nil)
			ctx.Button("reset sim with seed").On(func() { u.report(u.host.Reset(uint32(st.Seed))) })
			ctx.Checkbox(&st.Paused, "pause (Space)")
			ctx.SetGridLayout([]int{-1}, nil)
			label(ctx, fmt.Sprintf("time scale %gx ([ and ])", st.TimeScale))
			ctx.SetGridLayout([]int{-1, -1, -1, -1, -1}, nil)
			for _, v := range timeScales {
				ctx.IDScope(fmt.Sprint(v), func() {
					ctx.Button(fmt.Sprintf("%gx", v)).On(func() { st.TimeScale = v })
				})
			}
			ctx.SetGridLayout([]int{-1, -1}, nil)
			on := st.AudioOn
			ctx.Checkbox(&on, "audio out").On(func() {
				if err := u.host.SetAudio(on); err != nil {
					u.report(err)
					return
				}
				st.AudioOn = on
			})
			ctx.Checkbox(&st.Follow, "follow listener")
		})
		ctx.Header("Overlays", true, func() {
			ctx.SetGridLayout([]int{-1, -1}, nil)
			l := &st.Layers
			ctx.Checkbox(&l.Rings, "1 rings")
			ctx.Checkbox(&l.Cells, "2 cells")
			ctx.Checkbox(&l.Rose, "3 bearing rose")
			ctx.Checkbox(&l.Shells, "4 shells")
			ctx.Checkbox(&l.Spawns, "5 one-shots")
			ctx.Checkbox(&l.Emitters, "6 emitters")
		})
		if st.Message != "" {
			ctx.SetGridLayout([]int{-1}, nil)
			ctx.Text(st.Message)
		}
	}()
}

func (u *UI) jump() {
	if err := u.host.Jump(u.st.Jump); err != nil {
		u.report(err)
	} else {
		u.st.Message = ""
	}
}

func (u *UI) report(err error) {
	if err != nil {
		u.st.Message = err.Error()
	}
}
