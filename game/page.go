package game

import (
	"fmt"

	"soundworld/audio/device"
	"soundworld/explorer/listen"
)

// The host page's side of the window (the browser build, make web): a page
// asks for things between frames — a report link now, an end to the session
// — and the window answers on its own goroutine, so nothing the Sim owns is
// read while Update runs.

// Page is called once per worked Update, before the frame's work. A non-nil
// error ends the window as an Update error does (ebiten.Termination: a clean
// end, e.g. the page opens other game files).
type Page interface {
	Frame(w PageHost) error
}

// PageHost is what the host page may ask of the window in Page.Frame.
type PageHost struct{ g pageWindow }

// pageWindow is the window as the page asks of it (Game): the sidecar, the
// sound session, the toast, the listening tools, an F11 capture and the
// device opened on the first gesture.
type pageWindow interface {
	sidecar() Sidecar
	session() *device.Session
	setToast(msg string)
	listeningTools() *listen.Tools
	askCapture()
	openDeviceOnGesture()
}

// SidecarJSON is the sidecar F12 would write for this instant (the replay
// record and the view that a report link carries).
func (h PageHost) SidecarJSON() ([]byte, error) { return sidecarJSON(h.g.sidecar()) }

// ClockSource is what the window's clock follows now: "device" (the frames
// the audio device consumed, from the session's anchor) or "wall".
func (h PageHost) ClockSource() string {
	if h.g.session().Status().Clock {
		return "device"
	}
	return "wall"
}

// PositionLine is the player's position as retail's /loc prints it (the
// page's "copy position"; listen.Tools.PositionLine).
func (h PageHost) PositionLine() string { return h.g.listeningTools().PositionLine() }

// Notify shows msg as a toast on the map (the page's notices).
func (h PageHost) Notify(msg string) { h.g.setToast(msg) }

// Capture asks for F11's capture bundle at the end of the next Draw (the
// browser test's decisions check: its events.csv against render).
func (h PageHost) Capture() { h.g.askCapture() }

// StartSound opens the audio device once the page has had a user gesture
// (browsers keep Web Audio silent before one); once per window, and not when
// sound is off (-no-audio). The device's first anchor is the session's
// (audio/device.Session); voices the Sim started before it are not replayed, as when the
// speakers are turned on.
func (h PageHost) StartSound() { h.g.openDeviceOnGesture() }

func (g *Game) openDeviceOnGesture() {
	if g.sess != nil || g.cfg.NoAudio || g.mode.soundless() {
		return
	}
	g.openDevice()
}

func (g *Game) askCapture()                   { g.meters.captureReq = true }
func (g *Game) listeningTools() *listen.Tools { return g.listening }

// Underruns is how often the audio device ran dry since it opened and for
// how long in all (s of audio.SampleRate frames): the page's figures for
// sound that keeps up while the page draws.
func (h PageHost) Underruns() (events int64, dry float64) {
	st := h.g.session().Status()
	return st.Underruns, st.Dry
}

// SoundLine is the sound session's status line ("lead … ms, buffer …,
// anchors …, late starts …, underruns …"; "" before the device opens):
// the browser test's read-back of the lead.
func (h PageHost) SoundLine() string { return h.g.session().Status().Line }

// GateState is the opened listening gate as the Gate panel shows it: ""
// without one, "NAME: ready (retail X LUFS, ours Y LUFS)", "NAME: STAGE"
// while it loads, or "NAME: error: …" (the page's read-back).
func (h PageHost) GateState() string {
	v := h.g.listeningTools().View()
	switch {
	case v.Gate == "":
		return ""
	case v.Err != nil:
		return v.Gate + ": error: " + v.Err.Error()
	case v.Ready:
		return fmt.Sprintf("%s: ready (retail %.1f LUFS, ours %.1f LUFS)", v.Gate, v.RetailLUFS, v.OursLUFS)
	}
	return v.Gate + ": " + v.Stage
}

// SoundOpen reports whether the window has opened its audio device (the
// page's check that it waited for the gesture).
func (h PageHost) SoundOpen() bool { return h.g.session() != nil }
