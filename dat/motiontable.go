package dat

import (
	"math"
)

// MotionTable is record 0x09xxxxxx (E3 [D4]): a static whose Setup names one
// plays its default state's cycle instead of its default animation
// (CMotionTable::SetDefaultState, acclient.c:337969). Layout from retail's
// CMotionTable::UnPack (acclient.c CMTable.c), MotionData::UnPack (341813)
// and AnimData::UnPack (341178), as ACE's DatLoader and DatReaderWriter
// read it: u32 id, u32 default_style, u32 n × {u32 style, u32 substate}
// (style defaults), then cycles and modifiers, each u32 n × MotionData, then
// links, u32 n × {u32 key, u32 m, m × MotionData}. A MotionData is u32 key,
// u8 num_anims, u8 bitfield, u8 flags, one padding byte (align 4),
// num_anims × AnimData {u32 animation, i32 low_frame, i32 high_frame,
// f32 framerate}, then velocity (3 × f32) if flags bit 0 and omega
// (3 × f32) if flags bit 1.
type MotionTable struct {
	ID            uint32
	DefaultStyle  uint32
	StyleDefaults []StyleDefault // record order
	Cycles        []MotionData   // keyed style<<16 | substate&0xFFFFFF
	Modifiers     []MotionData
	Links         []MotionLink
}

// StyleDefault is a style's default substate.
type StyleDefault struct{ Style, Substate uint32 }

// MotionLink is one links entry: the motions reachable from Key.
type MotionLink struct {
	Key     uint32
	Motions []MotionData
}

// MotionData is one motion: its animations in play order (the sequence
// loops the last one, CSequence::append_animation's first_cyclic).
type MotionData struct {
	Key             uint32
	Bitfield, Flags uint8
	Anims           []AnimData
	Velocity, Omega [3]float32 // present iff Flags bit 0, bit 1
	Off             int        // the record byte the MotionData starts at
}

// AnimData is one animation of a motion: its frame range (high −1 = the
// last frame; retail clamps both to the animation, set_animation_id) and
// rate in frames per second (negative plays it backwards).
type AnimData struct {
	Anim      uint32
	Low, High int32
	Framerate float32
	Off       int // the record byte the AnimData starts at
}

// Minimum encodings, for count checks before allocating.
const (
	motionDataMin = 8  // key + 3 bytes + padding
	animDataSize  = 16 // id, low, high, rate
)

// ParseMotionTable decodes a MotionTable record. Truncation, a count larger
// than the bytes left, a framerate that is not a finite number and bytes
// after the links are errors naming the byte.
func ParseMotionTable(b []byte) (*MotionTable, error) {
	r := newReader(b)
	m := &MotionTable{}
	m.ID = r.leadID("MotionTable (0x09xxxxxx)", highByte(typeMotionTable))
	m.DefaultStyle = r.u32()
	m.StyleDefaults = readList(r, 8, "style defaults", func(r *reader) StyleDefault {
		return StyleDefault{Style: r.u32(), Substate: r.u32()}
	})
	m.Cycles = readMotions(r, "cycles")
	m.Modifiers = readMotions(r, "modifiers")
	m.Links = readList(r, 8, "links", func(r *reader) MotionLink {
		return MotionLink{Key: r.u32(), Motions: readMotions(r, "link motions")}
	})
	r.wholeRecord("bytes after the motion table's links:")
	return parsed(r, m.ID, m)
}

// readMotions reads u32 n, then n MotionData.
func readMotions(r *reader, what string) []MotionData {
	out := make([]MotionData, r.count(motionDataMin, what))
	for i := range out {
		out[i] = readMotionData(r)
		if r.err != nil {
			return out[:i]
		}
	}
	return out
}

func readMotionData(r *reader) MotionData {
	d := MotionData{Off: r.off}
	d.Key = r.u32()
	n := int(r.u8())
	d.Bitfield, d.Flags = r.u8(), r.u8()
	r.align4()
	if n*animDataSize > r.left() {
		r.failAt(d.Off+4, "motion data's animation count exceeds the bytes left:", n)
		return d
	}
	d.Anims = make([]AnimData, n)
	for k := range d.Anims {
		a := AnimData{Off: r.off}
		a.Anim, a.Low, a.High = r.u32(), r.i32(), r.i32()
		at := r.off
		a.Framerate = r.f32()
		if f := float64(a.Framerate); r.err == nil && (math.IsNaN(f) || math.IsInf(f, 0)) {
			r.failAt(at, "animation framerate is not a finite number:", a.Framerate)
		}
		d.Anims[k] = a
	}
	if d.Flags&1 != 0 {
		d.Velocity = [3]float32{r.f32(), r.f32(), r.f32()}
	}
	if d.Flags&2 != 0 {
		d.Omega = [3]float32{r.f32(), r.f32(), r.f32()}
	}
	return d
}

// DefaultCycle is the default state's cycle (CMotionTable::SetDefaultState
// 337969): the default style's default substate, and the cycle keyed
// default_style<<16 | substate&0xFFFFFF. Retail's hash tables put a later
// entry with the same key in front of an earlier one, so the last of
// duplicates wins here too. ok is false when either lookup fails — retail
// then leaves the sequence as it was (the default animation plays).
func (m *MotionTable) DefaultCycle() (d *MotionData, ok bool) {
	sub, found := uint32(0), false
	for _, s := range m.StyleDefaults {
		if s.Style == m.DefaultStyle {
			sub, found = s.Substate, true
		}
	}
	if !found {
		return nil, false
	}
	key := m.DefaultStyle<<16 | sub&0xFFFFFF
	for i := range m.Cycles {
		if m.Cycles[i].Key == key {
			d = &m.Cycles[i]
		}
	}
	return d, d != nil
}

// EncodeMotionTable is ParseMotionTable's inverse (Off fields are not
// written).
func EncodeMotionTable(m *MotionTable) []byte {
	var w writer
	w.u32(m.ID)
	w.u32(m.DefaultStyle)
	writeList(&w, m.StyleDefaults, func(w *writer, s StyleDefault) {
		w.u32(s.Style)
		w.u32(s.Substate)
	})
	writeMotions(&w, m.Cycles)
	writeMotions(&w, m.Modifiers)
	writeList(&w, m.Links, func(w *writer, l MotionLink) {
		w.u32(l.Key)
		writeMotions(w, l.Motions)
	})
	return w.b
}

func writeMotions(w *writer, ds []MotionData) {
	writeList(w, ds, func(w *writer, d MotionData) {
		w.u32(d.Key)
		w.b = append(w.b, uint8(len(d.Anims)), d.Bitfield, d.Flags, 0)
		for _, a := range d.Anims {
			w.u32(a.Anim)
			w.u32(uint32(a.Low))
			w.u32(uint32(a.High))
			w.f32(a.Framerate)
		}
		if d.Flags&1 != 0 {
			w.f32s(d.Velocity[:]...)
		}
		if d.Flags&2 != 0 {
			w.f32s(d.Omega[:]...)
		}
	})
}

// MotionTable reads a 0x09xxxxxx record from the portal dat.
func (a *Archive) MotionTable(id uint32) (*MotionTable, error) {
	return record(a, a.Portal, id, ParseMotionTable, func(v *MotionTable) uint32 { return v.ID }, (*MotionTable).Problems)
}
