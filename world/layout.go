package world

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"soundworld/audio"
)

// maxLayoutBytes bounds a layout file (a layout is a few KB).
const maxLayoutBytes = 4 << 20

// layoutEmitter is one emitter as written in a layout file (README "Emitter layout files").
type layoutEmitter struct {
	Name        string          `json:"name"`
	Landblock   string          `json:"landblock"`
	X           json.Number     `json:"x"`
	Y           json.Number     `json:"y"`
	Z           *json.Number    `json:"z"`
	SoundTable  string          `json:"sound_table"`
	SType       json.RawMessage `json:"stype"`
	Wave        string          `json:"wave"`        // sound_hook, tweaked_hook (E1)
	Probability *json.Number    `json:"probability"` // tweaked_hook (E1)
	Volume      json.Number     `json:"volume"`
	Interval    []json.Number   `json:"interval"`
	Path        string          `json:"path"`
}

// readTextFile reads a layout or path file (what, in the error) of at most
// maxLayoutBytes from r, without a UTF-8 byte order mark; name is used in
// errors.
func readTextFile(r io.Reader, name, what string) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxLayoutBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(b) > maxLayoutBytes {
		return nil, fmt.Errorf("%s: %s larger than %d bytes", name, what, maxLayoutBytes)
	}
	return TrimBOM(b), nil
}

// LoadLayout parses a layout `{"emitters":[…]}` from r; name is used in errors
// ("forge.json:3:5: emitters[0].interval: min 4 > max 2").
func LoadLayout(r io.Reader, name string) ([]Emitter, error) {
	b, err := readTextFile(r, name, "layout")
	if err != nil {
		return nil, err
	}
	d := &layoutDecoder{b: b, name: name, dec: json.NewDecoder(bytes.NewReader(b)), version: 1}
	d.dec.UseNumber()
	d.dec.DisallowUnknownFields()
	if err := d.expect('{'); err != nil {
		return nil, err
	}
	var out []Emitter
	seen := false
	for d.dec.More() {
		t, err := d.dec.Token()
		if err != nil {
			return nil, d.fail(err)
		}
		if t == FormatKey {
			var raw json.RawMessage
			if err := d.dec.Decode(&raw); err != nil {
				return nil, d.fail(err)
			}
			if d.version, err = CheckFormat(raw, "layout"); err != nil {
				return nil, fmt.Errorf("%s: %v", d.at(d.dec.InputOffset()), err)
			}
			continue
		}
		if t != "emitters" {
			return nil, fmt.Errorf("%s: %v (the layout's keys are \"format\" and \"emitters\")", d.at(d.dec.InputOffset()), UnknownKey("layout", fmt.Sprint(t), d.version))
		}
		seen = true
		if out, err = d.emitters(out); err != nil {
			return nil, err
		}
	}
	if err := d.expect('}'); err != nil {
		return nil, err
	}
	if !seen {
		return nil, fmt.Errorf("%s: no \"emitters\" list", name)
	}
	if _, err := d.dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%s: trailing data after the layout", d.at(d.dec.InputOffset()))
	}
	return out, nil
}

// layoutDecoder reads layout file name (bytes b) token by token; version
// is the file's format, once read.
type layoutDecoder struct {
	b       []byte
	name    string
	dec     *json.Decoder
	version int
}

// at names byte off of the file as "name:line:col".
func (d *layoutDecoder) at(off int64) string { return d.name + ":" + lineCol(d.b, off) }

// fail is a decoding error at the byte it happened.
func (d *layoutDecoder) fail(err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("%s: %v", d.at(syntaxPos(d.b, se)), se)
	case errors.As(err, &te):
		return fmt.Errorf("%s: %s: want %v, got %s", d.at(te.Offset), te.Field, te.Type, te.Value)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s: unexpected end of file", d.at(int64(len(d.b))))
	}
	return fmt.Errorf("%s: %v", d.at(d.dec.InputOffset()), err)
}

// expect reads the delimiter want.
func (d *layoutDecoder) expect(want json.Delim) error {
	t, err := d.dec.Token()
	if err != nil {
		return d.fail(err)
	}
	if dl, ok := t.(json.Delim); !ok || dl != want {
		return fmt.Errorf("%s: want %q, got %v", d.at(d.dec.InputOffset()), string(want), t)
	}
	return nil
}

