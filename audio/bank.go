package audio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"
	"sync/atomic"

	"github.com/hajimehoshi/go-mp3"

	"soundworld/dat"
)

// Bank loads sound tables and decodes waves once per id at 44100 Hz stereo (O1).
// Shared by the Manager (wave lengths decide when a voice has finished) and the
// Mixer (samples); safe for concurrent use. Failures are cached too: a wave
// that does not decode stays silent for good (like a table retail could not load).
type Bank struct {
	t      Tables
	mu     sync.Mutex
	waves  map[uint32]*waveEntry
	tables map[uint32]*tableEntry
	sink   atomic.Pointer[problemSink] // where failures are reported (problems.go)
}

// waveEntry is one wave in two steps, each done once: its source (read and
// decoded at its own rate: enough for its length), then its samples at
// SampleRate (resampled, which costs far more, when a mixer first plays it).
type waveEntry struct {
	src      sync.Once
	source   []float32 // interleaved, ch channels at rate; dropped once samples are made
	ch, rate int
	frames   int   // length in frames at SampleRate (sourceFrames)
	err      error // the wave does not read or decode: reported once, silent for good

	once    sync.Once
	samples []float32 // interleaved stereo at SampleRate
}

type tableEntry struct {
	once sync.Once
	t    *dat.SoundTable
	err  error
}

// NewBank builds a bank over t.
func NewBank(t Tables) *Bank {
	return &Bank{t: t, waves: map[uint32]*waveEntry{}, tables: map[uint32]*tableEntry{}}
}

// SoundTable returns sound table id, read once and cached (errors included).
func (b *Bank) SoundTable(id uint32) (*dat.SoundTable, error) {
	if b == nil {
		return nil, fmt.Errorf("audio: sound table 0x%08X: no bank", id)
	}
	e := entry(&b.mu, b.tables, id)
	e.once.Do(func() {
		defer func() { b.report(dat.KindBadTable, id, e.err) }()
		if b.t == nil {
			e.err = fmt.Errorf("audio: sound table 0x%08X: no data", id)
			return
		}
		e.t, e.err = b.t.SoundTable(id)
		if e.err == nil && e.t == nil {
			e.err = fmt.Errorf("audio: sound table 0x%08X: missing", id)
		}
	})
	return e.t, e.err
}

// entry returns m's entry for id, added empty on first use; mu guards m.
// The entry's sync.Once then reads the record once, outside the lock.
func entry[E any](mu *sync.Mutex, m map[uint32]*E, id uint32) *E {
	mu.Lock()
	defer mu.Unlock()
	e := m[id]
	if e == nil {
		e = new(E)
		m[id] = e
	}
	return e
}

// wave returns id's entry with its source step done.
func (b *Bank) wave(id uint32) *waveEntry {
	e := entry(&b.mu, b.waves, id)
	e.src.Do(func() {
		defer func() { b.report(dat.KindBadWave, id, e.err) }()
		if b.t == nil {
			e.err = fmt.Errorf("audio: wave 0x%08X: no data", id)
			return
		}
		w, err := b.t.Wave(id)
		if err != nil {
			e.err = err
			return
		}
		if w == nil {
			e.err = fmt.Errorf("audio: wave 0x%08X: missing", id)
			return
		}
		e.source, e.ch, e.rate, _, e.err = decodeSource(w)
		if e.err == nil && len(e.source) > 0 {
			e.frames = sourceFrames(len(e.source)/e.ch, e.rate)
		}
	})
	return e
}

// Samples returns wave id decoded to interleaved stereo float32 at SampleRate
// (O1), decoded once and cached. The slice is shared: do not modify it.
func (b *Bank) Samples(id uint32) ([]float32, error) {
	if b == nil {
		return nil, fmt.Errorf("audio: wave 0x%08X: no bank", id)
	}
	e := b.wave(id)
	if e.err != nil {
		return nil, e.err
	}
	e.once.Do(func() {
		if len(e.source) > 0 {
			e.samples = toMix(e.source, e.ch, e.rate)
		}
		e.source = nil
	})
	return e.samples, nil
}

// Frames returns the length of wave id in frames at SampleRate, from its
// source alone (sourceFrames: the count Samples gives, without resampling).
func (b *Bank) Frames(id uint32) (int, error) {
	if b == nil {
		return 0, fmt.Errorf("audio: wave 0x%08X: no bank", id)
	}
	e := b.wave(id)
	return e.frames, e.err
}

// Length returns the length of wave id in s (frames / SampleRate).
func (b *Bank) Length(id uint32) (float64, error) {
	n, err := b.Frames(id)
	return float64(n) / SampleRate, err
}

// Accepted source rates in Hz: outside this range a wave is refused, so a
// corrupt header can never make the resampler allocate far more than the input.
const (
	minWaveRate = 4000
	maxWaveRate = 192000
)

// Decoding budget (bounded decoding): a wave may decode to at most
// maxWaveSeconds of audio and at most maxWaveRatio times its payload size,
// counted as 16-bit stereo at SampleRate (4 bytes a frame). Beyond either it
// is a data problem, refused before decoding where the size is known up front.
const (
	maxWaveSeconds = 600
	maxWaveRatio   = 200
)

