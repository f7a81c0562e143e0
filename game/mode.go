package game

import "github.com/hajimehoshi/ebiten/v2"

// mode is what the window runs for: a person's window, a scripted shot or a
// profile run. It is decided once, in New (modeOf), and every behaviour
// that differs between the three asks it here, by what the behaviour is.
type mode int

const (
	modeLive    mode = iota // a person's window: the clock, input, sound and the settings file
	modeShot                // `soundworld shot` and `capture`: fixed steps, one picture (shotrun.go)
	modeProfile             // -profile-frames: Update and Draw timed with every panel open (profile.go)
)

// modeOf is the one place the Config's Shot and ProfileFrames become a mode.
func modeOf(cfg Config) mode {
	switch {
	case cfg.Shot != nil:
		return modeShot
	case cfg.ProfileFrames > 0:
		return modeProfile
	}
	return modeLive
}

// simTimeOnly makes every picture a function of sim time and the view
// only, so a scripted shot is the same on any machine and under any load:
// the status bar's "cursor" is the listener, its FPS the tick rate and its
// clock "fixed steps", its lines are those of the frame drawn, and what
// shows loading or machine speed is left out (the "cannot keep up" banner,
// the overview's progress bar, a folded map key unless -from's picture had
// one, the object card under the cursor). A shot's -from leaves the
// record's last run of steps to the shot's own loop, is never paused, and
// says nothing in a toast (profhooks.go).
func (m mode) simTimeOnly() bool { return m == modeShot }

// readsSettings reports whether the window's settings file (the panel
// arrangement) is read: a shot and a profile run start from the defaults.
func (m mode) readsSettings() bool { return m == modeLive }

// soundless reports whether the window never opens a sound device (a shot
// plays nothing; -no-audio says the same for a live window).
func (m mode) soundless() bool { return m == modeShot }

// scripted reports a run nobody uses: every overlay on, the view following
// the listener, frames as fast as they draw (no vsync).
func (m mode) scripted() bool { return m != modeLive }

// allPanels reports a run measured with every panel open (a profile run).
func (m mode) allPanels() bool { return m == modeProfile }

// tps is the window's Update rate: a shot's Sim takes fixed steps and its
// picture waits a count of frames (shotrun.go), never wall time, so its
// frames run as fast as they draw, not 60 a second.
func (m mode) tps() int {
	if m == modeShot {
		return ebiten.SyncWithFPS
	}
	return tps
}

// run wraps the window in the mode's driver (shotRun, profileRun) and runs it.
func (m mode) run(g *Game) error {
	switch m {
	case modeShot:
		s := newShotRun(g)
		if err := ebiten.RunGame(guarded{s}); err != nil {
			return err
		}
		return s.err
	case modeProfile:
		return ebiten.RunGame(guarded{newProfileRun(g)})
	}
	return ebiten.RunGame(guarded{g})
}
