// Package decode reads a recording (WAV 8/16/24/32-bit integer or 32/64-bit
// float PCM, Ogg Vorbis, MP3; any rate, any channel count) into 44100 Hz
// stereo float32, the rate and layout the analysis and our renders share.
//
// Only the part asked for is decoded and kept (Range): a WAV is read from
// the byte where that part starts, an Ogg or MP3 is decoded up to its end and
// what comes before is thrown away as it is decoded, so memory follows the
// part's length, never the file's. What is wrong with the file but can be
// read past — NaN/Inf samples, a data chunk that ends early, sizes that
// contradict the file, MP3 frames out of sync — comes back as a Warning with
// its time in the recording; what cannot be read is a *FormatError.
//
// MP3s with a Xing/Info tag decode gapless: the tag frame, the encoder's
// delay and padding (LAME tag) and the decoder's own delay are removed, so a
// file encoded from N samples decodes to those N samples (mp3tag.go).
//
// Libraries: Ogg Vorbis by github.com/jfreymuth/oggvorbis and MP3 by
// github.com/hajimehoshi/go-mp3 (both pure Go, the decoders beep and
// Ebitengine use); WAV by the small RIFF reader in wav.go (no library covers
// 24-bit, float and WAVE_FORMAT_EXTENSIBLE with byte-offset errors); other
// rates by the mix's windowed-sinc resampler, audio.ResamplePlanar (why not a
// library: see audio/resample.go).
package decode

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"

	"soundworld/audio"
	"soundworld/internal/fileguard"
)

// Rate is the output sample rate in Hz (audio.SampleRate, O1).
const Rate = audio.SampleRate

// MaxSeconds bounds what one call decodes (3 h), so a corrupt header can
// never make us decode or allocate without limit: File refuses a longer
// recording, Range decodes at most this much of one.
const MaxSeconds = 3 * 3600

// Audio is a decoded recording, or the part of one that Range asked for:
// 44100 Hz stereo, one slice per channel.
type Audio struct {
	L, R []float32
	// NativeL, NativeR are the same part at SourceRate (the meters read
	// them: BS.1770 at the recording's own rate); L and R when that is 44100.
	NativeL, NativeR []float32
	From             float64 // s of the recording where L[0] is
	SourceRate       int     // Hz, before resampling
	Channels         int     // of the source
	Format           string  // "wav pcm16", "wav float32", "ogg vorbis", "mp3", …
	// FileSeconds is the whole recording's length (from the header, the MP3
	// frame count or the Vorbis stream's last granule), or −1 when unknown.
	FileSeconds float64
	Warnings    []Warning
}

// Warning is a fault in the recording that decoding read past.
type Warning struct {
	At  float64 // s of the recording
	Msg string
}

func (w Warning) String() string {
	m := int(w.At) / 60
	return fmt.Sprintf("at %d:%06.3f: %s", m, w.At-float64(60*m), w.Msg)
}

// Seconds is the decoded length.
func (a *Audio) Seconds() float64 { return float64(len(a.L)) / Rate }

// FormatError is a recording that cannot be decoded: File names it, Err
// says what is wrong and where (a byte offset, a sample, the decoder's
// message).
type FormatError struct {
	File string
	Err  error
}

func (e *FormatError) Error() string { return e.File + ": " + e.Err.Error() }
func (e *FormatError) Unwrap() error { return e.Err }

// guarded runs f, a call into a third-party decoder, and turns a panic in it
// into an error: on hostile input a decoder bug must be a refusal of the
// file, never a crash (oggvorbis panics on some 40-byte damaged streams).
func guarded(format string, f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: the decoder failed on this file (%v)", format, p)
		}
	}()
	return f()
}

// source is a recording at its own rate: read fills dst[c][:n] (planar, one
// slice per channel, n ≤ len(dst[0])) and returns io.EOF after the last
// frame; skip discards n frames.
type source interface {
	info() (rate, channels int, format string, frames int64) // frames: −1 when unknown
	read(dst [][]float32) (int, error)
	skip(n int64) error
	warnings() []Warning
}

// File decodes the whole recording at path; errors name the file.
func File(path string) (*Audio, error) { return Range(path, 0, -1) }

