// Package device is the one place that touches the sound device: it writes a
// soundworld audio.Mixer to ALSA itself on Linux (a period at a time, so what
// reaches the device is exactly what the mixer rendered, and the buffer and
// its growth are ours), through oto elsewhere, or, when there is no usable
// device, stays silent and says why. It imports no window-side Ebitengine code.
package device

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"soundworld/audio"
)

// The output's sizes (the latency decision, docs/fidelity.md). The mixer
// renders a period at a time just before it is written to the device
// (output_alsa.go; elsewhere oto pulls the stream, output_oto.go), and the
// device is kept BufferFrames ahead of what it has played: what is written
// is heard that much later. Smaller would be heard sooner but leaves the
// writer less time to be scheduled before the device runs dry; an underrun
// grows it a period at a time (GrowBuffer), up to MaxBufferFrames.
const (
	PeriodFrames    = 256              // frames rendered and written at once (5.8 ms)
	BufferFrames    = 3 * PeriodFrames // kept queued at the device to begin with (17.4 ms)
	MaxBufferFrames = 16 * PeriodFrames
	// BlockFrames bounds one Read of the stream (oto's mux reads until the
	// player holds its buffer, so the mixer renders in blocks just ahead).
	BlockFrames = 128
)

// Device plays a Mixer live, or is silent.
//
// Two goroutines meet here. The game goroutine calls Anchor, Push, Due and
// the readers (TakeLate, Underruns, Fast). The output's goroutine (the ALSA
// writer, or oto's mux loop through the stream's Read) calls render, which
// applies the pending starts to the Mixer, renders the next frames, feeds
// the tap, and checks the device's pace. mu guards everything below it; the
// atomics are read from any goroutine.
//
// The frames the device has consumed (the mixer's frontier, Mixer.Frame)
// are the one clock (spec O5): the Timeline maps sim time onto them from one
// anchor per session, reset, jump, pause or time-scale change, and the game
// runs the Sim to Due. Push never re-anchors: a start whose frame is already
// rendered plays at once and is reported by TakeLate.
type Device struct {
	mu      sync.Mutex
	mixer   *audio.Mixer       // guarded by mu
	pending []audio.VoiceStart // guarded by mu: starts not yet given to the mixer (mixer frames)
	tl      *Timeline          // guarded by mu
	late    []Late             // guarded by mu: late starts not yet taken
	covered int64              // guarded by mu: the mixer frame the Sim's starts are delivered up to (−1: no bound)
	pace    pace               // guarded by mu
	tap     *audio.MeterTap    // guarded by mu: sees every rendered block (tap.go)
	ab      abMix              // guarded by mu: B and the A/B crossfade (ab.go)
	aud     AuditionSource     // guarded by mu: the Sounds panel's voice, after the tap (audition.go)
	wall    func() float64     // s, monotonic; the pace check's clock (tests inject)
	held    bool               // guarded by mu: paused: zeros go to the device and the mixer stands (Hold)
	heldFr  int64              // guarded by mu: frames of zeros given while held
	muted   atomic.Bool        // G6: zeros go to the device, the mixer runs on (focus.go)
	inputs  atomic.Int64       // starts placed at the next block (PushNow)
	inFrame atomic.Int64       // the mixer frame of the last of them
	bufFr   atomic.Int64       // frames kept queued at the device (BufferFrames, grown)

	out output // nil when silent (and for a scripted device)
	// ownPace: the output counts its underruns itself and renders in
	// bursts ahead of what it plays (the browser's worklet): the pace
	// check, which reads the mixer's frontier as what was consumed, is off.
	ownPace   bool
	fastProbe bool // silent because the probe found a device faster than real time
	silent    bool
	reason    string
}

// newDevice is a Device over m with the wall clock and the default lead.
func newDevice(m *audio.Mixer) *Device {
	t0 := time.Now()
	d := &Device{mixer: m, tl: NewTimeline(leadFrames), covered: -1, wall: func() float64 { return time.Since(t0).Seconds() }}
	d.bufFr.Store(BufferFrames)
	return d
}

// opened makes Open single-use: Ebitengine allows one audio context per process.
var (
	openMu sync.Mutex
	opened bool
)

// NoAudioEnv names the environment variable that, set to anything but "",
// keeps Open silent without touching the device (CI, benchmarks, shared machines).
const NoAudioEnv = "SOUNDWORLD_NO_AUDIO"

