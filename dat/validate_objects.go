package dat

import "fmt"

// Record validation of the object records E3 and A11 read (Scene, Setup,
// Animation, PhysicsScript, EnvCell): values retail data never holds, named
// by field and record byte. As with validate.go's, the records stay usable
// and the simulation does what retail would with them; the problem says so.

// frameProblem notes the first value of a frame (7 f32 at record byte off)
// that is not a finite number.
func (v *valueProblems) frame(off int64, what string, fr Frame) {
	for k, x := range [7]float32{fr.X, fr.Y, fr.Z, fr.QW, fr.QX, fr.QY, fr.QZ} {
		if !finite32(x) {
			v.add(off+4*int64(k), "%s frame value %d (%s) is not a finite number: %v", what, k, frameField[k], x)
			return
		}
	}
}

var frameField = [7]string{"x", "y", "z", "qw", "qx", "qy", "qz"}

// hook notes a hook's values retail data never holds: a direction other
// than backward, both or forward; a sound hook's wave that is not a Wave id;
// a SoundTweaked probability outside [0, 1], priority not finite or volume
// outside [0, 10]; a CallPES script that is not a PhysicsScript id or a
// pause that is not a finite number ≥ 0.
func (v *valueProblems) hook(what string, h *Hook) {
	off := int64(h.Off)
	if h.Dir < HookBackward || h.Dir > HookForward {
		v.add(off+4, "%s: %s hook direction %d is not -1, 0 or 1", what, HookName(h.Type), h.Dir)
	}
	switch h.Type {
	case HookSound, HookSoundTweaked:
		if h.Wave>>24 != typeWave {
			v.add(off+8, "%s: %s hook's wave 0x%08X is not a Wave id (0x0A…)", what, HookName(h.Type), h.Wave)
		}
	case HookCallPES:
		if h.Script>>24 != typePhysicsScript {
			v.add(off+8, "%s: CallPES hook's script 0x%08X is not a PhysicsScript id (0x33…)", what, h.Script)
		}
		if !(h.Pause >= 0) || !finite32(h.Pause) {
			v.add(off+12, "%s: CallPES hook's pause %v s is not a finite number >= 0", what, h.Pause)
		}
	}
	if h.Type != HookSoundTweaked {
		return
	}
	if !inRange(h.Probability, 0, 1) {
		v.add(off+12, "%s: SoundTweaked hook's probability %v outside [0, 1]", what, h.Probability)
	}
	if !finite32(h.Priority) {
		v.add(off+16, "%s: SoundTweaked hook's priority is not a finite number: %v", what, h.Priority)
	}
	if !inRange(h.Volume, 0, MaxVolume) {
		v.add(off+20, "%s: SoundTweaked hook's volume %v outside [0, %d]", what, h.Volume, MaxVolume)
	}
}

// Problems lists what is wrong with a parsed Scene: per object, a model
// that is neither a GfxObj nor a Setup id, a base frame value or a
// placement value (freq, displacements, scales, rotation, slopes) that is
// not a finite number.
func (s *Scene) Problems(raw []byte) []Problem {
	v := &valueProblems{id: s.ID, kind: KindBadRecord}
	names := [8]string{"freq", "displace_x", "displace_y", "min_scale", "max_scale", "max_rotation", "min_slope", "max_slope"}
	for k := range s.Objects {
		o := &s.Objects[k]
		off := int64(8 + sceneObjectSize*k)
		what := fmt.Sprintf("scene object %d", k)
		if t := o.ObjID >> 24; t != 0x01 && t != 0x02 {
			v.add(off, "%s model 0x%08X is neither a GfxObj (0x01…) nor a Setup (0x02…) id", what, o.ObjID)
		}
		v.frame(off+4, what+" base_loc", o.BaseLoc)
		for j, x := range [8]float32{o.Freq, o.DisplaceX, o.DisplaceY, o.MinScale, o.MaxScale, o.MaxRotation, o.MinSlope, o.MaxSlope} {
			if !finite32(x) {
				v.add(off+32+4*int64(j), "%s %s is not a finite number: %v", what, names[j], x)
			}
		}
	}
	return v.list
}

// Problems lists what is wrong with a parsed Animation: a position or part
// frame value that is not finite, and each hook's values (valueProblems.hook).
func (a *Animation) Problems(raw []byte) []Problem {
	v := &valueProblems{id: a.ID, kind: KindBadRecord}
	off := int64(16)
	for i, f := range a.PosFrames {
		v.frame(off, fmt.Sprintf("frame %d position", i), f)
		off += 28
	}
	for i := range a.Frames {
		f := &a.Frames[i]
		for j, p := range f.Parts {
			v.frame(off, fmt.Sprintf("frame %d part %d", i, j), p)
			off += 28
		}
		off += 4 // num_hooks
		for j := range f.Hooks {
			v.hook(fmt.Sprintf("frame %d hook %d", i, j), &f.Hooks[j])
			off = int64(f.Hooks[j].Off) + hookSize(&f.Hooks[j])
		}
	}
	return v.list
}

// hookSize is a hook's bytes on disk, its Align4 pad included.
func hookSize(h *Hook) int64 {
	var w writer
	writeHook(&w, h)
	return int64(len(w.b))
}

