//go:build js && wasm

package device

import (
	_ "embed"
	"slices"
	"sync"
	"sync/atomic"
	"syscall/js"
	"time"
	"unsafe"

	"soundworld/audio"
)

// workletJS is the audio worklet's processor (webworklet.js).
//
//go:embed webworklet.js
var workletJS string

// webOut plays the mix in a browser through our own audio worklet
// (webworklet.js), the oto path's place there (openDefault). The page's
// one thread runs the Sim, draws and mixes; a goroutine of this output
// wakes every webWake, renders as far as the Sim has delivered and the
// lead allows (webPump) and hands the frames over: into a SharedArrayBuffer
// ring when the page is cross-origin isolated, else as posted blocks. The
// worklet plays from that queue on the audio thread and never waits for
// the page's thread (oto's worklet asked it for every 2 048 frames and got
// them once per drawn frame). The frames it plays are the mixer's, in
// order: the stream is the render (O5).
type webOut struct {
	d      *Device
	ctx    js.Value // the AudioContext
	port   js.Value // the worklet node's port
	ctl    js.Value // shared: Int32Array [written, played] (mod 2^31)
	ring   js.Value // shared: Uint8Array over the ring's float32 frames
	shared bool

	mu      sync.Mutex
	ready   bool // the worklet is running
	closed  bool
	pump    webPump
	read    int32 // messages: the worklet's last played count
	dry     int64 // frames of silence the worklet played for want of frames
	runs    int64 // underruns (runs of such silence)
	check   playedCheck
	loud    bool        // a frame that is not silence was handed over
	handed  atomic.Bool // a frame was handed over (leadingSkipped)
	lostWhy string      // why the worklet plays nothing ("" until it did not load)
	release []js.Func
}

// webWake is how often the output's goroutine looks at the worklet's
// queue (a timer on the page's event loop: it runs between drawn frames).
const webWake = 4 * time.Millisecond

// openDefault is the platform's own output: the worklet in a browser.
func openDefault(d *Device) (output, error) { return openWeb(d) }

// openWeb starts the output on the page's AudioContext and worklet module
// when the page made them in the user's click (soundworldAudio: {context,
// ready}, a promise of the module, from soundworldWorklet, which init
// gives the page), else makes them here (the page resumes the context: it
// is made after the gesture), and starts the pump. It does not wait for
// the worklet: the frame that opens it holds the page's thread.
func openWeb(d *Device) (output, error) {
	o := &webOut{d: d}
	o.shared = js.Global().Get("crossOriginIsolated").Truthy() && js.Global().Get("SharedArrayBuffer").Truthy()
	var ready js.Value
	if a := js.Global().Get("soundworldAudio"); a.Truthy() && a.Get("context").Truthy() {
		o.ctx, ready = a.Get("context"), a.Get("ready")
		js.Global().Delete("soundworldAudio") // one output per context
	} else {
		opts := js.Global().Get("Object").New()
		opts.Set("sampleRate", audio.SampleRate)
		opts.Set("latencyHint", "interactive")
		o.ctx = js.Global().Get("AudioContext").New(opts)
		blob := js.Global().Get("Blob").New([]any{workletJS}, map[string]any{"type": "text/javascript"})
		ready = o.ctx.Get("audioWorklet").Call("addModule", js.Global().Get("URL").Call("createObjectURL", blob))
	}
	loaded := o.fn(func(js.Value, []js.Value) any { o.start(); return nil })
	failed := o.fn(func(_ js.Value, a []js.Value) any { // silent, on the wall clock: the Sim goes on
		js.Global().Get("console").Call("error", "soundworld: the audio worklet did not load:", a[0])
		o.mu.Lock()
		o.pump.lost(d.wall())
		o.lostWhy = "the audio worklet did not load: " + a[0].Call("toString").String()
		o.ready = true
		o.mu.Unlock()
		return nil
	})
	ready.Call("then", loaded, failed)
	go o.run()
	return o, nil
}

// init gives the page the worklet's source and the sample rate, so its
// click handler can make the AudioContext and load the module at once,
// while the program's frame that sees the click is still drawing.
func init() {
	js.Global().Set("soundworldWorklet", map[string]any{"source": workletJS, "sampleRate": audio.SampleRate})
}

// fn is a js.Func released at close.
func (o *webOut) fn(f func(js.Value, []js.Value) any) js.Func {
	g := js.FuncOf(f)
	o.release = append(o.release, g)
	return g
}

// start makes the worklet node over the ring (or the port) and connects it.
func (o *webOut) start() {
	popts := map[string]any{}
	if o.shared {
		sab := js.Global().Get("SharedArrayBuffer")
		ring, ctl := sab.New(webRingFrames*8), sab.New(8)
		o.ring = js.Global().Get("Uint8Array").New(ring)
		o.ctl = js.Global().Get("Int32Array").New(ctl)
		popts = map[string]any{"ring": ring, "ctl": ctl, "capacity": webRingFrames}
	}
	node := js.Global().Get("AudioWorkletNode").New(o.ctx, "soundworld-output", map[string]any{
		"numberOfInputs": 0, "outputChannelCount": []any{2}, "processorOptions": popts})
	o.port = node.Get("port")
	o.port.Set("onmessage", o.fn(func(_ js.Value, a []js.Value) any {
		m := a[0].Get("data")
		o.mu.Lock()
		o.read = int32(m.Get("read").Int())
		o.dry, o.runs = int64(m.Get("dry").Int()), int64(m.Get("runs").Int())
		o.check.check(o.read, uint32(m.Get("hash").Int()))
		checks, differ, frames := o.check.checks, o.check.differ, o.check.frames
		o.mu.Unlock()
		// The browser test's read-back (scripts/webcheck): what the worklet
		// played = what was handed over.
		js.Global().Set("soundworldPlayedCheck", map[string]any{"checks": checks, "differ": differ, "frames": frames})
		return nil
	}))
	node.Call("connect", o.ctx.Get("destination"))
	o.mu.Lock()
	o.ready = true
	o.mu.Unlock()
}