// Open starts playing m on the default sound device. When there is no usable
// device (no ALSA device, device busy, unsupported format) it returns a silent
// Device and a nil error: the program keeps running without sound; Silent says
// why. The error is for misuse only (Open called twice in one process).
//
// Ebitengine's audio.NewContext succeeds without a device and the failure
// surfaces later as an error from ebiten.RunGame, so the device is probed up
// front and NewContext is not called at all when the probe fails. Probe and
// open run off the calling thread (opening.go): a device that has not
// answered within openDeadline is adopted when it does, and the mix runs on
// the wall clock meanwhile.
func Open(m *audio.Mixer) (*Device, error) { return OpenPath(m, DefaultPath) }

// The output paths (-audio): our own ALSA writer (Linux only), our own
// writer on a PulseAudio / PipeWire-pulse server (output_pulse.go, pure
// Go), oto's driver, or none (silent, the wall clock drives the Sim).
const (
	PathALSA  = "alsa"
	PathPulse = "pulse"
	PathOto   = "oto"
	PathNone  = "none"
)

// Paths lists the output paths in the order -audio names them.
var Paths = []string{PathALSA, PathPulse, PathOto, PathNone}

// OpenPath is Open through the named path ("" the default). An unknown
// name is an error; a path this platform lacks is a silent device saying why.
func OpenPath(m *audio.Mixer, path string) (*Device, error) {
	if path == "" {
		path = DefaultPath
	}
	if !slices.Contains(Paths, path) {
		return nil, fmt.Errorf("device: audio path %q: want alsa, pulse, oto or none", path)
	}
	if m == nil {
		return nil, errors.New("device: nil mixer")
	}
	openMu.Lock()
	defer openMu.Unlock()
	if opened {
		return nil, errors.New("device: Open called twice (one audio context per process)")
	}
	d := newDevice(m)
	if path == PathNone {
		d.silent, d.reason = true, "sound off (-audio none), running silent"
		return d, nil
	}
	if os.Getenv(NoAudioEnv) != "" {
		d.silent, d.reason = true, "sound off ("+NoAudioEnv+" is set), running silent"
		return d, nil
	}
	if !openOffThread { // a browser: the page's gesture opens the worklet, nothing waits
		d.take(resolve(path), false, nil)
		return d, nil
	}
	d.openOff(path) // opening.go
	return d, nil
}

// BufferFramesNow is how far ahead of what it plays the device is kept, in
// frames (BufferFrames, or more after GrowBuffer).
func (d *Device) BufferFramesNow() int64 {
	if d == nil {
		return 0
	}
	return d.bufFr.Load()
}

// GrowBuffer grows the device's buffer by a period (not past
// MaxBufferFrames) after an underrun: the writer gets that much more time
// to be scheduled. The ALSA writer's buffer grows only when the writer
// woke too late since the last growth; an underrun of the device's own
// making (a stalled sound server) would only add latency. It returns the
// new size and whether it grew.
func (d *Device) GrowBuffer() (int64, bool) {
	if d == nil || d.silent {
		return 0, false
	}
	b := d.bufFr.Load()
	if b >= MaxBufferFrames {
		return b, false
	}
	if g, ok := d.out.(interface{ mayGrow() bool }); ok && !g.mayGrow() {
		return b, false // the writer was on time: the device itself stalled
	}
	b = min(MaxBufferFrames, b+PeriodFrames)
	d.bufFr.Store(b)
	if d.out != nil {
		d.out.setBuffer(b)
	}
	return b, true
}

// Silent reports whether the device plays nothing, and why.
func (d *Device) Silent() (bool, string) { return d.silent, d.reason }

// Lead is how far ahead of the mixer's frontier an anchor places the Sim's
// starts until the window sets it from the frames it measures (SetLead):
// a period (the frontier moves a period at a time) plus a game frame of up
// to 100 ms, so starts keep their exact sim-time spacing. Inputs do not
// wait for it: PushNow plays them at the next block.
const Lead = PeriodFrames*time.Second/audio.SampleRate + 100*time.Millisecond

const leadFrames = int64(Lead * audio.SampleRate / time.Second)

// ChunkFrames is how far the frontier moves at once: a period.
const ChunkFrames = int64(PeriodFrames)

// Anchor ties sim time simT to the mixer's frontier plus the lead at time
// scale (spec O5) and logs it with reason: a session, a reset, a jump, a
// pause ending or a time-scale change. Nothing else anchors. The Sim has
// delivered nothing past simT yet, so the writer may render up to the
// anchor's frame and no further until the game thread says more (Covered):
// a game thread descheduled right after anchoring makes the device wait,
// not a start play late.
func (d *Device) Anchor(reason string, simT, scale float64) Anchor {
	d.mu.Lock()
	defer d.mu.Unlock()
	a := d.tl.Anchor(reason, simT, d.mixer.Frame(), scale)
	d.covered = a.Frame
	return a
}