// Problems lists what is wrong with a parsed PhysicsScript: each hook's
// values (valueProblems.hook; start times are checked when it parses).
func (s *PhysicsScript) Problems(raw []byte) []Problem {
	v := &valueProblems{id: s.ID, kind: KindBadRecord}
	for i := range s.Entries {
		v.hook(fmt.Sprintf("script entry %d", i), &s.Entries[i].Hook)
	}
	return v.list
}

// Problems lists what is wrong with a parsed EnvCell: its frame or a
// static's frame holding a value that is not finite, and a static whose
// model is neither a GfxObj nor a Setup id.
func (c *EnvCell) Problems(raw []byte) []Problem {
	v := &valueProblems{id: c.ID, kind: KindBadRecord}
	off := int64(16 + 2*len(c.Surfaces) + 4)
	v.frame(off, "cell", c.Frame)
	off += 28 + 8*int64(len(c.Portals)) + 2*int64(len(c.VisibleCells)) + 4
	for i, s := range c.Statics {
		if t := s.ID >> 24; t != 0x01 && t != 0x02 {
			v.add(off, "static %d model 0x%08X is neither a GfxObj (0x01…) nor a Setup (0x02…) id", i, s.ID)
		}
		v.frame(off+4, fmt.Sprintf("static %d", i), s.Frame)
		off += 32
	}
	return v.list
}

// Problems lists what is wrong with a parsed Setup (raw: its record bytes)
// whose five defaults ParseSetup read from the record's tail (§3.7
// shortcut): the full layout walked from the front must end exactly where
// those five begin. A record cut short or grown, or a count changed, makes
// the walk end elsewhere (or run past the record): the defaults read are
// then not the record's, and the problem names the field where the walk
// went wrong. The placements' hooks are checked as an Animation's.
func (s *Setup) Problems(raw []byte) []Problem {
	v := &valueProblems{id: s.ID, kind: KindBadSetup}
	end, err := walkSetup(raw, v)
	switch {
	case err != nil:
		v.list = append(v.list, err.(*FormatError).Problem(KindBadSetup))
	case end != len(raw)-20:
		v.add(int64(end), "Setup layout ends at record byte 0x%X, the five default ids begin at 0x%X: the record is cut, grown or its counts changed (the defaults read are not the record's)", end, len(raw)-20)
	}
	return v.list
}

// walkSetup reads a Setup's fields up to its five default ids (§3.7 full
// order) and returns where they begin.
func walkSetup(b []byte, v *valueProblems) (int, error) {
	r := newReader(b)
	id := r.u32()
	flags := r.u32()
	nParts := r.count(4, "Setup parts")
	r.skip(4*nParts, "Setup part ids")
	if flags&0x1 != 0 {
		r.skip(4*nParts, "Setup parent indices")
	}
	if flags&0x2 != 0 {
		r.skip(12*nParts, "Setup default scales")
	}
	for _, what := range []string{"holding locations", "connection points"} {
		n := r.count(36, "Setup "+what)
		for range n {
			r.u32()
			r.u32()
			readFrame(r)
		}
	}
	np := r.count(8+28*nParts, "Setup placements")
	for i := range np {
		r.u32() // key
		for range nParts {
			readFrame(r)
		}
		nh := r.count(8, "Setup placement hooks")
		for j := range nh {
			h := readHook(r)
			if r.err == nil {
				v.hook(fmt.Sprintf("placement %d hook %d", i, j), &h)
			}
		}
	}
	r.skip(20*r.count(20, "Setup cylspheres"), "Setup cylspheres")
	r.skip(16*r.count(16, "Setup spheres"), "Setup spheres")
	r.skip(16+32, "Setup heights and spheres") // height, radius, step up, step down; sorting and selection spheres
	r.skip(48*r.count(48, "Setup lights"), "Setup lights")
	return r.off, r.done(id)
}

// Problems lists what is wrong with a parsed MotionTable (E3 [D4]): an
// animation id that is not an Animation (0x03…), and velocity or omega
// values that are not finite. A NaN framerate is a parse error.
func (m *MotionTable) Problems(raw []byte) []Problem {
	v := &valueProblems{id: m.ID, kind: KindBadRecord}
	each := func(what string, d *MotionData) {
		for k, a := range d.Anims {
			if a.Anim>>24 != typeAnimation {
				v.add(int64(a.Off), "%s anim %d: 0x%08X is not an Animation (0x03…) id", what, k, a.Anim)
			}
		}
		for k, x := range append(d.Velocity[:], d.Omega[:]...) {
			if !finite32(x) {
				v.add(int64(d.Off), "%s velocity/omega[%d] is not a finite number: %v", what, k, x)
			}
		}
	}
	for k := range m.Cycles {
		each(fmt.Sprintf("cycle 0x%08X", m.Cycles[k].Key), &m.Cycles[k])
	}
	for k := range m.Modifiers {
		each(fmt.Sprintf("modifier 0x%08X", m.Modifiers[k].Key), &m.Modifiers[k])
	}
	for _, l := range m.Links {
		for k := range l.Motions {
			each(fmt.Sprintf("link 0x%08X→0x%08X", l.Key, l.Motions[k].Key), &l.Motions[k])
		}
	}
	return v.list
}
