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
	d := driveWindow(t, g)
	for i := 0; i < 30; i++ { // half a second before recording (the sim is not at 0 s)
		d.frame(1.0 / 60)
	}
	g.walk.Toggle()
	if on, _ := g.walk.Recording(); !on || g.sim.Now() != 0 {
		t.Fatalf("R: recording %v, sim at %v s; want recording from 0 s", on, g.sim.Now())
	}
	p := audio.DefaultPrefs()
	p.AmbientVolume = 0.4
	d.play(11, []float64{1.0 / 144, 1.0 / 144, 1.0 / 60, 1.0 / 30, 1.0 / 144, 1.0 / 20, 1.0 / 60}, []cue{
		{0, func() { d.held[ebiten.KeyW] = true }},
		{2, func() { d.held[ebiten.KeyE] = true }},
		{3, func() { d.held = map[ebiten.Key]bool{} }},
		{3.5, func() { hostOf(g).SetEye(4) }},
		{4, func() { d.held[ebiten.KeyD] = true }},
		{5, func() { hostOf(g).SetPrefs(p) }},
		{6, func() { d.held = map[ebiten.Key]bool{ebiten.KeyW: true, ebiten.KeyShift: true, ebiten.KeyQ: true} }},
		{7, func() { g.sim.SetChase(6) }},
		{8, func() { d.held = map[ebiten.Key]bool{} }},
		{9, func() {
			if err := hostOf(g).Jump("0xA9B40019 [84.000000 7.100000 85.005000] 0.707107 0.000000 0.000000 -0.707107"); err != nil {
				t.Fatal(err)
			}
		}},
	}, nil)
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
	want := wavBytes(t, filepath.Join(dir, "window.wav"), mine)

	// Offline: the command line the window printed (its -seconds covers the last tick).
	secs := strconv.FormatFloat(float64(frames)/audio.SampleRate, 'g', -1, 64)
	if !strings.Contains(status, "-seconds "+secs+" ") || !strings.Contains(status, "-seed 1 ") {
		t.Errorf("status %q: want -seed 1 and -seconds %s", status, secs)
	}
	got := renderWalk(t, paths[0], layouts[0], secs, filepath.Join(dir, "render.wav"))
	sameWAV(t, "render -path", want, got, frames)
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

// windowDriver drives a window through Update with a fake clock and keys
// held as the test says.
type windowDriver struct {
	t    *testing.T
	g    *Game
	now  float64             // the fake clock, s
	held map[ebiten.Key]bool // the keys held down now
}

// cue is one scripted input, at s seconds into windowDriver.play.
type cue struct {
	at float64
	do func()
}

// driveWindow puts g on a fake clock at 0 s with no keys held and runs one
// Update (the first frame starts the window's clock).
func driveWindow(t *testing.T, g *Game) *windowDriver {
	t.Helper()
	d := &windowDriver{t: t, g: g, held: map[ebiten.Key]bool{}}
	g.clk = clock.New(func() float64 { return d.now })
	g.held = func(k ebiten.Key) bool { return d.held[k] }
	d.frame(0)
	return d
}

// frame moves the clock on by dt seconds and runs one Update.
func (d *windowDriver) frame(dt float64) {
	d.t.Helper()
	d.now += dt
	if err := d.g.Update(); err != nil {
		d.t.Fatal(err)
	}
}

// play runs frames for secs seconds, their lengths taken from dts in turn
// (uneven frame rates: some frames run no tick, some several), running each
// cue before the first frame at or past its time and after (if not nil)
// after every frame.
func (d *windowDriver) play(secs float64, dts []float64, cues []cue, after func()) {
	d.t.Helper()
	start := d.now
	for i := 0; d.now-start < secs; i++ {
		for len(cues) > 0 && d.now-start >= cues[0].at {
			cues[0].do()
			cues = cues[1:]
		}
		d.frame(dts[i%len(dts)])
		if after != nil {
			after()
		}
	}
}

// renderWalk runs `soundworld render -path path -seed 1 -emitters layout
// -seconds secs -o out` and returns the WAV it wrote.
func renderWalk(t *testing.T, path, layout, secs, out string) []byte {
	t.Helper()
	var stderr bytes.Buffer
	code := commands.Run(&commands.Env{Ctx: context.Background(), Stdout: io.Discard, Stderr: &stderr},
		[]string{"render", "-path", path, "-seed", "1", "-emitters", layout, "-seconds", secs, "-o", out})
	if code != 0 {
		t.Fatalf("render exit %d: %s", code, stderr.String())
	}
	return mustRead(t, out)
}

// sameWAV fails t unless got (what renders wrote) is want (the window's own
// mix of frames frames as a WAV) byte for byte, naming the first frame that
// differs.
func sameWAV(t *testing.T, what string, want, got []byte, frames int64) {
	t.Helper()
	if bytes.Equal(want, got) {
		return
	}
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			t.Fatalf("%s differs from the window at byte %d (frame %d of %d)", what, i, (i-44)/8, frames)
		}
	}
	t.Fatalf("%s: window %d bytes, render %d bytes", what, len(want), len(got))
}
