package dat

import "fmt"

// setupMinSize is the id plus the final five u32 the shortcut reads (§3.7).
const setupMinSize = 4 + 5*4

// Record type bytes of the ids a Setup's final five u32 name (§3.7; DRW
// dats.xml Setup: Animation 0x03, PhysicsScript 0x33, MotionTable 0x09,
// SoundTable 0x20, PhysicsScriptTable 0x34).
const (
	typeAnimation     = 0x03
	typeMotionTable   = 0x09
	typePhysicsScript = 0x33
	typeScriptTable   = 0x34
)

// setupDefaults names the final five u32 in record order with the type byte
// each must carry when non-zero.
var setupDefaults = [5]struct {
	name string
	typ  uint32
}{
	{"default animation", typeAnimation},
	{"default script", typePhysicsScript},
	{"default motion table", typeMotionTable},
	{"default sound table", typeSoundTable},
	{"default script table", typeScriptTable},
}

// ParseSetup reads a Setup record's five default ids (§3.7 shortcut, extended
// from the sound table to all five): the u32s at record_size − 20 … − 4, in
// the order default_animation (0x03…), default_script (0x33…),
// default_motion_table (0x09…), default_sound_table (0x20…),
// default_script_table (0x34…). Each must be 0 or carry its type byte; any
// other value means the record is not laid out as §3.7 says, and is an error
// at that id's byte.
func ParseSetup(b []byte) (*Setup, error) {
	r := newReader(b)
	s := &Setup{}
	s.ID = r.leadID("Setup (0x02xxxxxx)", highByte(typeSetup))
	if r.err == nil && len(b) < setupMinSize {
		r.failAt(0, "Setup record shorter than 24 bytes:", len(b))
	}
	if r.err == nil {
		r.off = len(b) - 20
		dst := [5]*uint32{&s.DefaultAnimation, &s.DefaultScript, &s.DefaultMotionTable, &s.DefaultSoundTable, &s.DefaultScriptTable}
		for i, d := range setupDefaults {
			at := r.off
			*dst[i] = r.u32()
			if v := *dst[i]; r.err == nil && v != 0 && v>>24 != d.typ {
				r.failAt(at, fmt.Sprintf("Setup %s is neither 0 nor a 0x%02Xxxxxxx id:", d.name, d.typ), v)
			}
		}
	}
	return parsed(r, s.ID, s)
}

// EncodeSetup writes a minimal valid Setup (§3.7): flags 0, zero parts, empty
// holding/connection/placement/cylsphere/sphere lists, zero heights and
// spheres, no lights, then the final five u32 — so each sits where the
// reader's shortcut looks.
func EncodeSetup(s *Setup) []byte {
	var w writer
	w.u32(s.ID)
	w.u32(0) // flags
	w.u32(0) // num_parts (no part ids, parents or scales follow)
	w.u32(0) // holding locations
	w.u32(0) // connection points
	w.u32(0) // placements
	w.u32(0) // cylspheres
	w.u32(0) // spheres
	for range 4 {
		w.f32(0) // height, radius, step up, step down
	}
	for range 8 {
		w.f32(0) // sorting sphere, selection sphere (origin + radius each)
	}
	w.u32(0) // lights
	w.u32(s.DefaultAnimation)
	w.u32(s.DefaultScript)
	w.u32(s.DefaultMotionTable)
	w.u32(s.DefaultSoundTable)
	w.u32(s.DefaultScriptTable)
	return w.b
}

// SetupParts reads a Setup record's part list (§3.7: u32 id, u32 flags, u32
// num_parts, then num_parts GfxObj ids) — the cheap front of the record that
// soundworld check cross-checks against the portal dat. A part list that
// runs past the record is an error at num_parts' byte.
func SetupParts(b []byte) ([]uint32, error) {
	r := newReader(b)
	id := r.leadID("Setup (0x02xxxxxx)", highByte(typeSetup))
	r.u32() // flags
	at := r.off
	n := r.u32()
	if r.err == nil && uint64(n)*4 > uint64(len(b)-r.off) {
		r.failAt(at, "Setup num_parts runs past the record end:", n)
	}
	if err := r.done(id); err != nil {
		return nil, err
	}
	parts := make([]uint32, n)
	for i := range parts {
		parts[i] = r.u32()
	}
	return parts, nil
}

// SetupPartsOffset is the record byte of part i's GfxObj id (§3.7).
func SetupPartsOffset(i int) int64 { return 12 + 4*int64(i) }
