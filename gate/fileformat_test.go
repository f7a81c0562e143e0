package gate

import (
	"os"
	"slices"
	"testing"

	"soundworld/internal/formatdoc"
	"soundworld/world"
)

// Every key of the gate file is on docs/file-formats.md, and only those.
func TestFileFormats_GateKeysPinned(t *testing.T) {
	page, err := formatdoc.Keys("Gate file")
	if err != nil {
		t.Fatal(err)
	}
	code, err := world.JSONKeys(File{})
	if err != nil {
		t.Fatal(err)
	}
	if d := formatdoc.Diff(page, code); d != "" {
		t.Errorf("docs/file-formats.md and gate.File's keys differ (a renamed key breaks every gate file): %s", d)
	}
}

// A format 1 gate file (written before the "format" key) still opens with
// every key set.
func TestFileFormats_GateV1Opens(t *testing.T) {
	b, err := os.ReadFile("testdata/formats/gate-v1.gate.json")
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse(b, "/g/gate-v1.gate.json")
	if err != nil {
		t.Fatalf("gate v1: %v", err)
	}
	if f.Name != "holtburg-well" || f.Dat == nil || f.Dat.Folder != "dat" || f.Dat.Iterations["portal"] != 2 || f.Camera.Preset != "retail" ||
		*f.Camera.Eye != 2.5 || *f.Emitters != "layout.json" || f.Seconds != 30 || f.OffsetS != 1.25 || !slices.Equal(f.Ignore, []Span{{12.5, 14}}) ||
		f.Notes != "the well at dusk" || !f.Align || f.Mono != "single" || !f.MeterVerdicts || len(f.History) != 1 {
		t.Errorf("gate v1 read as %+v", f)
	}
}
