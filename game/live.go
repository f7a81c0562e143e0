package game

import (
	"fmt"
	"math"
	"sort"
	"time"

	"soundworld/audio"
	"soundworld/audio/device"
	"soundworld/explorer/clock"
	capt "soundworld/internal/capture"
	"soundworld/world"
)

// The live hand-off's clock (spec O5): while a device plays, the
// frames it has consumed are the one clock. The window takes one anchor per
// session, reset, jump, pause or time-scale change (logged with its reason)
// and runs the Sim's fixed steps up to the device's Due time, catching up
// on its own steps after a stall; late starts are logged, never re-timed.

// liveDev is what the window needs of a device that is a clock
// (audio/device.Device); the fakes of other tests need not have it.
type liveDev interface {
	Anchor(reason string, simT, scale float64) device.Anchor
	Anchors() []device.Anchor
	Due() (float64, bool)
	TakeLate() []device.Late
	Underruns() (frames, events int64)
	Fast() bool
	SetMuted(bool)
	Hold(bool)
	SetLead(frames int64)
	LeadFrames() int64
}

// Lead growth: a late start means the game thread fell further behind the
// device than the lead covers, and an underrun that the device went dry; in
// either case the lead grows by leadStep (up to maxLead), said in a toast
// and shown in the status bar. The anchor stays: the Sim just runs further
// ahead of the device, so no start moves. An underrun also grows the
// player's buffer by a period (device.GrowBuffer), said in the same toast.
const (
	leadStep = audio.SampleRate / 100 // 10 ms
	maxLead  = 2 * audio.SampleRate   // 2 s
)

// bufferGrower is a device whose player buffer can grow (audio/device).
type bufferGrower interface {
	GrowBuffer() (frames int64, grew bool)
}

// liveClock is the window's side of the one clock.
type liveClock struct {
	anchored    bool
	scale       float64
	paused      bool
	next        string         // reason of an anchor asked for by a reset or a jump ("" none)
	underruns   int64          // underrun events seen (the lead grew for each)
	dryFrames   int64          // underrun frames at the last event
	dry         []capt.LiveRow // underruns as seen (sim time of the Update that saw them), bounded: maxLate
	late        []lateStart    // late starts, oldest first (bounded: maxLate)
	lateN       int            // late starts since the window opened
	stalls      int64          // times the device stopped playing and the wall clock took the mix
	onWall      bool           // the wall clock has the mix now (device.StallNotice)
	returns     int64          // times a device opened afresh took the mix back (device.ReturnNotice)
	deviceNotes []string       // "lost at unix …", "back at unix …": when the window said so
	muted       bool           // G6: the output is muted now
	fastSeen    bool           // the device turned out to be no clock (switched to the own mix)
	anchors     []liveAnchor   // anchors taken, for the log (bounded: maxLate)
	base        int64          // mixer frame of sim 0 on the record's first anchor (world.AnchorMark's origin)

	lastUpdate time.Time          // wall time of the last deviceTicks
	warmStart  time.Time          // when the warm-up began
	steady     int                // Updates in a row within warmGap
	warmMaxGap float64            // s, the longest gap of those steady Updates
	gaps       gapHist            // every Update's gap since the session's anchor (frame jitter)
	warming    bool               // the session's anchor waits (warmingUp)
	warmDone   bool               // the warm-up is over
	held       []audio.VoiceStart // starts held while warming up
}

// lateStart is a start that played late, for the event log and captures.
type lateStart struct {
	SimT   float64 // s, the start's sim time
	Slot   int
	Wave   uint32
	LateMs float64
}

// liveAnchor is an anchor as the window logs it.
type liveAnchor struct {
	SimT   float64
	Reason string
}

const maxLate = 1000

// live returns the device as a clock, if there is one playing.
func (g *Game) live() (liveDev, bool) {
	if g.sound == nil || g.sound.silent() || !g.st.AudioOn {
		return nil, false
	}
	d, ok := g.sound.out.(liveDev)
	return d, ok
}

// anchorNext asks for an anchor with reason at the next advance (a reset, a jump).
func (g *Game) anchorNext(reason string) { g.lc.next = reason }

