package capture

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/assets/standintest"
	"soundworld/internal/formatdoc"
	"soundworld/internal/weblink"
	"soundworld/world"
)

// Every key of the replay record is on docs/file-formats.md, and only those.
func TestFileFormats_ReplayKeysPinned(t *testing.T) {
	page, err := formatdoc.Keys("Sidecar replay record")
	if err != nil {
		t.Fatal(err)
	}
	code, err := world.JSONKeys(Replay{})
	if err != nil {
		t.Fatal(err)
	}
	log, err := world.JSONKeys(world.InputLog{})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range log {
		code = append(code, "inputs."+k)
	}
	for i := range code {
		code[i] = "replay." + code[i]
	}
	if d := formatdoc.Diff(page, code); d != "" {
		t.Errorf("docs/file-formats.md and the replay record's keys differ (a renamed key breaks every sidecar and link filed): %s", d)
	}
}

// A format 1 sidecar (a shot taken indoors, written before the "format"
// key) and its report link still open, replay, and hold what the file's
// text says.
func TestFileFormats_SidecarAndLinkV1Open(t *testing.T) {
	frag, err := os.ReadFile("testdata/formats/link-v1.txt")
	if err != nil {
		t.Fatal(err)
	}
	js, err := weblink.Decode(strings.TrimSpace(string(frag)))
	if err != nil {
		t.Fatalf("link v1: %v", err)
	}
	linked := filepath.Join(t.TempDir(), "link.json")
	if err := os.WriteFile(linked, js, 0o644); err != nil {
		t.Fatal(err)
	}
	a := standintest.Archive(t)
	for _, p := range []string{"testdata/formats/sidecar-v1.json", linked} {
		r, err := ReadSidecar(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		in := r.Inputs.Inputs.Slice()
		if r.SimTime != 2 || r.Inputs.Start.Seed != 1 || r.Inputs.Start.LX != 84 || len(in) != 3 ||
			in[0].Kind != world.InIndoor || in[0].Cell != 0xA9B40101 || in[0].Z != 82.33 || in[2].Kind != world.InStep || in[2].N != 120 {
			t.Errorf("%s read as %+v", p, r.Inputs)
		}
		s, err := world.NewSim(world.Config{Archive: a})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Inputs.Replay(s, nil); err != nil { // the format, not today's simulation: no fingerprint
			t.Errorf("%s: %v", p, err)
		}
	}
}

// A newer sidecar, or one with a key format 1 does not have, is refused naming it.
func TestFileFormats_SidecarVersionAndUnknownKeys(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`{"format": 2, "replay": {}}`, `"format" 2: this sidecar was written by a newer soundworld`},
		{`{"colour": 1, "replay": {}}`, `unknown key "colour": format 1 of the sidecar`},
		{`{"format": 1, "replay": {"sim_time": 0, "inputs": {"start": {}, "inputs": [], "colour": 1}}}`, `unknown key "colour": format 1 of the sidecar's replay record`},
	} {
		if _, err := parseSidecar([]byte(c.src), "s.json"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.src, err, c.want)
		}
	}
}
