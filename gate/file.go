// Package gate is the listening gate: a gate file names a spot,
// the settings and a retail recording made there; the gate renders K seeds of
// the same spot, measures ours and retail's with the same code
// (gate/measure), gives each metric a verdict (verdict.go) and writes a
// report (report.go). Pure Go: no Ebitengine.
package gate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"soundworld/audio"
	"soundworld/internal/fileguard"
	"soundworld/world"
)

// File is a NAME.gate.json file. Paths in it (recording, emitters, dat
// folder) are relative to the gate file's folder unless absolute.
type File struct {
	Format    json.RawMessage `json:"format,omitempty"` // world.FormatVersion (absent: 1)
	Name      string          `json:"name"`
	Dat       *DatRef         `json:"dat"` // null: the built-in stand-in
	Loc       string          `json:"loc"` // retail's /loc line (world.ParseRetailLoc)
	Camera    Camera          `json:"camera"`
	Prefs     string          `json:"prefs"`    // k=v,… (world.ParsePrefs); "" = retail defaults
	Emitters  *string         `json:"emitters"` // layout file; null: no emitters
	Seconds   float64         `json:"seconds"`
	Recording string          `json:"recording"`
	OffsetS   float64         `json:"offset_s"` // s of the recording before our t = 0
	Ignore    []Span          `json:"ignore"`   // recording-time ranges [from, to] left out
	Notes     string          `json:"notes"`
	Align     bool            `json:"align_level,omitempty"` // scale the recording to our median loudness first
	Mono      string          `json:"mono,omitempty"`        // a one-channel recording: "dual" (default, both sides) or "single"
	// MeterVerdicts gives loudness range, true peak and momentary maximum
	// verdicts (default: shown in the report, not judged).
	MeterVerdicts bool              `json:"meter_verdicts,omitempty"`
	History       []json.RawMessage `json:"history"` // appended to, never rewritten (any entry shape: runs, ABX logs)

	path string // where it was read from
	raw  []byte
}

// DatRef names the user's dat folder and, optionally, the iterations the
// recording was made with (shown in the report when they differ).
type DatRef struct {
	Folder     string           `json:"folder"`
	Iterations map[string]int32 `json:"iterations,omitempty"` // "portal", "cell"
}

// Camera is where the recording's camera was (W5): a preset's name
// ("retail", retail's home view, is the default; "first-person"), and eye
// height and chase distance in m, each overriding the preset's value.
type Camera struct {
	Preset string   `json:"preset,omitempty"`
	Eye    *float64 `json:"eye"`
	Chase  *float64 `json:"chase"`
}

// Span is a [from, to] time range in s.
type Span [2]float64

// History is one line of a gate's history (one `soundworld gate` run).
type History struct {
	Time    string          `json:"time"` // UTC, RFC 3339
	Seeds   int             `json:"seeds"`
	Pass    bool            `json:"pass"`
	Failed  []string        `json:"failed"`
	Report  string          `json:"report,omitempty"`
	Version string          `json:"version,omitempty"`
	Extra   json.RawMessage `json:"extra,omitempty"`
}

// maxFileBytes bounds a gate file.
const maxFileBytes = 4 << 20

// Load reads and validates a gate file. Errors name the file, the line and
// the field.
func Load(path string) (*File, error) {
	if err := fileguard.RefuseSpecial("gate file", path); err != nil {
		return nil, err // a named pipe would block (the Gate panel's path box too)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxFileBytes+1)) // never more than the limit in memory
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(b) > maxFileBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, maxFileBytes)
	}
	return Parse(b, path)
}