// deviceTicks is how many Sim steps to run now by the device's clock;
// false when the device is not the clock (none, silent, no clock).
func (g *Game) deviceTicks(scale float64, paused bool) (int, bool) {
	d, ok := g.live()
	if !ok {
		g.lc.anchored = false // audio off (or none): the next device clock starts anew
		return 0, false
	}
	if d.Fast() {
		g.dropFastDevice()
		return 0, false
	}
	lc := &g.lc
	now := time.Now()
	gap := 0.0 // s since the last Update
	if !lc.lastUpdate.IsZero() {
		gap = now.Sub(lc.lastUpdate).Seconds()
	}
	lc.lastUpdate = now
	if lc.anchored && gap > 0 {
		lc.gaps.add(gap)
	}
	g.sound.isInstant = false
	if g.warmingUp(now, gap) {
		return 0, true
	}
	// Measured frame jitter: starts pushed now must reach the device before
	// one read plus this frame's gap has gone by (growLeadTo says so).
	if need := device.ChunkFrames + int64(gap*audio.SampleRate) + frameMargin; lc.anchored && need > d.LeadFrames() {
		g.growLeadTo(d, need, fmt.Sprintf("a frame took %.0f ms", gap*1000))
	}
	if paused != lc.paused {
		d.Hold(paused) // O5: the mix stands while paused, so the anchor holds across it
		lc.paused = paused
	}
	if paused {
		g.sound.instant, g.sound.isInstant = g.sim.Now(), lc.anchored
		return 0, true
	}
	reason := g.anchorIfDue(d, scale)
	due, ok := d.Due()
	if !ok {
		return 0, false
	}
	if reason == "" { // on this Update's own anchor a start keeps the anchor's frame
		g.sound.instant, g.sound.isInstant = g.sim.Now(), true
	}
	n := int(math.Floor((due-g.sim.Now())/clock.Step + 1e-9))
	return max(0, min(n, clock.MaxTicks)), true
}

// anchorIfDue takes the anchor this Update needs, if any, and returns its
// reason ("" none): the session's, sound back on, a reset (a new record) or
// a time-scale change. A jump, a pause or a device that came back needs
// none: the mix's timeline went on (or stood) with the Sim's. Every anchor
// after the record's first goes into the record (world.AnchorMark), so
// render -from places the following starts as they were heard.
func (g *Game) anchorIfDue(d liveDev, scale float64) string {
	lc := &g.lc
	reason := lc.next
	switch {
	case !lc.anchored && len(lc.anchors) > 0:
		reason = "audio on"
	case !lc.anchored:
		reason = "session"
	case scale != lc.scale:
		reason = "time scale"
	}
	lc.scale = scale
	if reason == "" {
		return ""
	}
	if reason == "session" && lc.warmMaxGap > 0 {
		d.SetLead(sessionLead(lc.warmMaxGap))
	}
	a := d.Anchor(reason, g.sim.Now(), scale)
	lc.anchored, lc.next = true, ""
	first := reason == "session" || reason == "reset"
	if first { // the record's first anchor: render's frame 0 is sim 0 on it
		lc.base = a.Frame - int64(math.Round(a.SimT*audio.SampleRate))
	}
	if !first || a.Scale != 1 {
		g.sim.MarkAnchor(world.AnchorMark{T: a.SimT, Frame: a.Frame - lc.base, Scale: a.Scale, Lead: a.Lead})
	}
	if len(lc.held) > 0 { // the starts held while warming up
		g.sound.apply(lc.held)
		lc.held = nil
	}
	lc.anchors = append(lc.anchors, liveAnchor{g.sim.Now(), reason})
	if len(lc.anchors) > maxLate {
		lc.anchors = lc.anchors[1:]
	}
	return reason
}

// coverer is a device that renders no frame the Sim has not covered (audio/device).
type coverer interface {
	Covered(simT float64)
}

// coverSim tells the device that the Sim's starts are delivered up to its
// time now, after the Update's last push (O5): a game thread that falls
// behind then makes the device run dry (an underrun, counted) instead of a
// start playing late. No bound while paused or before the anchor: the mix
// plays on.
func (g *Game) coverSim() {
	d, ok := g.live()
	if !ok {
		return
	}
	c, ok := d.(coverer)
	if !ok {
		return
	}
	t := g.sim.Now()
	if g.lc.paused || !g.lc.anchored {
		t = math.NaN()
	}
	c.Covered(t)
}