// waveBudget returns the most frames at SampleRate a payload of n bytes may decode to.
func waveBudget(n int) int64 {
	return min(int64(maxWaveSeconds)*SampleRate, int64(maxWaveRatio)*int64(n)/4)
}

// DecodeWave decodes a dat wave (PCM 8/16-bit, MP3) to interleaved stereo float32
// at SampleRate (O1). Other format tags → an error naming the wave and tag.
//
// PCM (O1: keeps its own rate and channels): 8-bit is unsigned ((b − 128)/128),
// 16-bit signed little-endian (/32768). MP3 (tag 0x55): decoded by go-mp3
// (pure Go; 16-bit stereo at the stream's own rate), then converted as retail's
// ACM does to 16-bit mono 11025 Hz (acmConvert). Then resampled to 44100 Hz by
// this package's windowed-sinc resampler (resample.go); a wave already at
// 44100 Hz is not touched; mono is copied to both channels last. A wave longer
// than its budget (waveBudget) is an error.
func DecodeWave(w *dat.Wave) ([]float32, error) {
	s, _, err := decodeWave(w)
	return s, err
}

// decodeWave is DecodeWave that also reports how many source frames it
// decoded before finishing or giving up (tests check that a wave over budget
// is refused early).
func decodeWave(w *dat.Wave) (out []float32, decoded int64, err error) {
	src, ch, rate, decoded, err := decodeSource(w)
	if err != nil || len(src) == 0 {
		return nil, decoded, err
	}
	return toMix(src, ch, rate), decoded, nil
}

// toMix takes interleaved samples of ch channels at rate to interleaved
// stereo at SampleRate: resampled unless already at SampleRate (a mono wave
// once, not per channel), then mono copied to both channels.
func toMix(src []float32, ch, rate int) []float32 {
	if rate != SampleRate {
		src = resamplerFor(rate).run(src, ch)
	}
	if ch == 2 {
		return src
	}
	out := make([]float32, 2*len(src))
	for i, v := range src {
		out[2*i], out[2*i+1] = v, v
	}
	return out
}

// sourceFrames is the length in frames at SampleRate of n source frames at
// rate, as toMix makes it (the resampler's output count).
func sourceFrames(n, rate int) int {
	if rate == SampleRate {
		return n
	}
	return resamplerFor(rate).frames(n)
}

// decodeSource is decodeWave before resampling: interleaved samples of ch
// channels (1 or 2) at the source rate (CheckWave stops here).
func decodeSource(w *dat.Wave) (samples []float32, ch, rate int, decoded int64, err error) {
	stereo, rate, decoded, err := decodeStereo(w)
	if err != nil {
		return nil, 0, 0, decoded, err
	}
	switch {
	case w.Format.Tag != dat.WaveTagPCM:
		mono, r := acmConvert(stereo, rate)
		return mono, 1, r, decoded, nil
	case w.Format.Channels == 1:
		mono := make([]float32, len(stereo)/2)
		for i := range mono {
			mono[i] = stereo[2*i]
		}
		return mono, 1, rate, decoded, nil
	}
	return stereo, 2, rate, decoded, nil
}

// ACMRate is the rate retail converts every compressed wave to (O1).
const ACMRate = 11025

// acmConvert is O1 revision 3 [D3: SoundBuf::Create 385848]: retail hands a
// compressed (non-PCM) wave to ACM in one acmStreamOpen whose destination
// format is PCM 16-bit mono 11025 Hz. ASSUMED: the conversion succeeds and
// mixes the channels by averaging, (L + R)/2, then resamples (this package's
// resampler) and rounds to 16 bits, half away from zero, clamped to
// [−32768, 32767]. A stream already at 11025 Hz mono passes unchanged (a mono
// MP3 decodes with L = R). Returns mono samples at ACMRate.
func acmConvert(stereo []float32, rate int) ([]float32, int) {
	mono := make([]float32, len(stereo)/2)
	for i := range mono {
		mono[i] = float32(float64(stereo[2*i])+float64(stereo[2*i+1])) / 2 // exact in float64
	}
	if rate != ACMRate && len(mono) > 0 {
		mono = resamplerBetween(rate, ACMRate).run(mono, 1)
	}
	for i, v := range mono {
		q := math.Round(float64(v) * 32768)
		mono[i] = float32(max(-32768, min(32767, q)) / 32768)
	}
	return mono, ACMRate
}

// Compressed reports whether retail converts w with ACM (O1: any format tag
// but PCM), and whether that conversion changes its rate or channels (the
// header's format is not already 11025 Hz mono).
func Compressed(w *dat.Wave) (compressed, converted bool) {
	if w == nil || w.Format.Tag == dat.WaveTagPCM {
		return false, false
	}
	return true, w.Format.SamplesPerSec != ACMRate || w.Format.Channels != 1
}

