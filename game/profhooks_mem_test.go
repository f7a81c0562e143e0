package game

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/assets"
	"soundworld/explorer/clock"
)

// Memory stays flat: the profiler's state (the timeline history,
// the input record, the meter tap, the window's own mix) is bounded. The
// window runs at 4× for 40 simulated minutes (Update only, a fake clock at
// 60 FPS, W held now and then so the record has moves); the live heap after
// 40 min is within 4 MB of the heap after 10 min.
func TestProfiler_MemoryFlatAt4x(t *testing.T) {
	if testing.Short() {
		t.Skip("40 simulated minutes")
	}
	g := standInGame(t)
	g.st.TimeScale = 4
	now := 0.0
	g.clk = clock.New(func() float64 { return now })
	frame := 0
	g.held = func(k ebiten.Key) bool { return k == ebiten.KeyQ && frame%600 < 30 } // turn in place now and then
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	run := func(simMinutes float64) {
		for g.snap.Time < simMinutes*60 {
			now += 1.0 / 60
			frame++
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
		}
	}
	run(10)
	h10, inputs10 := heap(), g.sim.Inputs().Inputs.Len()
	run(40)
	h40, inputs40 := heap(), g.sim.Inputs().Inputs.Len()
	t.Logf("heap %.1f MB at 10 min, %.1f MB at 40 min; input record %d → %d entries; history %d bars %d rows",
		float64(h10)/1e6, float64(h40)/1e6, inputs10, inputs40, len(g.ui.History().Bars), len(g.ui.History().Rows))
	if h40 > h10+4<<20 {
		t.Errorf("heap grew from %d to %d bytes between 10 and 40 simulated minutes", h10, h40)
	}
}

// memChildEnv makes the test binary run memChild instead of the tests
// (TestMain): real ebiten frames, each flushed and ended as a window's are.
const memChildEnv = "SOUNDWORLD_MEMFLAT_CHILD"

// Memory stays flat over a 1 h -profile-frames run at 4×, with drawing: as TestProfiler_MemoryFlatAt4x, with every panel and overlay open
// and a frame drawn every 120 Updates (every 2 s of wall time; each draws new
// status, timeline, meter and event texts, so a text or image cache that only
// grows would show), 60 simulated minutes (15 min of wall time at 4×). It runs
// in a child process: the tests run inside one ebiten Update (main_test.go),
// where nothing ends a frame, and ebiten keeps every queued draw's uniforms
// until a frame ends (an in-process version grew ~190 KB a draw, all in
// ebiten's command queue, and 2.8 MB a draw without a flush). The live heap
// after 60 min is within 4 MB of the heap after 15 min.
func TestProfiler_MemoryFlatAt4xDrawing(t *testing.T) {
	if testing.Short() {
		t.Skip("60 simulated minutes in a child process")
	}
	if memFlat.done == nil {
		startMemFlat()
	}
	<-memFlat.done
	out, err := memFlat.out, memFlat.err
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	var h15, h60 uint64
	var d15, d60 int
	i := bytes.Index(out, []byte("memflat "))
	if i < 0 {
		t.Fatalf("child wrote no memflat line:\n%s", out)
	}
	if _, err := fmt.Sscanf(string(out[i:]), "memflat %d %d %d %d", &h15, &d15, &h60, &d60); err != nil {
		t.Fatalf("child's line: %v\n%s", err, out)
	}
	t.Logf("heap %.1f MB at 15 min (%d frames drawn), %.1f MB at 60 min (%d frames drawn)", float64(h15)/1e6, d15, float64(h60)/1e6, d60)
	if d60 < 400 {
		t.Errorf("drew %d frames, want 450", d60)
	}
	if h60 > h15+4<<20 {
		t.Errorf("heap grew from %d to %d bytes between 15 and 60 simulated minutes with drawing", h15, h60)
	}
}

