package commands

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"soundworld/audio"
)

// writeWalk writes js, a path file's JSON, as dir/walk.json and returns its
// path.
func writeWalk(t *testing.T, dir, js string) string {
	t.Helper()
	p := filepath.Join(dir, "walk.json")
	if err := os.WriteFile(p, []byte(js), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func renderTest(t testing.TB, args ...string) error {
	t.Helper()
	var errb bytes.Buffer
	o, err := parseRender(args, &errb, &errb)
	if err != nil {
		return err
	}
	return renderFiles(context.Background(), o, &errb)
}

// TestO3_RenderDeterministic: same inputs and seed → identical bytes.
func TestO3_RenderDeterministic(t *testing.T) {
	dir := t.TempDir()
	var wavs, csvs [3][]byte
	for i, seed := range []string{"5", "5", "6"} {
		w, c := filepath.Join(dir, "r"+strconv.Itoa(i)+".wav"), filepath.Join(dir, "r"+strconv.Itoa(i)+".csv")
		if err := renderTest(t, "-at", "0xA9B4 84 7.1", "-seconds", "12", "-seed", seed, "-o", w, "-events", c); err != nil {
			t.Fatal(err)
		}
		wavs[i], _ = os.ReadFile(w)
		csvs[i], _ = os.ReadFile(c)
	}
	if want := 44 + 12*audio.SampleRate*4; len(wavs[0]) != want {
		t.Fatalf("O3: WAV is %d bytes, want %d (12 s of 16-bit stereo)", len(wavs[0]), want)
	}
	if !bytes.Equal(wavs[0], wavs[1]) || !bytes.Equal(csvs[0], csvs[1]) {
		t.Fatalf("O3: two renders with one seed differ")
	}
	if bytes.Equal(csvs[0], csvs[2]) {
		t.Fatalf("O3: a different seed gave the identical event log")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 6 {
		t.Fatalf("atomic outputs left temp files: %v", ents)
	}
}

// TestE3_RenderForgeListeningGate walks east from the spawn past the forge's
// audible radius (~94 m at vol 1): the forge — a data object whose hammer
// loop plays through the hook path (E3) — plays near and is silent far away.
func TestE3_RenderForgeListeningGate(t *testing.T) {
	dir := t.TempDir()
	path := writeWalk(t, dir, `{"points":[{"t":0,"landblock":"0xA9B4","x":84,"y":7.1,"heading":0},
	{"t":20,"landblock":"0xAAB4","x":100,"y":7.1,"heading":90}]}`)
	csv := filepath.Join(dir, "e.csv")
	if err := renderTest(t, "-path", path, "-o", filepath.Join(dir, "w.wav"), "-events", csv); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(csv)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if lines[0] != "time_s,source,table,stype,wave,slot,priority,db,pan,outcome,draws,rands,object,name" {
		t.Fatalf("events header %q", lines[0])
	}
	var nearStart, farSilent, farStart int
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		if len(f) != 14 {
			t.Fatalf("events row %q: %d fields, want 14", l, len(f))
		}
		if !strings.Contains("bed oneshot emitter stinger object", f[1]) || !validOutcome(f[9]) {
			t.Fatalf("events row %q: bad source/outcome", l)
		}
		if f[1] != "object" || !strings.Contains(f[12], "setup 0x02000001 SoundTable anim 0x03000001") {
			continue
		}
		tm, _ := strconv.ParseFloat(f[0], 64)
		// Listener x goes 84 → 292 (local to 0xA9B4) over 20 s: 10.4 m/s; the forge is at (90, 20).
		switch {
		case tm < 4 && f[9] == "start":
			nearStart++
		case tm > 14 && f[9] == "silent":
			farSilent++
		case tm > 14 && f[9] == "start":
			farStart++
		}
	}
	if nearStart == 0 || farSilent == 0 || farStart != 0 {
		t.Fatalf("E3: forge near starts %d, far silent %d, far starts %d; want >0, >0, 0", nearStart, farSilent, farStart)
	}
}

// validOutcome reports whether s is one of audio.Outcome's names (start,
// drop, evict, gated, silent, not_now, …).
func validOutcome(s string) bool {
	for o := audio.Outcome(0); o < 32; o++ {
		if o.String() == s && s != "outcome?" {
			return true
		}
	}
	return false
}

func TestRender_BadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "o.wav")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-at", "0xA9B4 84 7.1", "-seconds", "0", "-o", out}, "-seconds"},
		{[]string{"-at", "0xA9B4 84 7.1", "-seconds", "1", "-o", out, "-prefs", "loud=1"}, `unknown key "loud"`},
		{[]string{"-at", "0xA9B4 84 7.1", "-seconds", "1", "-o", out, "-prefs", "pan=sideways"}, `pan="sideways"`},
		{[]string{"-at", "0xA9B4 84 7.1", "-seconds", "1", "-o", filepath.Join(dir, "client_cell_1.dat")}, "refusing"},
		{[]string{"-at", "0xA9B4 84 7.1", "-path", "x.json", "-seconds", "1", "-o", out}, "not both"},
		{[]string{"-seconds", "1", "-o", out}, "give a position"},
		{[]string{"-at", "0xA9B4 84 7.1", "-seconds", "1", "-o", out, "-emitters", filepath.Join(dir, "missing.json")}, "missing.json"},
	} {
		err := renderTest(t, c.args...)
		if !isUserErr(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("render %q: error %v, want a user error containing %q", c.args, err, c.want)
		}
	}
	if err := renderTest(t, "-at", "0xA9B4 84 7.1", "-seconds", "1"); !errors.Is(err, errUsage) {
		t.Errorf("render without -o: %v, want usage", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a failed render left %s", out)
	}
}

