package world

import (
	"fmt"
	"math"

	"soundworld/audio"
	"soundworld/dat"
)

// The Sim's side of E3: how an object's hook plays and is logged.

// objRunner binds the object runtime to this Sim's manager and event log.
func (s *Sim) objRunner() *objRunner {
	return &objRunner{play: s.playObject, roll: s.rollObject}
}

// playObject plays one sound hook of a live object through E1's path for its
// type, at the object's origin with the camera as listener (W5, W6), and
// logs it as source object with the object, the hook and its frame or start
// time (O4: with the draws it consumed).
func (s *Sim) playObject(st *objState, f fire) {
	d := st.def
	h := &f.hook
	ref := &ObjectHook{ObjectID: d.id, Setup: d.si.setup.ID, Type: h.Type}
	if f.anim {
		ref.Anim, ref.Frame = f.src, f.frame
	} else {
		ref.Script, ref.Start = f.src, f.start
	}
	table := d.si.setup.DefaultSoundTable
	pos := managerPos(d.loc, s.cam)
	var p audio.Play
	switch {
	case s.objs.silenced(d.id):
		p = audio.Play{Time: s.now, Source: audio.SourceObject, Table: table, SType: h.SType, Wave: h.Wave, Slot: -1,
			DB: audio.VolMin, Outcome: audio.OutcomeSilent, Reason: "object muted in the tool (not retail)"}
	case h.Type == dat.HookSoundTable && table == 0:
		// PlaySound(SoundType, object) with no sound table: nothing to pick from.
		p = audio.Play{Time: s.now, Source: audio.SourceObject, SType: h.SType, Slot: -1, DB: audio.VolMin,
			Outcome: audio.OutcomeSilent, Reason: fmt.Sprintf("setup 0x%08X has no default sound table (E3)", d.si.setup.ID)}
	case h.Type == dat.HookSoundTable: // E1 hook
		p = s.mgr.PlayObjectSoundType(s.now, table, h.SType, pos)
	case h.Type == dat.HookSound: // E1 sound_hook
		p = s.mgr.PlayObjectWave(s.now, h.Wave, pos, 0, 0, audio.PathSoundHook)
	default: // E1 tweaked_hook: the hook's probability and volume
		p = s.mgr.PlayObjectWave(s.now, h.Wave, pos, h.Volume, h.Probability, audio.PathTweakedHook)
	}
	s.recordEvent(Event{Play: p, Pos: d.loc.World(), Loc: d.loc, Trace: s.mgr.TakeTrace(), Object: ref})
}

// rollObject is CallPES's RollDice(0, pause) on the shared generator (T4); it
// is logged as its own row so the draw is accounted for (O4).
func (s *Sim) rollObject(lo, hi float32) float32 {
	v := s.mgr.RollDice(lo, hi)
	s.recordEvent(Event{Play: audio.Play{Time: s.now, Source: audio.SourceObject, Slot: -1, DB: audio.VolMin,
		Outcome: audio.OutcomeSilent, Reason: fmt.Sprintf("CallPES pause roll: the chained script starts in %gs (E3)", v)},
		Trace: s.mgr.TakeTrace()})
	return v
}

// releasedWhy is the Snapshot's ObjectsReleased for closed EnvCell cell.
func releasedWhy(cell uint32) string {
	return fmt.Sprintf("EnvCell 0x%08X does not see outside: retail releases the landscape there, so the world's objects are gone until the player steps out (A11/E3)", cell)
}

// objectViews are the live object sources with their rings (E3, E1's ring).
func (s *Sim) objectViews() []ObjectView {
	vs := s.objs.views(s.effectMaster(), s.prefs.Squared, func(id uint32) *dat.SoundTable {
		t, err := s.bank.SoundTable(id)
		if err != nil {
			return nil
		}
		return t
	})
	for i := range vs {
		if v := &vs[i]; v.State == "" {
			d := Offset(s.cam, v.Loc) // W6: from landblock-local positions
			if m := math.Sqrt(float64(d.X*d.X + d.Y*d.Y + d.Z*d.Z)); m > float64(v.AudibleRadius) {
				v.State = fmt.Sprintf("%s: %.0f m away, heard within %.0f m", OutOfRange, m, v.AudibleRadius)
			}
		}
	}
	return vs
}

// SetObjectMuted mutes (or unmutes) object source id: its hooks still run
// and are logged, but play nothing (a tool feature, not retail).
func (s *Sim) SetObjectMuted(id uint32, muted bool) {
	s.note(Input{Kind: InObjMute, Object: id, Muted: muted}) // a replay mutes it too
	if muted {
		s.objs.muted[id] = true
	} else {
		delete(s.objs.muted, id)
	}
}

// SetObjectSolo plays only object source id among the objects (0: none soloed).
func (s *Sim) SetObjectSolo(id uint32) {
	s.note(Input{Kind: InObjSolo, Object: id})
	s.objs.solo = id
}

// setObjects turns the data's object sources on or off (E3; -objects): a
// replay's start does it, as Config.NoObjects does at NewSim. The live
// objects are forgotten: turned on, they are created at the next Tick as
// if their landblocks had just loaded.
func (s *Sim) setObjects(on bool) {
	s.noObjs = !on
	s.objs.reset()
}