// Parse parses and validates gate file bytes; path names it in errors and
// anchors its relative paths.
func Parse(b []byte, path string) (*File, error) {
	b = world.TrimBOM(b) // a Windows editor's byte order mark
	f := &File{path: path, raw: b}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(f); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return nil, fmt.Errorf("%s:%d: %v", path, lineAt(b, se.Offset), err)
		case errors.As(err, &te):
			return nil, fmt.Errorf("%s:%d: field %q: want %v, got %s", path, lineAt(b, te.Offset), te.Field, te.Type, te.Value)
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
			version, _ := world.CheckFormat(f.Format, "gate file") // the keys before it are decoded
			return nil, fmt.Errorf("%s:%d: %v", path, lineOf(b, field), world.UnknownKey("gate file", field, max(version, 1)))
		}
		return nil, fmt.Errorf("%s:%d: %v", path, lineAt(b, dec.InputOffset()), err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%s:%d: text after the gate object", path, lineAt(b, dec.InputOffset()))
	}
	if _, err := world.CheckFormat(f.Format, "gate file"); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", path, lineOf(b, world.FormatKey), err)
	}
	if err := f.validate(); err != nil {
		return nil, err
	}
	return f, nil
}

// fieldErr names the file, the field's line and the field.
func (f *File) fieldErr(field, format string, a ...any) error {
	return fmt.Errorf("%s:%d: field %q: %s", f.path, lineOf(f.raw, field), field, fmt.Sprintf(format, a...))
}

func (f *File) validate() error {
	if strings.TrimSpace(f.Name) == "" {
		return f.fieldErr("name", "missing")
	}
	if _, err := world.ParseRetailLoc(f.Loc); err != nil {
		return f.fieldErr("loc", "%v", err)
	}
	if e := f.Camera.Eye; e != nil && !(*e >= 0 && *e <= 1000) {
		return f.fieldErr("eye", "%v: want metres in 0..1000", *e)
	}
	if c := f.Camera.Chase; c != nil && !(*c >= 0 && *c <= 1000) {
		return f.fieldErr("chase", "%v: want metres behind the player in 0..1000 (0 = first person)", *c)
	}
	if p := f.Camera.Preset; p != "" {
		if _, err := world.CameraPresetNamed(p); err != nil {
			return f.fieldErr("preset", "%v", err)
		}
	}
	if _, err := world.ParsePrefs(f.Prefs, audio.DefaultPrefs()); err != nil {
		return f.fieldErr("prefs", "%v", err)
	}
	if !(f.Seconds >= 5 && f.Seconds <= 3*3600) {
		return f.fieldErr("seconds", "%v: want 5..10800", f.Seconds)
	}
	if f.Recording == "" {
		return f.fieldErr("recording", "missing")
	}
	if !(f.OffsetS >= 0 && f.OffsetS < 3*3600) {
		return f.fieldErr("offset_s", "%v: want seconds ≥ 0", f.OffsetS)
	}
	for i, s := range f.Ignore {
		if !(s[0] >= 0 && s[1] > s[0] && !math.IsInf(s[1], 0)) {
			return f.fieldErr("ignore", "range %d %v: want [from, to] with 0 ≤ from < to", i+1, s)
		}
	}
	if f.Mono != "" && f.Mono != MonoDual && f.Mono != MonoSingle {
		return f.fieldErr("mono", "%q: want \"dual\" (a mono recording played on both sides, the default) or \"single\" (measured as one channel)", f.Mono)
	}
	if f.Dat != nil && f.Dat.Folder == "" {
		return f.fieldErr("dat", "want null (the stand-in) or {\"folder\": …}")
	}
	if f.Emitters != nil && *f.Emitters == "" {
		return f.fieldErr("emitters", "want null (no emitters) or a layout file")
	}
	return nil
}

// Path is where the file was read from.
func (f *File) Path() string { return f.path }

// Resolve makes p (from the file) relative to the gate file's folder.
func (f *File) Resolve(p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(filepath.Dir(f.path), p)
}

// DatFolder is the dat folder the gate reads, resolved ("" = the stand-in).
func (f *File) DatFolder() string {
	if f.Dat == nil {
		return ""
	}
	return f.Resolve(f.Dat.Folder)
}

// preset is the file's camera preset (W5; default the first, retail's home view).
func (f *File) preset() world.CameraPreset {
	p, err := world.CameraPresetNamed(f.Camera.Preset)
	if err != nil { // "" (validate refuses unknown names)
		return world.CameraPresets[0]
	}
	return p
}

