package game

// shotrun.go: `soundworld shot` (and `capture`) as a game wrapping the
// window: the Sim advances by fixed 1/60 s steps once every tile is in, the
// picture is taken when the map and the panels have settled, and the run
// ends; a shot that stops making progress fails (shotwatch.go).

import (
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/ui"
	"soundworld/world"
)

// shotWindow is the window as a shot drives it (Game): its frames, its
// Snapshot, one fixed step, whether the map has settled, and its pictures.
type shotWindow interface {
	ebiten.Game
	frameNo() int
	snapshot() *world.Snapshot
	fixedStep() *world.Snapshot // one 1/60 s step on render's exact grid (O3), its starts handed on
	refresh() *world.Snapshot   // the Snapshot again without a step (Tick(0))
	mapWait() mapWait
	writeShot(screen *ebiten.Image, out string) error
	writeCapture(screen *ebiten.Image, dir string) error
}

// shotRun drives the window for a scripted screenshot (Config.Shot).
type shotRun struct {
	w        shotWindow
	st       *ui.State  // the selection it makes for the picture
	sel      *Selection // -from's picture's own selection (fromview.go); nil: a fresh shot's
	shot     *Shot
	capture  string // Config.CaptureDir: soundworld capture's bundle ("" none)
	ticks    int    // sim steps done
	last     int    // frame of the last step; the capture is shotSettleFrames later (panels laid out)
	captured bool
	watch    shotWatch
	err      error // the picture's or the capture bundle's
}

// newShotRun makes g's frames a shot's: fixed steps instead of the clock, a
// view pinned while the steps run, and always "focused" (G4 would silence
// an unfocused Sim, and a shot has no window to focus).
func newShotRun(g *Game) *shotRun {
	s := &shotRun{w: g, st: g.st, sel: g.cfg.From.selection(), shot: g.cfg.Shot, capture: g.cfg.CaptureDir}
	st, pin := g.st, &g.pin
	g.step = s.step
	g.pinView = func() bool { return s.last == 0 || !st.Follow && *pin != (viewPin{}) }
	g.focus = func() bool { return true }
	return s
}

// Update ends the run once the picture is taken, else runs the window's
// frame with fixed steps and fails a shot that stopped making progress.
func (s *shotRun) Update() error {
	if s.captured {
		return ebiten.Termination
	}
	f := s.w.frameNo()
	if err := s.w.Update(); err != nil || s.w.frameNo() == f { // an error, or a second Update in the frame (frameGate)
		return err
	}
	return s.watch.stalled(s.state(), time.Now(), shotPatience)
}

// Draw draws the window's frame and takes the picture (and the capture
// bundle, for `soundworld capture`) on the first frame that is ready.
func (s *shotRun) Draw(screen *ebiten.Image) {
	s.w.Draw(screen)
	if s.ready() && !s.captured {
		s.err = s.w.writeShot(screen, s.shot.Out)
		s.captured = true
		if s.capture != "" && s.err == nil { // soundworld capture
			s.err = s.w.writeCapture(screen, s.capture)
		}
	}
}

// Layout is the shot's -size whatever the window's.
func (s *shotRun) Layout(int, int) (int, int) { return s.w.Layout(s.shot.size()) }

// step advances the shot's Sim by fixed 1/60 s steps, 30 per frame, once
// every needed tile is loaded, so the picture depends on sim time only.
func (s *shotRun) step() {
	if s.w.mapWait().tilesLoading > 0 {
		return // the Sim waits: its steps must not depend on how fast tiles load
	}
	total := int(math.Round(s.shot.Seconds * tps))
	snap := s.w.snapshot()
	for i := 0; i < 30 && s.ticks < total; i++ {
		snap = s.w.fixedStep() // each tick's starts mixed in turn: a capture holds every frame
		s.ticks++
	}
	if s.ticks == total && snap.Time == 0 {
		snap = s.w.refresh()
	}
	st, sel := s.st, s.sel
	if st.Selected < 0 {
		st.Selected = loudestIntermittent(snap)
		if sel != nil {
			st.Selected, st.SelectedEmitter = sel.Instance, sel.Emitter
		}
	}
	if v := &snap.Voices; s.ticks == total && s.last == 0 {
		s.last = s.w.frameNo()
		if sel != nil {
			st.SelectedVoice = sel.Voice
			return
		}
		st.SelectedVoice = -1 // the loudest playing voice shows its "why"
		for i := range v {
			if v[i].Busy && snap.Time < v[i].Start+v[i].Length && (st.SelectedVoice < 0 || v[i].DB > v[st.SelectedVoice].DB) {
				st.SelectedVoice = i
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
	m, f := s.w.mapWait(), s.w.frameNo()
	return m.settled && s.last > 0 && f >= s.last+shotSettleFrames && f > 3 &&
		m.camSettled // no tile of a view moved after the requests is left out
}

// state is what the shot waits for now (shotwatch.go).
func (s *shotRun) state() shotState {
	m := s.w.mapWait()
	settle := 0
	if s.last > 0 {
		settle = min(s.w.frameNo()-s.last, shotSettleFrames)
	}
	return shotState{Ticks: s.ticks, TilesLoading: m.tilesLoading, AtlasSettled: m.atlasSettled, CamSettled: m.camSettled, Frame: settle}
}
