//go:build linux && !android

package device

// #cgo pkg-config: alsa
// #include <alsa/asoundlib.h>
// #include <errno.h>
//
// // so_open opens name for blocking playback of float32 little-endian
// // interleaved stereo at rate Hz (resampling allowed) with periods of
// // *period frames and a buffer of *buffer frames (both "near": the device
// // may round them; the values it took are returned). *step names the call
// // that failed.
// static int so_open(snd_pcm_t **h, const char *name, unsigned rate, snd_pcm_uframes_t *period,
//                    snd_pcm_uframes_t *buffer, const char **step) {
//   snd_pcm_hw_params_t *p = NULL;
//   int err;
//   if ((err = snd_pcm_open(h, name, SND_PCM_STREAM_PLAYBACK, 0)) < 0) { *step = "snd_pcm_open"; return err; }
//   if ((err = snd_pcm_hw_params_malloc(&p)) < 0) { *step = "snd_pcm_hw_params_malloc"; goto fail; }
//   if ((err = snd_pcm_hw_params_any(*h, p)) < 0) { *step = "snd_pcm_hw_params_any"; goto fail; }
//   if ((err = snd_pcm_hw_params_set_access(*h, p, SND_PCM_ACCESS_RW_INTERLEAVED)) < 0) { *step = "snd_pcm_hw_params_set_access"; goto fail; }
//   if ((err = snd_pcm_hw_params_set_format(*h, p, SND_PCM_FORMAT_FLOAT_LE)) < 0) { *step = "snd_pcm_hw_params_set_format"; goto fail; }
//   if ((err = snd_pcm_hw_params_set_channels(*h, p, 2)) < 0) { *step = "snd_pcm_hw_params_set_channels"; goto fail; }
//   if ((err = snd_pcm_hw_params_set_rate_resample(*h, p, 1)) < 0) { *step = "snd_pcm_hw_params_set_rate_resample"; goto fail; }
//   if ((err = snd_pcm_hw_params_set_rate_near(*h, p, &rate, NULL)) < 0) { *step = "snd_pcm_hw_params_set_rate_near"; goto fail; }
//   if ((err = snd_pcm_hw_params_set_buffer_size_near(*h, p, buffer)) < 0) { *step = "snd_pcm_hw_params_set_buffer_size_near"; goto fail; }
//   if ((err = snd_pcm_hw_params_set_period_size_near(*h, p, period, NULL)) < 0) { *step = "snd_pcm_hw_params_set_period_size_near"; goto fail; }
//   if ((err = snd_pcm_hw_params(*h, p)) < 0) { *step = "snd_pcm_hw_params"; goto fail; }
//   snd_pcm_hw_params_free(p);
//   return 0;
// fail:
//   if (p) snd_pcm_hw_params_free(p);
//   snd_pcm_close(*h);
//   *h = NULL;
//   return err;
// }
//
// // so_write writes frames of buf, recovering from underruns (counted in
// // *xruns); it returns 0 or a negative ALSA error.
// static int so_write(snd_pcm_t *h, const float *buf, long frames, long *xruns) {
//   while (frames > 0) {
//     snd_pcm_sframes_t n = snd_pcm_writei(h, buf, frames);
//     if (n == -EPIPE) (*xruns)++;
//     if (n < 0) { if ((n = snd_pcm_recover(h, (int)n, 1)) < 0) return (int)n; continue; }
//     buf += 2 * n;
//     frames -= n;
//   }
//   return 0;
// }
//
// // so_avail is the frames that can be written without blocking (0 on error).
// static long so_avail(snd_pcm_t *h) {
//   snd_pcm_sframes_t n = snd_pcm_avail_update(h);
//   return n < 0 ? 0 : (long)n;
// }
//
// // so_delay is the frames written and not yet played (0 when the device
// // is not running or cannot say).
// static long so_delay(snd_pcm_t *h) {
//   snd_pcm_sframes_t d = 0;
//   if (snd_pcm_delay(h, &d) < 0 || d < 0) return 0;
//   return (long)d;
// }
import "C"

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"soundworld/audio"
	"soundworld/internal/crash"
)

