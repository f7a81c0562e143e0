package game

// shotrun.go: `soundworld shot` (and `capture`) as a game wrapping the
// window: the Sim advances by fixed 1/60 s steps once every tile is in, the
// picture is taken when the map and the panels have settled, and the run
// ends; a shot that stops making progress fails (shotwatch.go).

import (
	"fmt"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/world"
)

// shotRun drives a Game for a scripted screenshot (Config.Shot).
type shotRun struct {
	g        *Game
	shot     *Shot
	ticks    int // sim steps done
	last     int // frame of the last step; the capture is shotSettleFrames later (panels laid out)
	captured bool
	watch    shotWatch
	err      error // the picture's or the capture bundle's
}

// newShotRun makes g's frames a shot's: fixed steps instead of the clock, a
// view pinned while the steps run, and always "focused" (G4 would silence
// an unfocused Sim, and a shot has no window to focus).
func newShotRun(g *Game) *shotRun {
	s := &shotRun{g: g, shot: g.cfg.Shot}
	g.step = s.step
	g.pinView = func() bool { return s.last == 0 || !g.st.Follow && g.pin != (viewPin{}) }
	g.focus = func() bool { return true }
	return s
}

// Update ends the run once the picture is taken, else runs the window's
// frame with fixed steps and fails a shot that stopped making progress.
func (s *shotRun) Update() error {
	if s.captured {
		return ebiten.Termination
	}
	f := s.g.frame
	if err := s.g.Update(); err != nil || s.g.frame == f { // an error, or a second Update in the frame (frameGate)
		return err
	}
	return s.watch.stalled(s.state(), time.Now(), shotPatience)
}

// Draw draws the window's frame and takes the picture (and the capture
// bundle, for `soundworld capture`) on the first frame that is ready.
func (s *shotRun) Draw(screen *ebiten.Image) {
	g := s.g
	g.Draw(screen)
	if s.ready() && !s.captured {
		s.err = s.writeShot(screen, s.shot.Out)
		s.captured = true
		if g.cfg.CaptureDir != "" && s.err == nil { // soundworld capture
			s.err = g.meters.writeCapture(screen, g.cfg.CaptureDir, time.Now())
		}
	}
}

// Layout is the shot's -size whatever the window's.
func (s *shotRun) Layout(int, int) (int, int) { return s.g.Layout(s.shot.size()) }

// step advances the shot's Sim by fixed 1/60 s steps, 30 per frame, once
// every needed tile is loaded, so the picture depends on sim time only.
func (s *shotRun) step() {
	g := s.g
	if g.mapv.Tiles.Loading() > 0 {
		return // the Sim waits: its steps must not depend on how fast tiles load
	}
	total := int(math.Round(s.shot.Seconds * tps))
	for i := 0; i < 30 && s.ticks < total; i++ {
		g.snap = g.sim.Tick(world.NextStepDt(g.sim.Now())) // 1/tps on render's exact grid (O3)
		s.ticks++
		g.pushStarts() // each tick's starts mixed in turn: a capture holds every frame
	}
	if s.ticks == total && g.snap.Time == 0 {
		g.snap = g.sim.Tick(0)
	}
	sel := g.cfg.From.selection() // -from: the picture's own selection (fromview.go)
	if g.st.Selected < 0 {
		g.st.Selected = loudestIntermittent(g.snap)
		if sel != nil {
			g.st.Selected, g.st.SelectedEmitter = sel.Instance, sel.Emitter
		}
	}
	if v := &g.snap.Voices; s.ticks == total && s.last == 0 {
		s.last = g.frame
		if sel != nil {
			g.st.SelectedVoice = sel.Voice
			return
		}
		g.st.SelectedVoice = -1 // the loudest playing voice shows its "why"
		for i := range v {
			if v[i].Busy && g.snap.Time < v[i].Start+v[i].Length && (g.st.SelectedVoice < 0 || v[i].DB > v[g.st.SelectedVoice].DB) {
				g.st.SelectedVoice = i
			}
		}
	}
}

// loudestIntermittent is the index of the intermittent instance with the most
// weight (−1 if none): a shot selects it so its shells and rose are drawn.
func loudestIntermittent(s *world.Snapshot) int {
	best := -1
	for i, in := range s.Instances {
		if !in.Continuous && len(in.Shells) > 0 && (best < 0 || in.Count > s.Instances[best].Count) {
			best = i
		}
	}
	return best
}

// shotSettleFrames is how many frames the panels get after the shot's last
// tick before the capture. The last tick's frame changes what they show (the
// selected voice's "why"), and debugui lays a panel out from the previous
// frame's content size, so the frame right after it still shows the old
// scroll bar; a capture there or a few frames later (depending on when the
// atlas settles, that is on load) would differ in the Voices panel's scroll
// thumb.
const shotSettleFrames = 3

// ready reports that this frame is the one to capture: all sim steps done,
// every tile and pyramid chunk in, and the panels have had shotSettleFrames
// frames since the last step to lay out — counted in frames, never in how
// long loading took, so the picture is the same on any machine.
func (s *shotRun) ready() bool {
	g := s.g
	return g.mapv.Settled() && s.last > 0 && g.frame >= s.last+shotSettleFrames && g.frame > 3 &&
		g.cam == g.askedCam // no tile of a view moved after the requests is left out
}

// state is what the shot waits for now (shotwatch.go).
func (s *shotRun) state() shotState {
	g := s.g
	settle := 0
	if s.last > 0 {
		settle = min(g.frame-s.last, shotSettleFrames)
	}
	return shotState{Ticks: s.ticks, TilesLoading: g.mapv.Tiles.Loading(), AtlasSettled: g.mapv.AtlasSettled(), CamSettled: g.cam == g.askedCam, Frame: settle}
}

// writeShot is the scripted shot's capture.
func (s *shotRun) writeShot(screen *ebiten.Image, out string) error {
	g := s.g
	if err := writePair(out, capture(screen), g.sidecar()); err != nil {
		return err
	}
	fmt.Fprintf(g.cfg.Stdout, "shot: wrote %s and %s (sim %.2f s, %s)\n", out, SidecarPath(out), g.snap.Time, g.cfg.Source)
	return nil
}
