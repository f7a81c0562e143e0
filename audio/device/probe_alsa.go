//go:build linux && !android

package device

// #cgo pkg-config: alsa
// #include <alsa/asoundlib.h>
// #include <stdlib.h>
// #include <string.h>
// #include <time.h>
// #include <errno.h>
//
// static double sw_now(void) {
//   struct timespec ts;
//   clock_gettime(CLOCK_MONOTONIC, &ts);
//   return ts.tv_sec + ts.tv_nsec / 1e9;
// }
//
// // sw_pace writes silence to h (non-blocking, parameters applied) for up to
// // secs of wall time or until limit frames were accepted, and returns the
// // frames accepted (negative: an ALSA error), the wall time taken, the
// // device's buffer size and the frames still queued (snd_pcm_delay).
// static long sw_pace(snd_pcm_t *h, double secs, long limit, double *took, long *bufsize, long *queued) {
//   static float zeros[2 * 1024];
//   snd_pcm_uframes_t bs = 0, ps = 0;
//   long done = 0;
//   double t0 = sw_now();
//   int err;
//   *took = 0;
//   if ((err = snd_pcm_get_params(h, &bs, &ps)) < 0) return err;
//   *bufsize = (long)bs;
//   if ((err = snd_pcm_prepare(h)) < 0) return err;
//   while (done < limit && (*took = sw_now() - t0) < secs) {
//     snd_pcm_sframes_t n = snd_pcm_writei(h, zeros, 1024);
//     if (n == -EAGAIN) { struct timespec ts = {0, 2000000}; nanosleep(&ts, NULL); continue; }
//     if (n < 0) { if ((n = snd_pcm_recover(h, (int)n, 1)) < 0) return (long)n; continue; }
//     done += (long)n;
//   }
//   *took = sw_now() - t0;
//   snd_pcm_sframes_t delay = 0;
//   if (snd_pcm_delay(h, &delay) < 0 || delay < 0) delay = 0;
//   *queued = (long)delay;
//   return done;
// }
//
// static void sw_quiet(const char *file, int line, const char *function, int err, const char *fmt, ...) {}
// static void sw_set_quiet(int on) { snd_lib_error_set_handler(on ? sw_quiet : NULL); }
//
// // sw_try_params applies the hardware parameters oto v3 asks for (float32
// // little-endian interleaved stereo at rate Hz, resampling allowed).
// static int sw_try_params(snd_pcm_t *h, unsigned rate, const char **step) {
//   snd_pcm_hw_params_t *p;
//   int err;
//   if ((err = snd_pcm_hw_params_malloc(&p)) < 0) { *step = "snd_pcm_hw_params_malloc"; return err; }
//   if ((err = snd_pcm_hw_params_any(h, p)) < 0) { *step = "snd_pcm_hw_params_any"; goto out; }
//   if ((err = snd_pcm_hw_params_set_access(h, p, SND_PCM_ACCESS_RW_INTERLEAVED)) < 0) { *step = "snd_pcm_hw_params_set_access"; goto out; }
//   if ((err = snd_pcm_hw_params_set_format(h, p, SND_PCM_FORMAT_FLOAT_LE)) < 0) { *step = "snd_pcm_hw_params_set_format"; goto out; }
//   if ((err = snd_pcm_hw_params_set_channels(h, p, 2)) < 0) { *step = "snd_pcm_hw_params_set_channels"; goto out; }
//   if ((err = snd_pcm_hw_params_set_rate_resample(h, p, 1)) < 0) { *step = "snd_pcm_hw_params_set_rate_resample"; goto out; }
//   if ((err = snd_pcm_hw_params_set_rate_near(h, p, &rate, NULL)) < 0) { *step = "snd_pcm_hw_params_set_rate_near"; goto out; }
//   if ((err = snd_pcm_hw_params(h, p)) < 0) { *step = "snd_pcm_hw_params"; goto out; }
// out:
//   snd_pcm_hw_params_free(p);
//   return err;
// }
import "C"

