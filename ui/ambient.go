package ui

import (
	"fmt"

	"soundworld/names"
	"soundworld/ui/debugui"
)

// ambientWindow lists every ambient instance (A5) with its count, share of
// the total weight, current volume (continuous, A7) or play chance
// (intermittent), can-hear (A8) and time to its next deadline (A10), with
// display-side mute and solo.
func (u *UI) ambientWindow(ctx *debugui.Context) {
	func() {
		s := u.snap
		if s == nil {
			return
		}
		if s.NoAmbient {
			label(ctx, "A11: no ambient sound data at this position")
		}
		ctx.SetGridLayout([]int{-1}, nil)
		fitLabel(ctx, fmt.Sprintf("total weight %.3f, %d instances", s.TotalWeight, len(s.Instances)), "A5: the sum of the instances' weights here")
		u.wrapLabel(ctx, "set = ambient sound set (its map colour)")
		u.wrapLabel(ctx, "M mute, S solo: speakers and map only; the Sim is unchanged")
		for i, in := range s.Instances {
			ctx.IDScope(fmt.Sprint(i), func() {
				k := InstKey{in.Stb, in.Index}
				ctx.SetGridLayout([]int{-1, 30, 30}, nil)
				kind := "one-shot"
				if in.Continuous {
					kind = "bed"
				}
				name := fmt.Sprintf("%s %s, set %d entry %d", u.names.Sound(in.Desc.SType, in.STBID, 0), kind, in.Stb, in.Index)
				switch {
				case u.st.Mute[k]:
					name = "[muted] " + name
				case u.st.Solo[k]:
					name = "[solo] " + name
				case !u.st.Audible(k):
					name = "[not soloed] " + name
				}
				if i == u.st.Selected {
					name = "> " + name
				}
				ctx.Button(name).On(func() {
					if u.st.Selected == i {
						u.st.Selected = -1
					} else {
						u.st.Selected = i
					}
				})
				if ctx.Hovering() {
					ctx.Tooltip(instanceTip(u.names, in.Desc.SType, kind, in.Stb, in.Index, in.STBID, in.Desc.Volume, in.Desc.BaseChance, in.Desc.MinRate, in.Desc.MaxRate))
				}
				m, so := u.st.Mute[k], u.st.Solo[k]
				ctx.Checkbox(&m, "M").On(func() { u.st.Mute[k] = m })
				ctx.Checkbox(&so, "S").On(func() { u.st.Solo[k] = so })
				ctx.SetGridLayout([]int{-1}, nil)
				line := instanceLine(in.Continuous, in.Count, in.Share, in.CurrentVolume, in.PlayChance, in.CanHear, in.OnQueue, in.Deadline-s.Time)
				if u.blind && in.Continuous { // a bed's volume is a level (blind.go)
					line = fmt.Sprintf("  weight %.2f (%.0f%%) vol hidden", in.Count, 100*in.Share)
				}
				fitLabel(ctx, line, instanceNumbersTip)
			})
		}
	}()
}

// instanceTip is an instance row's tooltip: its name, then its ids and the
// desc's numbers (readable names first, ids on hover).
func instanceTip(b *names.Book, stype uint32, kind string, stb, index int, table uint32, vol, chance, minRate, maxRate float32) string {
	return fmt.Sprintf("%s %s: ambient sound set %d, entry %d\nSoundType 0x%02X, sound table 0x%08X\nvolume %.2f, base chance %.3f, rate %.1f–%.1f s\nclick: its cells and shells on the map",
		b.Sound(stype, table, 0), kind, stb, index, stype, table, vol, chance, minRate, maxRate)
}

// instanceNumbersTip explains an instance's numbers line.
const instanceNumbersTip = "weight: its count and share of the total (A5)\nvol: a bed's current volume (A7); chance: a one-shot's play chance\naudible: can be heard here (A8); next: time to its next deadline (A10)"

// instanceLine is one instance's numbers as the Ambient panel prints them:
// its weight and share (A5), volume (beds, A7) or play chance (one-shots),
// whether it can be heard (A8) and when it is next due (A10).
func instanceLine(cont bool, count, share, vol, chance float32, canHear, onQueue bool, next float64) string {
	v := fmt.Sprintf("chance %.3f", chance)
	if cont {
		v = fmt.Sprintf("vol %.3f", vol)
	}
	h := "no"
	if canHear {
		h = "yes"
	}
	n := "not queued"
	if onQueue {
		n = fmt.Sprintf("next %.1f s", next)
	}
	return fmt.Sprintf("  weight %.2f (%.0f%%) %s, audible %s, %s", count, 100*share, v, h, n)
}
