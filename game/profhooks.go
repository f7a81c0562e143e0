package game

// The window's side of the profiler and the bug-report round trip:
// the output meter's source, the replay record for sidecars, the F11 capture
// bundle, the map flash of a clicked voice and -from. profHooks keeps the
// meters' and captures' state over the Sim alone; what reads or sets the
// rest of the window is the window's (Game) and says so.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"soundworld/ambientviz"
	"soundworld/ambientviz/geom"

	"soundworld/audio"
	"soundworld/audio/device"
	"soundworld/dat"
	capt "soundworld/internal/capture"
	"soundworld/internal/cli"
	"soundworld/internal/crash"
	"soundworld/internal/progress"
	"soundworld/ui"
	"soundworld/world"
)

// profHooks is the window's side of the meters and the bug-report round
// trip: the output meters' source (the device's tap, or the window's own
// mix of the Sim's starts), the sidecar's replay record and the data it
// names, and F11's pending and written capture bundles. The bundles
// themselves, -from and the flash are the window's (Game's methods below).
type profHooks struct {
	sim        *world.Sim
	datDir     string // "" for the stand-in
	tap        *audio.MeterTap
	local      *audio.Mixer // no device: the window mixes the starts itself (meters, capture audio)
	scratch    []float32
	where      string
	captureReq bool // F11: write a capture bundle at the end of the next Draw
	captured   chan shotResult
	data       capt.DataID
	dataErr    error
}

// initProfiler wires the meter: the device's output through its tap, or,
// with no device, a mixer of the window's own fed at each tick; and names
// the data for the replay record.
func (m *profHooks) initProfiler(sim *world.Sim, sess *device.Session, u *ui.UI, a *dat.Archive, datDir string) {
	m.sim, m.datDir = sim, datDir
	m.tap = audio.NewMeterTap()
	m.captured = make(chan shotResult, 2)
	if sess.SetTap(m.tap) {
		m.where = "device output"
		u.SetUnderruns(sess.Underruns) // O5: the Meters panel counts them
	}
	if m.where == "" {
		m.local = audio.NewMixer(sim.Bank())
		m.where = "own mix (no device)"
	}
	u.SetMeter(func() (audio.MeterReading, string) { return m.tap.Reading(), m.where })
	m.data, m.dataErr = capt.Identify(a, datDir == "")
}

// initProfilerView is initProfiler plus the report options (-zoom, -panels, …)
// and -from: the one hook New calls before its first tick.
func (g *Game) initProfilerView() error {
	g.meters.initProfiler(g.sim, g.sess, g.ui, g.cfg.Archive, g.cfg.DatDir)
	pin, err := g.cfg.ViewOpts.apply(&g.cam, g.st, g.ui)
	if err != nil {
		return cli.UserErr(err)
	}
	g.pin = pin
	return g.applyFrom()
}

// feedLocal gives the window's own mixer this tick's starts (minus the
// display-side mutes, as the device gets them) and mixes up to the tick's
// frame plus one step, as render does. Nothing with a device. muted is
// the display-side mute of a voice's (table, SoundType) (Game.mutedSound);
// starting: a page's first frames, not mixed yet (Game.pageStarting).
func (m *profHooks) feedLocal(starts []audio.VoiceStart, snap *world.Snapshot, muted func(table, stype uint32) bool, starting bool) {
	if m.local == nil {
		return
	}
	out := make([]audio.VoiceStart, 0, len(starts))
	for _, s := range starts {
		if s.Wave != 0 && s.Slot >= 0 && s.Slot < len(snap.Voices) {
			if v := snap.Voices[s.Slot]; muted(v.Table, v.SType) {
				continue
			}
		}
		out = append(out, s)
	}
	target := int64(math.Round(m.sim.Now()*audio.SampleRate)) + world.StepFrames
	if target < m.local.Frame()-world.StepFrames { // the clock went back (a Reset, R): a fresh mixer at 0
		m.local = audio.NewMixer(m.sim.Bank())
	}
	m.local.Apply(out)
	if starting {
		return // mixed from the third frame on, the first tick's starts included
	}
	// A jump ahead (the first tick after a -from replay, a page's start) is
	// mixed in silence up to the last step, without feeding the meters or the
	// capture ring.
	m.mixTo(target-2*world.StepFrames, 4096, false)
	m.mixTo(target, 2048, true)
}

// mixTo renders the window's own mix up to frame target in chunks of at
// most chunk frames, into the meters' and capture's tap when tap is set.
func (p *profHooks) mixTo(target, chunk int64, tap bool) {
	for p.local.Frame() < target {
		n := min(target-p.local.Frame(), chunk)
		if cap(p.scratch) < int(2*n) {
			p.scratch = make([]float32, 2*n)
		}
		buf := p.scratch[:2*n]
		p.local.Render(buf)
		if tap {
			p.tap.Write(buf)
		}
	}
}

