// Package device is the one place that touches the sound device: it streams a
// soundworld audio.Mixer through Ebitengine's audio player, or, when there is
// no usable device, stays silent and says why. It imports no window-side
// Ebitengine code.
package device

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"sync"
	"time"

	ebaudio "github.com/hajimehoshi/ebiten/v2/audio"

	"soundworld/audio"
)

// BufferSize is the player's buffer (latency) length.
const BufferSize = 100 * time.Millisecond

// Device plays a Mixer live, or is silent.
//
// Two goroutines meet here. The game goroutine calls Push with the voice starts
// the Sim's Manager produced (TakeStarts). Ebitengine's audio goroutine (oto's
// player loop) calls the stream's Read, which applies the pending starts to
// the Mixer and renders the next frames. mu guards the Mixer and the pending
// queue; nothing else is shared.
type Device struct {
	mu       sync.Mutex
	mixer    *audio.Mixer       // guarded by mu
	pending  []audio.VoiceStart // guarded by mu: starts not yet given to the mixer
	offset   int64              // guarded by mu: mixer frame = round(sim t·44100) + offset
	anchored bool               // guarded by mu
	tap      *audio.MeterTap    // guarded by mu: sees every rendered block (tap.go)
	ab       abMix              // guarded by mu: B and the A/B crossfade (ab.go, issue 9)

	player *ebaudio.Player // nil when silent
	silent bool
	reason string
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
// front and NewContext is not called at all when the probe fails.
func Open(m *audio.Mixer) (*Device, error) {
	if m == nil {
		return nil, errors.New("device: nil mixer")
	}
	openMu.Lock()
	defer openMu.Unlock()
	if opened {
		return nil, errors.New("device: Open called twice (one audio context per process)")
	}
	d := &Device{mixer: m}
	if os.Getenv(NoAudioEnv) != "" {
		d.silent, d.reason = true, "sound off ("+NoAudioEnv+" is set), running silent"
		return d, nil
	}
	if err := probe(audio.SampleRate); err != nil {
		d.silent, d.reason = true, fmt.Sprintf("no sound device, running silent: %v", err)
		return d, nil
	}
	ctx, err := newContext()
	if err != nil {
		return nil, err
	}
	opened = true
	p, err := ctx.NewPlayerF32(&stream{d: d})
	if err != nil {
		d.silent, d.reason = true, fmt.Sprintf("no sound device, running silent: %v", err)
		return d, nil
	}
	p.SetBufferSize(BufferSize)
	p.Play()
	d.player = p
	return d, nil
}

// newContext is audio.NewContext, which panics if a context already exists.
func newContext() (ctx *ebaudio.Context, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("device: %v", r)
		}
	}()
	return ebaudio.NewContext(audio.SampleRate), nil
}

// Silent reports whether the device plays nothing, and why.
func (d *Device) Silent() (bool, string) { return d.silent, d.reason }

// Lead is how far ahead of the mixer's clock a live start is placed when the
// sim clock is (re)anchored to it: one player read (BufferSize) plus a margin,
// so starts keep their exact sim-time spacing although the mixer renders in
// 100 ms reads.
const Lead = BufferSize + 50*time.Millisecond

const (
	leadFrames     = int64(Lead * audio.SampleRate / time.Second)
	maxAheadFrames = 3 * leadFrames
)

// Push queues voice starts from the Sim (game goroutine). A silent device
// drops them, so nothing piles up.
//
// Live timing: the sim clock is not the audio clock (the sim pauses and runs
// scaled; the device consumes at its own pace), so Push maps sim time onto
// mixer frames with an offset: frame = round(t·44100) + offset. The offset is
// set on the first push, so that start lands Lead ahead of the mixer, and
// reset whenever a start would land in the past or more than 3·Lead ahead
// (a pause, a time-scale change, a device that drains faster than real time).
// In between, starts keep their sim-time spacing to the sample, as offline.
func (d *Device) Push(starts []audio.VoiceStart) {
	if d.silent || len(starts) == 0 {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	clock := d.mixer.Frame()
	for _, s := range starts {
		f := int64(math.Round(s.Time * audio.SampleRate))
		if math.IsNaN(s.Time) || math.IsInf(s.Time, 0) || math.Abs(s.Time) > 1e12 {
			f = 0
		}
		if t := f + d.offset; !d.anchored || t < clock || t > clock+maxAheadFrames {
			d.offset, d.anchored = clock+leadFrames-f, true
		}
		s.Time = float64(f+d.offset) / audio.SampleRate
		d.pending = append(d.pending, s)
	}
}

// Close stops playback. The audio context stays (Ebitengine cannot drop it).
func (d *Device) Close() error {
	if d.player == nil {
		return nil
	}
	err := d.player.Close()
	d.player = nil
	return err
}

// stream is the io.Reader the player pulls float32 little-endian stereo from.
type stream struct {
	d    *Device
	buf  []float32
	out  []byte
	left []byte // rendered bytes not yet returned (when len(p) is not whole frames)
}

// Read runs on Ebitengine's audio goroutine: it hands the pending starts to
// the mixer and renders the next frames under the lock. It never returns EOF.
func (s *stream) Read(p []byte) (int, error) {
	if len(s.left) == 0 {
		frames := max(1, (len(p)+7)/8) // round up; spare bytes wait in left
		if cap(s.buf) < 2*frames {
			s.buf = make([]float32, 2*frames)
			s.out = make([]byte, 8*frames)
		}
		buf, out := s.buf[:2*frames], s.out[:8*frames]
		d := s.d
		d.mu.Lock()
		if len(d.pending) > 0 {
			d.mixer.Apply(d.pending)
			d.pending = d.pending[:0]
		}
		d.mixer.Render(buf)
		d.ab.mix(buf) // A/B: the retail recording crossfaded in (ab.go)
		if d.tap != nil {
			d.tap.Write(buf)
		}
		d.mu.Unlock()
		for i, v := range buf {
			binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(v))
		}
		s.left = out
	}
	n := copy(p, s.left)
	s.left = s.left[n:]
	return n, nil
}
