package world

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// The files the tool writes and reads back — the layout, the path file, the
// gate file, the sidecar and the report link's payload — each carry a
// "format" key: the version of their schema, whose keys and units
// docs/file-formats.md lists. A file without the key is version 1 (every
// file written before the key existed). Each schema is explicit: struct
// tags on types that exist for the file (or a hand-written codec), never
// keys derived from Go field names, so a renamed field cannot rename a key;
// the tests pin every key against the page and golden files of each
// version.

// FormatVersion is the version this build writes and the newest it reads.
const FormatVersion = 1

// FormatKey is the key that holds the version.
const FormatKey = "format"

// CheckFormat reads a "format" value (nil: absent, version 1) of a file of
// kind what ("layout", "path file", …): a version this build does not know
// is an error saying so.
func CheckFormat(raw json.RawMessage, what string) (int, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return 1, nil
	}
	var v int
	if err := json.Unmarshal(raw, &v); err != nil || v < 1 {
		return 0, fmt.Errorf("%q %s: want a format version ≥ 1", FormatKey, raw)
	}
	if v > FormatVersion {
		return v, fmt.Errorf("%q %d: this %s was written by a newer soundworld (this one reads format 1..%d)", FormatKey, v, what, FormatVersion)
	}
	return v, nil
}

// UnknownKey is the error for a key the file's format does not have.
func UnknownKey(what, key string, version int) error {
	return fmt.Errorf("unknown key %q: format %d of the %s has no such key (written by a newer soundworld, or misspelt?)", key, version, what)
}

// JSONKeys lists the key paths v's type writes, from its json tags:
// "a", "a.b", "list[].c"; a type with its own MarshalJSON is one key. A
// field without a tag is an error (its key would be the Go name).
func JSONKeys(v any) ([]string, error) {
	var keys []string
	var walk func(t reflect.Type, prefix string) error
	marshaler := reflect.TypeFor[json.Marshaler]()
	walk = func(t reflect.Type, prefix string) error {
		if t == inputsType {
			t = reflect.TypeFor[[]Input]() // written as a list of Input
		}
		own := func(t reflect.Type) bool {
			return t.Implements(marshaler) || reflect.PointerTo(t).Implements(marshaler)
		}
		if prefix != "" && own(t) {
			return nil // a type with its own codec is one key (the top one is walked)
		}
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			if t.Kind() != reflect.Pointer {
				prefix += "[]"
			}
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || (prefix != "" && own(t)) {
			return nil
		}
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if tag == "-" {
				continue
			}
			if tag == "" {
				return fmt.Errorf("%s: field %s has no json tag", t, f.Name)
			}
			k := tag
			if prefix != "" {
				k = prefix + "." + tag
			}
			keys = append(keys, k)
			if err := walk(f.Type, k); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(reflect.TypeOf(v), ""); err != nil {
		return nil, err
	}
	slices.Sort(keys)
	return keys, nil
}
