// Package degrade is what a recording chain does to a take: noise, a gain,
// a time offset, another sample rate, a lossy codec, a room. The onset
// detector's truth set (gate/truthset_test.go) puts our renders through it
// and scores the detector on what comes out. Signals are
// 44100 Hz stereo (gate/decode's output); every condition returns a signal
// at that rate, as the gate would decode it.
//
// Libraries: the FFT of the reverb's convolution is gonum's (as the onset
// detector's); resampling is audio.ResamplePlanar both ways, through WAV
// bytes decoded by gate/decode as the gate reads them; MP3 and Ogg Vorbis
// are encoded by LAME and oggenc (the encoders the recordings were made
// with) and decoded by gate/decode.
package degrade

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"

	"gonum.org/v1/gonum/dsp/fourier"

	"soundworld/gate/decode"
)

// Rate is the signals' sample rate in Hz.
const Rate = decode.Rate

// rms is the root mean square of both channels together.
func rms(l, r []float32) float64 {
	var s float64
	for i := range l {
		s += float64(l[i])*float64(l[i]) + float64(r[i])*float64(r[i])
	}
	return math.Sqrt(s / float64(max(1, 2*len(l))))
}

// Noise adds white or (pink) pink noise snr dB under the signal's RMS,
// independent on the two channels.
func Noise(l, r []float32, snr float64, pink bool, seed uint64) (ol, or []float32) {
	rng := rand.New(rand.NewPCG(seed, 29))
	a := rms(l, r) * math.Pow(10, -snr/20)
	gen := func() []float64 {
		x := make([]float64, len(l))
		var b0, b1, b2, ss float64
		for i := range x {
			w := rng.NormFloat64()
			if pink { // Paul Kellet's economy filter: −3 dB an octave
				b0 = 0.99765*b0 + w*0.0990460
				b1 = 0.96300*b1 + w*0.2965164
				b2 = 0.57000*b2 + w*1.0526913
				w = b0 + b1 + b2 + w*0.1848
			}
			x[i] = w
			ss += w * w
		}
		k := a / math.Sqrt(ss/float64(max(1, len(x))))
		for i := range x {
			x[i] *= k
		}
		return x
	}
	nl, nr := gen(), gen()
	ol, or = make([]float32, len(l)), make([]float32, len(r))
	for i := range l {
		ol[i], or[i] = l[i]+float32(nl[i]), r[i]+float32(nr[i])
	}
	return ol, or
}

// Gain scales by db dB (float: no clipping, as a float recording keeps it).
func Gain(l, r []float32, db float64) (ol, or []float32) {
	k := float32(math.Pow(10, db/20))
	ol, or = make([]float32, len(l)), make([]float32, len(r))
	for i := range l {
		ol[i], or[i] = l[i]*k, r[i]*k
	}
	return ol, or
}

// Offset puts sec seconds of silence before the take (a recording started
// early; the gate file's offset_s skips it).
func Offset(l, r []float32, sec float64) (ol, or []float32) {
	n := int(math.Round(sec * Rate))
	return append(make([]float32, n), l...), append(make([]float32, n), r...)
}

// Resampled is the take recorded at rate Hz (16-bit WAV) and decoded by the
// gate back to 44100 Hz.
func Resampled(l, r []float32, rate int) (ol, or []float32, err error) {
	wl, wr := l, r
	if rate != Rate {
		wl, wr = resample(l, r, Rate, rate)
	}
	a, err := decode.Bytes(decode.EncodeWAV([][]float32{wl, wr}, rate, 16, false), "resampled.wav")
	if err != nil {
		return nil, nil, err
	}
	return a.L, a.R, nil
}

// ErrNoEncoder is returned when LAME or oggenc is not installed.
var ErrNoEncoder = errors.New("encoder not installed")

