package gate

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const goodGate = `{
  "name": "holtburg-well",
  "dat": null,
  "loc": "0xA9B40019 [84.000000 7.100000 85.005000] 1.000000 0.000000 0.000000 0.000000",
  "camera": {"eye": 2, "chase": 0},
  "prefs": "ambient_volume=1",
  "emitters": null,
  "seconds": 60,
  "recording": "retail.wav",
  "offset_s": 0,
  "ignore": [[12.5, 14.0]],
  "notes": "",
  "history": []
}
`

func TestParseGoodGate(t *testing.T) {
	f, err := Parse([]byte(goodGate), "/g/holtburg.gate.json")
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "holtburg-well" || f.Seconds != 60 || len(f.Ignore) != 1 || f.Ignore[0] != (Span{12.5, 14}) || f.Eye() != 2 {
		t.Fatalf("parsed %+v", f)
	}
	if got := f.Resolve(f.Recording); got != "/g/retail.wav" {
		t.Fatalf("recording resolves to %q, want /g/retail.wav (relative to the gate file)", got)
	}
}

// TestW5_GateCameraPresets: a gate file's camera is retail's home view unless
// it says otherwise (W5 revision 3): a preset by name, eye and chase
// overriding the preset's values.
func TestW5_GateCameraPresets(t *testing.T) {
	for _, c := range []struct {
		camera     string
		eye, chase float32
	}{
		{`{}`, 2.25, 2.5},
		{`{"preset": "first-person"}`, 1.5, 0},
		{`{"preset": "retail", "chase": 4}`, 2.25, 4},
		{`{"eye": 2, "chase": 0}`, 2, 0},
	} {
		f, err := Parse([]byte(strings.Replace(goodGate, `{"eye": 2, "chase": 0}`, c.camera, 1)), "g.gate.json")
		if err != nil || f.Eye() != c.eye || f.Chase() != c.chase {
			t.Errorf("W5: camera %s: %v eye %v chase %v, want %v %v", c.camera, err, f.Eye(), f.Chase(), c.eye, c.chase)
		}
	}
}

// Errors name the file, the line and the field.
func TestGateErrors(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{`"seconds": 60`, `"seconds": 2`, `g.gate.json:8: field "seconds"`},
		{`"seconds": 60`, `"seconds": "60"`, `g.gate.json:8: field "seconds"`},
		{`"loc": "0xA9B40019 [84.000000`, `"loc": "0xA9B40019 [384.000000`, `g.gate.json:4: field "loc"`},
		{`"chase": 0`, `"chase": -3`, `g.gate.json:5: field "chase"`},
		{`"chase": 0`, `"chase": 0, "preset": "overhead"`, `g.gate.json:5: field "preset"`},
		{`"prefs": "ambient_volume=1"`, `"prefs": "loudness=11"`, `g.gate.json:6: field "prefs"`},
		{`"ignore": [[12.5, 14.0]]`, `"ignore": [[14.0, 12.5]]`, `g.gate.json:11: field "ignore"`},
		{`"notes": ""`, `"notes": "", "colour": 1`, `g.gate.json:12: unknown key "colour": format 1 of the gate file`},
		{`"notes": ""`, `"notes": "", "format": 2`, `g.gate.json:12: "format" 2: this gate file was written by a newer soundworld`},
		{`"notes": ""`, `"notes": "", "format": 1, "colour": 1`, `unknown key "colour": format 1 of the gate file`},
		{`"offset_s": 0`, `"offset_s": -1`, `g.gate.json:10: field "offset_s"`},
		{`"recording": "retail.wav"`, `"recording": ""`, `g.gate.json:9: field "recording"`},
		{`"name": "holtburg-well"`, `"name": "holtburg-well",,`, `g.gate.json:2: invalid character`},
		{`"notes": ""`, `"notes": "", "mono": "left"`, `g.gate.json:12: field "mono"`},
	} {
		src := strings.Replace(goodGate, c.from, c.to, 1)
		if src == goodGate {
			t.Fatalf("case %q did not change the file", c.to)
		}
		_, err := Parse([]byte(src), "g.gate.json")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.to, err, c.want)
		}
	}
}