// alsaOut writes the mix to ALSA itself, on a goroutine locked to its
// thread: it waits until the device holds less than the buffer (bufFr)
// plus a period, renders the next period (Device.render) and writes it.
// So what reaches the device is exactly what the mixer rendered — a
// writer scheduled late makes the device run dry (an underrun: silence is
// heard, counted by the pace check), never a gap or a zero in the stream —
// and an input rendered at the next period is heard a buffer later. The
// device's own buffer is MaxBufferFrames, so the buffer can grow without
// reopening it.
type alsaOut struct {
	h       *C.snd_pcm_t
	d       *Device
	wrote   atomic.Int64 // frames written
	base    atomic.Int64 // frames played at the last report: written − delay, then
	baseAt  atomic.Int64 // its wall time (UnixNano)
	xruns   atomic.Int64
	low     atomic.Int64 // fewest frames queued just before a write (after the first periods), −1 none
	stop    chan struct{}
	done    chan struct{}
	closeMu sync.Mutex
	err     error
}

// openOutput opens the default device (the probe has checked one is there).
func openOutput(d *Device) (output, error) {
	name := C.CString("default")
	defer C.free(unsafe.Pointer(name))
	period, buffer := C.snd_pcm_uframes_t(PeriodFrames), C.snd_pcm_uframes_t(MaxBufferFrames)
	var h *C.snd_pcm_t
	var step *C.char
	if err := C.so_open(&h, name, audio.SampleRate, &period, &buffer, &step); err < 0 {
		return nil, fmt.Errorf("ALSA device \"default\": %s: %s", C.GoString(step), C.GoString(C.snd_strerror(err)))
	}
	o := &alsaOut{h: h, d: d, stop: make(chan struct{}), done: make(chan struct{})}
	o.baseAt.Store(time.Now().UnixNano())
	o.low.Store(-1)
	go o.loop(int64(period))
	return o, nil
}

// loop is the writer. period is the device's period (frames rendered and
// written at once).
func (o *alsaOut) loop(period int64) {
	defer close(o.done)
	defer crash.Recover()
	runtime.LockOSThread()
	buf := make([]float32, 2*period)
	var xr C.long
	var ws writerState
	for {
		select {
		case <-o.stop:
			return
		default:
		}
		queued := int64(C.so_delay(o.h))
		now := time.Now()
		o.base.Store(o.wrote.Load() - queued)
		o.baseAt.Store(now.UnixNano())
		wait, ok := ws.next(now, queued, max(o.d.bufFr.Load(), period), period, func() int64 { return int64(C.so_avail(o.h)) })
		if !ok {
			time.Sleep(time.Duration(wait) * time.Second / audio.SampleRate)
			continue
		}
		if o.wrote.Load() >= int64(MaxBufferFrames) && (o.low.Load() < 0 || queued < o.low.Load()) {
			o.low.Store(queued) // how near the device came to running dry
		}
		if !o.d.render(buf) { // no clock (pace): the window stops using it
			time.Sleep(10 * time.Millisecond)
			continue
		}
		if err := C.so_write(o.h, (*C.float)(unsafe.Pointer(&buf[0])), C.long(period), &xr); err < 0 {
			o.err = fmt.Errorf("ALSA: snd_pcm_writei: %s", C.GoString(C.snd_strerror(err)))
			return
		}
		o.xruns.Store(int64(xr))
		o.wrote.Add(period)
		ws.wrote(period)
	}
}

func (o *alsaOut) written() int64 { return o.wrote.Load() }

func (o *alsaOut) stats() (xruns, lowWater int64) { return o.xruns.Load(), o.low.Load() }

// played is the last report (written − delay) moved on by the wall time
// since, never past what was written.
func (o *alsaOut) played() int64 {
	since := time.Duration(time.Now().UnixNano() - o.baseAt.Load())
	return min(o.wrote.Load(), o.base.Load()+int64(since.Seconds()*audio.SampleRate))
}

func (o *alsaOut) setBuffer(int64) {} // the writer reads Device.bufFr each period

func (o *alsaOut) close() error {
	o.closeMu.Lock()
	defer o.closeMu.Unlock()
	if o.h == nil {
		return nil
	}
	close(o.stop)
	select {
	case <-o.done:
	case <-time.After(time.Second):
		// The writer is stuck in snd_pcm_writei (a device that stopped
		// taking frames): leave the handle to it rather than hang.
		o.h = nil
		return fmt.Errorf("ALSA: the device stopped taking frames; closed without it")
	}
	C.snd_pcm_drop(o.h)
	C.snd_pcm_close(o.h)
	o.h = nil
	return o.err
}
