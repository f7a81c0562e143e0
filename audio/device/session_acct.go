package device

import (
	"cmp"
	"fmt"
	"io"
	"sort"
	"time"

	"soundworld/audio"
)

// The session's account (O5: counted, never silent): the late starts, the
// underruns and the lost devices as the window saw them, the anchors with
// their reasons, and the notices' wall times, for the status bar, captures
// (Events) and scripts (Report).

// maxLog bounds each of the account's lists.
const maxLog = 1000

// Event is a row of the account, at the sim time of the Update that saw it
// (capture bundles' events.csv).
type Event = audio.LiveRow

// liveAnchor is an anchor as the session logs it.
type liveAnchor struct {
	SimT   float64
	Reason string
}

// account is what the session counted.
type account struct {
	late      []Event // late starts, oldest first
	lateN     int     // late starts since the session opened
	dry       []Event // underruns and stalls
	underruns int64   // underrun events seen (the lead grew for each)
	dryFrames int64   // underrun frames at the last event
	stalls    int64   // times the wall clock took the mix
	returns   int64   // times a device opened afresh took the mix back
	onWall    bool    // the wall clock has the mix now
	wallNote  string  // the output's words for it (StallStats.Wall)
	notes     []string
	opening   bool // no device has played yet since Open (opening.go)
	openSaid  bool // OpeningNotice was said
	// openUpdates counts the Updates while opening; openAt is when
	// the session opened, firstU its first Update, openSim the sim time
	// when a device first played.
	openUpdates int
	openAt      time.Time
	firstU      time.Time
	openSim     float64
}

// appendBounded appends v, keeping the last maxLog.
func appendBounded[T any](s []T, v T) []T {
	s = append(s, v)
	if len(s) > maxLog {
		s = s[len(s)-maxLog:]
	}
	return s
}

// takeLate logs the device's late starts and a new underrun, each
// growing the lead (an underrun the device's buffer too).
func (s *Session) takeLate(d *Device, simT float64) {
	a := &s.acct
	for _, l := range d.TakeLate() {
		a.late = appendBounded(a.late, Event{Time: l.Start.Time, Kind: "late", Slot: l.Start.Slot, Wave: l.Start.Wave, Ms: l.LateMs})
		a.lateN++
		s.host.MarkLate(l.Start.Time, l.Start.Slot, l.Start.Wave, l.LateMs)
		s.growLead(d, fmt.Sprintf("a sound started %.0f ms late", l.LateMs))
	}
	if fr, ev := d.Underruns(); ev > a.underruns {
		a.underruns = ev
		dry := fr - a.dryFrames
		a.dry = appendBounded(a.dry, Event{Time: simT, Kind: "underrun", Slot: -1, Ms: ms(dry)})
		a.dryFrames = fr
		why := "the sound device ran dry (underrun)"
		if fr, grew := d.GrowBuffer(); grew {
			why += fmt.Sprintf(": the player buffer grows to %.1f ms", ms(fr))
		}
		if d.ownPace { // the browser's worklet: its queue is the lead, short by the silence it played
			s.growLeadTo(d, d.LeadFrames()+max(1, dry), why)
		} else {
			s.growLead(d, why)
		}
	}
}

// takeStalls says when the device stopped playing and the wall clock took
// the mix, and when it plays again; each is a "stall" row.
func (s *Session) takeStalls(d *Device, simT float64) {
	st, ok := d.Stalls()
	if !ok {
		return
	}
	a := &s.acct
	if st.Fallbacks > a.stalls {
		a.stalls = st.Fallbacks
		a.dry = appendBounded(a.dry, Event{Time: simT, Kind: "stall", Slot: -1, Reason: "wall clock"})
		s.host.Notice(cmp.Or(st.Stall, StallNotice) + lastErr(st.LastError))
		a.note("lost")
	}
	if st.Returns > a.returns {
		a.returns = st.Returns
		a.dry = appendBounded(a.dry, Event{Time: simT, Kind: "stall", Slot: -1, Reason: "device back"})
		back := cmp.Or(st.Back, ReturnNotice)
		if a.openSaid && a.opening {
			back = OpenedNotice
		}
		s.host.Notice(back)
		a.note("back")
	}
	s.takeOpening(st, simT)
	a.onWall, a.wallNote = st.OnWallClock, cmp.Or(st.Wall, WallNote)
}

// takeOpening says once that the device is still opening after
// openNoticeAfter (opening.go), and keeps when one first played.
func (s *Session) takeOpening(st StallStats, simT float64) {
	a := &s.acct
	if st.Opening && !a.openSaid && st.OpeningFor >= openNoticeAfter {
		a.openSaid = true
		s.host.Notice(OpeningNotice)
		a.note("opening")
	}
	if a.opening && !st.Opening {
		a.openSim = simT
	}
	a.opening = st.Opening
}

// note keeps when the window said the device was lost or back (wall
// time: live-smoke times the notices).
func (a *account) note(what string) {
	if len(a.notes) < maxLog {
		a.notes = append(a.notes, fmt.Sprintf("%s at unix %.3f", what, float64(time.Now().UnixNano())/1e9))
	}
}

// Status is the session's account for the status bar, banners and the page.
type Status struct {
	Line      string  // "lead … ms, anchors …, late starts …, underruns …" ("" no device, or off)
	Clock     bool    // the device's frames are the Sim's clock now (anchored, not lost)
	OnWall    bool    // the device was lost: the wall clock has the mix
	WallNote  string  // why, in a few words (WallNote, or the browser's)
	Muted     bool    // G6 mutes the output now
	Underruns int64   // events since the session opened
	Dry       float64 // s the device ran dry in all
	Late      int     // late starts since the session opened
	Opening   bool    // no device has played yet since Open: "opening the sound device…"
}