// Range decodes seconds s of the recording at path from s from (seconds < 0:
// to the end); fewer when the recording ends first.
func Range(path string, from, seconds float64) (*Audio, error) {
	if err := fileguard.RefuseSpecial("recording", path); err != nil {
		return nil, err // a named pipe would block
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	return decodeRange(f, fi.Size(), path, from, seconds)
}

// Bytes decodes a whole recording held in memory; name is used in errors.
func Bytes(b []byte, name string) (*Audio, error) {
	return decodeRange(bytes.NewReader(b), int64(len(b)), name, 0, -1)
}

// file is what the sources read: an *os.File or a *bytes.Reader.
type file interface {
	io.ReaderAt
	io.ReadSeeker
}

// open tells the format by the first bytes: "RIFF…WAVE", "OggS", otherwise
// an ID3v2 tag or an MPEG frame sync is MP3.
func open(r file, size int64) (source, error) {
	var head [12]byte
	n, _ := r.ReadAt(head[:], 0)
	b := head[:n]
	switch {
	case n >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WAVE":
		return openWAV(r, size)
	case n >= 4 && string(b[:4]) == "OggS":
		return openOgg(r)
	case n >= 3 && (string(b[:3]) == "ID3" || (b[0] == 0xFF && b[1]&0xE0 == 0xE0)):
		return openMP3(r, size)
	}
	return nil, errors.New("not a WAV (RIFF/WAVE), Ogg Vorbis (OggS) or MP3 file (byte offset 0)")
}

// decodeRange decodes [from, from+seconds) of r (seconds < 0: to the end) to
// 44100 Hz stereo. With resampling, the source is read from a whole period
// of the rate ratio before from (so output samples land on the 44100 Hz grid
// of the whole file) with a margin longer than the filter on both sides,
// and the result is cut to the part asked for.
func decodeRange(r file, size int64, name string, from, seconds float64) (*Audio, error) {
	fail := func(err error) (*Audio, error) { return nil, &FormatError{File: name, Err: err} }
	src, err := open(r, size)
	if err != nil {
		return fail(err)
	}
	rate, nch, format, total := src.info()
	if rate < 1000 || rate > 384000 {
		return fail(fmt.Errorf("%s: sample rate %d Hz outside 1000..384000", format, rate))
	}
	if nch < 1 || nch > 32 {
		return fail(fmt.Errorf("%s: %d channels", format, nch))
	}
	limit := int64(MaxSeconds) * int64(rate) // what one call may decode
	if seconds < 0 && total > limit {
		return fail(fmt.Errorf("%s: longer than %d s", format, MaxSeconds))
	}
	a := &Audio{SourceRate: rate, Channels: nch, Format: format, FileSeconds: -1}
	if total >= 0 {
		a.FileSeconds = float64(total) / float64(rate)
	}
	sp := spanOf(rate, from, seconds, limit)
	if err := guarded(format, func() error { return src.skip(sp.s0) }); err != nil {
		return fail(err)
	}
	ch, err := readPart(src, a, total, limit, sp)
	if err != nil {
		return fail(err)
	}
	if len(ch[0]) == 0 && sp.s0 == 0 {
		return fail(errors.New("no audio"))
	}
	a.fit(ch, sp, total, from, seconds)
	return a, nil
}

// span is the part asked for in output samples [kFrom, kTo) and in source
// frames [s0, s1); k0 is the output sample at s0, and Rate/rate = l/m in
// lowest terms.
type span struct {
	kFrom, kTo, k0, s0, s1, l, m int64
}

// spanOf is the part [from, from+seconds) of a source at rate Hz (seconds <
// 0: to the end), at most limit source frames.
func spanOf(rate int, from, seconds float64, limit int64) span {
	var sp span
	sp.kFrom = int64(math.Round(math.Max(0, from) * Rate))
	sp.kTo = int64(math.MaxInt64)
	if seconds >= 0 {
		sp.kTo = sp.kFrom + int64(math.Round(seconds*Rate))
	}
	g := int64(gcd(rate, Rate))
	l, m := int64(Rate)/g, int64(rate)/g
	sp.l, sp.m = l, m
	margin := int64(0)
	if rate != Rate {
		margin = max(256, int64(rate)/20) // > the resampler's half-length at every rate
	}
	sp.s0 = max(0, (sp.kFrom*m/l-margin)/m*m) // a multiple of m: output sample s0·l/m is on the grid
	sp.k0 = sp.s0 / m * l
	sp.s1 = int64(math.MaxInt64)
	if sp.kTo != math.MaxInt64 {
		sp.s1 = (sp.kTo*m+l-1)/l + margin
	}
	sp.s1 = min(sp.s1, sp.s0+limit)
	return sp
}

// readPart decodes source frames [sp.s0, sp.s1) of src (already skipped to
// s0), a channel each, adding its warnings to a's. A fault past the start
// ends the part with a warning; one at the file's start is the error.
func readPart(src source, a *Audio, total, limit int64, sp span) ([][]float32, error) {
	rate, nch, format := a.SourceRate, a.Channels, a.Format
	ch := make([][]float32, nch)
	if n := sp.s1 - sp.s0; total >= 0 || n < limit { // the part's length is known: no growing
		if total >= 0 {
			n = min(n, total-sp.s0)
		}
		for c := range ch {
			ch[c] = make([]float32, 0, max(0, n))
		}
	}
	buf := make([][]float32, nch)
	for c := range buf {
		buf[c] = make([]float32, 8192)
	}
	var bad nonFinite
	for pos := sp.s0; pos < sp.s1; {
		want := int(min(int64(len(buf[0])), sp.s1-pos))
		var n int
		err := guarded(format, func() (err error) {
			view := make([][]float32, nch)
			for c := range buf {
				view[c] = buf[c][:want]
			}
			n, err = src.read(view)
			return err
		})
		for c := range ch {
			bad.scan(buf[c][:n], pos, rate)
			ch[c] = append(ch[c], buf[c][:n]...)
		}
		pos += int64(n)
		if err == io.EOF {
			break
		}
		if err != nil {
			// A fault past the start: what was decoded stands, the rest is lost.
			if pos == sp.s0 && pos == 0 {
				return nil, err
			}
			a.Warnings = append(a.Warnings, Warning{float64(pos) / float64(rate), fmt.Sprintf("decoding stopped: %v; the recording is read as ending here", err)})
			break
		}
	}
	a.Warnings = append(append(src.warnings(), a.Warnings...), bad.warnings(rate)...)
	return ch, nil
}

// fit makes a's stereo at Rate from the decoded source frames ch (from
// sp.s0), and the part at the source's rate, both cut to [from,
// from+seconds); total is the file's frames (< 0: unknown).
func (a *Audio) fit(ch [][]float32, sp span, total int64, from, seconds float64) {
	rate := a.SourceRate
	a.L, a.R = toStereo(ch, a.Format == "ogg vorbis")
	a.NativeL, a.NativeR = a.L, a.R
	if rate != Rate {
		// The same part at the source's rate: [from, from+seconds) in its frames.
		lo := min(int64(len(a.L)), max(0, int64(math.Round(math.Max(0, from)*float64(rate)))-sp.s0))
		hi := int64(len(a.L))
		if seconds >= 0 {
			hi = min(hi, lo+int64(math.Round(seconds*float64(rate))))
		}
		a.NativeL, a.NativeR = a.L[lo:hi], a.R[lo:hi]
		a.L, a.R = audio.ResamplePlanar(a.L, a.R, rate, Rate)
	}
	cut := func(x []float32) []float32 {
		lo := min(int64(len(x)), sp.kFrom-sp.k0)
		hi := min(int64(len(x)), sp.kTo-sp.k0)
		if total >= 0 { // no output past the file's end (the resampler's last instants)
			hi = min(hi, (total*sp.l+sp.m-1)/sp.m-sp.k0)
		}
		return x[lo:max(lo, hi)]
	}
	a.L, a.R = cut(a.L), cut(a.R)
	if rate == Rate {
		a.NativeL, a.NativeR = a.L, a.R
	}
	a.From = float64(sp.kFrom) / Rate
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// absurdAmp is the largest |sample| read as sound: 1000 (+60 dBFS). A float
// WAV may hold more than full scale, but a sample past this (±1e30) is a
// broken file, not a loud recording: it is read as silence, with a warning.
const absurdAmp = 1000

// nonFinite counts NaN and ±Inf samples and absurd ones (|v| > absurdAmp),
// all read as silence, and where they were.
type nonFinite struct {
	n, absurd   int64
	first, last int64 // source frames
}

func (b *nonFinite) scan(x []float32, pos int64, rate int) {
	for i, v := range x {
		f := float64(v)
		bad := math.IsNaN(f) || math.IsInf(f, 0)
		if !bad && math.Abs(f) <= absurdAmp {
			continue
		}
		if b.n+b.absurd == 0 {
			b.first = pos + int64(i)
		}
		if bad {
			b.n++
		} else {
			b.absurd++
		}
		b.last = pos + int64(i)
		x[i] = 0
	}
}

func (b *nonFinite) warnings(rate int) []Warning {
	if b.n+b.absurd == 0 {
		return nil
	}
	count := func(n int64) string {
		if n == 1 {
			return "1 sample is"
		}
		return fmt.Sprintf("%d samples are", n)
	}
	var what string
	switch {
	case b.absurd == 0:
		what = count(b.n) + " NaN or infinite"
	case b.n == 0:
		what = fmt.Sprintf("%s absurd (beyond ±%d, +60 dBFS)", count(b.absurd), absurdAmp)
	default:
		what = fmt.Sprintf("%s NaN or infinite and %d absurd (beyond ±%d, +60 dBFS)", count(b.n), b.absurd, absurdAmp)
	}
	return []Warning{{float64(b.first) / float64(rate), fmt.Sprintf("%s (up to %.3f s), read as silence",
		what, float64(b.last)/float64(rate))}}
}

// toStereo keeps stereo, copies mono to both sides and folds more channels to
// two: front left and right plus the centre at −3 dB (the WAV/WAVE_FORMAT_
// EXTENSIBLE order is FL FR FC …, Vorbis's for 3, 5–8 channels is FL FC FR …);
// other channels (surround, LFE) are dropped. ASSUMED: retail's client writes
// stereo, so this only matters for recordings made by other tools.
func toStereo(ch [][]float32, vorbis bool) (l, r []float32) {
	switch len(ch) {
	case 1:
		r := make([]float32, len(ch[0]))
		copy(r, ch[0])
		return ch[0], r
	case 2, 4:
		return ch[0], ch[1]
	}
	fl, fr, fc := ch[0], ch[1], ch[2]
	if vorbis {
		fl, fc, fr = ch[0], ch[1], ch[2]
	}
	const g = 0.70710678
	l, r = make([]float32, len(fl)), make([]float32, len(fl))
	for i := range fl {
		l[i] = fl[i] + g*fc[i]
		r[i] = fr[i] + g*fc[i]
	}
	return l, r
}
