// Package decode reads a recording (WAV 8/16/24/32-bit integer or 32/64-bit
// float PCM, Ogg Vorbis, MP3; any rate, any channel count) into 44100 Hz
// stereo float32, the rate and layout the analysis and our renders share.
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
	"os"

	"soundworld/audio"
	"soundworld/internal/outputs"

	"github.com/hajimehoshi/go-mp3"
	"github.com/jfreymuth/oggvorbis"
)

// Rate is the output sample rate in Hz (audio.SampleRate, O1).
const Rate = audio.SampleRate

// MaxSeconds bounds what one recording may decode to (3 h), so a corrupt
// header can never make us allocate without limit.
const MaxSeconds = 3 * 3600

// Audio is a decoded recording: 44100 Hz stereo, one slice per channel.
type Audio struct {
	L, R       []float32
	SourceRate int    // Hz, before resampling
	Channels   int    // of the source
	Format     string // "wav pcm16", "wav float32", "ogg vorbis", "mp3", …
}

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
// file, never a crash (issue 23: a 40-byte Ogg panicked inside oggvorbis).
func guarded(format string, f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: the decoder failed on this file (%v)", format, p)
		}
	}()
	return f()
}

// Seconds is the decoded length.
func (a *Audio) Seconds() float64 { return float64(len(a.L)) / Rate }

// File decodes the recording at path; errors name the file.
func File(path string) (*Audio, error) {
	if err := outputs.RefuseSpecial("recording", path); err != nil {
		return nil, err // a named pipe would block
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Bytes(b, path)
}

// Bytes decodes a recording held in memory; name is used in errors. The format
// is told by its first bytes: "RIFF…WAVE", "OggS", otherwise MP3.
func Bytes(b []byte, name string) (*Audio, error) {
	var (
		ch   [][]float32
		rate int
		fmtS string
		err  error
	)
	switch {
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WAVE":
		ch, rate, fmtS, err = readWAV(b)
	case len(b) >= 4 && string(b[:4]) == "OggS":
		fmtS = "ogg vorbis"
		err = guarded(fmtS, func() (err error) { ch, rate, err = readOgg(b); return err })
	case len(b) >= 3 && (string(b[:3]) == "ID3" || (b[0] == 0xFF && b[1]&0xE0 == 0xE0)):
		fmtS = "mp3"
		err = guarded(fmtS, func() (err error) { ch, rate, err = readMP3(b); return err })
	default:
		err = errors.New("not a WAV (RIFF/WAVE), Ogg Vorbis (OggS) or MP3 file (byte offset 0)")
	}
	if err != nil {
		return nil, &FormatError{File: name, Err: err}
	}
	if len(ch) == 0 || len(ch[0]) == 0 {
		return nil, &FormatError{File: name, Err: errors.New("no audio")}
	}
	a := &Audio{SourceRate: rate, Channels: len(ch), Format: fmtS}
	a.L, a.R = toStereo(ch, fmtS == "ogg vorbis")
	if rate != Rate {
		a.L, a.R = audio.ResamplePlanar(a.L, a.R, rate, Rate)
	}
	return a, nil
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

// checkLength refuses more than MaxSeconds of audio.
func checkLength(frames int64, rate int) error {
	if rate < 1000 || rate > 384000 {
		return fmt.Errorf("sample rate %d Hz outside 1000..384000", rate)
	}
	if frames > int64(MaxSeconds)*int64(rate) {
		return fmt.Errorf("longer than %d s", MaxSeconds)
	}
	return nil
}

func readOgg(b []byte) ([][]float32, int, error) {
	r, err := oggvorbis.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, 0, fmt.Errorf("ogg vorbis: %v", err)
	}
	rate, nch := r.SampleRate(), r.Channels()
	if nch < 1 || nch > 8 {
		return nil, 0, fmt.Errorf("ogg vorbis: %d channels", nch)
	}
	if err := checkLength(r.Length(), rate); err != nil {
		return nil, 0, fmt.Errorf("ogg vorbis: %v", err)
	}
	ch := make([][]float32, nch)
	buf := make([]float32, 4096*nch)
	limit := int64(MaxSeconds) * int64(rate)
	for frames := int64(0); ; {
		n, err := r.Read(buf)
		for i := 0; i+nch <= n; i += nch {
			for c := 0; c < nch; c++ {
				ch[c] = append(ch[c], buf[i+c])
			}
		}
		frames += int64(n / nch)
		if frames > limit {
			return nil, 0, fmt.Errorf("ogg vorbis: longer than %d s", MaxSeconds)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, 0, fmt.Errorf("ogg vorbis at sample %d: %v", frames, err)
		}
	}
	return ch, rate, nil
}

func readMP3(b []byte) (out [][]float32, rate int, err error) {
	d, err := mp3.NewDecoder(bytes.NewReader(b))
	if err != nil {
		return nil, 0, fmt.Errorf("mp3: %v", err)
	}
	rate = d.SampleRate()
	// go-mp3 always yields 16-bit little-endian stereo (mono is duplicated).
	if err := checkLength(d.Length()/4, rate); err != nil {
		return nil, 0, fmt.Errorf("mp3: %v", err)
	}
	raw, err := io.ReadAll(io.LimitReader(d, int64(MaxSeconds)*int64(rate)*4+1))
	if err != nil {
		return nil, 0, fmt.Errorf("mp3 at byte %d of the decoded stream: %v", len(raw), err)
	}
	start, n := 0, len(raw)/4
	if tag, ok := readMP3Tag(b); ok {
		start, n = tag.gaplessSpan(n)
	}
	raw = raw[4*start:]
	l, r := make([]float32, n), make([]float32, n)
	for i := 0; i < n; i++ {
		l[i] = float32(int16(uint16(raw[4*i])|uint16(raw[4*i+1])<<8)) / 32768
		r[i] = float32(int16(uint16(raw[4*i+2])|uint16(raw[4*i+3])<<8)) / 32768
	}
	return [][]float32{l, r}, rate, nil
}