// replayRecord is the sidecar's "replay" object: the data, the inputs since
// the last reset and the fingerprint of snap (the window's now).
func (m *profHooks) replayRecord(snap *world.Snapshot) *capt.Replay {
	if m.dataErr != nil {
		return nil
	}
	return &capt.Replay{Data: m.data, DatDir: m.datDir, SimTime: snap.Time,
		Inputs: m.sim.Inputs(), Snapshot: capt.Fingerprint(snap)}
}

// endProfilerDraw runs at the end of Draw: an F11 capture of the finished
// frame, and the toast of a capture written.
func (g *Game) endProfilerDraw(screen *ebiten.Image) {
	select {
	case r := <-g.meters.captured:
		if r.err != nil {
			g.setToast("Capture failed: " + r.err.Error())
		} else {
			g.setToast("Capture bundle written: " + r.path + " (README.txt says how to reproduce it)")
		}
	default:
	}
	if g.meters.captureReq {
		g.meters.captureReq = false
		g.saveCapture(screen)
	}
}

// drawFlash rings the position of the voice clicked in the timeline or the
// event log, fading over ui.FlashFrames.
func drawFlash(screen *ebiten.Image, cam geom.Camera, u *ui.UI) {
	pos, left, ok := u.Flash()
	if !ok {
		return
	}
	x, y := cam.ToScreen(float64(pos.X), float64(pos.Y))
	a := uint8(255 * left)
	r := float32(10 + 30*(1-left))
	ambientviz.StrokeCircle(screen, float32(x), float32(y), r, 3, color.RGBA{0xff, 0xff, 0xff, a})
	ambientviz.StrokeCircle(screen, float32(x), float32(y), r+4, 2, color.RGBA{0x40, 0x80, 0xff, a})
}

// saveCapture is F11: a capture bundle capture-YYYYMMDD-HHMMSS/ in the
// working folder (screenshot, sidecar, last 30 s of audio as mixed, the
// span's events and path, README.txt), written off the game goroutine.
func (g *Game) saveCapture(screen *ebiten.Image) {
	b, at := g.bundle(screen)
	go func() {
		defer crash.Recover()
		dir, err := writeBundle(".", at, b)
		g.meters.captured <- shotResult{dir, err}
	}()
}

// writeCapture writes `soundworld capture`'s bundle under parent at once,
// and says where.
func (g *Game) writeCapture(screen *ebiten.Image, parent string) error {
	b, at := g.bundle(screen)
	dir, err := writeBundle(parent, at, b)
	if err == nil {
		fmt.Fprintf(os.Stdout, "capture: wrote %s (sim %.2f s, %s)\n", dir, g.snap.Time, g.cfg.Source)
	}
	return err
}

// writeBundle encodes the picture and the sidecar and writes the folder.
func writeBundle(parent string, at time.Time, b *pendingBundle) (string, error) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, b.img); err != nil {
		return "", fmt.Errorf("capture: %w", err)
	}
	b.Screenshot = buf.Bytes()
	js, err := sidecarJSON(b.sc)
	if err != nil {
		return "", fmt.Errorf("capture: %w", err)
	}
	b.Sidecar = js
	dir, err := capt.Write(parent, at, &b.Bundle)
	if err != nil {
		return "", fmt.Errorf("capture: %w", err)
	}
	return dir, nil
}

// pendingBundle is a bundle whose picture and sidecar are not encoded yet.
type pendingBundle struct {
	capt.Bundle
	img image.Image
	sc  Sidecar
}

// bundle gathers the capture's parts on the game goroutine.
func (g *Game) bundle(screen *ebiten.Image) (*pendingBundle, time.Time) {
	img, sc := capture(screen), g.sidecar()
	now := g.snap.Time
	samples, first := g.meters.tap.Last(audio.RingSeconds)
	end := first + int64(len(samples)/2) // the device's stream: everything it was given
	if g.meters.local != nil {           // the own mix runs a step ahead of the Sim: up to now
		end = int64(math.Round(now * audio.SampleRate))
	}
	samples = capt.LastSpan(samples, first, end, capt.SpanSeconds)
	var evs []world.Event
	for _, r := range g.ui.History().Rows {
		if r.Play.Time >= now-capt.SpanSeconds {
			evs = append(evs, world.Event{Play: r.Play, Trace: audio.Trace{Draws: r.Draws, Rands: r.Rands}, Object: r.ObjectHook})
		}
	}
	b := &pendingBundle{Bundle: capt.Bundle{Audio: samples, Events: evs, Live: g.liveRows(now - capt.SpanSeconds), Inputs: g.sim.Inputs(), SimTime: now,
		Span: capt.SpanSeconds, Source: g.cfg.Source, DatDir: g.cfg.DatDir, Names: g.names}, img: img, sc: sc}
	return b, time.Now()
}

// sidecarJSON is the sidecar as writePair writes it.
func sidecarJSON(sc Sidecar) ([]byte, error) {
	js, err := json.MarshalIndent(sc, "", " ")
	if err != nil {
		return nil, err
	}
	return append(js, '\n'), nil
}