// takeLate logs the device's late starts (O5): the event log's rows get
// their lateness, and captures list them.
func (g *Game) takeLate() {
	d, ok := g.live()
	if !ok {
		return
	}
	for _, l := range d.TakeLate() {
		ls := lateStart{SimT: l.Start.Time, Slot: l.Start.Slot, Wave: l.Start.Wave, LateMs: l.LateMs}
		g.lc.late = append(g.lc.late, ls)
		g.lc.lateN++
		g.ui.History().MarkLate(ls.SimT, ls.Slot, ls.Wave, ls.LateMs)
		g.growLead(d, fmt.Sprintf("a sound started %.0f ms late", ls.LateMs))
	}
	if fr, ev := d.Underruns(); ev > g.lc.underruns {
		g.lc.underruns = ev
		g.lc.dry = append(g.lc.dry, capt.LiveRow{Time: g.sim.Now(), Kind: "underrun", Slot: -1,
			Ms: float64(fr-g.lc.dryFrames) * 1000 / audio.SampleRate})
		g.lc.dryFrames = fr
		if n := len(g.lc.dry); n > maxLate {
			g.lc.dry = g.lc.dry[n-maxLate:]
		}
		why := "the sound device ran dry (underrun)"
		if b, ok := d.(bufferGrower); ok {
			if fr, grew := b.GrowBuffer(); grew {
				why += fmt.Sprintf(": the player buffer grows to %.1f ms", float64(fr)*1000/audio.SampleRate)
			}
		}
		g.growLead(d, why)
	}
	if n := len(g.lc.late); n > maxLate {
		g.lc.late = g.lc.late[n-maxLate:]
	}
	g.takeStalls(d)
}

// staller is a device that keeps a stall account (audio/device).
type staller interface {
	Stalls() (device.StallStats, bool)
}

// takeStalls says when the device stopped playing and the wall clock took
// the mix (O5: counted, never silent), and when it plays again; each
// fallback is an underrun row in captures.
func (g *Game) takeStalls(d liveDev) {
	s, ok := d.(staller)
	if !ok {
		return
	}
	st, ok := s.Stalls()
	if !ok {
		return
	}
	if st.Fallbacks > g.lc.stalls {
		g.lc.stalls = st.Fallbacks
		g.lc.dry = append(g.lc.dry, capt.LiveRow{Time: g.sim.Now(), Kind: "stall", Slot: -1, Reason: "wall clock"})
		g.setToast(device.StallNotice + lastErr(st.LastError))
		g.lc.noteDevice("lost")
	}
	if st.Returns > g.lc.returns {
		g.lc.returns = st.Returns
		g.lc.dry = append(g.lc.dry, capt.LiveRow{Time: g.sim.Now(), Kind: "stall", Slot: -1, Reason: "device back"})
		g.setToast(device.ReturnNotice)
		g.lc.noteDevice("back")
	}
	g.lc.onWall = st.OnWallClock
}

// noteDevice keeps when the window said the device was lost or back
// (wall time, for -quit-after's account: live-smoke times the notices).
func (lc *liveClock) noteDevice(what string) {
	if len(lc.deviceNotes) < maxLate {
		lc.deviceNotes = append(lc.deviceNotes, fmt.Sprintf("%s at unix %.3f", what, float64(time.Now().UnixNano())/1e9))
	}
}

// growLead grows the lead by a step (not past maxLead) and says why.
func (g *Game) growLead(d liveDev, why string) { g.growLeadTo(d, d.LeadFrames()+1, why) }

// growLeadTo grows the lead in leadStep steps to at least frames (not past
// maxLead) and says why.
func (g *Game) growLeadTo(d liveDev, frames int64, why string) {
	l := d.LeadFrames()
	if l >= maxLead || frames <= l {
		return
	}
	d.SetLead(min(maxLead, l+(frames-l+leadStep-1)/leadStep*leadStep))
	g.setToast(fmt.Sprintf("%s: the audio lead grows to %.0f ms", why, float64(d.LeadFrames())*1000/audio.SampleRate))
}

