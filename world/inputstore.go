package world

// The input record's entries in memory, packed, so that decoding any
// accepted record allocates at most 4× its text. An entry is one
// 32-byte row: its time, its kind and the values its kind uses; a drag's
// frames, an emitter entry's emitters and a prefs string live in arrays
// the rows share. The shortest entry a file can hold, {"kind":"eye"} and
// its comma (15 bytes), so costs 32 bytes, where a whole Input took 168.
// Input stays the one value callers build and read: Append packs it, At
// unpacks it. A row keeps only the values its kind uses (inputkinds.go's
// table reads no others); other keys of an entry are read and dropped.

import (
	"encoding/json"
	"iter"
	"math"
)

// Inputs is a record's entries in order (the JSON array "inputs").
type Inputs struct {
	rows   []inputRow
	frames []float32 // drags' x, y, heading triples (world m, deg)
	emits  []Emitter // set/add/update entries' emitters
	strs   []string  // prefs; an unknown kind's name
}

// inputRow is one entry. For each kind (pack, unpack):
//
//	tick: w = N, Dt          step: w[0] = N
//	drag: u = first frame value, w[0] = number of values
//	listener, player, move: w[0] = X, Y; w[1] = Heading (Index for move); lb
//	indoor: lb, u = Cell, w[0] = X, Y; w[1] = Heading, Z
//	eye, chase: w[0] = the value        prefs, unknown: u = strs index
//	set/add/update: u = first emitter, w[0] = count, w[1] = Index, flag = a list
//	delete: w[1] = Index      stinger: u = Table, w[0] = SType
//	active, object_mute, object_solo: flag = Active/Muted, u = Object
type inputRow struct {
	t    float64
	w    [2]uint64
	kind uint8 // index into kindList; 0: unknown (its name in strs[u])
	flag bool
	lb   uint16
	u    uint32
}

// kindList numbers the kinds for rows (0 is "unknown").
var kindList = []InputKind{"", InTick, InStep, InListener, InPlayer, InIndoor, InEye, InChase, InPrefs,
	InActive, InEmitters, InAdd, InUpdate, InMove, InDelete, InStinger, InObjMute, InObjSolo, InDrag}

// kinds maps a kind's JSON to its number (a lookup by string(b): no allocation).
var kinds = func() map[string]uint8 {
	m := map[string]uint8{}
	for i, k := range kindList[1:] {
		m[string(k)] = uint8(i + 1)
	}
	return m
}()

// Len is the number of entries.
func (s *Inputs) Len() int { return len(s.rows) }

// At is entry i. Its Drag and Emitters are views of the record's arrays,
// capped (appending to them copies; writing into them changes the record).
func (s *Inputs) At(i int) Input {
	r := &s.rows[i]
	in := Input{Kind: kindList[r.kind], T: r.t, Landblock: r.lb}
	x, y := unpair(r.w[0])
	switch in.Kind {
	case "":
		in.Kind = InputKind(s.str(r.u))
	case InTick:
		in.N, in.Dt = int(int64(r.w[0])), math.Float64frombits(r.w[1])
	case InStep:
		in.N = int(int64(r.w[0]))
	case InDrag:
		if r.w[0] > 0 { // else nil, as for "drag": [] (Check refuses it)
			in.Drag = s.frames[r.u : uint64(r.u)+r.w[0] : uint64(r.u)+r.w[0]]
		}
	case InListener, InPlayer:
		in.X, in.Y, in.Heading = x, y, math.Float32frombits(uint32(r.w[1]))
	case InIndoor:
		in.X, in.Y, in.Cell = x, y, r.u
		in.Heading, in.Z = unpair(r.w[1])
	case InMove:
		in.X, in.Y, in.Index = x, y, int(int64(r.w[1]))
	case InEye:
		in.Eye = x
	case InChase:
		in.Chase = x
	case InPrefs:
		in.Prefs = s.str(r.u)
	case InEmitters, InAdd, InUpdate:
		if in.Emitters = noEmitters; r.w[0] > 0 {
			in.Emitters = s.emits[r.u : uint64(r.u)+r.w[0] : uint64(r.u)+r.w[0]]
		}
		if !r.flag {
			in.Emitters = nil
		}
		in.Index = int(int64(r.w[1]))
	case InDelete:
		in.Index = int(int64(r.w[1]))
	case InStinger:
		in.Table, in.SType = r.u, uint32(r.w[0])
	case InActive:
		in.Active = r.flag
	case InObjMute, InObjSolo:
		in.Object, in.Muted = r.u, r.flag
	}
	return in
}