// emitters reads the "emitters" list, appending each checked entry to out.
func (d *layoutDecoder) emitters(out []Emitter) ([]Emitter, error) {
	if err := d.expect('['); err != nil {
		return nil, err
	}
	for i := 0; d.dec.More(); i++ {
		start := d.dec.InputOffset()
		// InputOffset sits before any separator; step past whitespace and a comma.
		start = skipSep(d.b, start)
		var le layoutEmitter
		if err := d.dec.Decode(&le); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) { // its offset counts from the value's start
				return nil, fmt.Errorf("%s: emitters[%d].%s: want %v, got %s", d.at(start+te.Offset), i, te.Field, te.Type, te.Value)
			}
			if k, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
				return nil, fmt.Errorf("%s: emitters[%d]: %v", d.at(start), i, UnknownKey("layout", strings.Trim(k, `"`), d.version))
			}
			return nil, d.fail(err)
		}
		e, err := le.emitter()
		if err != nil {
			return nil, fmt.Errorf("%s: emitters[%d].%v", d.at(start), i, err)
		}
		out = append(out, e)
	}
	if err := d.expect(']'); err != nil {
		return nil, err
	}
	return out, nil
}

func skipSep(b []byte, off int64) int64 {
	for off < int64(len(b)) && strings.IndexByte(" \t\r\n,", b[off]) >= 0 {
		off++
	}
	return off
}

// TrimBOM drops a UTF-8 byte order mark from the start of a text file:
// Windows editors (Notepad before 2019, PowerShell's Out-File) write one,
// and encoding/json refuses it. Positions in errors then count from the
// first character after it, as an editor shows them.
func TrimBOM(b []byte) []byte { return bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")) }

// syntaxPos is the byte offset of the character a syntax error in b is
// about (len(b) at an unexpected end). A Decoder's SyntaxError.Offset
// counts only the bytes its scanner saw — not the delimiters Token took,
// and from where each Decode began — and one past the character, so b is
// scanned again whole, where Offset counts every byte up to the bad one.
func syntaxPos(b []byte, se *json.SyntaxError) int64 {
	var whole *json.SyntaxError
	if !errors.As(json.Unmarshal(b, new(json.RawMessage)), &whole) {
		return se.Offset
	}
	if strings.HasPrefix(whole.Error(), "unexpected end") {
		return int64(len(b))
	}
	return whole.Offset - 1
}

// lineCol turns a byte offset into "line:col" (1-based).
func lineCol(b []byte, off int64) string {
	off = min(max(off, 0), int64(len(b)))
	line := 1 + bytes.Count(b[:off], []byte("\n"))
	col := int(off) - bytes.LastIndexByte(b[:off], '\n')
	return strconv.Itoa(line) + ":" + strconv.Itoa(col)
}

func num(field string, n json.Number) (float32, error) {
	if n == "" {
		return 0, fmt.Errorf("%s: missing", field)
	}
	f, err := strconv.ParseFloat(string(n), 32)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, fmt.Errorf("%s: bad number %s", field, n)
	}
	return float32(f), nil
}

// emitter validates one layout entry; errors start with the field name.
func (le layoutEmitter) emitter() (Emitter, error) {
	var e Emitter
	if err := le.place(&e); err != nil {
		return e, err
	}
	if err := le.sound(&e); err != nil {
		return e, err
	}
	return e, le.level(&e)
}

// place reads the entry's name, landblock and position into e.
func (le layoutEmitter) place(e *Emitter) error {
	var err error
	if e.Name = le.Name; strings.TrimSpace(e.Name) == "" {
		return errors.New("name: missing")
	}
	if e.Landblock, err = ParseLandblock(le.Landblock); err != nil || len(strings.TrimPrefix(strings.TrimPrefix(le.Landblock, "0x"), "0X")) != 4 {
		return fmt.Errorf("landblock: bad id %q (want \"0xXXYY\")", le.Landblock)
	}
	if e.X, err = num("x", le.X); err != nil {
		return err
	}
	if e.Y, err = num("y", le.Y); err != nil {
		return err
	}
	if !(e.X >= 0 && e.X < BlockSize) {
		return fmt.Errorf("x: %v outside [0, 192)", e.X)
	}
	if !(e.Y >= 0 && e.Y < BlockSize) {
		return fmt.Errorf("y: %v outside [0, 192)", e.Y)
	}
	if le.Z != nil {
		z, err := num("z", *le.Z)
		if err != nil {
			return err
		}
		e.Z = &z
	}
	return nil
}

