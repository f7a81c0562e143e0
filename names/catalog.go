package names

import (
	"fmt"
	"slices"

	"soundworld/dat"
)

// The sound catalogue: every wave, sound table, SoundType and object sound
// source of the data with names, formats and lengths. `soundworld sounds`
// prints it and the window's Sounds panel lists it; this is its one owner.

// Catalog is every sound of the data (`sounds -json` prints it as is).
type Catalog struct {
	Source  string        `json:"source"`
	Waves   []Wave        `json:"waves"`
	Tables  []Table       `json:"sound_tables"`
	Objects []Source      `json:"object_sources"`
	Probs   []dat.Problem `json:"problems"`
}

// HexID is an id that prints as "0x%08X" in JSON.
type HexID uint32

// MarshalJSON is `"0x%08X"`.
func (h HexID) MarshalJSON() ([]byte, error) { return fmt.Appendf(nil, `"0x%08X"`, uint32(h)), nil }

// UnmarshalJSON reads MarshalJSON's form back.
func (h *HexID) UnmarshalJSON(b []byte) error {
	var v uint32
	if _, err := fmt.Sscanf(string(b), `"0x%X"`, &v); err != nil {
		return fmt.Errorf("hex id %s: %w", b, err)
	}
	*h = HexID(v)
	return nil
}

// Wave is one wave's format and length.
type Wave struct {
	ID       HexID   `json:"id"`
	Name     string  `json:"name"`
	Format   string  `json:"format"` // PCM, MP3, or the format tag
	Channels uint16  `json:"channels"`
	Rate     uint32  `json:"rate_hz"`
	Bits     uint16  `json:"bits_per_sample"`
	Seconds  float64 `json:"seconds"`            // PCM: exact; MP3: data bytes ÷ average bytes per second
	Estimate bool    `json:"estimate,omitempty"` // Seconds is the MP3 estimate
}

// Table is one sound table and its SoundTypes in SoundType order.
type Table struct {
	ID    HexID        `json:"id"`
	Name  string       `json:"name"`
	Types []TableSound `json:"sound_types"`
}

// TableSound is one SoundType of a table with its variants (T1 picks among them).
type TableSound struct {
	SType    uint32    `json:"stype"`
	Name     string    `json:"name"`      // the sound's name (Book.Sound)
	TypeName string    `json:"type_name"` // §5.1's name for the SoundType
	Waves    []HexID   `json:"waves"`     // variants in table order
	Volumes  []float32 `json:"volumes"`   // each variant's volume (S2: may exceed 1)
}

// Source is one Setup whose default animation or script sounds (E3).
type Source struct {
	Setup HexID  `json:"setup"`
	Name  string `json:"name"`
	Plays string `json:"plays"`
	// First is what its first sound hook plays: a wave id, or a SoundType
	// of Table (the atlas search's query for "where can this play?").
	First     HexID  `json:"first_wave,omitempty"`
	FirstType uint32 `json:"first_stype,omitempty"`
	Table     HexID  `json:"table,omitempty"`
}

// List reads every wave, sound table and Setup of a's portal; a record that
// does not parse is a problem in ps (listed, skipped), never silent. The
// error is the directory's (the listing cannot go on).
func (b *Book) List(a *dat.Archive, ps *dat.Problems) (Catalog, error) {
	out := Catalog{Source: a.Source}
	each := func(lo, hi uint32, kind string, read func(id uint32) error) error {
		ids, err := dat.IDs(a.Portal, lo, hi, nil)
		for _, id := range ids {
			if err := read(id); err != nil {
				ps.AddErr(kind, a.Portal.Name(), id, err)
			}
		}
		return err
	}
	err := each(0x0A000000, 0x0AFFFFFF, dat.KindBadWave, func(id uint32) error {
		w, err := a.Wave(id)
		if err == nil {
			out.Waves = append(out.Waves, b.waveRow(w))
		}
		return err
	})
	if err == nil {
		err = each(0x20000000, 0x20FFFFFF, dat.KindBadTable, func(id uint32) error {
			t, err := a.SoundTable(id)
			if err == nil {
				out.Tables = append(out.Tables, b.tableRow(t))
			}
			return err
		})
	}
	if err == nil {
		err = each(0x02000000, 0x02FFFFFF, dat.KindBadSetup, func(id uint32) error {
			st, err := a.Setup(id)
			if err != nil {
				return err
			}
			if s, ok := b.sourceRow(a, id, st); ok {
				out.Objects = append(out.Objects, s)
			}
			return nil
		})
	}
	return out, err
}

