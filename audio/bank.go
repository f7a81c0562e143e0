package audio

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"sync"

	ebaudio "github.com/hajimehoshi/ebiten/v2/audio"
	"github.com/hajimehoshi/ebiten/v2/audio/mp3"

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
}

type waveEntry struct {
	once    sync.Once
	samples []float32 // interleaved stereo at SampleRate
	err     error
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
	b.mu.Lock()
	e := b.tables[id]
	if e == nil {
		e = &tableEntry{}
		b.tables[id] = e
	}
	b.mu.Unlock()
	e.once.Do(func() {
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

// Samples returns wave id decoded to interleaved stereo float32 at SampleRate
// (O1), decoded once and cached. The slice is shared: do not modify it.
func (b *Bank) Samples(id uint32) ([]float32, error) {
	if b == nil {
		return nil, fmt.Errorf("audio: wave 0x%08X: no bank", id)
	}
	b.mu.Lock()
	e := b.waves[id]
	if e == nil {
		e = &waveEntry{}
		b.waves[id] = e
	}
	b.mu.Unlock()
	e.once.Do(func() {
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
		e.samples, e.err = DecodeWave(w)
	})
	return e.samples, e.err
}

// Frames returns the length of wave id in frames at SampleRate.
func (b *Bank) Frames(id uint32) (int, error) {
	s, err := b.Samples(id)
	return len(s) / 2, err
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

// DecodeWave decodes a dat wave (PCM 8/16-bit, MP3) to interleaved stereo float32
// at SampleRate (O1). Other format tags → an error naming the wave and tag.
//
// PCM: 8-bit is unsigned ((b − 128)/128), 16-bit signed little-endian (/32768),
// mono is copied to both channels. MP3 (tag 0x55): the payload is decoded by
// Ebitengine's audio/mp3 (go-mp3). Both are then resampled to 44100 Hz by
// Ebitengine's resampler (audio.ResampleF32, the machinery behind
// DecodeWithSampleRate); a wave already at 44100 Hz is not touched.
func DecodeWave(w *dat.Wave) ([]float32, error) {
	if w == nil {
		return nil, fmt.Errorf("audio: nil wave")
	}
	f := w.Format
	bad := func(format string, a ...any) error {
		return fmt.Errorf("audio: wave 0x%08X (format tag 0x%04X): %s", w.ID, f.Tag, fmt.Sprintf(format, a...))
	}
	if f.SamplesPerSec < minWaveRate || f.SamplesPerSec > maxWaveRate {
		return nil, bad("sample rate %d Hz outside %d..%d", f.SamplesPerSec, minWaveRate, maxWaveRate)
	}
	var stereo []float32
	rate := int(f.SamplesPerSec)
	switch f.Tag {
	case dat.WaveTagPCM:
		var err error
		if stereo, err = pcmToStereo(w.Data, int(f.Channels), int(f.BitsPerSample)); err != nil {
			return nil, bad("%v", err)
		}
	case dat.WaveTagMP3:
		s, err := mp3.DecodeF32(bytes.NewReader(w.Data))
		if err != nil {
			return nil, bad("mp3: %v", err)
		}
		if s.Length() < 0 || s.Length() > int64(len(w.Data))*1000 {
			return nil, bad("mp3: implausible length %d bytes", s.Length())
		}
		raw, err := io.ReadAll(s)
		if err != nil {
			return nil, bad("mp3: %v", err)
		}
		stereo = bytesToF32(raw)
		rate = s.SampleRate()
		if rate < minWaveRate || rate > maxWaveRate {
			return nil, bad("mp3: sample rate %d Hz outside %d..%d", rate, minWaveRate, maxWaveRate)
		}
	default:
		return nil, bad("unsupported format tag")
	}
	if rate == SampleRate || len(stereo) == 0 {
		return stereo, nil
	}
	raw := f32ToBytes(stereo)
	r := ebaudio.ResampleF32(bytes.NewReader(raw), int64(len(raw)), rate, SampleRate)
	out, err := io.ReadAll(r)
	if err != nil {
		return nil, bad("resample %d Hz: %v", rate, err)
	}
	return bytesToF32(out), nil
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

func f32ToBytes(s []float32) []byte {
	b := make([]byte, 4*len(s))
	for i, v := range s {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
	}
	return b
}

func bytesToF32(b []byte) []float32 {
	s := make([]float32, len(b)/8*2) // whole stereo frames only
	for i := range s {
		s[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return s
}
