package commands

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/assets/standintest"
	"soundworld/audio"
	"soundworld/gate"
	"soundworld/gate/decode"
	"soundworld/internal/cli"
	"soundworld/world"
)

// writeGate writes a 10 s gate at the Holtburg spawn (stand-in, no emitters)
// whose recording is our seed 50 scaled by gain, and returns its path.
func writeGate(t *testing.T, dir string, gain float32) string {
	t.Helper()
	a := standintest.Archive(t)
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

// -at takes retail's /loc line as printed, position and facing (issue 9 item
// 1): probing it equals probing the short form with the heading it encodes
// (a player facing east: w = 0.707107, z = −0.707107 → 90.00004°, the six
// printed decimals leaving the rotation a hair past east, as in the client).
func TestProbeAtRetailLoc(t *testing.T) {
	const east = "0xA9B40019 [84.000000 7.100000 85.005000] 0.707107 0.000000 0.000000 -0.707107"
	h, ok := cli.AtHeading(east)
	if !ok || h < 89.999 || h > 90.001 {
		t.Fatalf("AtHeading = %v %v", h, ok)
	}
	c1, out1, err1 := runOut("probe", "-at", east, "-json")
	c2, out2, _ := runOut("probe", "-at", "0xA9B4 84 7.1", "-heading", fmt.Sprint(h), "-json")
	c3, out3, _ := runOut("probe", "-at", "0xA9B4 84 7.1", "-heading", "0", "-json")
	if c1 != 0 || c2 != 0 || c3 != 0 {
		t.Fatalf("exits %d %d %d: %s", c1, c2, c3, err1)
	}
	if out1 != out2 {
		t.Fatalf("/loc line facing east:\n%s\nshort form, -heading 90:\n%s", out1, out2)
	}
	if out1 == out3 {
		t.Fatal("the heading made no difference to probe's output: the test cannot tell")
	}
	// An explicit -heading wins over the line's.
	if _, out4, _ := runOut("probe", "-at", east, "-heading", "0", "-json"); out4 != out3 {
		t.Fatalf("-heading 0 with the /loc line:\n%s\nwant\n%s", out4, out3)
	}
	if code, _, _ := runOut("probe", "-at", "0xA9B40019 [84 7.1 85] 3 0 0 0"); code != 2 {
		t.Fatalf("bad /loc line: exit %d, want 2", code)
	}
}

// Issue 12 item 4 for gate: the report folder is checked before any seed is
// rendered — refused inside the gate's dat folder, refused when it is a file
// or its parent is missing — and a gate file inside its own dat folder is
// refused (its history would be appended there). The recording is removed
// first, so a check made only after the run would report the recording
// instead.
func TestGate_OutputsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	ac := filepath.Join(dir, "ac")
	os.Mkdir(ac, 0o755)
	portal, cell, err := assets.StandInImages()
	if err != nil {
		t.Fatal(err)
	}
	writeDatPair(t, ac, portal, cell)
	gateIn := func(at string) string {
		p := filepath.Join(at, "g.gate.json")
		os.WriteFile(p, []byte(fmt.Sprintf(`{"name": "g", "dat": {"folder": %q},
  "loc": "0xA9B40019 [84.000000 7.100000 85.005000] 1.000000 0.000000 0.000000 0.000000",
  "camera": {"eye": 2, "chase": 0}, "prefs": "", "emitters": null, "seconds": 5, "recording": "missing.wav",
  "offset_s": 0, "ignore": [], "notes": "", "history": []}`, ac)), 0o644)
		return p
	}
	p := gateIn(dir)
	file := filepath.Join(dir, "afile")
	os.WriteFile(file, nil, 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"gate", p, "-seeds", "2", "-o", filepath.Join(ac, "rep")}, "-o " + filepath.Join(ac, "rep") + ": refusing to write inside the game's data folder " + ac},
		{[]string{"gate", p, "-seeds", "2", "-o", ac}, "refusing to write inside the game's data folder"},
		{[]string{"gate", p, "-seeds", "2", "-o", file}, "-o " + file + ": is a file; want a folder"},
		{[]string{"gate", p, "-seeds", "2", "-o", filepath.Join(dir, "no", "rep")}, "folder " + filepath.Join(dir, "no") + " does not exist"},
		{[]string{"gate", gateIn(ac), "-seeds", "2", "-o", filepath.Join(dir, "rep")}, "gate file (its history is appended) " + filepath.Join(ac, "g.gate.json") + ": refusing to write inside the game's data folder"},
	} {
		code, _, errs := runOut(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Contains(errs, "missing.wav") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q before the run", c.args, code, errs, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(ac, "rep")); err == nil {
		t.Error("a report folder was made inside the dat folder")
	}
	// The check passes for a good folder: the run then meets the missing recording.
	if code, _, errs := runOut("gate", p, "-seeds", "2", "-o", filepath.Join(dir, "rep")); code != 2 || !strings.Contains(errs, "missing.wav") {
		t.Errorf("good -o: exit %d, %q; want the missing recording", code, errs)
	}
}
