package device

import (
	"fmt"
	"math"
	"time"

	"soundworld/audio"
)

// Session is the live hand-off (spec O5, G6): the window's one way to the
// sound device. It owns the Device, the one clock (the frames the device
// has consumed), the anchors, the lead and its growth, the late starts,
// underruns and lost devices, and the focus mute; the window draws and
// reads input, and calls
//
//	OpenSession   start: the device on a mixer over the Sim's bank
//	Clock         each Update, first: how many Sim steps to run now (the
//	              one clock), after the mute, the pause and any anchor
//	Push          the Sim's voice starts of each step, in sim-time order
//	End           each Update, last: the Sim has delivered up to its time
//	              now; the device's news (late, dry, lost, back)
//	Status        the status bar's and the page's account
//	Close         stop
//
// all on the game goroutine. What the session tells the window (anchors
// and early starts for the input record, late starts for the event log,
// notices for toasts, a device dropped) goes through Host, so the session
// holds no value the Sim or the UI owns. With no device (silent) every
// call is a no-op and Clock reports false: the wall clock
// (explorer/clock) drives the Sim. No Ebitengine here: the session runs
// headless over NewScripted (session_test.go).
type Session struct {
	dev    *Device // nil: silent (notice says why)
	notice string
	host   Host
	on     bool // the speakers are on (the UI's switch, given by Clock)

	// instant is the sim time (s) the Sim stood at when this Update began,
	// its starts already handed over; set while the device is the clock
	// and no anchor was taken this Update. A start at or before it was made
	// by an input between two Updates: it goes to the next block (PushNow).
	instant   float64
	isInstant bool

	anchored bool
	scale    float64
	paused   bool
	muted    bool         // G6: the output is muted now
	next     string       // reason of an anchor asked for by a reset ("" none)
	base     int64        // mixer frame of sim 0 on the record's first anchor (the AnchorMark origin)
	anchors  []liveAnchor // anchors taken, for the log (bounded: maxLog)

	acct  account  // late starts, underruns, stalls (session_acct.go)
	warm  warmUp   // the session anchor's wait for steady frames (session_lead.go)
	page  pageLead // the browser's lead policy (session_page.go)
	gaps  GapHist  // every Update's gap since the session's anchor (frame jitter)
	lastU float64  // s on the device's wall clock at the last Clock (NaN before)
}

// Host is what the session tells the window (game goroutine, inside its calls).
type Host interface {
	// MarkAnchor records an anchor after the record's first in the input
	// record (world.AnchorMark): render -from follows it.
	MarkAnchor(simT float64, frame int64, scale float64, lead int64)
	// MarkEarly records that the starts of inputs at simT went frames
	// before their timeline place (world.EarlyMark).
	MarkEarly(simT float64, frames int64)
	// MarkLate marks a start that played late in the event log.
	MarkLate(simT float64, slot int, wave uint32, lateMs float64)
	// Notice shows a toast.
	Notice(msg string)
	// Dropped says the device turned out to be no clock (FastNotice): the
	// window runs silent on the wall clock and meters its own mix.
	Dropped()
}

// Frame is what Clock needs of the window's Update.
type Frame struct {
	SimT   float64 // s, the Sim's time now
	Scale  float64 // the time scale (sim s per real s)
	Paused bool
	On     bool // the speakers are on
	Muted  bool // G6: the window is unfocused and keeps no sound then
	Warm   bool // a real window (ebiten.RunGame): the session anchor waits for steady frames
}

// OpenSession opens the output path named (-audio; "" the platform's
// default) on a mixer over bank b. With no usable device the session is
// silent and Status says why. The error is for misuse (an unknown path).
func OpenSession(b *audio.Bank, path string, host Host) (*Session, error) {
	at := time.Now()
	d, err := OpenPath(audio.NewMixer(b), path)
	if err != nil {
		return nil, err
	}
	if silent, why := d.Silent(); silent {
		return SilentSession(why), nil
	}
	s := NewSession(d, host)
	s.acct.openAt = at
	return s, nil
}

// SilentSession is a session with no device that says why.
func SilentSession(why string) *Session { return &Session{notice: why} }

// NewSession is a session over an opened device (a scripted one in tests).
func NewSession(d *Device, host Host) *Session {
	return &Session{dev: d, host: host, on: true, lastU: math.NaN(), acct: account{openAt: time.Now()}}
}

// live is the device while it is the clock's candidate (playing, speakers on).
func (s *Session) live() *Device {
	if s == nil || s.dev == nil || !s.on {
		return nil
	}
	return s.dev
}

// Silent reports whether there is no device, and why.
func (s *Session) Silent() (bool, string) {
	switch {
	case s == nil:
		return true, ""
	case s.dev == nil:
		return true, s.notice
	}
	return false, ""
}

