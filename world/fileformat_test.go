package world

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"soundworld/audio"
	"soundworld/internal/formatdoc"
)

// pinned compares the page's keys under heading with the code's.
func pinned(t *testing.T, heading string, code []string) {
	t.Helper()
	page, err := formatdoc.Keys(heading)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(code)
	if d := formatdoc.Diff(page, code); d != "" {
		t.Errorf("docs/file-formats.md %q and the code's keys differ (a renamed key breaks every file already written): %s", heading, d)
	}
}

func keysOf(t *testing.T, v any, prefix string) []string {
	t.Helper()
	ks, err := JSONKeys(v)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ks {
		ks[i] = prefix + ks[i]
	}
	return ks
}

// Every key of the layout, the path file and the recorded emitter is on
// docs/file-formats.md, and only those.
func TestFileFormats_KeysPinned(t *testing.T) {
	pinned(t, "Layout", append(keysOf(t, layoutEmitter{}, "emitters[]."), FormatKey, "emitters"))
	pinned(t, "Path file", keysOf(t, walkFile{}, ""))
	pinned(t, "Recorded emitter", keysOf(t, emitterJSON{}, ""))
}

// The format 1 files (written before the "format" key) still open, with
// the values their text holds.
func TestFileFormats_GoldenV1Opens(t *testing.T) {
	b, err := os.ReadFile("testdata/formats/layout-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	es, err := LoadLayout(bytes.NewReader(b), "layout-v1.json")
	if err != nil {
		t.Fatalf("layout v1: %v", err)
	}
	if len(es) != 2 || es[0].Name != "forge" || es[0].SoundTable != 0x20000010 || es[0].SType != 0x69 || es[0].Interval != [2]float32{2, 4} ||
		es[0].Z != nil || es[1].Wave != 0x0A000002 || es[1].Probability != 0.5 || es[1].Path != audio.PathTweakedHook || *es[1].Z != 3.5 || es[1].X != 100.5 {
		t.Errorf("layout v1 read as %+v", es)
	}
	b, err = os.ReadFile("testdata/formats/path-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	w, err := LoadWalk(bytes.NewReader(b), "path-v1.json")
	if err != nil {
		t.Fatalf("path file v1: %v", err)
	}
	if len(w.Points) != 2 || w.Points[1].Cell != 0xA9B40101 || w.Points[1].Loc != (Loc{Landblock: 0xA9B4, X: 54, Y: 40, Z: 82.33}) ||
		*w.Eye != 2.25 || len(w.Changes) != 1 || *w.Changes[0].Eye != 3 {
		t.Errorf("path file v1 read as %+v", w)
	}
}

// What the writers write opens again, says "format": 1, and a newer
// format or an unknown key is refused naming it.
func TestFileFormats_VersionAndUnknownKeys(t *testing.T) {
	lay := EncodeLayout([]Emitter{forge})
	if !bytes.HasPrefix(lay, []byte(`{"format":1,`)) {
		t.Errorf("EncodeLayout writes %.30q, want the format first", lay)
	}
	var path bytes.Buffer
	if err := EncodeWalk(&path, &Walk{Points: []WalkPoint{{Loc: Loc{Landblock: 0xA9B4, X: 84, Y: 7.1}}}}, ""); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(path.String(), `"format": 1`) {
		t.Errorf("EncodeWalk writes %q, want a format", path.String())
	}
	for _, c := range []struct{ name, src, want string }{
		{"layout v2", strings.Replace(string(lay), `"format":1`, `"format":2`, 1), `"format" 2: this layout was written by a newer soundworld`},
		{"layout key", strings.Replace(string(lay), `"format":1,`, `"format":1,"colour":1,`, 1), `unknown key "colour": format 1 of the layout`},
		{"path v2", strings.Replace(path.String(), `"format": 1`, `"format": 2`, 1), `"format" 2: this path file was written by a newer soundworld`},
		{"path key", strings.Replace(path.String(), `"format": 1,`, `"format": 1, "colour": 1,`, 1), `unknown key "colour": format 1 of the path file`},
	} {
		var err error
		if strings.HasPrefix(c.name, "layout") {
			_, err = LoadLayout(strings.NewReader(c.src), "f.json")
		} else {
			_, err = LoadWalk(strings.NewReader(c.src), "f.json")
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	if _, err := LoadLayout(bytes.NewReader(lay), "f.json"); err != nil {
		t.Errorf("a written layout: %v", err)
	}
	if _, err := LoadWalk(&path, "f.json"); err != nil {
		t.Errorf("a written path file: %v", err)
	}
}
