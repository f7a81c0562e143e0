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

// emitterFields are an emitter's keys, without underscores (any case
// matches), each with how its value is read into the Emitter.
var emitterFields = []struct {
	key string
	set func(e *Emitter, val []byte) error
}{
	{"name", func(e *Emitter, v []byte) error { return setString(&e.Name, v) }},
	{"landblock", func(e *Emitter, v []byte) error { return setUint(&e.Landblock, v, 16) }},
	{"x", func(e *Emitter, v []byte) error { return setFloat(&e.X, v, 32) }},
	{"y", func(e *Emitter, v []byte) error { return setFloat(&e.Y, v, 32) }},
	{"z", setEmitterZ},
	{"soundtable", func(e *Emitter, v []byte) error { return setUint(&e.SoundTable, v, 32) }},
	{"stype", func(e *Emitter, v []byte) error { return setUint(&e.SType, v, 32) }},
	{"wave", func(e *Emitter, v []byte) error { return setUint(&e.Wave, v, 32) }},
	{"probability", func(e *Emitter, v []byte) error { return setFloat(&e.Probability, v, 32) }},
	{"volume", func(e *Emitter, v []byte) error { return setFloat(&e.Volume, v, 32) }},
	{"interval", setEmitterInterval},
	{"path", func(e *Emitter, v []byte) error { return setUint(&e.Path, v, 8) }},
}

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
		for _, f := range emitterFields {
			if len(k) == len(f.key) && bytes.EqualFold(k, []byte(f.key)) {
				if err = f.set(e, val); err != nil {
					err = fmt.Errorf("emitter %s: %w", f.key, err)
				}
				return
			}
		}
	})
	return err
}

// setEmitterZ reads the optional height (null: none).
func setEmitterZ(e *Emitter, val []byte) error {
	if string(val) == "null" {
		e.Z = nil
		return nil
	}
	e.Z = new(float32)
	return setFloat(e.Z, val, 32)
}

// setEmitterInterval reads [min, max] as encoding/json fills an array:
// extra values dropped, missing ones zero, null leaves it as it is.
func setEmitterInterval(e *Emitter, val []byte) error {
	if string(val) == "null" {
		return nil
	}
	if val[0] != '[' {
		return typeErr(val, "[min, max]")
	}
	k, err := 0, error(nil)
	elements(val, func(v []byte) {
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