// Clock is the one clock (O5): the Sim steps to run now by the device's
// frames (at most maxTicks), false when the device is not the clock (none,
// off, dropped): the window then runs the wall clock's steps.
func (s *Session) Clock(f Frame, step float64, maxTicks int) (int, bool) {
	if s == nil {
		return 0, false
	}
	s.on = f.On
	s.mute(f.Muted)
	d := s.live()
	if d == nil {
		s.anchored = false // off (or none): the next device clock starts anew
		return 0, false
	}
	if s.acct.firstU.IsZero() {
		s.acct.firstU = time.Now()
	}
	if d.adoptOpen(len(s.anchors) > 0) { // opening.go: the open answered
		if silent, why := d.Silent(); silent {
			s.drop(why)
			return 0, false
		}
	}
	if d.Fast() {
		s.drop(FastNotice)
		return 0, false
	}
	gap := s.frameGap()
	s.isInstant = false
	warming := s.warm.waiting(s, d.warmBounds(), f.Warm, s.lastU, gap)
	if s.waitOpen(d) || warming {
		return 0, true
	}
	// Measured frame jitter: starts pushed now must reach the device before
	// one read plus this frame's gap has gone by. A longer gap than
	// stallGap is a stall, caught up on the Sim's own steps (late starts
	// grow the lead), not jitter the lead must cover.
	if d.ownPace { // the browser: the lead follows the page's gaps (session_page.go)
		if s.anchored {
			s.followPage(d, gap)
		}
	} else if need := ChunkFrames + int64(gap*audio.SampleRate) + frameMargin; s.anchored && gap <= stallGap && need > d.LeadFrames() {
		s.growLeadTo(d, need, fmt.Sprintf("a frame took %.0f ms", gap*1000))
	}
	if f.Paused != s.paused {
		d.Hold(f.Paused) // O5: the mix stands while paused, so the anchor holds across it
		s.paused = f.Paused
	}
	if f.Paused {
		s.instant, s.isInstant = f.SimT, s.anchored
		return 0, true
	}
	reason := s.anchorIfDue(d, f.SimT, f.Scale)
	due, ok := d.Due()
	if !ok {
		return 0, false
	}
	if reason == "" { // on this Update's own anchor a start keeps the anchor's frame
		s.instant, s.isInstant = f.SimT, true
	}
	n := int(math.Floor((due-f.SimT)/step + 1e-9))
	return max(0, min(n, maxTicks)), true
}

// frameGap is the wall time (s) since the last Clock, kept in gaps once
// anchored: on the device's wall clock (a scripted device's is the
// script's, so tests do not see the machine's load).
func (s *Session) frameGap() float64 {
	now := s.dev.wall()
	gap := 0.0
	if !math.IsNaN(s.lastU) {
		gap = max(0, now-s.lastU)
	}
	s.lastU = now
	if s.anchored && gap > 0 {
		s.gaps.Add(gap)
	}
	return gap
}

// mute applies G6: the device gets zeros while on is set.
func (s *Session) mute(on bool) {
	d := s.live()
	if d == nil {
		s.muted = false
		return
	}
	if on != s.muted {
		d.SetMuted(on)
		s.muted = on
	}
}

// Reset asks for an anchor at the next Clock: the Sim was reset (a new
// record, whose first anchor this is). render -from of the new record
// starts with no voice, so every voice stops at the next block and the
// starts still waiting are dropped (PushNow of a stop on every slot).
func (s *Session) Reset() {
	if s == nil {
		return
	}
	s.next = "reset"
	if s.dev != nil {
		s.dev.PushNow(stops())
	}
}

// stops is a stop on every slot (a Slot with Wave 0, per TakeStarts' contract).
func stops() []audio.VoiceStart {
	out := make([]audio.VoiceStart, audio.NumVoices)
	for i := range out {
		out[i].Slot = i
	}
	return out
}