// Warm-up: the window's first frames are its slowest (opening, tiles,
// shaders). The session's anchor waits until warmFrames Updates in a row
// came within warmGap s of each other (at most warmMax s), the Sim
// standing at its start and its first starts held; so the sound starts on
// a steady frame rate instead of starting late. Only under ebiten.RunGame
// (tests drive Update themselves).
const (
	warmFrames  = 20
	warmGap     = 0.08
	warmMax     = 5.0
	frameMargin = audio.SampleRate / 50 // 20 ms over a read and a frame
)

// sessionLead is the lead (frames) the session starts with, from the
// longest of the warm-up's steady frame gaps (s): a period (the frontier
// moves a period at a time) plus three such gaps (a frame that takes three
// times the longest steady one: the first seconds load tiles and collect
// garbage) plus frameMargin, in leadStep steps, and at least minLead. At
// 60 FPS (16.7 ms gaps) that is 100 ms; longer frames later grow it
// (growLeadTo). Inputs do not wait for the lead (PushNow): it only keeps
// the Sim's own starts exact, and sets how far the map's events run ahead
// of what is heard.
func sessionLead(maxGap float64) int64 {
	need := device.ChunkFrames + int64(3*maxGap*audio.SampleRate) + frameMargin
	return min(maxLead, max(minLead, (need+leadStep-1)/leadStep*leadStep))
}

// minLead is the shortest session lead: 100 ms.
const minLead = audio.SampleRate / 10

// gapHist counts Update gaps in 1 ms bins (the last bin: 1 s and more).
type gapHist struct {
	n    int
	bins [1001]int
}

func (h *gapHist) add(gap float64) {
	h.n++
	h.bins[min(1000, int(gap*1000))]++
}

// quantile is the gap (ms, the bin's upper edge) below which a fraction q of the gaps lie.
func (h *gapHist) quantile(q float64) int {
	need := int(math.Ceil(q * float64(h.n)))
	c := 0
	for i, k := range h.bins {
		if c += k; c >= need && c > 0 {
			return i + 1
		}
	}
	return 0
}

// warmingUp reports whether the session's anchor still waits.
func (g *Game) warmingUp(now time.Time, gap float64) bool {
	lc := &g.lc
	if lc.anchored || len(lc.anchors) > 0 || !g.frames.live || lc.warmDone {
		lc.warming = false
		return false
	}
	if lc.warmStart.IsZero() {
		lc.warmStart = now
	}
	if gap > 0 && gap < warmGap {
		lc.steady++
		lc.warmMaxGap = max(lc.warmMaxGap, gap)
	} else {
		lc.steady, lc.warmMaxGap = 0, 0
	}
	if lc.steady >= warmFrames || now.Sub(lc.warmStart).Seconds() >= warmMax {
		lc.warming, lc.warmDone = false, true
		return false
	}
	lc.warming = true
	return true
}

// applyFocusMute mutes the device while the window is not focused (G6),
// unless the user keeps sound when unfocused (not retail).
func (g *Game) applyFocusMute() {
	d, ok := g.live()
	if !ok {
		g.lc.muted = false
		return
	}
	m := !g.focused && !g.st.KeepSoundUnfocused
	if m != g.lc.muted {
		d.SetMuted(m)
		g.lc.muted = m
	}
}

// FocusMuteNotice is the banner while G6 mutes the output.
const FocusMuteNotice = "muted: window not focused (retail does this)"

// dropFastDevice stops using a device that consumes faster than real time
// (O5: it is no clock): the window runs silent on the wall clock, and the
// meters and captures come from its own mix from now on.
func (g *Game) dropFastDevice() {
	if g.lc.fastSeen {
		return
	}
	g.lc.fastSeen = true
	if t, ok := g.sound.out.(tapper); ok {
		t.SetTap(nil)
	}
	g.sound.out.Close()
	g.sound.out, g.sound.notice = nil, device.FastNotice
	g.st.Silent, g.st.AudioOn = true, false
	g.meters.local = audio.NewMixer(g.sim.Bank())
	g.meters.where = "own mix (no device)"
	g.ui.SetUnderruns(nil)
	g.setToast(device.FastNotice)
}

