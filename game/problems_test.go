package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/assets"
	"soundworld/assets/standintest"
	"soundworld/dat"
	"soundworld/dat/dattest"
	"soundworld/internal/damage"
	"soundworld/ui"
)

// badWaveStandIn is the stand-in with every wave's sample rate set to 3 Hz
// (refused: no wave decodes), opened from memory.
func badWaveStandIn(t *testing.T) *dat.Archive {
	t.Helper()
	portal, cell, err := assets.StandInImages()
	if err != nil {
		t.Fatal(err)
	}
	if err := damage.WavesUndecodable(portal); err != nil {
		t.Fatal(err)
	}
	return dattest.Open(t, portal, cell)
}

// shotSidecar runs a 1 s shot of a to out and returns the game and the sidecar's problems.
func shotSidecar(t *testing.T, a *dat.Archive, out string) (*Game, []dat.Problem) {
	t.Helper()
	g := runShotOf(t, Config{Archive: a, Source: assets.Name, Stdout: io.Discard, Shot: &Shot{Seconds: 1, Out: out}})
	b, err := os.ReadFile(SidecarPath(out))
	if err != nil {
		t.Fatal(err)
	}
	var sc struct {
		Problems []dat.Problem `json:"problems"`
	}
	if err := json.Unmarshal(b, &sc); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`"problems":`)) {
		t.Errorf("sidecar has no \"problems\" key")
	}
	return g, sc.Problems
}

// A shot of a damaged archive carries the problems in its
// sidecar, the window shows the "Data problems (N)" banner and the Data
// problems panel (unfolded) lists each; a clean archive has "problems": [],
// no banner, the panel folded.
func TestDataProblems_SidecarBannerPanel(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "bad.png")
	g, ps := shotSidecar(t, badWaveStandIn(t), out)
	if len(ps) == 0 || ps[0].Kind != dat.KindBadWave || ps[0].File != dat.PortalFile || ps[0].Record>>24 != 0x0A {
		t.Fatalf("damaged: sidecar problems %+v, want the bad waves", ps)
	}
	if !hasBanner(g.hudNow().banners(), "Data problems (") {
		t.Errorf("damaged: banners %q, want Data problems (N)", g.hudNow().banners())
	}
	lines := g.ui.ProblemLines()
	if len(lines) != len(ps) || !strings.Contains(lines[0], "client_portal.dat, record 0x0A") || !strings.Contains(lines[0], "sample rate 3 Hz") {
		t.Errorf("damaged: panel lines %q, want one per problem naming file, record, what", lines)
	}
	if i, folded := problemsPanel(g); i < 0 || folded {
		t.Errorf("damaged: Data problems panel %d folded %v, want it open", i, folded)
	}
	if s := os.Getenv("SOUNDWORLD_PROBLEMS_SHOT"); s != "" { // a copy to look at
		b, _ := os.ReadFile(out)
		os.WriteFile(s, b, 0o644)
	}

	a := standintest.Archive(t)
	g, ps = shotSidecar(t, a, filepath.Join(dir, "clean.png"))
	if ps == nil || len(ps) != 0 {
		t.Errorf("clean: sidecar problems %+v, want []", ps)
	}
	if hasBanner(g.hudNow().banners(), "Data problems") {
		t.Errorf("clean: banners %q, want no Data problems banner", g.hudNow().banners())
	}
	if i, folded := problemsPanel(g); i < 0 || !folded {
		t.Errorf("clean: Data problems panel %d folded %v, want it folded", i, folded)
	}
}

// problemsPanel is the Data problems panel's index and whether it is folded.
func problemsPanel(g *Game) (int, bool) {
	for i, r := range g.ui.PanelRects() {
		if r.Name == ui.ProblemsPanelName {
			return i, r.Folded
		}
	}
	return -1, false
}

// runShotOf runs the shot c describes to its end (runShot on any archive).
func runShotOf(t *testing.T, c Config) *Game {
	t.Helper()
	g, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	finishShot(t, g)
	return g
}

// finishShot runs g's shot frame by frame at the window's size until Update
// ends it with ebiten.Termination (at most 600 frames), and fails t unless
// it ended so with no shot error.
func finishShot(t *testing.T, g *Game) *shotRun {
	t.Helper()
	g.cam.W, g.cam.H = Width, Height
	img := ebiten.NewImage(Width, Height)
	s := newShotRun(g)
	var uerr error
	for i := 0; i < 600 && uerr == nil; i++ {
		uerr = s.Update()
		s.Draw(img)
	}
	if !errors.Is(uerr, ebiten.Termination) || s.err != nil {
		t.Fatalf("shot: got update error %v, shot error %v; want Termination and no error", uerr, s.err)
	}
	return s
}
