package world

// Bounded decoding of an input record. A sidecar's record
// decodes into memory at most a fixed multiple of its JSON: the slices are
// sized by counting their elements first (no append growth) and the
// entries are packed (inputstore.go, inputstore_json.go). The keys are
// checked by walking the JSON against the types' tags, so no decoder copies
// the text (json.Decoder's DisallowUnknownFields would buffer it all).

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
)

// UnmarshalText reads a kind; a kind not in the table is kept as written
// (Check names it).
func (k *InputKind) UnmarshalText(b []byte) error {
	if c, ok := kinds[string(b)]; ok {
		*k = kindList[c]
		return nil
	}
	*k = InputKind(b)
	return nil
}

// strictKeys marks a json.Unmarshaler whose keys UnknownJSONKey still
// checks (its UnmarshalJSON only sizes the slices).
func (l *InputLog) strictKeys() {}

// UnmarshalJSON decodes the record with its slices allocated once, at
// their final length: the early and anchor marks (the entries: Inputs).
func (l *InputLog) UnmarshalJSON(b []byte) error {
	type plain InputLog // without this method
	p := (*plain)(l)
	members(b, func(key, val []byte) {
		switch string(key) {
		case "early":
			p.Early = make([]EarlyMark, 0, count(val))
		case "anchors":
			p.Anchors = make([]AnchorMark, 0, count(val))
		}
	})
	return json.Unmarshal(b, p)
}

// UnknownJSONKey returns the first key in the JSON b that v's type (a
// pointer) has no field for, at any depth ("" when none), as
// json.Decoder's DisallowUnknownFields would refuse it. Types that decode
// themselves (json.Unmarshaler) are not looked into, except the record's.
// b must be valid JSON (json.Valid).
func UnknownJSONKey(b []byte, v any) string {
	return keyWalker{}.unknown(b, reflect.TypeOf(v))
}

// keyWalker caches each struct type's JSON names.
type keyWalker map[reflect.Type][]keyField

type keyField struct {
	name []byte
	typ  reflect.Type
}

var (
	unmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	strictType      = reflect.TypeFor[interface{ strictKeys() }]()
	inputsType      = reflect.TypeFor[Inputs]()
)

func (w keyWalker) unknown(b []byte, t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == inputsType { // its keys are Input's
		t = reflect.TypeFor[[]Input]()
	}
	if p := reflect.PointerTo(t); p.Implements(unmarshalerType) && !p.Implements(strictType) {
		return ""
	}
	found := ""
	switch t.Kind() {
	case reflect.Struct:
		fields := w.fields(t)
		members(b, func(key, val []byte) {
			if found != "" {
				return
			}
			var buf [32]byte
			k := unquoted(buf[:0], key)
			for _, f := range fields {
				if bytes.EqualFold(f.name, k) { // as encoding/json matches
					found = w.unknown(val, f.typ)
					return
				}
			}
			found = string(k)
		})
	case reflect.Slice, reflect.Array, reflect.Map:
		if !hasKeys(t.Elem()) {
			return ""
		}
		each := func(e []byte) {
			if found == "" {
				found = w.unknown(e, t.Elem())
			}
		}
		if t.Kind() == reflect.Map {
			members(b, func(_, v []byte) { each(v) })
		} else {
			elements(b, each)
		}
	}
	return found
}

// fields lists t's exported fields by their JSON names.
func (w keyWalker) fields(t reflect.Type) []keyField {
	if fs, ok := w[t]; ok {
		return fs
	}
	var fs []keyField
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fs = append(fs, keyField{[]byte(name), f.Type})
	}
	w[t] = fs
	return fs
}

// hasKeys says whether a value of type t can hold an object.
func hasKeys(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map, reflect.Slice, reflect.Array, reflect.Interface:
		return true
	}
	return false
}

// The walk over valid JSON text (json.Valid): values are found by their
// brackets and quotes only; anything not an object or array has no
// members or elements.

// members calls fn with each key (as written, without quotes) and value
// of the object b.
func members(b []byte, fn func(key, val []byte)) {
	i := space(b, 0)
	if i >= len(b) || b[i] != '{' {
		return
	}
	for i = space(b, i+1); i < len(b) && b[i] == '"'; {
		ke := stringEnd(b, i)
		key := b[i+1 : ke-1]
		i = space(b, space(b, ke)+1) // past the colon
		ve := valueEnd(b, i)
		fn(key, b[i:ve])
		if i = space(b, ve); i < len(b) && b[i] == ',' {
			i = space(b, i+1)
		}
	}
}

// elements calls fn with each element of the array b.
func elements(b []byte, fn func(val []byte)) {
	i := space(b, 0)
	if i >= len(b) || b[i] != '[' {
		return
	}
	for i = space(b, i+1); i < len(b) && b[i] != ']'; {
		ve := valueEnd(b, i)
		fn(b[i:ve])
		if i = space(b, ve); i < len(b) && b[i] == ',' {
			i = space(b, i+1)
		}
	}
}

// count is the number of elements of the array b (0 when not an array).
func count(b []byte) int {
	n := 0
	elements(b, func([]byte) { n++ })
	return n
}

func space(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\t' || b[i] == '\r') {
		i++
	}
	return i
}

// stringEnd is the index after the string starting at b[i] ('"').
func stringEnd(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(b)
}

// valueEnd is the index after the value starting at b[i].
func valueEnd(b []byte, i int) int {
	if i >= len(b) {
		return len(b)
	}
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				i = stringEnd(b, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return len(b)
	}
	for ; i < len(b); i++ { // a number, true, false or null
		switch b[i] {
		case ',', '}', ']', ' ', '\n', '\t', '\r':
			return i
		}
	}
	return i
}

// RecordCalls counts the calls of a record's JSON (an InputLog: its
// entries, a drag counted as its frames) without decoding it: how long a
// session a report link holds (internal/weblink). b must be valid JSON.
func RecordCalls(b []byte) int {
	n := 0
	members(b, func(key, val []byte) {
		if string(key) != "inputs" {
			return
		}
		elements(val, func(e []byte) {
			n++
			members(e, func(key, val []byte) {
				if entryKey(key) == fDrag {
					n += count(val) / 3
				}
			})
		})
	})
	return n
}
