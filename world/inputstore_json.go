package world

// Reading an input record's entries in place: counted first, so every
// array is allocated once at its final length, then each entry parsed from
// the text without a decoder per entry (encoding/json's state is ~1 KB a
// call). Values follow encoding/json's rules for Input's field types: keys
// match in any case, null leaves a value zero, a number out of its type's
// range or a value of another type is an error naming the key.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// The keys of an entry (Input's JSON names), numbered by field.
const (
	fNone = iota
	fKind
	fT
	fN
	fDt
	fX
	fY
	fHeading
	fEye
	fChase
	fLandblock
	fZ
	fCell
	fPrefs
	fActive
	fIndex
	fEmitters
	fTable
	fSType
	fDrag
	fObject
	fMuted
)

var entryKeys = [...]string{fKind: "kind", fT: "t", fN: "n", fDt: "dt", fX: "x", fY: "y", fHeading: "heading",
	fEye: "eye", fChase: "chase", fLandblock: "landblock", fZ: "z", fCell: "cell", fPrefs: "prefs",
	fActive: "active", fIndex: "index", fEmitters: "emitters", fTable: "table", fSType: "stype",
	fDrag: "drag", fObject: "object", fMuted: "muted"}

// UnmarshalJSON reads the JSON list of entries (null: none).
func (s *Inputs) UnmarshalJSON(b []byte) error {
	*s = Inputs{}
	if null, err := listOrNull(b, "inputs"); null || err != nil {
		return err
	}
	n, floats, emits, strs := 0, 0, 0, 0
	elements(b, func(e []byte) {
		n++
		members(e, func(key, val []byte) {
			switch entryKey(key) {
			case fDrag:
				floats += count(val)
			case fEmitters:
				emits += count(val)
			case fPrefs: // a string unless "" (putStr)
				if len(val) > 2 && val[0] == '"' {
					strs++
				}
			case fKind: // an unknown kind's name
				var buf [32]byte
				if c, name := kindOf(buf[:0], val); c == 0 && len(name) > 0 {
					strs++
				}
			}
		})
	})
	s.rows, s.frames = make([]inputRow, 0, n), make([]float32, 0, floats)
	s.emits, s.strs = make([]Emitter, 0, emits), make([]string, 0, strs)
	i := 0
	var err error
	elements(b, func(e []byte) {
		if err == nil {
			if err = s.decodeEntry(e); err != nil {
				err = fmt.Errorf("inputs[%d]: %w", i, err)
			}
		}
		i++
	})
	return err
}

// listOrNull says whether the JSON b is null, and errs unless it is a list.
func listOrNull(b []byte, what string) (null bool, err error) {
	if !json.Valid(b) {
		return false, errors.New(what + ": not JSON")
	}
	v := bytes.TrimSpace(b)
	if string(v) == "null" {
		return true, nil
	}
	if v[0] != '[' {
		return false, errors.New(what + ": want a list")
	}
	return false, nil
}

// decodeEntry parses one entry and appends its row.
func (s *Inputs) decodeEntry(e []byte) error {
	var in Input
	if e[0] != '{' && string(e) != "null" {
		return typeErr(e, "an object")
	}
	var err error
	members(e, func(key, val []byte) {
		if err == nil {
			err = s.field(&in, entryKey(key), val)
		}
	})
	if err != nil {
		return err
	}
	s.rows = append(s.rows, s.row(&in, true))
	return nil
}

// field sets the value of key k (an entry key number) from val.
func (s *Inputs) field(in *Input, k int, val []byte) error {
	var err error
	switch k {
	case fKind:
		err = s.kind(&in.Kind, val)
	case fT:
		err = setFloat(&in.T, val, 64)
	case fDt:
		err = setFloat(&in.Dt, val, 64)
	case fN:
		err = setInt(&in.N, val)
	case fIndex:
		err = setInt(&in.Index, val)
	case fX, fY, fHeading, fEye, fChase, fZ:
		err = setFloat(map32(in, k), val, 32)
	case fLandblock:
		err = setUint(&in.Landblock, val, 16)
	case fCell, fTable, fSType, fObject:
		err = setUint(mapU32(in, k), val, 32)
	case fActive:
		err = setBool(&in.Active, val)
	case fMuted:
		err = setBool(&in.Muted, val)
	case fPrefs:
		err = setString(&in.Prefs, val)
	case fDrag:
		err = s.drag(in, val)
	case fEmitters:
		err = s.emitters(in, val)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", entryKeys[k], err)
	}
	return nil
}

func map32(in *Input, k int) *float32 {
	switch k {
	case fX:
		return &in.X
	case fY:
		return &in.Y
	case fHeading:
		return &in.Heading
	case fEye:
		return &in.Eye
	case fChase:
		return &in.Chase
	}
	return &in.Z
}

func mapU32(in *Input, k int) *uint32 {
	switch k {
	case fCell:
		return &in.Cell
	case fTable:
		return &in.Table
	case fSType:
		return &in.SType
	}
	return &in.Object
}

// kind reads the entry's kind: a constant, or the name as written.
func (s *Inputs) kind(k *InputKind, val []byte) error {
	if string(val) == "null" {
		return nil
	}
	if val[0] != '"' {
		return errors.New("want a string")
	}
	var buf [32]byte
	c, name := kindOf(buf[:0], val)
	if c != 0 {
		*k = kindList[c]
		return nil
	}
	*k = InputKind(name)
	return nil
}

// kindOf is the kind number of the JSON string val (0: unknown) and its
// text (decoded into dst when escaped).
func kindOf(dst, val []byte) (uint8, []byte) {
	if len(val) < 2 || val[0] != '"' {
		return 0, nil
	}
	name := unquoted(dst, val[1:len(val)-1])
	return kinds[string(name)], name
}

