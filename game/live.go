package game

import (
	"fmt"

	"soundworld/ambientviz/geom"
	"soundworld/audio"
	"soundworld/audio/device"
	"soundworld/explorer/clock"
	capt "soundworld/internal/capture"
	"soundworld/world"
)

// The window's side of the live hand-off (spec O5, G6): the session
// (audio/device.Session) owns the device, its clock, the anchors, the lead
// and the focus mute; the window opens it, gives it each Update's frame and
// the Sim's starts, and shows its Status. liveHost is what the session
// tells the window.

// AudioPaths are the sound outputs -audio names; DefaultAudioPath is this
// platform's (audio/device).
var AudioPaths = device.Paths

const DefaultAudioPath = device.DefaultPath

// FocusMuteNotice is the banner while G6 mutes the output.
const FocusMuteNotice = "muted: window not focused (retail does this)"

// liveHost is the window as the session's Host: the Sim's anchors, the
// timeline's late marks, the toast, and what the window does when the
// device drops out.
type liveHost struct {
	sim     *world.Sim
	history *geom.History // the Timeline panel's (ui.UI.History)
	notice  func(string)  // a toast on the map
	dropped func()
}

// newLiveHost is g as the session's Host. Dropped: the device is no clock
// (O5); the window runs silent on the wall clock, and the meters and
// captures come from its own mix from now on.
func newLiveHost(g *Game) liveHost {
	return liveHost{sim: g.sim, history: g.ui.History(), notice: g.setToast, dropped: func() {
		g.st.Silent, g.st.AudioOn = true, false
		g.meters.local = audio.NewMixer(g.sim.Bank())
		g.meters.where = "own mix (no device)"
		g.ui.SetUnderruns(nil)
	}}
}

func (h liveHost) MarkAnchor(simT float64, frame int64, scale float64, lead int64) {
	h.sim.MarkAnchor(world.AnchorMark{T: simT, Frame: frame, Scale: scale, Lead: lead})
}

func (h liveHost) MarkEarly(simT float64, frames int64) { h.sim.MarkEarly(simT, frames) }

func (h liveHost) MarkLate(simT float64, slot int, wave uint32, lateMs float64) {
	h.history.MarkLate(simT, slot, wave, lateMs)
}

func (h liveHost) Notice(msg string) { h.notice(msg) }

func (h liveHost) Dropped() { h.dropped() }

// openDevice opens the live session on the Sim's bank through -audio's path.
func (g *Game) openDevice() {
	s, err := device.OpenSession(g.sim.Bank(), g.cfg.AudioPath, newLiveHost(g))
	if err != nil {
		s = device.SilentSession(err.Error())
	}
	g.sess = s
	silent, _ := s.Silent()
	g.st.Silent, g.st.AudioOn = silent, !silent
}

// session is the live hand-off (nil before a page's first gesture).
func (g *Game) session() *device.Session { return g.sess }

// liveFrame is this Update's frame as the session's clock needs it.
func (g *Game) liveFrame() device.Frame {
	return device.Frame{SimT: g.sim.Now(), Scale: g.st.TimeScale, Paused: g.st.Paused, On: g.st.AudioOn,
		Muted: !g.focused && !g.st.KeepSoundUnfocused, Warm: g.frames.live}
}

// deviceTicks is how many Sim steps to run now by the device's clock
// (O5); false when the device is not the clock.
func (g *Game) deviceTicks() (int, bool) {
	return g.sess.Clock(g.liveFrame(), clock.Step, clock.MaxTicks)
}

// coverSim ends the Update's hand-off: the device may render up to the
// Sim's time now (O5), and says what happened to it.
func (g *Game) coverSim() { g.sess.End(g.sim.Now()) }

// printLive prints the latency probe's and the session's account for
// scripts (-quit-after).
func (g *Game) printLive() {
	if r := g.lat.report(); r != "" {
		fmt.Fprintln(g.cfg.Stdout, r)
	}
	g.sess.Report(g.cfg.Stdout, g.sim.Now())
}

// liveRows are the session's anchors, late starts and underruns since sim
// time from, oldest first (capture bundles' events.csv).
func (g *Game) liveRows(from float64) []capt.LiveRow {
	var out []capt.LiveRow
	for _, e := range g.sess.Events(from) {
		out = append(out, capt.LiveRow(e))
	}
	return out
}