// run is the pump's goroutine.
func (o *webOut) run() {
	buf := make([]float32, 2*PeriodFrames)
	anchored := false
	for {
		time.Sleep(webWake)
		o.mu.Lock()
		stop, ready := o.closed, o.ready
		o.mu.Unlock()
		if stop {
			return
		}
		if !ready || !o.d.anchored() {
			continue
		}
		if !anchored {
			anchored = true
			webMark("sound anchored")
		}
		o.step(buf)
	}
}

// webMark records in the session's marks (web/app.js) when a step of the
// sound's start-up happened, on the page's clock (the browser test).
func webMark(step string) {
	s := js.Global().Get("soundworldSession")
	if !s.Truthy() || !s.Get("marks").Truthy() {
		return
	}
	s.Get("marks").Set(step, js.Global().Get("performance").Call("now"))
}

// step renders what is due a period at a time while the Sim has covered
// it, and hands it over (or drops it while the wall clock has the mix).
func (o *webOut) step(buf []float32) {
	now := o.d.wall()
	o.mu.Lock()
	o.pump.observe(now, o.readCount())
	n := o.pump.due(now, o.d.LeadFrames()+PeriodFrames+o.countLag())
	o.mu.Unlock()
	for ; n > 0 && o.d.covers(PeriodFrames); n -= PeriodFrames {
		o.d.render(buf)
		o.mu.Lock()
		if o.pump.leading(o.d.LeadFrames(), buf) {
			o.mu.Unlock()
			n += PeriodFrames // not queued: the queue still wants its frames now
			continue
		}
		hand := !o.pump.onWall
		if hand {
			o.hand(buf)
		}
		o.pump.rendered(now, PeriodFrames, hand)
		o.mu.Unlock()
	}
}

// countLag is how far the worklet's played count may lag what it has
// played (frames): none through the ring (read with Atomics), an account's
// interval through messages (webworklet.js posts one every 32 render
// quanta), which the queue must hold on top of the lead.
func (o *webOut) countLag() int64 {
	if o.shared {
		return 0
	}
	return 32 * checkQuantum
}

// readCount is the worklet's played count (mod 2^31). mu is held.
func (o *webOut) readCount() int32 {
	if o.shared {
		return int32(js.Global().Get("Atomics").Call("load", o.ctl, 1).Int())
	}
	return o.read
}

// hand gives the worklet buf's frames (interleaved stereo). mu is held.
func (o *webOut) hand(buf []float32) {
	b := unsafe.Slice((*byte)(unsafe.Pointer(&buf[0])), 4*len(buf)) // wasm is little-endian, as Float32Array
	n := int64(len(buf) / 2)
	if o.pump.wrote == 0 {
		webMark("first frames handed")
		o.handed.Store(true)
	}
	if !o.loud && slices.ContainsFunc(buf, func(v float32) bool { return v != 0 }) {
		o.loud = true
		webMark("first sound handed")
	}
	o.check.add(buf)
	if !o.shared {
		f := js.Global().Get("Float32Array").New(len(buf))
		js.CopyBytesToJS(js.Global().Get("Uint8Array").New(f.Get("buffer")), b)
		o.port.Call("postMessage", f, []any{f.Get("buffer")})
		return
	}
	at := o.pump.wrote % webRingFrames
	first := min(n, webRingFrames-at)
	js.CopyBytesToJS(o.ring.Call("subarray", 8*at, 8*(at+first)), b[:8*first])
	if first < n {
		js.CopyBytesToJS(o.ring.Call("subarray", 0, 8*(n-first)), b[8*first:])
	}
	js.Global().Get("Atomics").Call("store", o.ctl, 0, (o.pump.wrote+n)&0x7fffffff)
}

// leadingSkipped reports that the session's leading silence is not
// queued (webPump.leading): nothing was handed over yet (Device.Due).
// Called under the Device's lock: no o.mu here.
func (o *webOut) leadingSkipped() bool { return !o.handed.Load() }

func (o *webOut) written() int64 { o.mu.Lock(); defer o.mu.Unlock(); return o.pump.wrote }

func (o *webOut) played() int64 { o.mu.Lock(); defer o.mu.Unlock(); return o.pump.played }

func (o *webOut) setBuffer(int64) {} // the queue follows the lead (step)

// underruns is the worklet's own count: frames of silence it played for
// want of frames, in how many runs (Device.Underruns prefers it to pace).
func (o *webOut) underruns() (frames, events int64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.dry, o.runs
}

// stallStats says when the worklet played nothing and the wall clock took
// the mix (Device.Stalls).
func (o *webOut) stallStats() StallStats {
	o.mu.Lock()
	defer o.mu.Unlock()
	stall, back, wall := webNotices(o.lostWhy) // a stall's notice says why itself
	return StallStats{Fallbacks: o.pump.stalls, Returns: o.pump.returns, OnWallClock: o.pump.onWall, LastError: o.lostWhy, Stall: stall, Back: back, Wall: wall}
}

func (o *webOut) close() error {
	o.mu.Lock()
	o.closed = true
	o.mu.Unlock()
	if o.port.Truthy() {
		o.port.Set("onmessage", js.Null()) // no call into a released function
	}
	o.ctx.Call("close")
	for _, f := range o.release {
		f.Release()
	}
	return nil
}

func (o *webOut) warm() warmBounds { return webWarm }

// anchored reports whether the timeline has its session anchor.
func (d *Device) anchored() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.tl.Anchored()
}