// history is appended to: every byte before the new entry stays, earlier
// entries are never re-encoded, and the file is replaced atomically.
func TestWithHistory(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "g.gate.json")
	// An older entry with fields this version does not know, odd spacing kept.
	src := strings.Replace(goodGate, `"history": []`, `"history": [ {"abx": [1,0,1],   "by": "someone"} ]`, 1)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if err := appendHistory(p, History{Time: "2026-12-01T03:00:00Z", Seeds: 20, Pass: i == 0, Failed: []string{}}); err != nil {
			t.Fatal(err)
		}
	}
	b, _ := os.ReadFile(p)
	if !bytes.HasPrefix(b, []byte(src[:strings.Index(src, `"by": "someone"}`)+len(`"by": "someone"}`)])) {
		t.Fatalf("the file before the new entries changed:\n%s", b)
	}
	f, err := Parse(b, p)
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if len(f.History) != 3 || string(f.History[0]) != `{"abx": [1,0,1],   "by": "someone"}` {
		t.Fatalf("history %q", f.History)
	}
	var h History
	if err := json.Unmarshal(f.History[2], &h); err != nil || h.Pass || h.Seeds != 20 {
		t.Fatalf("last entry %s: %v", f.History[2], err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("temp files left: %v", ents)
	}
	// Empty, null and missing history.
	for _, c := range []struct{ from, to string }{
		{`"history": []`, `"history": []`},
		{`"history": []`, `"history": null`},
		{`,
  "history": []`, ``},
	} {
		src := strings.Replace(goodGate, c.from, c.to, 1)
		os.WriteFile(p, []byte(src), 0o644)
		if err := appendHistory(p, History{Seeds: 3}); err != nil {
			t.Fatalf("%q: %v", c.to, err)
		}
		b, _ := os.ReadFile(p)
		f, err := Parse(b, p)
		if err != nil || len(f.History) != 1 {
			t.Fatalf("%q: %v\n%s", c.to, err, b)
		}
	}
}

// Any bytes: Parse returns a gate or an error, never panics; a gate that
// parses takes a history line and still parses with one more entry.
func FuzzParse(f *testing.F) {
	f.Add([]byte(goodGate))
	f.Add([]byte(strings.Replace(goodGate, `"history": []`, `"history": null`, 1)))
	f.Add([]byte(strings.Replace(goodGate, `,
  "history": []`, ``, 1)))
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := Parse(b, "f.gate.json")
		if err != nil {
			return
		}
		out, err := spliceHistory(b, []byte(`{"seeds":2}`))
		if err != nil {
			return // e.g. a duplicate key the decoder took last
		}
		g2, err := Parse(out, "f.gate.json")
		if err != nil {
			return // appendHistory (WithHistory) refuses such a result rather than writing it
		}
		if len(g2.History) != len(g.History)+1 {
			t.Fatalf("history %d → %d entries:\n%s", len(g.History), len(g2.History), out)
		}
	})
}

// Issue 23 item 7: history appended to a file whose lines end in CRLF keeps
// CRLF — in every case (an entry after others, the first entry, no key) —
// and every earlier byte stays.
func TestWithHistory_KeepsCRLF(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "g.gate.json")
	for _, c := range []struct{ from, to string }{
		{`"history": []`, `"history": [ {"seeds": 1} ]`},
		{`"history": []`, `"history": []`},
		{",\n  \"history\": []", ``},
	} {
		src := strings.ReplaceAll(strings.Replace(goodGate, c.from, c.to, 1), "\n", "\r\n")
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := appendHistory(p, History{Seeds: 3}); err != nil {
			t.Fatalf("%q: %v", c.to, err)
		}
		b, _ := os.ReadFile(p)
		if n := bytes.Count(b, []byte("\n")); n != bytes.Count(b, []byte("\r\n")) || n <= strings.Count(src, "\n") {
			t.Errorf("%q: a bare LF in the result (or no new line):\n%q", c.to, b)
		}
		if _, err := Parse(b, p); err != nil {
			t.Errorf("%q: %v", c.to, err)
		}
	}
}

// A gate file saved by a Windows editor — a UTF-8 byte order mark and CRLF
// line ends — parses as its plain twin, and history appended to it keeps
// the mark and CRLF.
func TestParse_BOMAndCRLF(t *testing.T) {
	want, err := Parse([]byte(goodGate), "g.gate.json")
	if err != nil {
		t.Fatal(err)
	}
	src := "\xef\xbb\xbf" + strings.ReplaceAll(goodGate, "\n", "\r\n")
	got, err := Parse([]byte(src), "g.gate.json")
	if err != nil {
		t.Fatalf("BOM+CRLF gate file: %v", err)
	}
	if got.Name != want.Name || got.Loc != want.Loc {
		t.Errorf("BOM+CRLF gate file: name %q loc %q; want %q %q", got.Name, got.Loc, want.Name, want.Loc)
	}
	p := filepath.Join(t.TempDir(), "g.gate.json")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := appendHistory(p, History{Seeds: 3}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	if !bytes.HasPrefix(b, []byte("\xef\xbb\xbf{")) {
		t.Errorf("history dropped the byte order mark: %q", b[:min(len(b), 8)])
	}
	if n := bytes.Count(b, []byte("\n")); n != bytes.Count(b, []byte("\r\n")) {
		t.Errorf("a bare LF after appending history:\n%q", b)
	}
	if _, err := Parse(b, p); err != nil {
		t.Error(err)
	}
}
