package dat

// setupMinSize is the id plus the final five u32 the shortcut needs (§3.7).
const setupMinSize = 4 + 5*4

// ParseSetup reads a Setup record's default sound table (§3.7 shortcut): the
// u32 at record_size − 8, which must be 0 or a SoundTable id (high byte 0x20).
func ParseSetup(b []byte) (*Setup, error) {
	r := newReader(b)
	s := &Setup{}
	s.ID = r.leadID("Setup (0x02xxxxxx)", highByte(typeSetup))
	if r.err == nil && len(b) < setupMinSize {
		r.failAt(0, "Setup record shorter than 24 bytes:", len(b))
	}
	if r.err == nil {
		r.off = len(b) - 8
		s.DefaultSoundTable = r.u32()
		if v := s.DefaultSoundTable; v != 0 && v>>24 != typeSoundTable {
			r.failAt(len(b)-8, "Setup default sound table is neither 0 nor a 0x20xxxxxx id:", v)
		}
	}
	if err := r.done(s.ID); err != nil {
		return nil, err
	}
	return s, nil
}

// EncodeSetup writes a minimal valid Setup (§3.7): flags 0, zero parts, empty
// holding/connection/placement/cylsphere/sphere lists, zero heights and
// spheres, no lights, then the final five u32 with default_sound_table
// fourth — so it sits at record_size − 8 and the reader's shortcut holds.
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
	w.u32(0) // default_animation
	w.u32(0) // default_script
	w.u32(0) // default_motion_table
	w.u32(s.DefaultSoundTable)
	w.u32(0) // default_script_table
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
