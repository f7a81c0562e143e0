package gate

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/gate/decode"
)

// A gate over a dat folder: the data is read from it, an iteration other
// than the one the gate names is a warning in the result, and a folder that
// is not there is the user's error naming the gate file and field "dat".
func TestGateDatFolder(t *testing.T) {
	dir := t.TempDir()
	portal, cell, err := assets.StandInImages()
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, dat.PortalFile), portal, 0o644)
	os.WriteFile(filepath.Join(dir, dat.CellFile), cell, 0o644)
	n := 5 * decode.Rate
	os.WriteFile(filepath.Join(dir, "r.wav"), decode.EncodeWAV([][]float32{make([]float32, n), make([]float32, n)}, 44100, 16, false), 0o644)
	write := func(folder string) string {
		p := filepath.Join(dir, "d.gate.json")
		os.WriteFile(p, []byte(fmt.Sprintf(`{"name": "d", "dat": {"folder": %q, "iterations": {"portal": 999}},
  "loc": "0xA9B40019 [84.000000 7.100000 85.005000] 1.000000 0.000000 0.000000 0.000000",
  "camera": {"eye": 2, "chase": 0}, "prefs": "", "emitters": null, "seconds": 5, "recording": "r.wav",
  "offset_s": 0, "ignore": [], "notes": "", "history": []}`, folder)), 0o644)
		return p
	}
	f, err := Load(write("."))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(f, Options{Seeds: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Source == assets.Name || len(res.Warnings) == 0 || !strings.Contains(res.Warnings[0], "portal dat's iteration") {
		t.Fatalf("source %q, warnings %q", res.Source, res.Warnings)
	}
	f, err = Load(write("no-such-folder"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(f, Options{Seeds: 2})
	var in InputError
	if !errors.As(err, &in) || !strings.Contains(err.Error(), `d.gate.json:1: field "dat"`) {
		t.Fatalf("missing folder: %v", err)
	}
}