// SetLead sets the lead (frames): the Sim runs that far ahead of the
// frontier from now on, on the same anchor (Timeline.SetLead).
func (d *Device) SetLead(frames int64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.tl.SetLead(frames)
}

// LeadFrames is the lead in frames.
func (d *Device) LeadFrames() int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.tl.Lead()
}

// Anchors lists the anchors taken so far.
func (d *Device) Anchors() []Anchor {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.tl.Anchors()
}

// Due is the sim time (s) the Sim must have reached now: the time whose
// starts land Lead ahead of the frames the device has consumed. false before
// the first anchor, or when the device is no clock (silent or Fast). An
// output that does not queue the session's leading silence (the browser's:
// webPump.leading) has nothing to play before the anchor's frame, so the
// Sim is due a lead past it at once: the first sound is handed over in
// the anchor's own Update, not a frame later.
func (d *Device) Due() (float64, bool) {
	if d == nil || d.silent {
		return 0, false
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.tl.Anchored() || d.pace.fast {
		return 0, false
	}
	front := d.mixer.Frame()
	if o, ok := d.out.(interface{ leadingSkipped() bool }); ok && o.leadingSkipped() {
		front = max(front, d.tl.Current().Frame)
	}
	return d.tl.SimTarget(front), true
}

// Push queues voice starts from the Sim (game goroutine), each placed on
// the timeline (Timeline.FrameOf). A start whose frame the mixer has
// already rendered is late: it starts at the frontier, at once, and is kept
// for TakeLate. With no anchor yet, the first push anchors the session. A
// silent device drops the starts, so nothing piles up. Their waves are
// made ready first, outside the lock (Mixer.Prepare): the writer never
// resamples.
func (d *Device) Push(starts []audio.VoiceStart) {
	if d.silent || len(starts) == 0 {
		return
	}
	d.mixer.Prepare(starts)
	d.mu.Lock()
	defer d.mu.Unlock()
	front := d.frontier(starts)
	for _, s := range starts {
		f, late := d.tl.Place(s, front)
		if late != nil {
			d.late = append(d.late, *late)
		}
		s.Time = float64(f) / audio.SampleRate
		d.pending = append(d.pending, s)
	}
}

// frontier is the mixer's next frame to render, anchoring the session at it
// with the first start's sim time if nothing has anchored yet. mu is held.
func (d *Device) frontier(starts []audio.VoiceStart) int64 {
	front := d.mixer.Frame()
	if !d.tl.Anchored() {
		d.covered = d.tl.Anchor("session", starts[0].Time, front, 1).Frame // as Anchor
	}
	return front
}

// Covered tells the device that the Sim has delivered every start up to
// sim time simT (game goroutine, after its pushes; NaN: no bound, as while
// paused). The ALSA writer renders no frame past it (covers): a game thread
// that falls behind makes the device run dry — an underrun, heard and
// counted — instead of a start played late, so the stream stays the render
// under any load (O5). oto and a scripted device pull regardless.
func (d *Device) Covered(simT float64) {
	if d == nil || d.silent {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if math.IsNaN(simT) || !d.tl.Anchored() {
		d.covered = -1
		return
	}
	d.covered = d.tl.FrameOf(simT)
}

// covers reports whether the next frames may be rendered: the Sim has
// delivered their starts (Covered).
func (d *Device) covers(frames int64) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.covered < 0 || d.mixer.Frame()+frames <= d.covered
}

// TakeLate returns the late starts since the last call (O5: logged, never moved silently).
func (d *Device) TakeLate() []Late {
	if d == nil {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	l := d.late
	d.late = nil
	return l
}

// Underruns is how many frames of real time the device played without
// being given them, and in how many separate underruns (pace.go).
func (d *Device) Underruns() (frames, events int64) {
	if d == nil {
		return 0, 0
	}
	if d.ownPace && d.out != nil {
		return d.out.(interface{ underruns() (int64, int64) }).underruns()
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.pace.underrun, d.pace.events
}

// Fast reports that the device consumed more than FastRatio × real time
// over a second (ALSA's null device): it is no clock and is treated as no
// device (O5); the caller stops using it. FastNotice is what to tell the user.
func (d *Device) Fast() bool {
	if d == nil {
		return false
	}
	if d.fastProbe {
		return true
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.pace.fast
}

// errFast is the probe's verdict on a device that is no clock.
var errFast = errors.New(FastNotice)

// FastNotice is the notice for a device that is no clock.
const FastNotice = "the sound device consumes faster than real time (a null device?): playing silently"

// Hold stands the mix while the window is paused (O5): the device gets
// zeros and the mixer, its voices and the timeline stand still, so the
// Sim's anchor holds across the pause and nothing is re-anchored; the
// pause is a gap in the sent stream, not in the mix (HeldFrames).
func (d *Device) Hold(on bool) {
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.held = on
}

// HeldFrames is how many frames of zeros the device got while held.
func (d *Device) HeldFrames() int64 {
	if d == nil {
		return 0
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.heldFr
}

// SetMuted mutes the output (G6: the window lost focus): the device gets
// zeros while the mixer, the tap and the timeline run on, so voices advance
// and continue mid-sound when unmuted.
func (d *Device) SetMuted(on bool) {
	if d != nil {
		d.muted.Store(on)
	}
}

// Close stops playback. oto's context stays (it cannot be dropped).
func (d *Device) Close() error {
	if d.out == nil {
		return nil
	}
	err := d.out.close()
	d.out = nil
	return err
}

// render fills buf (interleaved stereo) with the next frames for the
// device: it hands the pending starts to the mixer and renders under the
// lock, feeds the tap and the pace check, and zeros what the device gets
// while muted (G6). A device found to be no clock gets zeros and nothing
// is rendered for it (the window mixes on its own). It returns the mixer
// frame after what it rendered, and whether it rendered.
func (d *Device) render(buf []float32) (next int64, ok bool) { return d.renderFor(buf, true) }

// renderUnheard is render with no device playing (the wall clock has the
// mix, renderWall): the same frames, but no device's consumption, so the
// pace check does not observe them and restarts (O5).
func (d *Device) renderUnheard(buf []float32) (next int64, ok bool) { return d.renderFor(buf, false) }

// renderFor is render; heard: a device consumes buf.
func (d *Device) renderFor(buf []float32, heard bool) (next int64, ok bool) {
	d.mu.Lock()
	if d.pace.fast {
		d.mu.Unlock()
		clear(buf)
		return -1, false
	}
	if d.held { // paused: the timeline stands, the device hears silence
		if heard {
			d.heldFr += int64(len(buf) / 2)
		}
		d.pace.restart() // the stand is no underrun and no fast device
		d.mu.Unlock()
		clear(buf)
		return -1, true
	}
	if len(d.pending) > 0 {
		d.mixer.Apply(d.pending)
		d.pending = d.pending[:0]
	}
	d.mixer.Render(buf)
	d.ab.mix(buf) // A/B: the retail recording crossfaded in (ab.go)
	if d.tap != nil {
		d.tap.Write(buf)
	}
	if d.aud != nil {
		d.aud.MixInto(buf)
	}
	next = d.mixer.Frame()
	switch {
	case d.ownPace: // the output counts its own underruns
	case heard:
		d.pace.observe(d.wall(), next)
	default: // no device's consumption: the next device's begins anew (O5)
		d.pace.restart()
	}
	d.mu.Unlock()
	if d.muted.Load() {
		clear(buf) // G6: the mix ran (voices advance), the device hears nothing
	}
	return next, true
}

// stream is the io.Reader the player pulls float32 little-endian stereo from.
type stream struct {
	d    *Device
	buf  []float32
	out  []byte
	left []byte // rendered bytes not yet returned (when len(p) is not whole frames)
}

// Read runs on oto's mux goroutine (output_oto.go) or a scripted device's:
// it renders at most BlockFrames a call (render). It never returns EOF.
func (s *stream) Read(p []byte) (int, error) {
	if len(s.left) == 0 {
		frames := min(BlockFrames, max(1, (len(p)+7)/8)) // round up; spare bytes wait in left
		if cap(s.buf) < 2*frames {
			s.buf = make([]float32, 2*frames)
			s.out = make([]byte, 8*frames)
		}
		buf, out := s.buf[:2*frames], s.out[:8*frames]
		s.d.render(buf)
		for i, v := range buf {
			binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(v))
		}
		s.left = out
	}
	n := copy(p, s.left)
	s.left = s.left[n:]
	return n, nil
}

// NewScripted is a Device with no output: the caller pulls its stream (the
// io.Reader) as a device would, on a wall clock of its own. Tests and tools
// script a device with it: stalls, fast devices, focus.
func NewScripted(m *audio.Mixer, wall func() float64) (*Device, io.Reader) {
	d := newDevice(m)
	d.wall = wall
	return d, &stream{d: d}
}

// Muted reports whether SetMuted(true) is in force.
func (d *Device) Muted() bool { return d != nil && d.muted.Load() }

// FrameOf is the mixer frame a start at sim time t is placed at now (the
// anchor in force; late starts play at the frontier instead).
func (d *Device) FrameOf(t float64) int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return max(d.tl.FrameOf(t), d.mixer.Frame())
}
