package world

import (
	"bytes"
	"encoding/json"
	"fmt"

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
	if null, err := listOrNull(b, "emitters"); null || err != nil {
		*r = nil
		return err
	}
	es := make([]Emitter, count(b))
	i := 0
	var err error
	elements(b, func(v []byte) {
		if err == nil {
			err = decodeEmitter(&es[i], v)
		}
		i++
	})
	*r = es
	return err
}

// The keys of an emitter, without underscores (any case matches).
var emitterKeys = []string{"name", "landblock", "x", "y", "z", "soundtable", "stype", "wave", "probability",
	"volume", "interval", "path"}

// decodeEmitter parses one recorded emitter (a JSON object) into e, as
// encoding/json decodes Emitter once the keys' underscores are dropped.
func decodeEmitter(e *Emitter, b []byte) error {
	if b[0] != '{' && string(b) != "null" {
		return typeErr(b, "an emitter (an object)")
	}
	var err error
	members(b, func(key, val []byte) {
		if err != nil {
			return
		}
		var buf, nb [32]byte
		k := nb[:0]
		for _, c := range unquoted(buf[:0], key) {
			if c != '_' {
				k = append(k, c)
			}
		}
		for i, name := range emitterKeys {
			if len(k) == len(name) && bytes.EqualFold(k, []byte(name)) {
				if err = emitterField(e, i, val); err != nil {
					err = fmt.Errorf("emitter %s: %w", name, err)
				}
				return
			}
		}
	})
	return err
}

// emitterField sets field i of emitterKeys from val.
func emitterField(e *Emitter, i int, val []byte) error {
	switch emitterKeys[i] {
	case "name":
		return setString(&e.Name, val)
	case "landblock":
		return setUint(&e.Landblock, val, 16)
	case "x":
		return setFloat(&e.X, val, 32)
	case "y":
		return setFloat(&e.Y, val, 32)
	case "z":
		if string(val) == "null" {
			e.Z = nil
			return nil
		}
		e.Z = new(float32)
		return setFloat(e.Z, val, 32)
	case "soundtable":
		return setUint(&e.SoundTable, val, 32)
	case "stype":
		return setUint(&e.SType, val, 32)
	case "wave":
		return setUint(&e.Wave, val, 32)
	case "probability":
		return setFloat(&e.Probability, val, 32)
	case "volume":
		return setFloat(&e.Volume, val, 32)
	case "interval":
		if string(val) == "null" {
			return nil
		}
		if val[0] != '[' {
			return typeErr(val, "[min, max]")
		}
		k, err := 0, error(nil)
		elements(val, func(v []byte) { // as encoding/json fills an array: extra values dropped
			if k < 2 && err == nil {
				err = setFloat(&e.Interval[k], v, 32)
			}
			k++
		})
		for ; k < 2; k++ {
			e.Interval[k] = 0
		}
		return err
	}
	return setUint(&e.Path, val, 8)
}
