package world

import (
	"encoding/json"
	"strings"

	"soundworld/audio"
)

// RecordedEmitters are the emitters an input record carries (its start and
// set/add/update inputs). They are written with snake_case keys, like every
// JSON the tool writes and like the Snapshot's emitters in
// the same sidecar ("sound_table", "s_type"); Emitter itself has no JSON tags
// and no methods (a MarshalJSON on it would be promoted into EmitterView).
// Reading also takes the Go-named keys sidecars of the first -from build
// wrote ("SoundTable", "SType"): keys match without underscores, any case.
type RecordedEmitters []Emitter

// emitterJSON is Emitter with its written keys.
type emitterJSON struct {
	Name        string     `json:"name"`
	Landblock   uint16     `json:"landblock"`
	X           float32    `json:"x"`
	Y           float32    `json:"y"`
	Z           *float32   `json:"z"`
	SoundTable  uint32     `json:"sound_table"`
	SType       uint32     `json:"s_type"`
	Wave        uint32     `json:"wave"`
	Probability float32    `json:"probability"`
	Volume      float32    `json:"volume"`
	Interval    [2]float32 `json:"interval"`
	Path        audio.Path `json:"path"`
}

// MarshalJSON writes the emitters with snake_case keys (null when nil, as
// a plain slice is).
func (r RecordedEmitters) MarshalJSON() ([]byte, error) {
	if r == nil {
		return []byte("null"), nil
	}
	out := make([]emitterJSON, len(r))
	for i, e := range r {
		out[i] = emitterJSON(e)
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads snake_case or Go-named keys.
func (r *RecordedEmitters) UnmarshalJSON(b []byte) error {
	var raw []map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	if raw == nil {
		*r = nil
		return nil
	}
	es := make([]Emitter, len(raw))
	for i, m := range raw {
		plain := make(map[string]json.RawMessage, len(m))
		for k, v := range m {
			plain[strings.ReplaceAll(k, "_", "")] = v
		}
		b, err := json.Marshal(plain)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(b, &es[i]); err != nil {
			return err
		}
	}
	*r = es
	return nil
}
