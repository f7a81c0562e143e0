package commands

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/assets/standintest"
	"soundworld/audio"
	"soundworld/dat"
	"soundworld/internal/capture"
	"soundworld/world"
)

const fromWalk = `{"points":[{"t":0,"landblock":"0xA9B4","x":84,"y":7.1,"heading":0},
 {"t":4,"landblock":"0xA9B4","x":120,"y":40,"heading":70},
 {"t":8,"landblock":"0xA9B4","x":60,"y":90,"heading":200}]}`

// windowSession drives a recording Sim as the window does — the listener set
// before each tick, ticks of 1/60 s (Tick(0) first) — for ticks ticks, with
// extra(k, s) before tick k. It returns the sidecar file written for the
// instant after the last tick.
func windowSession(t *testing.T, dir string, ticks int, walk *world.Walk, extra func(k int, s *world.Sim)) string {
	t.Helper()
	a := standintest.Archive(t)
	es := standintest.Layout(t, assets.ForgeEmitterLayout())
	s, err := world.NewSim(world.Config{Archive: a, Seed: 5, Emitters: es})
	if err != nil {
		t.Fatal(err)
	}
	s.RecordInputs()
	for k := 0; k < ticks; k++ {
		s.SetListener(walk.At(float64(k*renderStepFrames) / audio.SampleRate))
		if extra != nil {
			extra(k, s)
		}
		tickAsWindow(s, k)
	}
	p := filepath.Join(dir, "shot.json")
	writeShot(t, a, s, p)
	return p
}

// tickAsWindow is the window's tick k: Tick(0) first, then 1/60 s grid
// steps.
func tickAsWindow(s *world.Sim, k int) {
	if k == 0 {
		s.Tick(0)
	} else {
		s.Tick(world.NextStepDt(s.Now()))
	}
}

// writeShot writes at path the sidecar a window shot of s (on archive a,
// the stand-in) writes: the replay record of the instant after the last
// tick.
func writeShot(t *testing.T, a *dat.Archive, s *world.Sim, path string) {
	t.Helper()
	id, err := capture.Identify(a, true)
	if err != nil {
		t.Fatal(err)
	}
	rp := capture.Replay{Data: id, SimTime: s.Now(), Inputs: s.Inputs(), Snapshot: capture.Fingerprint(s.Snapshot())}
	js, err := json.Marshal(map[string]any{"tool": "soundworld", "replay": rp})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, js, 0o644); err != nil {
		t.Fatal(err)
	}
}

func loadWalk(t *testing.T, dir string) (*world.Walk, string) {
	p := writeWalk(t, dir, fromWalk)
	w, err := world.LoadWalk(strings.NewReader(fromWalk), p)
	if err != nil {
		t.Fatal(err)
	}
	return w, p
}