// Codec is the take through a lossy codec and back: "mp3" (LAME, CBR
// 128 kbps) or "ogg" (oggenc, quality 3), decoded by gate/decode.
func Codec(l, r []float32, codec string) (ol, or []float32, err error) {
	dir, err := os.MkdirTemp("", "soundworld-degrade-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "in.wav")
	if err := os.WriteFile(in, decode.EncodeWAV([][]float32{l, r}, Rate, 16, false), 0o644); err != nil {
		return nil, nil, err
	}
	var out string
	var cmd *exec.Cmd
	switch codec {
	case "mp3":
		out = filepath.Join(dir, "out.mp3")
		cmd = exec.Command("lame", "--silent", "-b", "128", in, out)
	case "ogg":
		out = filepath.Join(dir, "out.ogg")
		cmd = exec.Command("oggenc", "--quiet", "-q", "3", "-o", out, in)
	default:
		return nil, nil, fmt.Errorf("degrade: codec %q", codec)
	}
	if cmd.Err != nil { // not on PATH
		return nil, nil, fmt.Errorf("%s: %w", cmd.Args[0], ErrNoEncoder)
	}
	if b, err := cmd.CombinedOutput(); err != nil {
		return nil, nil, fmt.Errorf("%s: %v: %s", cmd.Args[0], err, b)
	}
	a, err := decode.File(out)
	if err != nil {
		return nil, nil, err
	}
	return a.L, a.R, nil
}

// RoomIR is a synthetic stereo room impulse response of reverberation time
// rt60 s: the direct sound, then from 5 ms an exponentially decaying
// Gaussian noise tail (−60 dB at rt60, independent per channel, 1.2·rt60
// long) with as much energy as the direct sound (a microphone at the
// critical distance).
func RoomIR(rt60 float64, seed uint64) (l, r []float32) {
	rng := rand.New(rand.NewPCG(seed, 60))
	n := int(1.2 * rt60 * Rate)
	pre := Rate / 200 // 5 ms
	tail := func() []float32 {
		x := make([]float32, pre+n)
		var e float64
		for i := 0; i < n; i++ {
			v := rng.NormFloat64() * math.Exp(-6.9078*float64(i)/Rate/rt60) // ln(1000): −60 dB
			x[pre+i] = float32(v)
			e += v * v
		}
		k := float32(1 / math.Sqrt(e))
		for i := range x {
			x[i] *= k
		}
		x[0] = 1
		return x
	}
	return tail(), tail()
}

// Reverb convolves each channel with its impulse response and scales the
// result back to the take's RMS.
func Reverb(l, r []float32, rt60 float64, seed uint64) (ol, or []float32) {
	il, ir := RoomIR(rt60, seed)
	ol, or = Convolve(l, il)[:len(l)], Convolve(r, ir)[:len(r)]
	k := float32(rms(l, r) / math.Max(rms(ol, or), 1e-30))
	for i := range ol {
		ol[i], or[i] = ol[i]*k, or[i]*k
	}
	return ol, or
}

// Convolve is the full linear convolution of x and h (len(x)+len(h)−1
// samples) by FFT overlap-add: blocks of x as long as h, transforms of
// twice that rounded up to a power of two.
func Convolve(x, h []float32) []float32 {
	if len(x) == 0 || len(h) == 0 {
		return nil
	}
	n := 1
	for n < 2*len(h) {
		n *= 2
	}
	block := n - len(h) + 1
	fft := fourier.NewFFT(n)
	hb := make([]float64, n)
	for i, v := range h {
		hb[i] = float64(v)
	}
	hs := fft.Coefficients(nil, hb)
	out := make([]float64, len(x)+len(h)-1)
	buf := make([]float64, n)
	spec := make([]complex128, n/2+1)
	for at := 0; at < len(x); at += block {
		clear(buf)
		for i := 0; i < block && at+i < len(x); i++ {
			buf[i] = float64(x[at+i])
		}
		fft.Coefficients(spec, buf)
		for k := range spec {
			spec[k] *= hs[k]
		}
		fft.Sequence(buf, spec)
		for i := 0; i < n && at+i < len(out); i++ {
			out[at+i] += buf[i] / float64(n) // gonum's inverse is unnormalised
		}
	}
	y := make([]float32, len(out))
	for i, v := range out {
		y[i] = float32(v)
	}
	return y
}