// drag reads a drag's values into the record's frames.
func (s *Inputs) drag(in *Input, val []byte) error {
	if string(val) == "null" {
		in.Drag = nil
		return nil
	}
	if val[0] != '[' {
		return errors.New("want a list of numbers")
	}
	off := len(s.frames)
	var err error
	elements(val, func(v []byte) {
		var f float32
		if err == nil {
			err = setFloat(&f, v, 32)
			s.frames = append(s.frames, f)
		}
	})
	in.Drag = s.frames[off:len(s.frames):len(s.frames)]
	return err
}

// noEmitters is an empty list that is not nil (an entry's "emitters": []).
var noEmitters = []Emitter{}

// emitters reads an entry's emitters into the record's.
func (s *Inputs) emitters(in *Input, val []byte) error {
	if string(val) == "null" {
		in.Emitters = nil
		return nil
	}
	if val[0] != '[' {
		return errors.New("want a list of emitters")
	}
	off := len(s.emits)
	var err error
	elements(val, func(v []byte) {
		if err == nil {
			s.emits = append(s.emits, Emitter{})
			err = decodeEmitter(&s.emits[len(s.emits)-1], v)
		}
	})
	in.Emitters = s.emits[off:len(s.emits):len(s.emits)]
	if len(in.Emitters) == 0 {
		in.Emitters = noEmitters
	}
	return err
}

// entryKey is the number of an entry's key (fNone: not Input's).
func entryKey(key []byte) int {
	var buf [32]byte
	k := unquoted(buf[:0], key)
	for i, name := range entryKeys {
		if len(name) == len(k) && bytes.EqualFold(k, []byte(name)) {
			return i
		}
	}
	return fNone
}

// The values: val is one JSON value (the text is valid JSON).

func isNumber(val []byte) bool { return val[0] == '-' || val[0] >= '0' && val[0] <= '9' }

func typeErr(val []byte, want string) error {
	if len(val) > 20 {
		val = append(val[:17:17], "..."...)
	}
	return fmt.Errorf("want %s, not %s", want, val)
}

func setFloat[T float32 | float64](p *T, val []byte, bits int) error {
	if string(val) == "null" {
		return nil
	}
	if !isNumber(val) {
		return typeErr(val, "a number")
	}
	f, err := strconv.ParseFloat(string(val), bits)
	if err != nil {
		return typeErr(val, fmt.Sprintf("a number within float%d", bits))
	}
	*p = T(f)
	return nil
}

func setInt(p *int, val []byte) error {
	if string(val) == "null" {
		return nil
	}
	v, err := strconv.ParseInt(string(val), 10, 64)
	if err != nil {
		return typeErr(val, "an integer")
	}
	*p = int(v)
	return nil
}

func setUint[T ~uint8 | ~uint16 | ~uint32](p *T, val []byte, bits int) error {
	if string(val) == "null" {
		return nil
	}
	v, err := strconv.ParseUint(string(val), 10, bits)
	if err != nil {
		return typeErr(val, fmt.Sprintf("an integer in 0..%d", uint64(1)<<bits-1))
	}
	*p = T(v)
	return nil
}

func setBool(p *bool, val []byte) error {
	switch string(val) {
	case "null":
	case "true", "false":
		*p = val[0] == 't'
	default:
		return typeErr(val, "true or false")
	}
	return nil
}

func setString(p *string, val []byte) error {
	if string(val) == "null" {
		return nil
	}
	if val[0] != '"' {
		return typeErr(val, "a string")
	}
	body := val[1 : len(val)-1]
	if bytes.IndexByte(body, '\\') < 0 && utf8.Valid(body) {
		*p = string(body)
		return nil
	}
	*p = string(unquoted(make([]byte, 0, len(body)), body))
	return nil
}

// unquoted appends the body s of a JSON string (valid JSON, without its
// quotes) to dst with its escapes decoded, as encoding/json decodes it
// (invalid UTF-8 and lone surrogates become U+FFFD).
func unquoted(dst, s []byte) []byte {
	if bytes.IndexByte(s, '\\') < 0 && utf8.Valid(s) {
		return s
	}
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s) && s[i+1] == 'u':
			r, n := u4(s[i:])
			if utf16.IsSurrogate(r) {
				if r2, n2 := u4(s[i+n:]); n2 > 0 {
					if d := utf16.DecodeRune(r, r2); d != unicode.ReplacementChar {
						r, n = d, n+n2
					} else {
						r = unicode.ReplacementChar
					}
				} else {
					r = unicode.ReplacementChar
				}
			}
			dst, i = utf8.AppendRune(dst, r), i+max(n, 2)
		case c == '\\' && i+1 < len(s):
			dst, i = append(dst, unescape(s[i+1])), i+2
		case c < utf8.RuneSelf:
			dst, i = append(dst, c), i+1
		default:
			r, n := utf8.DecodeRune(s[i:])
			dst, i = utf8.AppendRune(dst, r), i+n
		}
	}
	return dst
}

// u4 reads a \uXXXX escape at the start of s (n = 6), or n = 0.
func u4(s []byte) (rune, int) {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return 0, 0
	}
	v, err := strconv.ParseUint(string(s[2:6]), 16, 16)
	if err != nil {
		return unicode.ReplacementChar, 6
	}
	return rune(v), 6
}

func unescape(c byte) byte {
	switch c {
	case 'b':
		return '\b'
	case 'f':
		return '\f'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	}
	return c // " \ /
}
