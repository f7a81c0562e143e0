//go:build !(js && wasm)

package device

import (
	"sync/atomic"
	"time"

	"github.com/ebitengine/oto/v3"

	"soundworld/audio"
)

// otoOut plays the stream through oto (the default where this package does
// not write to the device itself; -audio oto on Linux): oto's mux goroutine reads the stream (a block at a
// time) into the player's buffer whenever it holds less than the buffer,
// and its driver takes from it a period at a time. The buffer is set in
// bytes; the device's own buffer is two periods.
type otoOut struct {
	p    *oto.Player
	sent atomic.Int64 // bytes the stream returned to the player
}

// openOffThread: the device is opened off the game thread (opening.go).
const openOffThread = true

// readyOto makes oto's context on the default device (waiting for it to
// be ready: off the game thread); its begin starts the player (a browser
// has its own output: output_web.go).
func readyOto() (begin, error) {
	buf := 2 * PeriodFrames * time.Second / audio.SampleRate
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{SampleRate: audio.SampleRate, ChannelCount: 2,
		Format: oto.FormatFloat32LE, BufferSize: buf})
	if err != nil {
		return nil, err
	}
	<-ready
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return func(d *Device, _ bool) (output, error) { return startOto(ctx, d) }, nil
}

// startOto starts a player on ctx pulling d's stream.
func startOto(ctx *oto.Context, d *Device) (output, error) {
	o := &otoOut{}
	o.p = ctx.NewPlayer(&countingReader{s: &stream{d: d}, n: &o.sent})
	o.p.SetBufferSize(8 * int(d.bufFr.Load()))
	o.p.Play()
	if err := o.p.Err(); err != nil {
		return nil, err
	}
	return o, nil
}

func (o *otoOut) written() int64 { return o.sent.Load() / 8 }

func (o *otoOut) played() int64 { return max(0, (o.sent.Load()-int64(o.p.BufferedSize()))/8) }

func (o *otoOut) setBuffer(frames int64) { o.p.SetBufferSize(8 * int(frames)) }

func (o *otoOut) close() error { return o.p.Close() }

// countingReader counts the bytes read through it.
type countingReader struct {
	s *stream
	n *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.s.Read(p)
	c.n.Add(int64(n))
	return n, err
}
