package datcheck

import (
	"fmt"
	"slices"

	"soundworld/dat"
)

// E3 in check: every Animation (0x03) and PhysicsScript (0x33) is parsed and
// every hook's reference followed — a SoundHook's or SoundTweakedHook's wave,
// a CallPES's script; a Setup's default animation and script; every
// SoundTableHook a Setup can run against the Setup's default sound table (the
// table must exist and hold that SoundType); and the CallPES chains, of
// which a cycle that takes no time (every start time and pause 0) is a
// problem: retail's ScriptManager would run it forever within one frame. It
// also counts the Setups that sound, and those among the scenery the
// region's scenes can place.

// ObjectStats counts what E3 plays in the data.
type ObjectStats struct {
	Animations     int `json:"animations"`
	Scripts        int `json:"scripts"`
	SoundHooks     int `json:"sound_hooks"` // in animations and scripts, all three kinds
	SoundingSetups int `json:"sounding_setups"`
	// SceneSetups are the Setups the region's scenes list (scenery);
	// SoundingScenery those of them that sound.
	SceneSetups     int `json:"scene_setups"`
	SoundingScenery int `json:"sounding_scenery"`
	Scenes          int `json:"scenes"` // Scene records read
	// E3 [D4]: MotionTables are the 0x09 records read; PlacedWithMotion the
	// LandBlockInfo objects and buildings (placements inside their block)
	// whose Setup has a DefaultMotionTable and a DefaultAnimation or
	// DefaultScript, SceneryWithMotion such Setups among the scenery's. With
	// a DefaultAnimation such a static plays the motion table's default cycle.
	MotionTables      int `json:"motion_tables"`
	PlacedWithMotion  int `json:"placed_statics_with_motion_table"`
	SceneryWithMotion int `json:"scenery_setups_with_motion_table"`
}

// hookRef is a hook and where it sits.
type hookRef struct {
	rec  uint32
	hook dat.Hook
}

func (c *checker) objects(a *dat.Archive) *ObjectStats {
	if c.portal == nil || a.Portal == nil {
		return nil
	}
	o := &objectPass{c: c, a: a, pf: c.portal, st: &ObjectStats{},
		anims: map[uint32][]hookRef{}, scripts: map[uint32][]hookRef{}, zeroTime: map[uint32]bool{}}
	o.animations()
	o.physicsScripts()
	c.scriptCycles(o.pf, o.scripts, o.zeroTime)

	o.st.MotionTables = c.motionTables(a, o.pf, o.read(0x09000000, 0x0A000000))

	sounding, withMotion := o.setups()
	o.st.SoundingSetups = len(sounding)
	c.mu.Lock()
	for model, n := range c.placed {
		if withMotion[model] {
			o.st.PlacedWithMotion += n
		}
	}
	c.mu.Unlock()
	if c.region != nil && c.region.Scene != nil {
		o.scenery(sounding, withMotion)
	}
	return o.st
}

// objectPass is one E3 pass over the portal dat pf of a: what it counts
// (st) and the hooks it has read.
type objectPass struct {
	c        *checker
	a        *dat.Archive
	pf       *file
	st       *ObjectStats
	anims    map[uint32][]hookRef // animation → its sound/CallPES hooks (all frames)
	scripts  map[uint32][]hookRef // script → its hooks
	zeroTime map[uint32]bool      // script whose every start time is 0
}

// read is the portal's record ids in [lo, hi).
func (o *objectPass) read(lo, hi uint32) []uint32 {
	i, _ := slices.BinarySearch(o.pf.ids, lo)
	j, _ := slices.BinarySearch(o.pf.ids, hi)
	return o.pf.ids[i:j]
}

// keepHook is whether h is a hook E3 follows: a sound or a CallPES.
func keepHook(h dat.Hook) bool { return h.IsSound() || h.Type == dat.HookCallPES }

// checkRef counts hook h of record rec and checks the record it names.
func (o *objectPass) checkRef(rec uint32, h dat.Hook) {
	switch h.Type {
	case dat.HookSound, dat.HookSoundTweaked:
		o.st.SoundHooks++
		if !o.pf.has(h.Wave) {
			o.c.problem(o.pf, rec, int64(h.Off+8), dat.KindMissingRecord, "%s hook's wave 0x%08X is not in the portal dat", dat.HookName(h.Type), h.Wave)
		}
	case dat.HookSoundTable:
		o.st.SoundHooks++
	case dat.HookCallPES:
		if !o.pf.has(h.Script) {
			o.c.problem(o.pf, rec, int64(h.Off+8), dat.KindMissingRecord, "CallPES hook's script 0x%08X is not in the portal dat", h.Script)
		}
	}
}