// decodeStereo decodes to interleaved stereo at the source rate.
func decodeStereo(w *dat.Wave) (stereo []float32, rate int, decoded int64, err error) {
	if w == nil {
		return nil, 0, 0, fmt.Errorf("audio: nil wave")
	}
	f := w.Format
	bad := func(format string, a ...any) error {
		return fmt.Errorf("audio: wave 0x%08X (format tag 0x%04X): %s", w.ID, f.Tag, fmt.Sprintf(format, a...))
	}
	if f.SamplesPerSec < minWaveRate || f.SamplesPerSec > maxWaveRate {
		return nil, 0, 0, bad("sample rate %d Hz outside %d..%d", f.SamplesPerSec, minWaveRate, maxWaveRate)
	}
	budget := waveBudget(len(w.Data))
	over := func(frames int64, rate int) bool { // frames at rate, counted at SampleRate
		return frames*SampleRate > budget*int64(rate)
	}
	tooLong := func(what string, frames int64, rate int) error {
		return bad("%s decodes to more than %d frames at %d Hz (budget: min(%d s, %d× the %d-byte record)): %d frames at %d Hz",
			what, budget, SampleRate, maxWaveSeconds, maxWaveRatio, len(w.Data), frames, rate)
	}
	rate = int(f.SamplesPerSec)
	switch f.Tag {
	case dat.WaveTagPCM:
		if stereo, err = pcmToStereo(w.Data, int(f.Channels), int(f.BitsPerSample)); err != nil {
			return nil, 0, 0, bad("%v", err)
		}
		decoded = int64(len(stereo) / 2)
		if over(decoded, rate) {
			return nil, 0, decoded, tooLong("pcm", decoded, rate)
		}
	case dat.WaveTagMP3:
		var r int
		stereo, r, decoded, err = decodeMP3(w.Data, budget, over)
		if err == errOverBudget {
			return nil, 0, decoded, tooLong("mp3", decoded, r)
		}
		if err != nil {
			return nil, 0, decoded, bad("mp3: %v", err)
		}
		rate = r
		if rate < minWaveRate || rate > maxWaveRate {
			return nil, 0, decoded, bad("mp3: sample rate %d Hz outside %d..%d", rate, minWaveRate, maxWaveRate)
		}
	default:
		return nil, 0, 0, bad("unsupported format tag")
	}
	return stereo, rate, decoded, nil
}

var errOverBudget = errors.New("over budget")

// decodeMP3 decodes an MP3 payload with go-mp3 to interleaved stereo float32 at
// the stream's rate. go-mp3 first walks every frame header (it is given a
// seekable reader) and so knows the decoded length before decoding anything:
// over budget, it stops there (decoded = the frames it would have produced).
// The streaming read is bounded too, in case the header walk was cut short.
func decodeMP3(data []byte, budget int64, over func(frames int64, rate int) bool) (out []float32, rate int, decoded int64, err error) {
	defer func() { // a decoder bug on hostile input is an error, never a panic
		if p := recover(); p != nil {
			out, err = nil, fmt.Errorf("decoder panic: %v", p)
		}
	}()
	d, err := mp3.NewDecoder(bytes.NewReader(data))
	if err != nil {
		return nil, 0, 0, err
	}
	rate = d.SampleRate()
	if rate < minWaveRate || rate > maxWaveRate {
		return nil, rate, 0, fmt.Errorf("sample rate %d Hz outside %d..%d", rate, minWaveRate, maxWaveRate)
	}
	if n := d.Length() / 4; n > 0 && over(n, rate) {
		return nil, rate, n, errOverBudget
	}
	buf := make([]byte, 4*1152*4) // whole 16-bit stereo frames
	for {
		k, rerr := io.ReadFull(d, buf)
		k -= k % 4
		for i := 0; i < k; i += 4 {
			out = append(out,
				float32(int16(binary.LittleEndian.Uint16(buf[i:])))/32768,
				float32(int16(binary.LittleEndian.Uint16(buf[i+2:])))/32768)
		}
		decoded += int64(k / 4)
		if over(decoded, rate) {
			return nil, rate, decoded, errOverBudget
		}
		if rerr == io.EOF || rerr == io.ErrUnexpectedEOF {
			return out, rate, decoded, nil
		}
		if rerr != nil {
			return nil, rate, decoded, rerr
		}
	}
}

// pcmToStereo converts PCM bytes to interleaved stereo float32 in [−1, 1).
// A trailing partial frame is ignored.
func pcmToStereo(b []byte, channels, bits int) ([]float32, error) {
	if channels != 1 && channels != 2 {
		return nil, fmt.Errorf("pcm: %d channels (want 1 or 2)", channels)
	}
	if bits != 8 && bits != 16 {
		return nil, fmt.Errorf("pcm: %d bits per sample (want 8 or 16)", bits)
	}
	bps := bits / 8
	frames := len(b) / (bps * channels)
	out := make([]float32, 2*frames)
	sample := func(i int) float32 {
		if bps == 1 {
			return float32(int(b[i])-128) / 128
		}
		return float32(int16(binary.LittleEndian.Uint16(b[2*i:]))) / 32768
	}
	for i := 0; i < frames; i++ {
		if channels == 1 {
			v := sample(i)
			out[2*i], out[2*i+1] = v, v
		} else {
			out[2*i], out[2*i+1] = sample(2*i), sample(2*i+1)
		}
	}
	return out, nil
}
