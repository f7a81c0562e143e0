package ui

import (
	"fmt"

	"soundworld/audio"
	"soundworld/names"
	"soundworld/ui/debugui"
	"soundworld/world"
)

// objectsSection lists the data's sounding objects around the player (E3)
// under "from the data": each can be muted or soloed, never edited — they
// are the game's, not the user's.
func (u *UI) objectsSection(ctx *debugui.Context) {
	s := u.snap
	if s == nil {
		return
	}
	ctx.SetGridLayout([]int{-1}, nil)
	if s.ObjectsReleased != "" { // A11/E3: a closed EnvCell released the landscape
		label(ctx, "from the data: none outdoors — the")
		if ctx.Hovering() {
			ctx.Tooltip(s.ObjectsReleased)
		}
		label(ctx, fmt.Sprintf("cell 0x%08X does not see", s.Indoor))
		label(ctx, "outside: retail releases the")
		label(ctx, "landscape's objects here (A11/E3)")
	}
	if len(s.Objects) == 0 && s.ObjectsReleased != "" {
		return
	}
	if len(s.Objects) == 0 {
		label(ctx, "from the data: no sounding objects here")
		return
	}
	label(ctx, fmt.Sprintf("from the data (%d): objects whose animation or script sounds", len(s.Objects)))
	ctx.SetGridLayout([]int{-1, 50, 40}, nil)
	for _, o := range s.Objects {
		ctx.IDScope(fmt.Sprintf("obj%08X", o.ID), func() {
			what := "anim"
			if o.Anim == 0 {
				what = "script"
			}
			name := fmt.Sprintf("%s %s r %.0f m", u.names.ObjectWithID(o.ID, o.Setup), what, o.AudibleRadius)
			if o.Muted {
				name += " (muted)"
			}
			label(ctx, name)
			if ctx.Hovering() {
				ctx.Tooltip(ObjectCard(u.names, o))
			}
			// The Sim owns mute and solo (they are in its input record): the
			// buttons read the Snapshot.
			id, muted := o.ID, o.UserMuted
			mute := "mute"
			if muted {
				mute = "unmute"
			}
			ctx.Button(mute).On(func() { u.host.SetObjectMute(id, !muted) })
			solo, soloed := "solo", o.Soloed
			if soloed {
				solo = "all"
			}
			ctx.Button(solo).On(func() {
				if soloed {
					u.host.SetObjectSolo(0)
				} else {
					u.host.SetObjectSolo(id)
				}
			})
			if o.State != "" { // why it is silent (the Sim's words)
				ctx.SetGridLayout([]int{-1}, nil)
				label(ctx, "   "+o.State)
				ctx.SetGridLayout([]int{-1, 50, 40}, nil)
			}
		})
	}
}

// ObjectCard is an object's full card (the panel's and the map's hover):
// its name and id, kind, records, place, state and what E3 plays of it.
func ObjectCard(b *names.Book, o world.ObjectView) string {
	state := o.State
	if state == "" {
		state = "sounding"
	}
	return fmt.Sprintf("%s (%s object 0x%08X), setup 0x%08X\nsound table 0x%08X, default animation 0x%08X, default script 0x%08X\nat 0x%04X (%.1f, %.1f, %.1f)\nnow: %s\nE3: plays the sound hooks of its default animation (30 frames/s, looping) and script (once per creation)",
		b.Object(o.ID, o.Setup), world.ObjectKind(o.ID), o.ID, o.Setup, o.Table, o.Anim, o.Script, o.Loc.Landblock, o.Loc.X, o.Loc.Y, o.Loc.Z, state)
}

// objectHookOf names the object, setup and hook (frame or start time) behind
// an object's voice in slot (E3), from the snapshot's recent events; "" for
// other voices or when the event has left the log.
func (u *UI) objectHookOf(v audio.Voice, slot int) string {
	if v.Source != audio.SourceObject || u.snap == nil {
		return ""
	}
	for i := len(u.snap.Events) - 1; i >= 0; i-- {
		ev := &u.snap.Events[i]
		if ev.Object != nil && ev.Slot == slot && ev.Time == v.Start {
			return u.names.Object(ev.Object.ObjectID, ev.Object.Setup) + ": " + ev.Object.String()
		}
	}
	return ""
}
