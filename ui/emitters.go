package ui

import (
	"fmt"
	"strconv"
	"strings"

	"soundworld/ui/debugui"

	"soundworld/audio"
	"soundworld/world"
)

// emitterEdit holds the text of the emitter being edited.
type emitterEdit struct {
	index                int
	name, table, stype   string
	volume, ivMin, ivMax float64
	path                 int
}

func (e *emitterEdit) load(i int, em world.Emitter) {
	*e = emitterEdit{index: i, name: em.Name, table: fmt.Sprintf("0x%08X", em.SoundTable),
		stype: fmt.Sprintf("0x%02X", em.SType), volume: float64(em.Volume),
		ivMin: float64(em.Interval[0]), ivMax: float64(em.Interval[1]), path: int(em.Path)}
}

// apply returns em with the edited fields, or an error naming the bad field.
func (e *emitterEdit) apply(em world.Emitter) (world.Emitter, error) {
	t, err := parseHex(e.table)
	if err != nil {
		return em, fmt.Errorf("sound table %q: want hex like 0x20000010", e.table)
	}
	s, err := parseHex(e.stype)
	if err != nil {
		return em, fmt.Errorf("sound type %q: want hex like 0x46", e.stype)
	}
	if e.ivMin < 0 || e.ivMax < e.ivMin {
		return em, fmt.Errorf("interval %.2f..%.2f s: want 0 ≤ min ≤ max", e.ivMin, e.ivMax)
	}
	em.Name, em.SoundTable, em.SType = e.name, uint32(t), uint32(s)
	em.Volume = float32(e.volume)
	em.Interval = [2]float32{float32(e.ivMin), float32(e.ivMax)}
	em.Path = audio.Path(e.path)
	return em, nil
}

func parseHex(s string) (uint64, error) {
	s = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(s), "0x"), "0X")
	return strconv.ParseUint(s, 16, 32)
}

// emittersWindow adds, selects, edits and deletes placed emitters (E1) and
// saves/loads the layout file (E2, written atomically by world).
func (u *UI) emittersWindow(ctx *debugui.Context) {
	func() {
		s, st := u.snap, u.st
		if s == nil {
			return
		}
		ctx.SetGridLayout([]int{-1, -1}, nil)
		ctx.Button("add at listener").On(func() { u.host.AddEmitterAtListener() })
		place := "add at next click"
		if st.PlaceEmitter {
			place = "click the map…"
		}
		ctx.Button(place).On(func() { st.PlaceEmitter = !st.PlaceEmitter })
		ctx.SetGridLayout([]int{-1, 50}, nil)
		for i, e := range s.Emitters {
			ctx.IDScope(fmt.Sprint(i), func() {
				name := fmt.Sprintf("%s  %s r %.0f m", e.Name, STypeName(e.SType), e.AudibleRadius)
				if i == st.SelectedEmitter {
					name = "> " + name
				}
				ctx.Button(name).On(func() { st.SelectedEmitter = i })
				ctx.Button("delete").On(func() {
					u.host.DeleteEmitter(i)
					st.SelectedEmitter = -1
				})
			})
		}
		if i := st.SelectedEmitter; i >= 0 && i < len(s.Emitters) {
			if u.edit.index != i {
				u.edit.load(i, s.Emitters[i].Emitter)
			}
			ed := &u.edit
			ctx.SetGridLayout([]int{90, -1}, nil)
			label(ctx, "name")
			ctx.TextField(&ed.name)
			label(ctx, "sound table")
			ctx.TextField(&ed.table)
			label(ctx, "sound type")
			ctx.TextField(&ed.stype)
			label(ctx, "volume")
			ctx.SliderF(&ed.volume, 0, 10, 0.05, 2)
			label(ctx, "interval min s")
			ctx.NumberFieldF(&ed.ivMin, 0.1, 1)
			label(ctx, "interval max s")
			ctx.NumberFieldF(&ed.ivMax, 0.1, 1)
			label(ctx, "play path")
			ctx.Dropdown(&ed.path, []string{"server PlaySound (caller vol)", "animation hook (entry vol)"})
			ctx.SetGridLayout([]int{-1}, nil)
			ctx.Button("apply").On(func() {
				em, err := ed.apply(s.Emitters[i].Emitter)
				if err == nil {
					err = u.host.SetEmitter(i, em)
				}
				u.report(err)
			})
			label(ctx, "drag an emitter on the map to move it")
		} else {
			u.edit.index = -1
		}
		ctx.SetGridLayout([]int{-1}, nil)
		label(ctx, "layout file")
		ctx.TextField(&st.LayoutPath)
		ctx.SetGridLayout([]int{-1, -1}, nil)
		ctx.Button("save").On(func() { u.report(u.host.SaveLayout(st.LayoutPath)) })
		ctx.Button("load").On(func() { u.report(u.host.LoadLayout(st.LayoutPath)) })
	}()
}

// stingersWindow has a button per environs stinger of the UI sound table,
// played from the centre (PlaySoundFromCenter).
func (u *UI) stingersWindow(ctx *debugui.Context) {
	func() {
		ss := u.host.Stingers()
		if len(ss) == 0 {
			label(ctx, "no environs stingers in the UI sound table")
			return
		}
		ctx.SetGridLayout([]int{-1, -1, -1}, nil)
		for _, sg := range ss {
			ctx.IDScope(fmt.Sprint(sg.SType), func() {
				ctx.Button(sg.Name).On(func() { u.host.PlayStinger(sg.SType) })
			})
		}
	}()
}
