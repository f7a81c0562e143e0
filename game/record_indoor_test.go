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

	"soundworld/audio"
	"soundworld/explorer/clock"
	"soundworld/internal/commands"
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
	now := 0.0
	g.clk = clock.New(func() float64 { return now })
	held := map[ebiten.Key]bool{}
	g.held = func(k ebiten.Key) bool { return held[k] }
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	g.walk.Toggle()
	dts := []float64{1.0 / 144, 1.0 / 60, 1.0 / 30, 1.0 / 144, 1.0 / 20, 1.0 / 60}
	type cue struct {
		at float64
		do func()
	}
	cues := []cue{
		{0, func() { held[ebiten.KeyW] = true }}, // 9.5 m/s west: the door (x 60) at ~0.6 s, the stairwell (x < 51) at ~1.6 s
		{1.75, func() { held = map[ebiten.Key]bool{} }},
		{7, func() { held[ebiten.KeyS] = true }}, // backwards, east: out of the door again
		{9.5, func() { held = map[ebiten.Key]bool{} }},
	}
	seen := map[uint32]bool{}
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
		c, _ := g.sim.Indoor()
		seen[c] = true
	}
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
	var want bytes.Buffer
	want.Write(wavBytes(t, filepath.Join(dir, "window.wav"), mine))
	secs := strconv.FormatFloat(float64(frames)/audio.SampleRate, 'g', -1, 64)
	out := filepath.Join(dir, "render.wav")
	var stderr bytes.Buffer
	code := commands.Run(&commands.Env{Ctx: context.Background(), Stdout: io.Discard, Stderr: &stderr},
		[]string{"render", "-path", paths[0], "-seed", "1", "-emitters", "none", "-seconds", secs, "-o", out})
	if code != 0 {
		t.Fatalf("render exit %d: %s", code, stderr.String())
	}
	got, _ := os.ReadFile(out)
	if !bytes.Equal(want.Bytes(), got) {
		n := min(len(got), want.Len())
		for i := range n {
			if got[i] != want.Bytes()[i] {
				t.Fatalf("A11: render differs from the window at byte %d (frame %d of %d)", i, (i-44)/8, frames)
			}
		}
		t.Fatalf("A11: window %d bytes, render %d bytes", want.Len(), len(got))
	}
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
