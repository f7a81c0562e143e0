//go:build linux && !android

package device

// #cgo pkg-config: alsa
// #include <alsa/asoundlib.h>
// #include <stdlib.h>
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
		C.snd_pcm_close(h)
		if err < 0 {
			return fmt.Errorf("ALSA device %q: %s: %s", name, C.GoString(step), C.GoString(C.snd_strerror(err)))
		}
		return nil
	}
	return fmt.Errorf("no ALSA playback device: %s", strings.Join(msgs, ", "))
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
