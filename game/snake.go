package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"unicode"
)

// Snake wraps a value whose Go type has no JSON tags so that it is written
// with snake_case keys ("CellID" → "cell_id", "SType" → "s_type", "DB" →
// "db"), the one naming style of every JSON the window writes. Reading accepts what it writes (and the Go names): Go matches
// keys case-insensitively, so dropping the underscores is enough.
type Snake[T any] struct{ V T }

// MarshalJSON writes V with snake_case keys.
func (s Snake[T]) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(s.V)
	var bad *json.UnsupportedValueError
	if errors.As(err, &bad) { // a non-finite float from damaged data
		b, err = json.Marshal(finiteTree(reflect.ValueOf(s.V)))
	}
	if err != nil {
		return nil, err
	}
	return rekey(b, snakeCase)
}

// UnmarshalJSON reads V from snake_case (or Go-named) keys.
func (s *Snake[T]) UnmarshalJSON(b []byte) error {
	b, err := rekey(b, func(k string) string { return strings.ReplaceAll(k, "_", "") })
	if err != nil {
		return err
	}
	err = json.Unmarshal(b, &s.V)
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) { // "+Inf", "-Inf" or "NaN" written for a float
		var v any
		if json.Unmarshal(b, &v) == nil {
			if b, err = json.Marshal(dropNonFinite(v)); err == nil {
				err = json.Unmarshal(b, &s.V)
			}
		}
	}
	return err
}

// rekey rewrites every object key of the JSON b with f, keeping values exact.
func rekey(b []byte, f func(string) string) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return json.Marshal(walkKeys(v, f))
}

func walkKeys(v any, f func(string) string) any {
	switch t := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(t))
		for k, x := range t {
			m[f(k)] = walkKeys(x, f)
		}
		return m
	case []any:
		for i := range t {
			t[i] = walkKeys(t[i], f)
		}
	}
	return v
}

// snakeCase turns a Go field name into snake_case: a word starts at an upper
// case letter after a lower case one or a digit, and at the last capital of a
// run followed by a lower case letter ("HTTPServer" → "http_server").
func snakeCase(s string) string {
	r := []rune(s)
	var b strings.Builder
	for i, c := range r {
		if unicode.IsUpper(c) && i > 0 {
			prev := r[i-1]
			next := i+1 < len(r) && unicode.IsLower(r[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && next) {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(c))
	}
	return b.String()
}
