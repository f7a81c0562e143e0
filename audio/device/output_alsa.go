//go:build linux && !android

package device

// #cgo pkg-config: alsa
// #include <alsa/asoundlib.h>
// #include <errno.h>
//
// // so_open opens name for non-blocking playback of float32 little-endian
// // interleaved stereo at rate Hz (resampling allowed) with periods of
// // *period frames and a buffer of *buffer frames (both "near": the device
// // may round them; the values it took are returned). *step names the call
// // that failed.
// static int so_open(snd_pcm_t **h, const char *name, unsigned rate, snd_pcm_uframes_t *period,
//                    snd_pcm_uframes_t *buffer, const char **step) {
//   snd_pcm_hw_params_t *p = NULL;
//   int err;
//   if ((err = snd_pcm_open(h, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)) < 0) { *step = "snd_pcm_open"; return err; }
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
// // so_write writes up to frames of buf without waiting: the frames taken,
// // 0 when the device is full, or a negative ALSA error.
// static long so_write(snd_pcm_t *h, const float *buf, long frames) {
//   snd_pcm_sframes_t n = snd_pcm_writei(h, buf, frames);
//   return n == -EAGAIN ? 0 : (long)n;
// }
//
// // so_avail is the frames that can be written now, or a negative ALSA error.
// static long so_avail(snd_pcm_t *h) { return (long)snd_pcm_avail_update(h); }
//
// // so_delay sets *d to the frames written and not yet played (0 when the
// // device is not running); it returns 0 or a negative ALSA error.
// static int so_delay(snd_pcm_t *h, long *d) {
//   snd_pcm_sframes_t v = 0;
//   int err = snd_pcm_delay(h, &v);
//   if (err == -EBADFD || (err == 0 && v < 0)) { v = 0; err = 0; } /* prepared, not yet started */
//   *d = (long)v;
//   return err;
// }
//
// // so_restart drops what the device holds and prepares it: the next write
// // starts it again.
// static int so_restart(snd_pcm_t *h) {
//   snd_pcm_drop(h);
//   return snd_pcm_prepare(h);
// }
import "C"

import (
	"fmt"
	"runtime"
	"unsafe"

	"soundworld/audio"
)

// alsaPCM is an ALSA playback handle opened non-blocking: no call waits
// for the device to take or play frames (the writer, writer.go).
type alsaPCM struct{ h *C.snd_pcm_t }

// alsaErr names an ALSA error; underruns and suspends are errXrun.
func alsaErr(call string, code C.long) error {
	if code == -C.EPIPE || code == -C.ESTRPIPE {
		return errXrun
	}
	return fmt.Errorf("ALSA: %s: %s", call, C.GoString(C.snd_strerror(C.int(code))))
}

func (p alsaPCM) avail() (int64, error) {
	n := C.so_avail(p.h)
	if n < 0 {
		return 0, alsaErr("snd_pcm_avail_update", n)
	}
	return int64(n), nil
}

func (p alsaPCM) delay() (int64, error) {
	var d C.long
	if err := C.so_delay(p.h, &d); err < 0 {
		return 0, alsaErr("snd_pcm_delay", C.long(err))
	}
	return int64(d), nil
}

func (p alsaPCM) write(buf []float32) (int64, error) {
	if len(buf) < 2 {
		return 0, nil
	}
	n := C.so_write(p.h, (*C.float)(unsafe.Pointer(&buf[0])), C.long(len(buf)/2))
	if n < 0 {
		return 0, alsaErr("snd_pcm_writei", n)
	}
	return int64(n), nil
}

func (p alsaPCM) restart() error {
	if err := C.so_restart(p.h); err < 0 {
		return fmt.Errorf("ALSA: snd_pcm_prepare: %s", C.GoString(C.snd_strerror(err)))
	}
	return nil
}

// openALSA opens the default device non-blocking, with periods of
// PeriodFrames and a buffer of MaxBufferFrames (so the kept buffer can grow
// without reopening it). It returns the handle and the sizes the device
// took. With a sound server behind the plugin it may block (a stopped
// server): pcmOut calls it off the game thread.
func openALSA() (alsaPCM, int64, int64, error) {
	name := C.CString("default")
	defer C.free(unsafe.Pointer(name))
	period, buffer := C.snd_pcm_uframes_t(PeriodFrames), C.snd_pcm_uframes_t(MaxBufferFrames)
	var h *C.snd_pcm_t
	var step *C.char
	if err := C.so_open(&h, name, audio.SampleRate, &period, &buffer, &step); err < 0 {
		return alsaPCM{}, 0, 0, fmt.Errorf("ALSA device \"default\": %s: %s", C.GoString(step), C.GoString(C.snd_strerror(err)))
	}
	return alsaPCM{h}, int64(period), int64(buffer), nil
}

// close drops what the device holds and frees the handle.
func (p alsaPCM) close() {
	C.snd_pcm_drop(p.h)
	C.snd_pcm_close(p.h)
}

// DefaultPath is the output path on this platform: our own writer on the
// sound server (PulseAudio or PipeWire-pulse), or on ALSA when no server
// answers (resolvePulse). Why not ALSA through PulseAudio's plugin:
// docs/fidelity.md, "O5 lead, device buffer and inputs".
const DefaultPath = PathPulse

// readyALSA opens the default device (the probe has checked one is
// there); its begin starts the writer on a thread of its own (pcmOut).
func readyALSA() (begin, error) {
	p, period, buffer, err := openALSA()
	if err != nil {
		return nil, err
	}
	reopen := func() (pcm, int64, int64, func(), error) {
		p, period, buffer, err := openALSA()
		if err != nil {
			return nil, 0, 0, nil, err
		}
		return p, period, buffer, p.close, nil
	}
	return func(d *Device, late bool) (output, error) {
		return startPCM(d, p, period, buffer, runtime.LockOSThread, p.close, reopen, late), nil
	}, nil
}