// Eye is the camera's eye height in m (W5): camera.eye, else the preset's.
func (f *File) Eye() float32 {
	if f.Camera.Eye == nil {
		return f.preset().Eye
	}
	return float32(*f.Camera.Eye)
}

// Chase is the camera's distance behind the player in m (W5): camera.chase,
// else the preset's.
func (f *File) Chase() float32 {
	if f.Camera.Chase == nil {
		return f.preset().Chase
	}
	return float32(*f.Camera.Chase)
}

// lineAt is the 1-based line of byte offset off.
func lineAt(b []byte, off int64) int {
	off = max(0, min(off, int64(len(b))))
	return 1 + bytes.Count(b[:off], []byte("\n"))
}

// lineOf is the line of the first `"field"` key in b (1 when absent).
func lineOf(b []byte, field string) int {
	i := bytes.Index(b, []byte(`"`+field+`"`))
	if i < 0 {
		return 1
	}
	return lineAt(b, int64(i))
}

// WithHistory is the gate file at path with h appended to its "history"
// array; the caller writes it atomically (temp + rename), with its other
// outputs. Everything else in the file, earlier history entries included,
// stays byte for byte as it was: the entry is spliced in, the file is never
// re-encoded. The file must still parse as the gate it was. Called with a
// zero History before any seed runs, it checks that the history can be
// appended.
func WithHistory(path string, h History) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if _, err := Parse(b, path); err != nil {
		return nil, err
	}
	entry, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	out, err := spliceHistory(b, entry)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if _, err := Parse(out, path); err != nil {
		return nil, fmt.Errorf("%s: appending history would break the file: %v", path, err)
	}
	if len(out) > maxFileBytes { // Load would refuse the file next time
		return nil, fmt.Errorf("%s: appending history would make the file %d bytes, past the %d a gate file may hold; move old history entries elsewhere", path, len(out), maxFileBytes)
	}
	return out, nil
}

// spliceHistory inserts entry at the end of the top-level "history" array
// (adding the key before the closing brace when there is none). A file
// whose lines end in CRLF gets CRLF in what is inserted; a byte order mark
// at its start stays.
func spliceHistory(b, entry []byte) ([]byte, error) {
	nl := "\n"
	if bytes.Contains(b, []byte("\r\n")) {
		nl = "\r\n"
	}
	body := world.TrimBOM(b)
	out, err := spliceHistoryNL(body, entry, nl)
	if err != nil {
		return nil, err
	}
	return append(slices.Clone(b[:len(b)-len(body)]), out...), nil
}

func spliceHistoryNL(b, entry []byte, nl string) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	// The last "history" key is the one a decoder keeps.
	found, end := false, 0
	var val json.RawMessage
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		if k == "history" {
			found, end, val = true, int(dec.InputOffset()), v // end: just past the array's ']' (or null)
		}
	}
	if found {
		t := bytes.TrimSpace(val)
		if string(t) == "null" {
			start := end - len(t)
			return join(b[:start], []byte("["), entry, []byte("]"), b[end:]), nil
		}
		closing := bytes.LastIndexByte(b[:end], ']')
		if len(bytes.TrimSpace(t[1:len(t)-1])) == 0 {
			return join(b[:closing], []byte(nl+"    "), entry, []byte(nl+"  "), b[closing:]), nil
		}
		// After the last entry (before any whitespace that precedes the ']').
		last := closing
		for last > 0 && (b[last-1] == ' ' || b[last-1] == '\n' || b[last-1] == '\t' || b[last-1] == '\r') {
			last--
		}
		return join(b[:last], []byte(","+nl+"    "), entry, b[last:]), nil
	}
	closing := bytes.LastIndexByte(b, '}')
	last := closing
	for last > 0 && (b[last-1] == ' ' || b[last-1] == '\n' || b[last-1] == '\t' || b[last-1] == '\r') {
		last--
	}
	return join(b[:last], []byte(","+nl+"  \"history\": ["+nl+"    "), entry, []byte(nl+"  ]"), b[last:]), nil
}

func join(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