// With ambient off (G5) only effect plays remain: the stand-in's objects (E3).
func TestRender_PrefsAmbientOffOnlyEffects(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "e.csv")
	if err := renderTest(t, "-at", "0xA9B4 84 7.1", "-seconds", "10", "-prefs", "ambient=off", "-o", filepath.Join(dir, "o.wav"), "-events", csv); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(csv)
	if strings.Contains(string(b), ",bed,") || strings.Contains(string(b), ",oneshot,") || !strings.Contains(string(b), ",object,") {
		t.Fatalf("G5: ambient=off render events:\n%s", b)
	}
}

// BenchmarkRender60s renders 60 s at the Holtburg spawn with the forge from
// scratch (stand-in built, every wave decoded and resampled once, O1); the
// x-realtime metric is rendered seconds per wall second (target ≥ 200).
func BenchmarkRender60s(b *testing.B) {
	o := benchOpts(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var w audio.SeekBuffer
		if err := render(context.Background(), o, &w, nil, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(60*float64(b.N)/b.Elapsed().Seconds(), "x-realtime")
}

// BenchmarkRender60sWarm is the same render with the archive open and the
// waves already decoded: the steady-state cost of the loop itself.
func BenchmarkRender60sWarm(b *testing.B) {
	o := benchOpts(b)
	a, err := openArchive("")
	if err != nil {
		b.Fatal(err)
	}
	bank := audio.NewBank(a)
	var w audio.SeekBuffer
	if err := renderWith(context.Background(), o, a, bank, &w, nil, nil); err != nil { // warm the bank
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w.Reset()
		if err := renderWith(context.Background(), o, a, bank, &w, nil, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(60*float64(b.N)/b.Elapsed().Seconds(), "x-realtime")
}

func benchOpts(b *testing.B) *renderOpts {
	o, err := parseRender([]string{"-at", "0xA9B4 84 7.1", "-seconds", "60", "-o", filepath.Join(b.TempDir(), "x.wav")}, io.Discard, io.Discard)
	if err != nil {
		b.Fatal(err)
	}
	return o
}
