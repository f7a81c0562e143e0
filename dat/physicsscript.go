package dat

import "math"

// PhysicsScript is record 0x33xxxxxx: hooks at start times (ACE
// FileTypes/PhysicsScript.cs, DRW dats.xml PhysicsScript, retail
// PhysicsScript::UnPack). Entries are kept in record order; the runtime
// (world, E3) orders them by start time as retail's PhysicsScript::Init does.
type PhysicsScript struct {
	ID      uint32
	Entries []ScriptEntry
}

// ScriptEntry is one hook of a script and when it runs, in s after the
// script starts.
type ScriptEntry struct {
	StartTime float64
	Hook      Hook
}

// ParsePhysicsScript decodes u32 id (0x33…), u32 count, then count ×
// {f64 start_time, hook}. A start time that is not a finite number ≥ 0 is an
// error at its byte: retail sorts entries by it and schedules by it, and a
// NaN has no place in that order.
func ParsePhysicsScript(b []byte) (*PhysicsScript, error) {
	r := newReader(b)
	s := &PhysicsScript{}
	s.ID = r.leadID("PhysicsScript (0x33xxxxxx)", highByte(typePhysicsScript))
	s.Entries = readList(r, 16, "script entries", func(r *reader) ScriptEntry {
		at := r.off
		t := r.f64()
		if r.err == nil && (math.IsNaN(t) || math.IsInf(t, 0) || t < 0) {
			r.failAt(at, "script entry start time is not a finite number >= 0:", t)
		}
		return ScriptEntry{StartTime: t, Hook: readHook(r)}
	})
	r.align4()
	r.wholeRecord("bytes after the last script entry:")
	return parsed(r, s.ID, s)
}

// EncodePhysicsScript is ParsePhysicsScript's inverse.
func EncodePhysicsScript(s *PhysicsScript) []byte {
	var w writer
	w.u32(s.ID)
	writeList(&w, s.Entries, func(w *writer, e ScriptEntry) {
		w.f64(e.StartTime)
		writeHook(w, &e.Hook)
	})
	return w.b
}

// PhysicsScript reads a 0x33xxxxxx record from the portal dat.
func (a *Archive) PhysicsScript(id uint32) (*PhysicsScript, error) {
	return record(a, a.Portal, id, ParsePhysicsScript, func(v *PhysicsScript) uint32 { return v.ID }, (*PhysicsScript).Problems)
}