// animations reads every Animation and its sound and CallPES hooks.
func (o *objectPass) animations() {
	for _, id := range o.read(0x03000000, 0x04000000) {
		an, err := o.a.Animation(id)
		if err != nil {
			o.c.recordErr(o.pf, id, err)
			continue
		}
		o.st.Animations++
		for _, f := range an.Frames {
			for _, h := range f.Hooks {
				if keepHook(h) {
					o.checkRef(id, h)
					o.anims[id] = append(o.anims[id], hookRef{id, h})
				}
			}
		}
	}
}

// physicsScripts reads every PhysicsScript, its hooks and whether all its
// start times are 0.
func (o *objectPass) physicsScripts() {
	for _, id := range o.read(0x33000000, 0x34000000) {
		s, err := o.a.PhysicsScript(id)
		if err != nil {
			o.c.recordErr(o.pf, id, err)
			continue
		}
		o.st.Scripts++
		zero := true
		for _, e := range s.Entries {
			zero = zero && e.StartTime == 0 && (e.Hook.Type != dat.HookCallPES || e.Hook.Pause == 0)
			if keepHook(e.Hook) {
				o.checkRef(id, e.Hook)
				o.scripts[id] = append(o.scripts[id], hookRef{id, e.Hook})
			}
		}
		o.zeroTime[id] = zero
	}
}

// setups finds the Setups that sound and those with a motion table and a
// default animation or script (E3 [D4]), and checks every SoundTableHook a
// Setup can run against the Setup's default sound table.
func (o *objectPass) setups() (sounding, withMotion map[uint32]bool) {
	sounding = map[uint32]bool{}
	withMotion = map[uint32]bool{}
	tables := map[uint32]*dat.SoundTable{}
	for _, id := range o.read(0x02000000, 0x03000000) {
		s, err := o.a.Setup(id)
		if err != nil {
			continue // reported by the record pass
		}
		withMotion[id] = s.DefaultMotionTable != 0 && (s.DefaultAnimation != 0 || s.DefaultScript != 0)
		var hooks []hookRef
		if s.DefaultAnimation != 0 {
			if !o.pf.has(s.DefaultAnimation) {
				o.c.problem(o.pf, id, -1, dat.KindMissingRecord, "default animation 0x%08X is not in the portal dat", s.DefaultAnimation)
			}
			hooks = append(hooks, o.anims[s.DefaultAnimation]...)
		}
		if s.DefaultScript != 0 {
			if !o.pf.has(s.DefaultScript) {
				o.c.problem(o.pf, id, -1, dat.KindMissingRecord, "default script 0x%08X is not in the portal dat", s.DefaultScript)
			}
			hooks = append(hooks, chain(s.DefaultScript, o.scripts)...)
		}
		for _, h := range hooks {
			if h.hook.Type == dat.HookCallPES && s.DefaultScript != 0 {
				hooks = append(hooks, chain(h.hook.Script, o.scripts)...)
			}
		}
		for _, h := range hooks {
			if !h.hook.IsSound() {
				continue
			}
			sounding[id] = true
			if h.hook.Type != dat.HookSoundTable {
				continue
			}
			tid := s.DefaultSoundTable
			if tid == 0 {
				o.c.problem(o.pf, h.rec, int64(h.hook.Off), dat.KindBadReference, "SoundTableHook (SoundType 0x%02X) run by setup 0x%08X, which has no default sound table: it plays nothing", h.hook.SType, id)
				continue
			}
			t, ok := tables[tid]
			if !ok {
				t, _ = o.a.SoundTable(tid) // a missing or bad table is reported elsewhere
				tables[tid] = t
			}
			if t != nil && len(t.Sounds[h.hook.SType]) == 0 {
				o.c.problem(o.pf, h.rec, int64(h.hook.Off+8), dat.KindBadReference, "SoundTableHook's SoundType 0x%02X (%s) is not in setup 0x%08X's sound table 0x%08X: it plays nothing",
					h.hook.SType, dat.SoundTypeName(h.hook.SType), id, tid)
			}
		}
	}
	return sounding, withMotion
}