// memFlat is TestProfiler_MemoryFlatAt4xDrawing's child process: its
// minutes of CPU are the package's longest, so TestMain starts it before
// the tests when the test will run, and they overlap on a second core.
var memFlat struct {
	cmd  *exec.Cmd
	out  []byte
	err  error
	done chan struct{}
}

func startMemFlat() {
	memFlat.cmd = exec.Command(os.Args[0], "-test.run=^$")
	memFlat.cmd.Env = append(os.Environ(), memChildEnv+"=1")
	memFlat.done = make(chan struct{})
	go func() {
		memFlat.out, memFlat.err = memFlat.cmd.CombinedOutput()
		close(memFlat.done)
	}()
}

// startMemFlatEarly starts the child when the flags (parsed) will run
// TestProfiler_MemoryFlatAt4xDrawing; stop ends it if it still runs.
func startMemFlatEarly() (stop func()) {
	run := flag.Lookup("test.run").Value.String()
	top, _, _ := strings.Cut(run, "/")
	if testing.Short() || run != "" && !regexp.MustCompile(top).MatchString("TestProfiler_MemoryFlatAt4xDrawing") {
		return func() {}
	}
	startMemFlat()
	return func() {
		select {
		case <-memFlat.done:
		default:
			memFlat.cmd.Process.Kill()
		}
	}
}

// memChild runs TestProfiler_MemoryFlatAt4xDrawing's window and prints
// "memflat HEAP15 DRAWS15 HEAP60 DRAWS60"; it returns the exit code.
func memChild() int {
	a, err := assets.StandIn()
	if err != nil {
		fmt.Println(err)
		return 1
	}
	g, err := New(Config{Archive: a, Source: assets.Name, NoAudio: true, Seed: 1, Stdout: io.Discard})
	if err == nil {
		err = g.ui.OpenPanels("all")
	}
	if err != nil {
		fmt.Println(err)
		return 1
	}
	g.cam.W, g.cam.H = Width, Height
	g.focus = func() bool { return true }
	g.st.Layers, _ = ParseOverlays("all")
	g.st.TimeScale = 4
	h := &memHost{g: g}
	g.clk = clock.New(func() float64 { return h.now })
	g.held = func(k ebiten.Key) bool { return k == ebiten.KeyQ && h.frame%600 < 30 }
	if err = runUnpaced(h); err == nil {
		err = h.err
	}
	if err != nil {
		fmt.Println(err)
		return 1
	}
	fmt.Printf("memflat %d %d %d %d\n", h.h15, h.d15, h.h60, h.draws)
	return 0
}

// memHost runs 120 Updates of the window (a fake clock at 60 FPS) per ebiten
// frame and draws it once.
type memHost struct {
	g          *Game
	now        float64
	frame      int
	draws, d15 int
	h15, h60   uint64
	err        error
}

func (h *memHost) Update() error {
	if h.h15 == 0 && h.g.snap.Time >= 15*60 {
		h.h15, h.d15 = liveHeap(), h.draws
	}
	if h.g.snap.Time >= 60*60 {
		h.h60 = liveHeap()
		return ebiten.Termination
	}
	for i := 0; i < 120; i++ {
		h.now += 1.0 / 60
		h.frame++
		if h.err = h.g.Update(); h.err != nil {
			return h.err
		}
	}
	return nil
}

func (h *memHost) Draw(screen *ebiten.Image) { h.g.Draw(screen); h.draws++ }

func (h *memHost) Layout(int, int) (int, int) {
	h.g.Layout(Width, Height)
	return Width, Height
}

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// runUnpaced runs h in a window of the window's size with vsync off and one
// Update per frame, as fast as the machine draws (a measuring child's
// window); h ending the run with ebiten.Termination is no error.
func runUnpaced(h ebiten.Game) error {
	ebiten.SetWindowSize(Width, Height)
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	if err := ebiten.RunGame(h); err != nil && !errors.Is(err, ebiten.Termination) {
		return err
	}
	return nil
}