// From is a -from sidecar as the command read it (once): its replay record
// and the view it was taken with (nil in sidecars without one).
type From struct {
	Path   string
	Replay *capt.Replay
	View   *ViewInfo
}

// ReadFrom reads a -from sidecar: the replay record and the view. Errors
// name the file.
func ReadFrom(path string) (*From, error) {
	sc, err := capt.ReadSidecarFile(path)
	if err != nil {
		return nil, err
	}
	f := &From{Path: path, Replay: sc.Replay}
	if sc.View != nil {
		if err := json.Unmarshal(sc.View, &f.View); err != nil {
			return nil, fmt.Errorf("%s: view: %v", path, err)
		}
	}
	return f, nil
}

// applyFrom reopens a sidecar's instant (-from): the data must be the
// capture's (else a user error, unless Force), the record is replayed on the
// Sim (which keeps recording from there) and checked against the Snapshot's
// fingerprint, and the view (centre, zoom, overlays, time scale, pause) is
// the sidecar's.
func (g *Game) applyFrom() error {
	from := g.cfg.From
	if from == nil {
		return nil
	}
	r := from.Replay
	if g.meters.dataErr != nil {
		return g.meters.dataErr
	}
	warn, err := r.Check(g.meters.data, g.cfg.Force)
	if err != nil {
		return cli.UserErr(fmt.Errorf("%s: %w", from.Path, err))
	}
	if warn != "" {
		fmt.Fprintln(g.cfg.Stdout, warn)
	}
	if err := g.replayFrom(r); err != nil {
		return cli.UserErr(fmt.Errorf("%s: %w", from.Path, err))
	}
	g.sim.Manager().TakeStarts() // the replayed past is not played again
	if v := from.View; v != nil {
		if v.MetresPerPixel > 0 {
			g.cam.CX, g.cam.CY, g.cam.MPP = v.CentreX, v.CentreY, v.MetresPerPixel
			g.pin.kept = true // -center, when given too, still wins (viewPin.place)
		}
		g.st.Layers = v.Layers
		if v.TimeScale > 0 {
			g.st.TimeScale = v.TimeScale
		}
		g.st.Paused = !g.mode.simTimeOnly() && v.Paused
		if v.Follow != nil && !g.cfg.ViewOpts.NoFollow { // the shot's -follow (this run's -follow=false wins)
			g.st.Follow = *v.Follow
		}
		v.applySelection(g.st, g.mode.simTimeOnly()) // selection, map key (fromview.go)
		// The panels as the picture had them; this run's -panels wins.
		if g.cfg.ViewOpts.Panels == "" && len(v.Panels) > 0 {
			g.ui.RestorePanels(v.Panels, v.Width, v.Height)
		}
	}
	if !g.mode.simTimeOnly() { // a shot redraws the picture as it was
		g.setToast(fmt.Sprintf("Reopened %s at sim time %.2f s", from.Path, g.sim.Now()))
	}
	return nil
}

// replayFrom replays the record. A shot leaves the record's last run of
// grid steps to its own fixed-step loop (Shot.Seconds), so the frames go by
// as when the picture was first taken and the picture is the same; the
// Snapshot's fingerprint is then checked by comparing sidecars (tests). The
// window replays everything and checks the fingerprint at once.
//
// A record longer than a minute shows progress on stderr while it replays
// (sim seconds).
func (g *Game) replayFrom(r *capt.Replay) error {
	var bar *progress.Bar
	if end := r.Inputs.End(); end > 60 {
		bar = progress.New(os.Stderr, progress.Options{Label: "replaying " + g.cfg.From.Path, Total: int64(math.Round(end * 1000)), Unit: "s"})
	}
	ticks := 0
	tick := func() {
		g.meters.mixReplayTick()
		if ticks++; ticks%world.TickRate == 0 {
			bar.Set(int64(math.Round(g.sim.Now() * 1000)))
		}
	}
	ins := &r.Inputs.Inputs
	var err error
	if n := ins.Len(); g.mode.simTimeOnly() && n > 0 && ins.At(n-1).Kind == world.InStep {
		head := *r.Inputs
		head.Inputs = ins.Head(n - 1)
		g.cfg.Shot.Seconds = float64(ins.At(n-1).N) / world.TickRate
		err = head.Replay(g.sim, tick)
	} else {
		if g.mode.simTimeOnly() {
			g.cfg.Shot.Seconds = 0
		}
		err = r.Rebuild(g.sim, tick)
	}
	bar.Finish(err == nil)
	return err
}

// mixReplayTick mixes one replayed tick into the window's own mix (no
// device), as render's loop does, so the meters and a capture's last 30 s
// hold the replayed past. With a device the past is not played.
func (m *profHooks) mixReplayTick() {
	if m.local == nil {
		return
	}
	m.local.Apply(m.sim.Manager().TakeStarts())
	m.mixTo(int64(math.Round(m.sim.Now()*audio.SampleRate))+world.StepFrames, 4096, true)
}
