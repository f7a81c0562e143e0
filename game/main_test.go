package game

import (
	"errors"
	"flag"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestMain runs the tests inside ebiten.RunGame (ReadPixels needs the game
// loop): m.Run is called from the first Update, then the loop terminates.
// Run under xvfb-run -a -s "-screen 0 1280x720x24" (see Makefile).
func TestMain(m *testing.M) {
	if os.Getenv(memChildEnv) != "" { // TestProfiler_MemoryFlatAt4xDrawing's child
		os.Exit(memChild())
	}
	if os.Getenv(bugChildEnv) != "" { // TestFrameLoopBug_Exit70's child
		bugChild()
	}
	flag.Parse()
	stop := startMemFlatEarly() // overlaps the other tests (2 cores)
	code := 0
	ebiten.SetWindowSize(320, 240)
	err := ebiten.RunGame(&testHost{run: func() { code = m.Run() }})
	stop()
	if err != nil && !errors.Is(err, ebiten.Termination) {
		panic(err)
	}
	os.Exit(code)
}

type testHost struct {
	run  func()
	done bool
}

func (h *testHost) Update() error {
	if !h.done {
		h.done = true
		h.run()
	}
	return ebiten.Termination
}

func (h *testHost) Draw(*ebiten.Image)         {}
func (h *testHost) Layout(int, int) (int, int) { return 320, 240 }
