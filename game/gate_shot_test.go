package game

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/explorer/clock"
	"soundworld/explorer/listen/listentest"
	"soundworld/ui"
)

// The Gate panel drawn as a user sees it, at two window sizes and in three
// states (loading, an ABX run going, the result): the panel is open and on
// screen. With SOUNDWORLD_SHOTS=DIR the pictures are written there to look at.
func TestGatePanelShots(t *testing.T) {
	dir := t.TempDir()
	path, _ := listentest.Gate(t, dir)
	out := os.Getenv("SOUNDWORLD_SHOTS")
	for _, size := range [][2]int{{1280, 720}, {900, 600}} {
		g := standInGame(t)
		g.cam.W, g.cam.H = size[0], size[1]
		now := 0.0
		g.clk = clock.New(func() float64 { return now })
		g.held = func(ebiten.Key) bool { return false }
		frames := func(n int) {
			for i := 0; i < n; i++ {
				now += 1.0 / 60
				if err := g.Update(); err != nil {
					t.Fatal(err)
				}
			}
		}
		shot := func(name string) {
			img := ebiten.NewImage(size[0], size[1])
			g.Draw(img)
			arr := g.ui.Arrangement()
			found := false
			for i, n := range g.ui.PanelNames() {
				if n == ui.GatePanelName {
					found = true
					r := arr.Rects[i]
					if arr.Folded[i] || r.Min.X < 0 || r.Max.X > size[0] || r.Max.Y > size[1] || r.Dy() < 200 {
						t.Errorf("%dx%d %s: Gate panel folded %v at %v, want open inside the window", size[0], size[1], name, arr.Folded[i], r)
					}
				}
			}
			if !found {
				t.Fatal("no Gate panel")
			}
			if out == "" {
				return
			}
			f, err := os.Create(filepath.Join(out, fmt.Sprintf("%s-%dx%d.png", name, size[0], size[1])))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if err := png.Encode(f, pixels(img)); err != nil {
				t.Fatal(err)
			}
		}
		frames(1)
		if err := g.listening.OpenGate(path); err != nil {
			t.Fatal(err)
		}
		frames(3)
		shot("gate-loading")
		waitReady(t, g)
		frames(3)
		g.listening.SetABXTrials(3)
		g.listening.PlayX()
		x, _ := g.listening.ABXTrial()
		g.listening.AnswerX(x == 1)
		g.listening.PlayX()
		frames(3)
		shot("gate-abx")
		g.listening.AnswerX(true)
		g.listening.PlayX()
		g.listening.AnswerX(false)
		frames(3)
		shot("gate-result")
	}
}
