package commands

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/gate"
	"soundworld/gate/decode"
	"soundworld/world"
)

// writeGate writes a 10 s gate at the Holtburg spawn (stand-in, no emitters)
// whose recording is our seed 50 scaled by gain, and returns its path.
func writeGate(t *testing.T, dir string, gain float32) string {
	t.Helper()
	a, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	l, _ := world.ParseRetailLoc("0xA9B40019 [84.000000 7.100000 85.005000] 1.000000 0.000000 0.000000 0.000000")
	place := l.Loc()
	st, err := gate.Render(gate.Scene{Archive: a, Place: &place, Eye: 2, Prefs: audio.DefaultPrefs(), Seconds: 10}, 50)
	if err != nil {
		t.Fatal(err)
	}
	for i := range st.L {
		st.L[i] *= gain
		st.R[i] *= gain
	}
	os.WriteFile(filepath.Join(dir, "spawn.wav"), decode.EncodeWAV([][]float32{st.L, st.R}, 44100, 16, false), 0o644)
	p := filepath.Join(dir, "spawn.gate.json")
	os.WriteFile(p, []byte(fmt.Sprintf(`{"name": "spawn", "dat": null, "loc": %q, "camera": {"eye": 2, "chase": 0},
  "prefs": "", "emitters": null, "seconds": 10, "recording": "spawn.wav", "offset_s": 0, "ignore": [], "notes": "", "history": []}
`, l.String())), 0o644)
	return p
}

// soundworld gate: exit 0 when every metric passes, 3 when one fails, 2 for
// the user's mistakes; the report is written and the history grows by a line.
func TestGateCommand(t *testing.T) {
	dir := t.TempDir()
	p := writeGate(t, dir, 1)
	code, out, errs := runOut("gate", p, "-seeds", "4")
	if code != 0 || !strings.Contains(out, "gate spawn: PASS over 4 seeds") {
		t.Fatalf("undamaged: exit %d\n%s\n%s", code, out, errs)
	}
	for _, f := range []string{"report.html", "report.json"} {
		if _, err := os.Stat(filepath.Join(dir, "spawn-report", f)); err != nil {
			t.Fatal(err)
		}
	}
	g, err := gate.Load(p)
	if err != nil || len(g.History) != 1 || !strings.Contains(string(g.History[0]), `"report":"spawn-report/report.html"`) {
		t.Fatalf("history after one run: %v %s", err, g.History)
	}
	// The recording 6 dB louder fails (loudness, bed level): exit 3, history line 2.
	dir2 := t.TempDir()
	p2 := writeGate(t, dir2, 2)
	code, out, _ = runOut("gate", "-seeds", "4", "-o", filepath.Join(dir2, "r"), p2)
	if code != 3 || !strings.Contains(out, "FAIL (") || !strings.Contains(out, "loudness") {
		t.Fatalf("6 dB louder: exit %d\n%s", code, out)
	}
	if _, err := os.Stat(filepath.Join(dir2, "r", "report.html")); err != nil {
		t.Fatal(err)
	}
	// The user's mistakes: exit 2.
	bad := filepath.Join(dir, "bad.gate.json")
	os.WriteFile(bad, []byte(`{"name": "x"}`), 0o644)
	for _, args := range [][]string{
		{"gate"},
		{"gate", p, "-seeds", "1"},
		{"gate", filepath.Join(dir, "none.gate.json")},
		{"gate", bad},
		{"gate", p, p},
	} {
		if code, _, errs := runOut(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, errs)
		}
	}
	os.Remove(filepath.Join(dir, "spawn.wav"))
	if code, _, errs := runOut("gate", p, "-seeds", "2"); code != 2 || !strings.Contains(errs, "spawn.wav") {
		t.Errorf("missing recording: exit %d, %q", code, errs)
	}
}
