package game

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/explorer/clock"
	"soundworld/internal/commands"
	"soundworld/world"
)

// A walk recorded in the window (R) and rendered offline by
// `soundworld render -path` with the same seed and emitters is the window's
// own mix, byte for byte. The window is driven through Update with a fake
// clock at uneven frame rates (144, 60, 30 and 20 FPS, so some frames run no
// tick and some run several) and scripted input: walking, turning, strafing
// and walking slowly with held keys, an eye-height, a preference and a chase
// change from the panels, and a jump to a /loc line.
func TestRecordedWalkRendersSampleExact(t *testing.T) {
	dir := recordInto(t)

	g := standInGame(t)
	es, err := world.LoadLayout(bytes.NewReader(assets.ForgeEmitterLayout()), "forge emitter layout")
	if err != nil {
		t.Fatal(err)
	}
	g.sim.Emitters().Set(es)
	now := 0.0
	g.clk = clock.New(func() float64 { return now })
	held := map[ebiten.Key]bool{}
	g.held = func(k ebiten.Key) bool { return held[k] }
	if err := g.Update(); err != nil { // starts the clock
		t.Fatal(err)
	}
	for i := 0; i < 30; i++ { // half a second before recording (the sim is not at 0 s)
		now += 1.0 / 60
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	g.walk.Toggle()
	if on, _ := g.walk.Recording(); !on || g.sim.Now() != 0 {
		t.Fatalf("R: recording %v, sim at %v s; want recording from 0 s", on, g.sim.Now())
	}
	dts := []float64{1.0 / 144, 1.0 / 144, 1.0 / 60, 1.0 / 30, 1.0 / 144, 1.0 / 20, 1.0 / 60}
	type cue struct {
		at float64
		do func()
	}
	p := audio.DefaultPrefs()
	p.AmbientVolume = 0.4
	cues := []cue{
		{0, func() { held[ebiten.KeyW] = true }},
		{2, func() { held[ebiten.KeyE] = true }},
		{3, func() { held = map[ebiten.Key]bool{} }},
		{3.5, func() { hostOf(g).SetEye(4) }},
		{4, func() { held[ebiten.KeyD] = true }},
		{5, func() { hostOf(g).SetPrefs(p) }},
		{6, func() { held = map[ebiten.Key]bool{ebiten.KeyW: true, ebiten.KeyShift: true, ebiten.KeyQ: true} }},
		{7, func() { g.sim.SetChase(6) }},
		{8, func() { held = map[ebiten.Key]bool{} }},
		{9, func() {
			if err := hostOf(g).Jump("0xA9B40019 [84.000000 7.100000 85.005000] 0.707107 0.000000 0.000000 -0.707107"); err != nil {
				t.Fatal(err)
			}
		}},
	}
	start := now
	for i := 0; now-start < 11; i++ {
		for len(cues) > 0 && now-start >= cues[0].at {
			cues[0].do()
			cues = cues[1:]
		}
		now += dts[i%len(dts)]
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	g.walk.Toggle()
	_, status := g.walk.Recording()
	if g.walk.lastErr || !strings.Contains(status, "Walk saved to ") {
		t.Fatalf("stop: %q", status)
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "walk-*.path.json"))
	layouts, _ := filepath.Glob(filepath.Join(dir, "walk-*.emitters.json"))
	if len(paths) != 1 || len(layouts) != 1 {
		t.Fatalf("files: paths %v layouts %v", paths, layouts)
	}

	// The window's own mix since R (no device: the meters' mixer, fed per tick).
	frames := g.meters.local.Frame()
	all, _ := g.meters.tap.Last(audio.RingSeconds)
	if int64(len(all)) < 2*frames {
		t.Fatalf("tap has %d samples, the session mixed %d frames", len(all), frames)
	}
	mine := all[int64(len(all))-2*frames:]
	want := filepath.Join(dir, "window.wav")
	f, err := os.Create(want)
	if err != nil {
		t.Fatal(err)
	}
	ww, err := audio.NewWAVWriter(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := ww.Write(mine); err != nil {
		t.Fatal(err)
	}
	if err := ww.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()

	// Offline: the command line the window printed (its -seconds covers the last tick).
	secs := strconv.FormatFloat(float64(frames)/audio.SampleRate, 'g', -1, 64)
	if !strings.Contains(status, "-seconds "+secs+" ") || !strings.Contains(status, "-seed 1 ") {
		t.Errorf("status %q: want -seed 1 and -seconds %s", status, secs)
	}
	out := filepath.Join(dir, "render.wav")
	var stderr bytes.Buffer
	code := commands.Run(&commands.Env{Ctx: context.Background(), Stdout: io.Discard, Stderr: &stderr},
		[]string{"render", "-path", paths[0], "-seed", "1", "-emitters", layouts[0], "-seconds", secs, "-o", out})
	if code != 0 {
		t.Fatalf("render exit %d: %s", code, stderr.String())
	}
	a, _ := os.ReadFile(want)
	b, _ := os.ReadFile(out)
	if len(a) != len(b) {
		t.Fatalf("window %d bytes, render %d bytes", len(a), len(b))
	}
	if !bytes.Equal(a, b) {
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("first difference at byte %d (frame %d of %d)", i, (i-44)/8, frames)
			}
		}
	}
	// Not trivially equal: something played, and the walk moved.
	loud := 0
	for _, v := range mine {
		if v > 0.01 || v < -0.01 {
			loud++
		}
	}
	w, err := loadWalkFile(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	if loud < 1000 || len(w.Points) < 100 || len(w.Changes) < 3 {
		t.Errorf("session: %d loud samples, %d points, %d changes; want sound, a walk and the changes", loud, len(w.Points), len(w.Changes))
	}
}

func loadWalkFile(path string) (*world.Walk, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return world.LoadWalk(f, path)
}

// What a path file cannot carry is said, in the status and in the file's note.
func TestRecordedWalkSaysWhenNotExact(t *testing.T) {
	dir := recordInto(t)
	g := standInGame(t)
	g.walk.Toggle()
	for i := 0; i < 10; i++ {
		g.snap = g.sim.Tick(world.NextStepDt(g.sim.Now()))
	}
	hostOf(g).AddEmitterAtListener()
	g.snap = g.sim.Tick(world.NextStepDt(g.sim.Now()))
	g.walk.Toggle()
	_, status := g.walk.Recording()
	if !strings.Contains(status, "not exact: emitters edited") {
		t.Errorf("status %q: want it to say the emitter edit makes it inexact", status)
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "walk-*.path.json"))
	if len(paths) != 1 {
		t.Fatal(paths)
	}
	b, _ := os.ReadFile(paths[0])
	if !strings.Contains(string(b), "NOT exact: emitters edited") {
		t.Errorf("path file note: %s", b[:200])
	}
}

// recordInto points the walk recorder at a fresh temporary folder for the
// test and returns it; the old folder is restored when the test ends.
func recordInto(t *testing.T) string {
	t.Helper()
	dir, old := t.TempDir(), recordDir
	recordDir = dir
	t.Cleanup(func() { recordDir = old })
	return dir
}