// TestRenderFrom_ByteIdenticalToOffline: a window-style session walks a path
// for 10 s; render -from its sidecar for 6 s writes the very samples that an
// offline `render -path` of the same path writes for 10..16 s.
func TestRenderFrom_ByteIdenticalToOffline(t *testing.T) {
	dir := t.TempDir()
	walk, pathFile := loadWalk(t, dir)
	const ticks = 601 // Tick(0) then 600 × 1/60 s: the instant is at 10 s
	sc := windowSession(t, dir, ticks, walk, nil)
	from, full := filepath.Join(dir, "from.wav"), filepath.Join(dir, "full.wav")
	if err := renderTest(t, "-from", sc, "-seconds", "6", "-o", from, "-events", from+".csv"); err != nil {
		t.Fatal(err)
	}
	forge := filepath.Join(dir, "forge.json") // the session's emitters (the stand-in default has none)
	if err := os.WriteFile(forge, assets.ForgeEmitterLayout(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := renderTest(t, "-path", pathFile, "-seed", "5", "-seconds", "16", "-o", full, "-events", full+".csv", "-emitters", forge); err != nil {
		t.Fatal(err)
	}
	// The -events rows of what followed are the offline render's rows after
	// the instant (10 s), draws and rands included.
	fe, _ := os.ReadFile(from + ".csv")
	want := eventsAfter(t, full+".csv", 10)
	if string(fe) != want || strings.Count(want, "\n") < 3 {
		t.Fatalf("render -from -events:\n%s\nwant the offline rows after 10 s:\n%s", fe, want)
	}
	a, _ := os.ReadFile(from)
	b, _ := os.ReadFile(full)
	if want := 44 + 6*audio.SampleRate*4; len(a) != want {
		t.Fatalf("render -from wrote %d bytes, want %d", len(a), want)
	}
	off := 44 + (ticks-1)*renderStepFrames*4
	tail := b[off:]
	if !bytes.Equal(a[44:], tail) {
		i := 0
		for i < len(tail) && a[44+i] == tail[i] {
			i++
		}
		t.Fatalf("render -from differs from the offline render's 10..16 s at byte %d (frame %d)", i, i/4)
	}
	if bytes.Equal(a[44:], make([]byte, len(a)-44)) {
		t.Fatalf("render -from is silent: the comparison proves nothing")
	}
}

// TestRenderFrom_PrefsAndEmitterEdits: a session with a preference change, an
// emitter moved and one edited and a stinger; render -from equals an
// independent offline loop making the same calls with a mixer.
func TestRenderFrom_PrefsAndEmitterEdits(t *testing.T) {
	dir := t.TempDir()
	walk, _ := loadWalk(t, dir)
	edits := func(k int, s *world.Sim) {
		switch k {
		case 120:
			p := s.Prefs()
			p.AmbientVolume, p.Squared = 0.4, false
			s.SetPrefs(p)
		case 200:
			x, y := world.WorldPos(0xA9B4, 100, 30)
			if err := s.Emitters().Move(0, x, y); err != nil {
				t.Fatal(err)
			}
		case 300:
			e := s.Emitters().List()[0]
			e.Volume, e.Interval = 0.6, [2]float32{0.5, 1}
			if err := s.Emitters().Update(0, e); err != nil {
				t.Fatal(err)
			}
		case 400:
			s.PlayStinger(assets.UITable, 0x76)
		}
	}
	const ticks = 481
	sc := windowSession(t, dir, ticks, walk, edits)
	from := filepath.Join(dir, "from.wav")
	if err := renderTest(t, "-from", sc, "-seconds", "4", "-o", from); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(from)

	// The offline reference: the same calls on a fresh Sim, a mixer rendering
	// 735 frames after each tick (render's loop), 16-bit as the WAV writer.
	a := standintest.Archive(t)
	es := standintest.Layout(t, assets.ForgeEmitterLayout())
	s, _ := world.NewSim(world.Config{Archive: a, Seed: 5, Emitters: es})
	mx := audio.NewMixer(s.Bank())
	var ref bytes.Buffer
	buf := make([]float32, 2*renderStepFrames)
	total := ticks + 4*60
	for k := 0; k < total; k++ {
		s.SetListener(walk.At(float64(min(k, ticks-1)*renderStepFrames) / audio.SampleRate))
		edits(k, s)
		tickAsWindow(s, k)
		mx.Apply(s.Manager().TakeStarts())
		mx.Render(buf)
		if k >= ticks-1 && k < total-1 {
			for _, v := range buf {
				q := int16(math.Round(float64(max(-1, min(1, v))) * 32767))
				ref.WriteByte(byte(q))
				ref.WriteByte(byte(q >> 8))
			}
		}
	}
	if !bytes.Equal(got[44:], ref.Bytes()) {
		t.Fatalf("render -from (%d bytes) differs from the offline loop (%d bytes)", len(got)-44, ref.Len())
	}
}

// TestRenderFrom_RefusesOtherData: a sidecar from another stand-in version is
// refused (exit 2, saying -force) unless -force; -from with -seed is a usage error.
func TestRenderFrom_RefusesOtherData(t *testing.T) {
	dir := t.TempDir()
	walk, _ := loadWalk(t, dir)
	sc := windowSession(t, dir, 61, walk, nil)
	b, _ := os.ReadFile(sc)
	var m map[string]map[string]any
	json.Unmarshal(b, &m)
	m["replay"]["data"] = map[string]any{"stand_in": "sha256:0123456789abcdef0123"}
	b, _ = json.Marshal(m)
	os.WriteFile(sc, b, 0o644)
	out := filepath.Join(dir, "x.wav")
	err := renderTest(t, "-from", sc, "-seconds", "1", "-o", out)
	if err == nil || !isUserErr(err) || !strings.Contains(err.Error(), "-force") || !strings.Contains(err.Error(), "different version") {
		t.Fatalf("other stand-in version: %v; want a user error naming the version and -force", err)
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatalf("a refused render left %s", out)
	}
	if err := renderTest(t, "-from", sc, "-force", "-seconds", "1", "-o", out); err != nil {
		t.Fatalf("-force: %v", err)
	}
	if err := renderTest(t, "-from", sc, "-seed", "3", "-seconds", "1", "-o", out); !errors.Is(err, errUsage) {
		t.Fatalf("-from with -seed: %v, want a usage error", err)
	}
	if err := renderTest(t, "-from", sc, "-chase", "0", "-seconds", "1", "-o", out); !errors.Is(err, errUsage) {
		t.Fatalf("-from with -chase (the sidecar gives the camera): %v, want a usage error", err)
	}
	noReplay := filepath.Join(dir, "old.json")
	os.WriteFile(noReplay, []byte(`{"tool":"soundworld","seed":1}`), 0o644)
	if err := renderTest(t, "-from", noReplay, "-seconds", "1", "-o", out); err == nil || !strings.Contains(err.Error(), "no \"replay\" record") {
		t.Fatalf("sidecar without a record: %v", err)
	}
}

// Issue 23 item 2: render -from a sidecar whose record holds a value its
// flag refuses (here a listener 1e38 m off the map, or a tick of 1e300 s,
// which panicked) exits 2 naming the sidecar and the entry, before any output.
func TestRenderFrom_BadRecordExit2(t *testing.T) {
	dir := t.TempDir()
	walk, _ := loadWalk(t, dir)
	side := windowSession(t, dir, 30, walk, nil)
	b, err := os.ReadFile(side)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		add  world.Input
		want string
	}{
		{"listener off the map", world.Input{Kind: world.InListener, X: 1e38, Y: 5}, "off the map"},
		{"tick dt 1e300", world.Input{Kind: world.InTick, N: 1, Dt: 1e300}, "dt 1e+300"},
	} {
		var sc struct {
			Replay capture.Replay `json:"replay"`
		}
		if err := json.Unmarshal(b, &sc); err != nil {
			t.Fatal(err)
		}
		in := c.add
		in.T = sc.Replay.SimTime
		sc.Replay.Inputs.Inputs.Append(in)
		n := sc.Replay.Inputs.Inputs.Len() - 1
		js, err := json.Marshal(sc)
		if err != nil {
			t.Fatal(err)
		}
		bad := filepath.Join(dir, "bad.json")
		if err := os.WriteFile(bad, js, 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "o.wav")
		code, _, errs := runOut("render", "-from", bad, "-seconds", "1", "-o", out)
		want := "bad.json: replay.inputs[" + strconv.Itoa(n) + "]"
		if code != 2 || !strings.Contains(errs, want) || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want 2 naming %q and %q", c.name, code, errs, want, c.want)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s: an output was written", c.name)
		}
	}
}

// eventsAfter is the header of the -events file at path and its rows after
// sec s (a row's time_s > sec + 1e-7): what a -from render of the instant
// sec writes.
func eventsAfter(t *testing.T, path string, sec float64) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	rows := lines[0]
	for _, l := range lines[1:] {
		if tt, err := strconv.ParseFloat(strings.SplitN(l, ",", 2)[0], 64); err == nil && tt > sec+1e-7 {
			rows += l
		}
	}
	return rows
}