// Status is the account now (zero with no session).
func (s *Session) Status() Status {
	d := s.live()
	if d == nil {
		return Status{}
	}
	fr, ev := d.Underruns()
	st := Status{Clock: s.anchored && !s.acct.onWall, OnWall: s.acct.onWall, WallNote: s.acct.wallNote, Muted: s.muted, Underruns: s.acct.underruns,
		Dry: float64(s.acct.dryFrames) / audio.SampleRate, Late: s.acct.lateN}
	if dst, ok := d.Stalls(); ok {
		st.Opening = dst.Opening
	}
	stall := ""
	if s.acct.stalls > 0 {
		stall = fmt.Sprintf(", device stalls %d", s.acct.stalls)
		if s.acct.onWall {
			stall += " (silent now: wall clock)"
		}
	}
	st.Line = fmt.Sprintf("lead %.0f ms, buffer %.1f ms, anchors %d, late starts %d, underruns %d (%.0f ms)%s",
		ms(d.LeadFrames()), ms(d.BufferFramesNow()), len(d.Anchors()), s.acct.lateN, ev, ms(fr), stall)
	return st
}

// Underruns is the device's underrun count (the Meters panel).
func (s *Session) Underruns() (frames, events int64) {
	if d := s.live(); d != nil {
		return d.Underruns()
	}
	return 0, 0
}

// Late is the late starts logged, oldest first.
func (s *Session) Late() []Event {
	if s == nil {
		return nil
	}
	return s.acct.late
}

// Events are the anchors, late starts, underruns and stalls since sim
// time from, oldest first.
func (s *Session) Events(from float64) []Event {
	if s == nil {
		return nil
	}
	var out []Event
	for _, a := range s.anchors {
		if a.SimT >= from {
			out = append(out, Event{Time: a.SimT, Kind: "anchor", Slot: -1, Reason: a.Reason})
		}
	}
	for _, l := range append(s.acct.late, s.acct.dry...) {
		if l.Time >= from {
			out = append(out, l)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Time < out[j].Time })
	return out
}

// Report prints the account for scripts (-quit-after; live-smoke reads
// it): the anchors with their reasons, the late starts with their
// lateness, underruns, the writer's and the stalls' figures, the notices.
func (s *Session) Report(w io.Writer, simT float64) {
	d := s.live()
	if d == nil {
		_, why := s.Silent()
		if s == nil {
			why = "audio off"
		}
		fmt.Fprintf(w, "live: no device clock (%s); sim %.3f s\n", why, simT)
		return
	}
	as := d.Anchors()
	fr, ev := d.Underruns()
	fmt.Fprintf(w, "live: sim %.3f s, anchors %d, late starts %d, underruns %d (%d frames)\n", simT, len(as), s.acct.lateN, ev, fr)
	fmt.Fprintf(w, "live: %s\n", s.Status().Line)
	if h := &s.gaps; h.n > 0 {
		fmt.Fprintf(w, "live: frame gaps over %d Updates: median ≤ %d ms, p99 ≤ %d ms, max ≤ %d ms\n", h.n, h.Quantile(0.5), h.Quantile(0.99), h.Quantile(1))
	}
	wr, pl := d.Handed()
	fmt.Fprintf(w, "live: frames written to the device %d, played %d\n", wr, pl)
	if x, low, ok := d.WriterStats(); ok {
		fmt.Fprintf(w, "live: our writer: %d underruns reported by the device (ALSA or the sound server), fewest frames queued before a write %d (%.1f ms)\n", x, low, ms(low))
	}
	if st, ok := d.Stalls(); ok {
		fmt.Fprintf(w, "live: device stalls: %d top-ups, %d restarts, %d wall-clock fallbacks, %d reopenings, %d returns; longest look at the device %.1f ms; reopenings that opened took%s%s\n",
			st.TopUps, st.Restarts, st.Fallbacks, st.Reopens, st.Returns, st.Longest.Seconds()*1000, opensMs(st.Opens), lastErr(st.LastError))
	}
	if a := &s.acct; !a.firstU.IsZero() {
		fmt.Fprintf(w, "live: device open: asked at unix %.3f, first Update at unix %.3f, %d Updates while opening, first played at sim %.3f s\n",
			float64(a.openAt.UnixNano())/1e9, float64(a.firstU.UnixNano())/1e9, a.openUpdates, a.openSim)
	}
	for _, n := range s.acct.notes {
		fmt.Fprintf(w, "live: device notice: %s\n", n)
	}
	for _, a := range as {
		fmt.Fprintf(w, "live: %s\n", a)
	}
	for _, l := range s.acct.late {
		fmt.Fprintf(w, "live: late start sim %.6f s slot %d wave 0x%08X late_ms %.3f\n", l.Time, l.Slot, l.Wave, l.Ms)
	}
}

// opensMs is " 1840 220 ms" (" none").
func opensMs(ds []time.Duration) string {
	if len(ds) == 0 {
		return " none"
	}
	out := ""
	for _, d := range ds {
		out += fmt.Sprintf(" %.0f", d.Seconds()*1000)
	}
	return out + " ms"
}

// ms is frames in ms.
func ms(frames int64) float64 { return float64(frames) * 1000 / audio.SampleRate }

// lastErr is ", last error: e" ("" for none).
func lastErr(e string) string {
	if e == "" {
		return ""
	}
	return ", last error: " + e
}