// sound reads what the entry plays into e. E1: the path decides what the
// emitter names — a sound table and a SoundType (server, hook) or a wave
// id (sound_hook, tweaked_hook); tweaked_hook also gates on a probability
// (T2).
func (le layoutEmitter) sound(e *Emitter) error {
	var err error
	switch le.Path {
	case "":
		e.Path = audio.PathServer
	default:
		if e.Path, err = audio.ParsePath(le.Path); err != nil {
			return fmt.Errorf("path: %q (want \"server\", \"hook\", \"sound_hook\" or \"tweaked_hook\")", le.Path)
		}
	}
	if e.Path.PlaysWave() {
		if e.Wave, err = parseID("wave", le.Wave, 0x0A, "0x0Axxxxxx"); err != nil {
			return err
		}
		if le.SoundTable != "" || len(le.SType) != 0 {
			return fmt.Errorf("sound_table, stype: not used by path %q (it plays the wave)", le.Path)
		}
	} else {
		if le.Wave != "" {
			return fmt.Errorf("wave: only for paths sound_hook and tweaked_hook, not %q", e.Path)
		}
		if e.SoundTable, err = parseID("sound_table", le.SoundTable, 0x20, "0x20xxxxxx"); err != nil {
			return err
		}
		if e.SType, err = parseSType(le.SType); err != nil {
			return err
		}
	}
	if e.Path == audio.PathTweakedHook {
		if le.Probability == nil {
			return errors.New("probability: missing (path tweaked_hook gates on it, T2)")
		}
		if e.Probability, err = num("probability", *le.Probability); err != nil {
			return err
		}
		if !(e.Probability >= 0 && e.Probability <= 1) {
			return fmt.Errorf("probability: %v outside [0, 1]", e.Probability)
		}
	} else if le.Probability != nil {
		return fmt.Errorf("probability: only for path tweaked_hook, not %q", e.Path)
	}
	return nil
}

// level reads the entry's volume and interval (s) into e.
func (le layoutEmitter) level(e *Emitter) error {
	var err error
	if e.Volume, err = num("volume", le.Volume); err != nil {
		return err
	}
	if e.Volume < 0 {
		return fmt.Errorf("volume: %v is negative", e.Volume)
	}
	if len(le.Interval) != 2 {
		return fmt.Errorf("interval: want [min, max] seconds, got %d values", len(le.Interval))
	}
	for k := range 2 {
		if e.Interval[k], err = num("interval", le.Interval[k]); err != nil {
			return err
		}
		if e.Interval[k] < 0 {
			return fmt.Errorf("interval: %v is negative", e.Interval[k])
		}
	}
	if e.Interval[0] > e.Interval[1] {
		return fmt.Errorf("interval: min %v > max %v", e.Interval[0], e.Interval[1])
	}
	return nil
}

// parseID parses a dat id "0xHHxxxxxx" whose high byte must be hi.
func parseID(field, s string, hi uint64, want string) (uint32, error) {
	h := strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil || len(h) != 8 || v>>24 != hi {
		if s == "" {
			return 0, fmt.Errorf("%s: missing (want \"%s\")", field, want)
		}
		return 0, fmt.Errorf("%s: bad id %q (want \"%s\")", field, s, want)
	}
	return uint32(v), nil
}

// parseSType accepts 105 or "0x69" (SoundType, dat-format §5.1: 0x01..0xCC).
func parseSType(raw json.RawMessage) (uint32, error) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return 0, errors.New("stype: missing")
	}
	var v uint64
	var err error
	if q, uerr := strconv.Unquote(s); uerr == nil {
		h := strings.TrimPrefix(strings.TrimPrefix(q, "0x"), "0X")
		if h == q {
			v, err = strconv.ParseUint(q, 10, 32)
		} else {
			v, err = strconv.ParseUint(h, 16, 32)
		}
	} else {
		v, err = strconv.ParseUint(s, 10, 32)
	}
	if err != nil || v < 1 || v > 0xCC {
		return 0, fmt.Errorf("stype: bad SoundType %s (want 1..204 or \"0x01\"..\"0xCC\")", s)
	}
	return uint32(v), nil
}

// EncodeLayout writes emitters in the layout format, one emitter per line.
func EncodeLayout(es []Emitter) []byte {
	var b bytes.Buffer
	b.WriteString("{\"format\":1,\"emitters\":[") // FormatVersion
	for i, e := range es {
		if i > 0 {
			b.WriteByte(',')
		}
		f := func(v float32) string {
			s := strconv.FormatFloat(float64(v), 'f', -1, 32)
			if !strings.Contains(s, ".") {
				s += ".0"
			}
			return s
		}
		z := "null"
		if e.Z != nil {
			z = f(*e.Z)
		}
		name, _ := json.Marshal(e.Name)
		fmt.Fprintf(&b, "\n  {\"name\":%s,\"landblock\":\"0x%04X\",\"x\":%s,\"y\":%s,\"z\":%s,", name, e.Landblock, f(e.X), f(e.Y), z)
		if e.Path.PlaysWave() { // E1: DataID paths name a wave
			fmt.Fprintf(&b, "\"wave\":\"0x%08X\",", e.Wave)
		} else {
			fmt.Fprintf(&b, "\"sound_table\":\"0x%08X\",\"stype\":\"0x%02X\",", e.SoundTable, e.SType) // hex as the UI shows it; decimal still read
		}
		if e.Path == audio.PathTweakedHook {
			fmt.Fprintf(&b, "\"probability\":%s,", f(e.Probability))
		}
		fmt.Fprintf(&b, "\"volume\":%s,\"interval\":[%s,%s],\"path\":%q}", f(e.Volume), f(e.Interval[0]), f(e.Interval[1]), e.Path.String())
	}
	b.WriteString("\n]}\n")
	return b.Bytes()
}
