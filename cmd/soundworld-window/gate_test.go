//go:build !js

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/internal/cli"
)

// -gate FILE: a bad gate file is the user's error naming the file and line;
// without -dat the gate's dat folder is taken (relative to the gate file).
func TestGateFlag(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "g.gate.json")
	os.WriteFile(good, []byte(`{"name": "g", "dat": {"folder": "acdata"}, "loc": "0xA9B40019 [84.000000 7.100000 85.005000] 1.000000 0.000000 0.000000 0.000000",
 "camera": {"eye": 2, "chase": 0}, "prefs": "", "emitters": null, "seconds": 60, "recording": "retail.wav",
 "offset_s": 0, "ignore": [], "notes": "", "history": []}`), 0o644)
	var w windowFlags
	if err := w.gateDat(good); err != nil {
		t.Fatal(err)
	}
	if w.dat != filepath.Join(dir, "acdata") {
		t.Errorf("dat %q, want the gate's folder %q", w.dat, filepath.Join(dir, "acdata"))
	}
	w = windowFlags{dat: "mine"}
	if err := w.gateDat(good); err != nil || w.dat != "mine" {
		t.Errorf("-dat given: %v %q, want it kept", err, w.dat)
	}
	bad := filepath.Join(dir, "bad.gate.json")
	os.WriteFile(bad, []byte("{\"name\": \"b\",\n \"loc\": \"0xA9B40019 [84 7.1] 1 0 0 0\"}"), 0o644)
	err := w.gateDat(bad)
	if err == nil || !cli.IsUserErr(err) || !strings.Contains(err.Error(), "bad.gate.json:2") {
		t.Errorf("bad gate: got %v, want a user error naming bad.gate.json:2", err)
	}
	if err := w.gateDat(filepath.Join(dir, "none.gate.json")); err == nil || !cli.IsUserErr(err) {
		t.Errorf("missing gate: got %v, want a user error", err)
	}
}

// -at with retail's /loc line faces the way the line does unless -heading is
// given (issue 9 item 1).
func TestAtLocLineHeading(t *testing.T) {
	const east = "0xA9B40019 [84.000000 7.100000 85.005000] 0.707107 0.000000 0.000000 -0.707107"
	for _, c := range []struct {
		args []string
		want float32
	}{
		{[]string{"-at", east}, 90},
		{[]string{"-at", east, "-heading", "10"}, 10},
		{[]string{"-at", east, "-heading", "0"}, 0},
		{[]string{"-at", "0xA9B4 84 7.1"}, 0},
		{[]string{"-at", "0xA9B4 84 7.1", "-heading", "45"}, 45},
	} {
		w, _ := windowConfig(t, c.args...)
		cfg, err := w.config()
		if err != nil {
			t.Fatal(err)
		}
		cfg.Archive.Close()
		if d := cfg.Start.Heading - c.want; d > 1e-3 || d < -1e-3 {
			t.Errorf("%q: heading %v, want %v", c.args, cfg.Start.Heading, c.want)
		}
	}
}