// anchorIfDue takes the anchor this Update needs, if any, and returns its
// reason ("" none): the session's, sound back on, a reset (a new record) or
// a time-scale change. A jump, a pause or a device that came back needs
// none: the mix's timeline went on (or stood) with the Sim's. Every anchor
// after the record's first goes into the record (Host.MarkAnchor), so
// render -from places the following starts as they were heard.
func (s *Session) anchorIfDue(d *Device, simT, scale float64) string {
	reason := s.next
	switch {
	case !s.anchored && len(s.anchors) > 0:
		reason = "audio on"
	case !s.anchored:
		reason = "session"
	case scale != s.scale:
		reason = "time scale"
	}
	s.scale = scale
	if reason == "" {
		return ""
	}
	if b := d.warmBounds(); reason == "session" && (s.warm.maxGap > 0 || b.minLead > MinLead) {
		lead := max(SessionLead(s.warm.maxGap), b.minLead)
		if d.ownPace { // the browser: any gap drains its queue (session_page.go)
			lead = max(lead, SessionLead(s.warm.longest))
		}
		d.SetLead(lead)
	}
	a := d.Anchor(reason, simT, scale)
	s.anchored, s.next = true, ""
	first := reason == "session" || reason == "reset"
	if first { // the record's first anchor: render's frame 0 is sim 0 on it
		s.base = a.Frame - int64(math.Round(a.SimT*audio.SampleRate))
	}
	if !first || a.Scale != 1 {
		s.host.MarkAnchor(a.SimT, a.Frame-s.base, a.Scale, a.Lead)
	}
	if held := s.warm.take(); len(held) > 0 { // the starts held while warming up
		s.apply(held)
	}
	s.anchors = appendBounded(s.anchors, liveAnchor{simT, reason})
	return reason
}

// Push hands the Sim's voice starts at its time simT to the device (held while the session
// anchor waits for steady frames). Those made by inputs between two
// Updates go to the next period (PushNow) and into the record
// (Host.MarkEarly); late starts grow the lead and go to the event log.
func (s *Session) Push(simT float64, starts []audio.VoiceStart) {
	d := s.live()
	if d == nil || len(starts) == 0 {
		return
	}
	if s.warm.holding {
		s.warm.hold(starts)
		return
	}
	s.apply(starts)
	s.takeLate(d, simT)
}

// apply pushes starts, those at or before the instant at the next period.
func (s *Session) apply(starts []audio.VoiceStart) {
	if s.isInstant {
		var now []audio.VoiceStart
		rest := starts[:0:0]
		for _, v := range starts {
			if v.Time <= s.instant {
				now = append(now, v)
			} else {
				rest = append(rest, v)
			}
		}
		if len(now) > 0 {
			front := s.dev.PushNow(now) // first: they are earlier in sim time than the rest
			last := math.NaN()
			for _, v := range now {
				if v.Time != last {
					s.host.MarkEarly(v.Time, s.dev.TimelineFrame(v.Time)-front)
					last = v.Time
				}
			}
			starts = rest
		}
	}
	s.dev.Push(starts)
}

// StopAll stops every voice (a Slot with Wave 0 is a stop, per
// TakeStarts' contract), whether the speakers are on or not.
func (s *Session) StopAll() {
	if s == nil || s.dev == nil {
		return
	}
	s.apply(stops())
}

// End tells the device that the Sim's starts are delivered up to simT,
// after the Update's last push (O5): a game thread that falls behind then
// makes the device run dry (an underrun, counted) instead of a start
// playing late; no bound while paused or before the anchor. Then the
// device's lost or back is said at once, starts or not.
func (s *Session) End(simT float64) {
	d := s.live()
	if d == nil {
		return
	}
	bound := simT
	if s.paused || !s.anchored {
		bound = math.NaN()
	}
	d.Covered(bound)
	s.takeStalls(d, simT)
}

// drop stops using a device that consumes faster than real time (O5: it
// is no clock), or an open that answered late with no device: the session
// turns silent, saying why, and the window is told.
func (s *Session) drop(why string) {
	s.dev.SetTap(nil)
	s.dev.Close()
	s.dev, s.notice = nil, why
	s.host.Notice(why)
	s.host.Dropped()
}

// waitOpen reports whether the session's first anchor still waits for the
// open's answer (opening.go: at most openWait, the Sim standing, its first
// starts held, as in the warm-up); it counts the Updates meanwhile.
func (s *Session) waitOpen(d *Device) bool {
	st, ok := d.Stalls()
	if !ok || !st.Opening {
		return false
	}
	s.acct.openUpdates++
	if s.anchored || len(s.anchors) > 0 || st.OpeningFor >= openWait {
		return false
	}
	s.warm.holding = true
	return true
}

// Close stops playback.
func (s *Session) Close() {
	if s != nil && s.dev != nil {
		s.dev.Close()
	}
}

// Device is the device for the listening tools (A/B) and the latency
// probe; nil when silent.
func (s *Session) Device() *Device {
	if s == nil {
		return nil
	}
	return s.dev
}

// SetTap makes t see every block the device renders; false when silent.
func (s *Session) SetTap(t *audio.MeterTap) bool {
	if s == nil || s.dev == nil {
		return false
	}
	s.dev.SetTap(t)
	return true
}

// SetAudition makes the session's device mix src into what it plays, after
// the meter tap (the Sounds panel; nil: none). A silent session has none.
func (s *Session) SetAudition(src AuditionSource) {
	if s != nil && s.dev != nil {
		s.dev.SetAudition(src)
	}
}
