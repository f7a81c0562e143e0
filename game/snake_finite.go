package game

import (
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
)

// Damaged game data can put ±Inf or NaN into values the Sim reports (a sound
// table's priority, say): the Sim uses them as retail would, and the data
// problem is reported. JSON has no number for them, so a Snapshot holding one
// is written with that value as the string "+Inf", "-Inf" or "NaN" rather
// than failing the whole sidecar; reading such a sidecar leaves the value 0.

// nonFinite names a float JSON cannot hold, or "" for a finite one.
func nonFinite(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "+Inf"
	case math.IsInf(f, -1):
		return "-Inf"
	}
	return ""
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// finiteTree is v as encoding/json would see it, with every non-finite float
// replaced by its name. Types with their own JSON or text form keep it.
func finiteTree(v reflect.Value) any {
	if !v.IsValid() {
		return nil
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
	}
	if v.Kind() != reflect.Interface && (v.Type().Implements(jsonMarshaler) || v.Type().Implements(textMarshaler)) {
		if b, err := json.Marshal(v.Interface()); err == nil {
			return json.RawMessage(b)
		}
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		return finiteTree(v.Elem())
	case reflect.Float32, reflect.Float64:
		if name := nonFinite(v.Float()); name != "" {
			return name
		}
		return v.Interface()
	case reflect.Struct:
		m := map[string]any{}
		structInto(m, v)
		return m
	case reflect.Slice:
		if v.IsNil() {
			return nil
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return v.Interface()
		}
		fallthrough
	case reflect.Array:
		out := make([]any, v.Len())
		for i := range out {
			out[i] = finiteTree(v.Index(i))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return nil
		}
		m := make(map[string]any, v.Len())
		for it := v.MapRange(); it.Next(); {
			m[fmt.Sprint(it.Key().Interface())] = finiteTree(it.Value())
		}
		return m
	}
	return v.Interface()
}

// structInto adds v's exported fields to m under their JSON names, with
// untagged embedded structs flattened as encoding/json does.
func structInto(m map[string]any, v reflect.Value) {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		if f.Anonymous && tag == "" && f.Type.Kind() == reflect.Struct {
			structInto(m, v.Field(i))
			continue
		}
		if !f.IsExported() {
			continue
		}
		name := f.Name
		if n, _, _ := strings.Cut(tag, ","); n != "" {
			name = n
		}
		m[name] = finiteTree(v.Field(i))
	}
}

// dropNonFinite replaces the strings finiteTree writes for non-finite floats
// with null, so that reading leaves those values 0.
func dropNonFinite(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			t[k] = dropNonFinite(x)
		}
	case []any:
		for i := range t {
			t[i] = dropNonFinite(t[i])
		}
	case string:
		if t == "+Inf" || t == "-Inf" || t == "NaN" {
			return nil
		}
	}
	return v
}
