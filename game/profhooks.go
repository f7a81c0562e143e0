package game

// The window's side of the profiler and the bug-report round trip:
// the output meter's source, the replay record for sidecars, the F11 capture
// bundle, the map flash of a clicked voice and -from. The window's own files
// call these through one-line hooks.

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

	"soundworld/audio"
	capt "soundworld/internal/capture"
	"soundworld/internal/cli"
	"soundworld/internal/crash"
	"soundworld/internal/progress"
	"soundworld/world"
)

// profHooks is the window's side of the meters and the bug-report round
// trip: the output meters' source, the sidecar's replay record, F11 and
// `soundworld capture` bundles, -from.
type profHooks struct {
	g          *Game
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
// with no device, a mixer of the window's own fed at each tick.
func (m *profHooks) initProfiler() {
	g := m.g
	p := &g.meters
	p.tap = audio.NewMeterTap()
	p.captured = make(chan shotResult, 2)
	if g.sess.SetTap(p.tap) {
		p.where = "device output"
		g.ui.SetUnderruns(g.sess.Underruns) // O5: the Meters panel counts them
	}
	if p.where == "" {
		p.local = audio.NewMixer(g.sim.Bank())
		p.where = "own mix (no device)"
	}
	g.ui.SetMeter(func() (audio.MeterReading, string) { return p.tap.Reading(), p.where })
	p.data, p.dataErr = capt.Identify(g.cfg.Archive, g.cfg.DatDir == "")
}

// initProfilerView is initProfiler plus the report options (-zoom, -panels, …)
// and -from: the one hook New calls before its first tick.
func (m *profHooks) initProfilerView() error {
	g := m.g
	m.initProfiler()
	pin, err := g.cfg.ViewOpts.apply(&g.cam, g.st, g.ui)
	if err != nil {
		return cli.UserErr(err)
	}
	g.pin = pin
	return m.applyFrom()
}

// feedLocal gives the window's own mixer this tick's starts (minus the
// display-side mutes, as the device gets them) and mixes up to the tick's
// frame plus one step, as render does. Nothing with a device.
func (m *profHooks) feedLocal(starts []audio.VoiceStart) {
	g := m.g
	p := &g.meters
	if p.local == nil {
		return
	}
	out := make([]audio.VoiceStart, 0, len(starts))
	for _, s := range starts {
		if s.Wave != 0 && s.Slot >= 0 && s.Slot < len(g.snap.Voices) {
			if v := g.snap.Voices[s.Slot]; g.mutedSound(v.Table, v.SType) {
				continue
			}
		}
		out = append(out, s)
	}
	target := int64(math.Round(g.sim.Now()*audio.SampleRate)) + world.StepFrames
	if target < p.local.Frame()-world.StepFrames { // the clock went back (a Reset, R): a fresh mixer at 0
		p.local = audio.NewMixer(g.sim.Bank())
	}
	p.local.Apply(out)
	if g.pageStarting() {
		return // mixed from the third frame on, the first tick's starts included
	}
	// A jump ahead (the first tick after a -from replay, a page's start) is
	// mixed in silence up to the last step, without feeding the meters or the
	// capture ring.
	p.mixTo(target-2*world.StepFrames, 4096, false)
	p.mixTo(target, 2048, true)
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
// the last reset and the Snapshot's fingerprint.
func (m *profHooks) replayRecord() *capt.Replay {
	g := m.g
	if g.meters.dataErr != nil {
		return nil
	}
	return &capt.Replay{Data: g.meters.data, DatDir: g.cfg.DatDir, SimTime: g.snap.Time,
		Inputs: g.sim.Inputs(), Snapshot: capt.Fingerprint(g.snap)}
}

// endProfilerDraw runs at the end of Draw: an F11 capture of the finished
// frame, and the toast of a capture written.
func (m *profHooks) endProfilerDraw(screen *ebiten.Image) {
	g := m.g
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
		m.saveCapture(screen)
	}
}

// drawFlash rings the position of the voice clicked in the timeline or the
// event log, fading over ui.FlashFrames.
func (m *profHooks) drawFlash(screen *ebiten.Image) {
	g := m.g
	pos, left, ok := g.ui.Flash()
	if !ok {
		return
	}
	x, y := g.cam.ToScreen(float64(pos.X), float64(pos.Y))
	a := uint8(255 * left)
	r := float32(10 + 30*(1-left))
	ambientviz.StrokeCircle(screen, float32(x), float32(y), r, 3, color.RGBA{0xff, 0xff, 0xff, a})
	ambientviz.StrokeCircle(screen, float32(x), float32(y), r+4, 2, color.RGBA{0x40, 0x80, 0xff, a})
}

// saveCapture is F11: a capture bundle capture-YYYYMMDD-HHMMSS/ in the
// working folder (screenshot, sidecar, last 30 s of audio as mixed, the
// span's events and path, README.txt), written off the game goroutine.
func (m *profHooks) saveCapture(screen *ebiten.Image) {
	g := m.g
	b, at := m.bundle(screen)
	go func() {
		defer crash.Recover()
		dir, err := writeBundle(".", at, b)
		g.meters.captured <- shotResult{dir, err}
	}()
}

// writeCapture writes the bundle at once (soundworld capture) and says where.
func (m *profHooks) writeCapture(screen *ebiten.Image, parent string, at time.Time) error {
	g := m.g
	b, _ := m.bundle(screen)
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
func (m *profHooks) bundle(screen *ebiten.Image) (*pendingBundle, time.Time) {
	g := m.g
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
func (m *profHooks) applyFrom() error {
	g := m.g
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
	if err := m.replayFrom(r); err != nil {
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
		g.st.Paused = g.cfg.Shot == nil && v.Paused
		if v.Follow != nil && !g.cfg.ViewOpts.NoFollow { // the shot's -follow (this run's -follow=false wins)
			g.st.Follow = *v.Follow
		}
		v.applySelection(g.st, g.cfg.Shot != nil) // selection, map key (fromview.go)
		// The panels as the picture had them; this run's -panels wins.
		if g.cfg.ViewOpts.Panels == "" && len(v.Panels) > 0 {
			g.ui.RestorePanels(v.Panels, v.Width, v.Height)
		}
	}
	if g.cfg.Shot == nil { // a shot redraws the picture as it was
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
func (m *profHooks) replayFrom(r *capt.Replay) error {
	g := m.g
	var bar *progress.Bar
	if end := r.Inputs.End(); end > 60 {
		bar = progress.New(os.Stderr, progress.Options{Label: "replaying " + g.cfg.From.Path, Total: int64(math.Round(end * 1000)), Unit: "s"})
	}
	ticks := 0
	tick := func() {
		m.mixReplayTick()
		if ticks++; ticks%world.TickRate == 0 {
			bar.Set(int64(math.Round(g.sim.Now() * 1000)))
		}
	}
	ins := &r.Inputs.Inputs
	var err error
	if n := ins.Len(); g.cfg.Shot != nil && n > 0 && ins.At(n-1).Kind == world.InStep {
		head := *r.Inputs
		head.Inputs = ins.Head(n - 1)
		g.cfg.Shot.Seconds = float64(ins.At(n-1).N) / world.TickRate
		err = head.Replay(g.sim, tick)
	} else {
		if g.cfg.Shot != nil {
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
	g := m.g
	p := &g.meters
	if p.local == nil {
		return
	}
	p.local.Apply(g.sim.Manager().TakeStarts())
	p.mixTo(int64(math.Round(g.sim.Now()*audio.SampleRate))+world.StepFrames, 4096, true)
}