// sourceRow is Setup id as an object sound source, false when it plays nothing.
func (b *Book) sourceRow(d Data, id uint32, st *dat.Setup) (Source, bool) {
	p := b.SetupPlays(id)
	if p == "" {
		return Source{}, false
	}
	name, ok := b.Known(id)
	if !ok {
		name = "(no name: -names gives one)"
	}
	s := Source{Setup: HexID(id), Name: name, Plays: p, Table: HexID(st.DefaultSoundTable)}
	if h, ok := firstHook(d, st); ok {
		if h.Type == dat.HookSoundTable {
			s.FirstType = h.SType
		} else {
			s.First = HexID(h.Wave)
		}
	}
	return s, true
}

// firstHook is the first sound hook of the Setup's default animation, else
// of its default script (describe's order).
func firstHook(d Data, st *dat.Setup) (dat.Hook, bool) {
	if st.DefaultAnimation != 0 {
		if an, err := d.Animation(st.DefaultAnimation); err == nil {
			for _, f := range an.Frames {
				if hs := soundHooks(f.Hooks); len(hs) > 0 {
					return hs[0], true
				}
			}
		}
	}
	if st.DefaultScript != 0 {
		if sc, err := d.PhysicsScript(st.DefaultScript); err == nil {
			for _, e := range sc.Entries {
				if hs := soundHooks([]dat.Hook{e.Hook}); len(hs) > 0 {
					return hs[0], true
				}
			}
		}
	}
	return dat.Hook{}, false
}

// waveRow is a wave's format and length: PCM from its header (data bytes ÷
// (channels × bytes per sample) ÷ rate); MP3 estimated from the header's
// average bytes per second (decoding every MP3 would take minutes).
func (b *Book) waveRow(w *dat.Wave) Wave {
	f := w.Format
	r := Wave{ID: HexID(w.ID), Name: b.Wave(w.ID), Format: fmt.Sprintf("tag 0x%04X", f.Tag),
		Channels: f.Channels, Rate: f.SamplesPerSec, Bits: f.BitsPerSample}
	switch f.Tag {
	case dat.WaveTagPCM:
		r.Format = "PCM"
		if frame := int(f.Channels) * int(f.BitsPerSample) / 8; frame > 0 && f.SamplesPerSec > 0 {
			r.Seconds = float64(len(w.Data)/frame) / float64(f.SamplesPerSec)
		}
	case dat.WaveTagMP3:
		r.Format, r.Estimate = "MP3", true
		if f.AvgBytesPerSec > 0 {
			r.Seconds = float64(len(w.Data)) / float64(f.AvgBytesPerSec)
		}
	}
	return r
}

// tableRow is a table's SoundTypes in SoundType order, each with its
// variants' waves in table order.
func (b *Book) tableRow(t *dat.SoundTable) Table {
	name, ok := b.Known(t.ID)
	if !ok {
		name = fmt.Sprintf("sound table 0x%08X", t.ID)
	}
	r := Table{ID: HexID(t.ID), Name: name}
	types := make([]uint32, 0, len(t.Sounds))
	for st := range t.Sounds {
		types = append(types, st)
	}
	slices.Sort(types)
	for _, st := range types {
		s := TableSound{SType: st, Name: b.Sound(st, t.ID, 0), TypeName: SType(st)}
		for _, d := range t.Sounds[st] {
			s.Waves = append(s.Waves, HexID(d.WaveID))
			s.Volumes = append(s.Volumes, d.Volume)
		}
		r.Types = append(r.Types, s)
	}
	return r
}