// scenery counts the Setups the region's scenes list. A scene the region
// names that is not in the portal, or a scene object's Setup that is not,
// is a problem: retail places nothing there (get_land_scenes skips a scene
// it cannot read; makeObject of a missing Setup makes no object). Objects
// with a weenie id are the server's, never placed by the client
// (world/scenery.go), so they are not counted as scenery.
func (o *objectPass) scenery(sounding, withMotion map[uint32]bool) {
	seen := map[uint32]bool{}
	scenery := map[uint32]bool{}
	for i, stp := range o.c.region.Scene.SceneTypes {
		for _, sid := range stp.Scenes {
			if seen[sid] {
				continue
			}
			seen[sid] = true
			if !o.pf.has(sid) {
				o.c.problem(o.pf, dat.RegionID, -1, dat.KindBadReference, "scene type %d lists scene 0x%08X, which is not in the portal dat: it places no scenery", i, sid)
				continue
			}
			b, err := o.a.Portal.Get(sid)
			if err != nil {
				continue // the walk reports a record it cannot read
			}
			sc, err := dat.ParseScene(b)
			if err != nil {
				o.c.recordErr(o.pf, sid, err)
				continue
			}
			o.st.Scenes++
			for k, ob := range sc.Objects {
				if ob.ObjID>>24 != 0x02 || ob.WeenieObj != 0 || scenery[ob.ObjID] {
					continue
				}
				if !o.pf.has(ob.ObjID) {
					o.c.problem(o.pf, sid, int64(8+76*k), dat.KindBadReference, "scene object %d names setup 0x%08X, which is not in the portal dat: it is never placed", k, ob.ObjID)
					continue
				}
				scenery[ob.ObjID] = true
			}
		}
	}
	o.st.SceneSetups = len(scenery)
	for id := range scenery {
		if sounding[id] {
			o.st.SoundingScenery++
		}
		if withMotion[id] {
			o.st.SceneryWithMotion++
		}
	}
}

// motionTables parses every MotionTable (E3 [D4]) and checks each
// animation its motions name is in the portal dat; it returns how many read.
func (c *checker) motionTables(a *dat.Archive, pf *file, ids []uint32) int {
	n := 0
	for _, id := range ids {
		m, err := a.MotionTable(id)
		if err != nil {
			c.recordErr(pf, id, err)
			continue
		}
		n++
		check := func(ds []dat.MotionData) {
			for _, d := range ds {
				for _, ad := range d.Anims {
					if ad.Anim != 0 && !pf.has(ad.Anim) {
						c.problem(pf, id, int64(ad.Off), dat.KindMissingRecord, "motion 0x%08X's animation 0x%08X is not in the portal dat", d.Key, ad.Anim)
					}
				}
			}
		}
		check(m.Cycles)
		check(m.Modifiers)
		for _, l := range m.Links {
			check(l.Motions)
		}
	}
	return n
}

// chain lists the hooks of script id and of every script it chains, each
// script once.
func chain(id uint32, scripts map[uint32][]hookRef) []hookRef {
	var out []hookRef
	seen := map[uint32]bool{}
	var walk func(uint32)
	walk = func(s uint32) {
		if seen[s] {
			return
		}
		seen[s] = true
		for _, h := range scripts[s] {
			out = append(out, h)
			if h.hook.Type == dat.HookCallPES {
				walk(h.hook.Script)
			}
		}
	}
	walk(id)
	return out
}

// scriptCycles reports each CallPES cycle whose scripts all take no time.
func (c *checker) scriptCycles(pf *file, scripts map[uint32][]hookRef, zero map[uint32]bool) {
	const (
		white = iota
		grey
		black
	)
	color := map[uint32]int{}
	var stack []uint32
	var visit func(uint32)
	visit = func(s uint32) {
		color[s] = grey
		stack = append(stack, s)
		for _, h := range scripts[s] {
			if h.hook.Type != dat.HookCallPES {
				continue
			}
			n := h.hook.Script
			switch color[n] {
			case white:
				if _, ok := scripts[n]; ok || zero[n] {
					visit(n)
				}
			case grey:
				i := slices.Index(stack, n)
				cyc := stack[i:]
				allZero := true
				for _, x := range cyc {
					allZero = allZero && zero[x]
				}
				if allZero {
					path := ""
					for _, x := range append(slices.Clone(cyc), n) {
						path += fmt.Sprintf(" → 0x%08X", x)
					}
					c.problem(pf, n, int64(h.hook.Off), dat.KindBadReference, "CallPES chain%s loops with no time in it: retail would run it forever in one frame", path)
				}
			}
		}
		stack = stack[:len(stack)-1]
		color[s] = black
	}
	ids := make([]uint32, 0, len(zero))
	for id := range zero {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if color[id] == white {
			visit(id)
		}
	}
}

// recordErr reports a record that does not parse (once; the record pass
// reads only the types it knows).
func (c *checker) recordErr(f *file, id uint32, err error) {
	c.add(dat.ProblemOf(dat.KindBadRecord, f.f.Name(), id, err))
}