// row packs in; its Drag and Emitters are copied into the arrays unless
// owned (then they are the arrays' last values already: decoding).
func (s *Inputs) row(in *Input, owned bool) inputRow {
	r := inputRow{t: in.T, kind: kinds[string(in.Kind)]}
	switch in.Kind {
	case InTick, InStep:
		r.w = [2]uint64{uint64(int64(in.N)), math.Float64bits(in.Dt)}
		if in.Kind == InStep {
			r.w[1] = 0
		}
	case InDrag:
		if !owned {
			s.frames = append(s.frames, in.Drag...)
		}
		r.u, r.w[0] = uint32(len(s.frames)-len(in.Drag)), uint64(len(in.Drag))
	case InListener, InPlayer, InIndoor, InMove:
		r.lb, r.w = in.Landblock, [2]uint64{pair(in.X, in.Y), uint64(math.Float32bits(in.Heading))}
		switch in.Kind {
		case InListener:
			r.lb = 0
		case InIndoor:
			r.u, r.w[1] = in.Cell, pair(in.Heading, in.Z)
		case InMove:
			r.lb, r.w[1] = 0, uint64(int64(in.Index))
		}
	case InEye, InChase:
		r.w[0] = pair(in.Eye, 0)
		if in.Kind == InChase {
			r.w[0] = pair(in.Chase, 0)
		}
	case InEmitters, InAdd, InUpdate:
		if !owned {
			s.emits = append(s.emits, cloneEmitters(in.Emitters)...)
		}
		r.u, r.w, r.flag = uint32(len(s.emits)-len(in.Emitters)), [2]uint64{uint64(len(in.Emitters)), uint64(int64(in.Index))}, in.Emitters != nil
	default:
		s.scalars(&r, in)
	}
	return r
}

// scalars packs the kinds of one or two small values.
func (s *Inputs) scalars(r *inputRow, in *Input) {
	switch in.Kind {
	case InPrefs:
		r.u = s.putStr(in.Prefs)
	case InDelete:
		r.w[1] = uint64(int64(in.Index))
	case InStinger:
		r.u, r.w[0] = in.Table, uint64(in.SType)
	case InActive:
		r.flag = in.Active
	case InObjMute, InObjSolo:
		r.u, r.flag = in.Object, in.Muted && in.Kind == InObjMute
	default: // unknown: its name, for Check to say
		if r.kind == 0 {
			r.u = s.putStr(string(in.Kind))
		}
	}
}

// noStr is the strs index of "" (no slot: the shortest prefs entry).
const noStr = math.MaxUint32

func (s *Inputs) putStr(v string) uint32 {
	if v == "" {
		return noStr
	}
	s.strs = append(s.strs, v)
	return uint32(len(s.strs) - 1)
}

func (s *Inputs) str(i uint32) string {
	if i == noStr {
		return ""
	}
	return s.strs[i]
}

func pair(a, b float32) uint64 {
	return uint64(math.Float32bits(a)) | uint64(math.Float32bits(b))<<32
}

func unpair(w uint64) (float32, float32) {
	return math.Float32frombits(uint32(w)), math.Float32frombits(uint32(w >> 32))
}

// Append adds entries (their drags and emitters copied).
func (s *Inputs) Append(ins ...Input) {
	for i := range ins {
		s.rows = append(s.rows, s.row(&ins[i], false))
	}
}

// Set replaces entry i.
func (s *Inputs) Set(i int, in Input) { s.rows[i] = s.row(&in, false) }

// Truncate keeps the first n entries.
func (s *Inputs) Truncate(n int) { s.rows = s.rows[:n] }

// Head is the first n entries, sharing s's arrays (appending to either
// copies; the record is not changed through it).
func (s *Inputs) Head(n int) Inputs {
	return Inputs{rows: s.rows[:n:n], frames: s.frames[:len(s.frames):len(s.frames)],
		emits: s.emits[:len(s.emits):len(s.emits)], strs: s.strs[:len(s.strs):len(s.strs)]}
}

// All yields the entries in order (At's values).
func (s *Inputs) All() iter.Seq2[int, Input] {
	return func(yield func(int, Input) bool) {
		for i := range s.rows {
			if !yield(i, s.At(i)) {
				return
			}
		}
	}
}

// Clone is a copy sharing nothing with s.
func (s *Inputs) Clone() Inputs {
	return Inputs{rows: append([]inputRow(nil), s.rows...), frames: append([]float32(nil), s.frames...),
		emits: cloneEmitters(s.emits), strs: append([]string(nil), s.strs...)}
}

// appendFrame adds a frame to drag i (the record's last drag: its frames
// are the last values of the array, else they are moved there first).
func (s *Inputs) appendFrame(i int, x, y, heading float32) {
	r := &s.rows[i]
	if uint64(r.u)+r.w[0] != uint64(len(s.frames)) {
		off := len(s.frames)
		s.frames = append(s.frames, s.frames[r.u:uint64(r.u)+r.w[0]]...)
		r.u = uint32(off)
	}
	s.frames = append(s.frames, x, y, heading)
	r.w[0] += 3
}

// MarshalJSON writes the entries as a list of Input (always a list: []
// when empty), byte for byte what a []Input gives.
func (s Inputs) MarshalJSON() ([]byte, error) {
	b := append(make([]byte, 0, 64*len(s.rows)+2), '[')
	for i := range s.rows {
		if i > 0 {
			b = append(b, ',')
		}
		e, err := json.Marshal(s.At(i))
		if err != nil {
			return nil, err
		}
		b = append(b, e...)
	}
	return append(b, ']'), nil
}

// InputsOf packs entries into a record's list (tests, hand-built records).
func InputsOf(ins ...Input) Inputs {
	var s Inputs
	s.Append(ins...)
	return s
}

// Slice is every entry unpacked (168 bytes each: for tests and short records).
func (s *Inputs) Slice() []Input {
	out := make([]Input, s.Len())
	for i := range out {
		out[i] = s.At(i)
	}
	return out
}