// liveStatus is the status bar's account of the one clock: anchors, late
// starts and underruns ("" with no device).
func (g *Game) liveStatus() string {
	d, ok := g.live()
	if !ok {
		return ""
	}
	fr, ev := d.Underruns()
	buf := ""
	if b, ok := d.(interface{ BufferFramesNow() int64 }); ok {
		buf = fmt.Sprintf(", buffer %.1f ms", float64(b.BufferFramesNow())*1000/audio.SampleRate)
	}
	stall := ""
	if g.lc.stalls > 0 {
		stall = fmt.Sprintf(", device stalls %d", g.lc.stalls)
		if g.lc.onWall {
			stall += " (silent now: wall clock)"
		}
	}
	return fmt.Sprintf("lead %.0f ms%s, anchors %d, late starts %d, underruns %d (%.0f ms)%s", float64(d.LeadFrames())*1000/audio.SampleRate, buf,
		len(d.Anchors()), g.lc.lateN, ev, float64(fr)*1000/audio.SampleRate, stall)
}

// printLive prints the live clock's account for scripts (-quit-after): the
// anchors with their reasons, the late starts with their lateness, and the
// underruns.
func (g *Game) printLive() {
	w := g.cfg.Stdout
	if r := g.lat.report(); r != "" {
		fmt.Fprintln(w, r)
	}
	d, ok := g.live()
	if !ok {
		fmt.Fprintf(w, "live: no device clock (%s); sim %.3f s\n", g.sound.silentWhy(), g.sim.Now())
		return
	}
	as := d.Anchors()
	fr, ev := d.Underruns()
	fmt.Fprintf(w, "live: sim %.3f s, anchors %d, late starts %d, underruns %d (%d frames)\n", g.sim.Now(), len(as), g.lc.lateN, ev, fr)
	fmt.Fprintf(w, "live: %s\n", g.liveStatus())
	if h := &g.lc.gaps; h.n > 0 {
		fmt.Fprintf(w, "live: frame gaps over %d Updates: median ≤ %d ms, p99 ≤ %d ms, max ≤ %d ms\n", h.n, h.quantile(0.5), h.quantile(0.99), h.quantile(1))
	}
	if h, ok := d.(interface{ Handed() (int64, int64) }); ok {
		wr, pl := h.Handed()
		fmt.Fprintf(w, "live: frames written to the device %d, played %d\n", wr, pl)
	}
	if s, ok := d.(interface{ WriterStats() (int64, int64, bool) }); ok {
		if x, low, ok := s.WriterStats(); ok {
			fmt.Fprintf(w, "live: ALSA writer: %d underruns reported by ALSA, fewest frames queued before a write %d (%.1f ms)\n",
				x, low, float64(low)*1000/audio.SampleRate)
		}
	}
	if s, ok := d.(staller); ok {
		if st, ok := s.Stalls(); ok {
			fmt.Fprintf(w, "live: device stalls: %d top-ups, %d restarts, %d wall-clock fallbacks, %d reopenings, %d returns; longest look at the device %.1f ms%s\n",
				st.TopUps, st.Restarts, st.Fallbacks, st.Reopens, st.Returns, st.Longest.Seconds()*1000, lastErr(st.LastError))
		}
	}
	for _, n := range g.lc.deviceNotes {
		fmt.Fprintf(w, "live: device notice: %s\n", n)
	}
	for _, a := range as {
		fmt.Fprintf(w, "live: %s\n", a)
	}
	for _, l := range g.lc.late {
		fmt.Fprintf(w, "live: late start sim %.6f s slot %d wave 0x%08X late_ms %.3f\n", l.SimT, l.Slot, l.Wave, l.LateMs)
	}
}

// liveRows are the live device's anchors, late starts and underruns since
// sim time from, oldest first (capture bundles' events.csv).
func (g *Game) liveRows(from float64) []capt.LiveRow {
	var out []capt.LiveRow
	for _, a := range g.lc.anchors {
		if a.SimT >= from {
			out = append(out, capt.LiveRow{Time: a.SimT, Kind: "anchor", Slot: -1, Reason: a.Reason})
		}
	}
	for _, l := range g.lc.late {
		if l.SimT >= from {
			out = append(out, capt.LiveRow{Time: l.SimT, Kind: "late", Slot: l.Slot, Wave: l.Wave, Ms: l.LateMs})
		}
	}
	for _, r := range g.lc.dry {
		if r.Time >= from {
			out = append(out, r)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Time < out[j].Time })
	return out
}

// lastErr is ", last error: e" ("" for none).
func lastErr(e string) string {
	if e == "" {
		return ""
	}
	return ", last error: " + e
}