import (
	"fmt"
	"strings"
	"unsafe"
)

// probe checks, without keeping it, that ALSA will give oto a playback device:
// it walks the same candidates oto v3.3.3 does ("default", "plug:default", then
// the hinted output devices), opens the first that opens — non-blocking, so a
// busy device is reported instead of hanging — and applies oto's hardware
// parameters to it. ALSA's own error printing is silenced meanwhile. nil means
// a device is there.
func probe(rate int) error {
	C.sw_set_quiet(1)
	defer C.sw_set_quiet(0)
	var msgs []string
	for _, name := range candidates() {
		cname := C.CString(name)
		var h *C.snd_pcm_t
		err := C.snd_pcm_open(&h, cname, C.SND_PCM_STREAM_PLAYBACK, C.SND_PCM_NONBLOCK)
		C.free(unsafe.Pointer(cname))
		if err < 0 {
			msgs = append(msgs, fmt.Sprintf("%q: %s", name, C.GoString(C.snd_strerror(err))))
			continue
		}
		var step *C.char
		err = C.sw_try_params(h, C.unsigned(rate), &step)
		if err < 0 {
			C.snd_pcm_close(h)
			return fmt.Errorf("ALSA device %q: %s: %s", name, C.GoString(step), C.GoString(C.snd_strerror(err)))
		}
		fast := paceProbe(h, rate)
		C.snd_pcm_close(h)
		return fast
	}
	return fmt.Errorf("no ALSA playback device: %s", strings.Join(msgs, ", "))
}

// Probe pacing: silence is written for up to paceProbeSecs of wall time; a
// device that consumed (wrote out of its buffer: written − snd_pcm_delay)
// more than FastRatio × the time taken, plus 0.1 s of slack, consumes
// faster than real time (ALSA's null PCM takes 2 s of audio in a few µs and
// stops the probe at once). A real device blocks when its buffer is full,
// so it costs paceProbeSecs of start-up and a moment of silence.
const paceProbeSecs = 0.25

// paceProbe returns errFast for a device that is no clock (spec O5), nil
// otherwise (an error while writing is left for the player to meet).
func paceProbe(h *C.snd_pcm_t, rate int) error {
	var took C.double
	var bufsize, queued C.long
	n := C.sw_pace(h, paceProbeSecs, C.long(2*rate), &took, &bufsize, &queued)
	C.snd_pcm_drop(h)
	if n < 0 {
		return nil
	}
	consumed := float64(n - queued) // written less what still waits in the buffer
	if consumed > FastRatio*float64(took)*float64(rate)+float64(rate)/10 {
		return errFast
	}
	return nil
}

// candidates lists ALSA playback devices in oto's order.
func candidates() []string {
	names := []string{"default", "plug:default"}
	var hints *unsafe.Pointer
	iface := C.CString("pcm")
	defer C.free(unsafe.Pointer(iface))
	if C.snd_device_name_hint(-1, iface, &hints) != 0 {
		return names
	}
	defer C.snd_device_name_free_hint(hints)
	ioid, nameKey := C.CString("IOID"), C.CString("NAME")
	defer C.free(unsafe.Pointer(ioid))
	defer C.free(unsafe.Pointer(nameKey))
	for _, h := range unsafe.Slice(hints, 1<<16) {
		if h == nil {
			break
		}
		io := C.snd_device_name_get_hint(h, ioid)
		isInput := io != nil && C.GoString(io) == "Input"
		C.free(unsafe.Pointer(io))
		if isInput {
			continue
		}
		n := C.snd_device_name_get_hint(h, nameKey)
		if n == nil {
			continue
		}
		name := C.GoString(n)
		C.free(unsafe.Pointer(n))
		if name != "null" && name != "default" {
			names = append(names, name)
		}
	}
	return names
}

// readyALSAWhereThere is the pulse path's fallback when no sound server
// answers: our ALSA writer (resolvePulse).
var readyALSAWhereThere = readyALSA
