package game

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/audio"
	"soundworld/world"
)

// A11: a walk recorded through the stand-in inn's door — in by the east
// door, through the taproom (sees outside) to the cellar stairwell (closed),
// a wait there, and back out — keeps each tick's EnvCell in the path file,
// and `render -path` plays it indoors exactly as the window did: the render
// is the window's own mix byte for byte (the cellar's silence included).
func TestA11_RecordedWalkThroughTheDoor(t *testing.T) {
	dir := recordInto(t)

	g := standInGame(t)
	g.sim.SetPlayer(world.Loc{Landblock: 0xA9B4, X: 66, Y: 40}, 270) // east of the inn, facing its door (west)
	d := driveWindow(t, g)
	g.walk.Toggle()
	seen := map[uint32]bool{}
	d.play(11, []float64{1.0 / 144, 1.0 / 60, 1.0 / 30, 1.0 / 144, 1.0 / 20, 1.0 / 60}, []cue{
		{0, func() { d.held[ebiten.KeyW] = true }}, // 9.5 m/s west: the door (x 60) at ~0.6 s, the stairwell (x < 51) at ~1.6 s
		{1.75, func() { d.held = map[ebiten.Key]bool{} }},
		{7, func() { d.held[ebiten.KeyS] = true }}, // backwards, east: out of the door again
		{9.5, func() { d.held = map[ebiten.Key]bool{} }},
	}, func() {
		c, _ := g.sim.Indoor()
		seen[c] = true
	})
	if !seen[0xA9B40100] || !seen[0xA9B40101] || !seen[0] {
		t.Fatalf("A11: the window's walk was in cells %v; want outdoors, the taproom and the cellar", seen)
	}
	if c, _ := g.sim.Indoor(); c != 0 {
		t.Fatalf("A11: the walk ends in EnvCell 0x%08X, want outdoors", c)
	}
	g.walk.Toggle()
	_, status := g.walk.Recording()
	paths, _ := filepath.Glob(filepath.Join(dir, "walk-*.path.json"))
	if g.walk.lastErr || len(paths) != 1 {
		t.Fatalf("stop: %q, files %v", status, paths)
	}
	w, err := loadWalkFile(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	cells := map[uint32]int{}
	for _, p := range w.Points {
		cells[p.Cell]++
	}
	if cells[0xA9B40100] == 0 || cells[0xA9B40101] == 0 || cells[0] == 0 {
		t.Fatalf("A11: path file points per cell %v; want outdoor, taproom and cellar points", cells)
	}

	frames := g.meters.local.Frame()
	all, _ := g.meters.tap.Last(audio.RingSeconds)
	mine := all[int64(len(all))-2*frames:]
	want := wavBytes(t, filepath.Join(dir, "window.wav"), mine)
	secs := strconv.FormatFloat(float64(frames)/audio.SampleRate, 'g', -1, 64)
	got := renderWalk(t, paths[0], "none", secs, filepath.Join(dir, "render.wav"))
	sameWAV(t, "A11: render -path", want, got, frames)
	if !strings.Contains(string(mustRead(t, paths[0])), `"cell":"0xA9B40101"`) {
		t.Errorf("A11: the path file does not name the cellar")
	}
}

// wavBytes is samples as the WAV file render writes (written to path).
func wavBytes(t *testing.T, path string, samples []float32) []byte {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	ww, err := audio.NewWAVWriter(f)
	if err == nil {
		err = ww.Write(samples)
	}
	if err == nil {
		err = ww.Close()
	}
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	return mustRead(t, path)
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
