package audio

import (
	"testing"
	"time"

	"github.com/gopxl/beep/v2"
	"github.com/gopxl/beep/v2/effects"

	"soundworld/dat"
)

// The 16-voice job: 16 busy voices, each a distinct 2 s wave with its own gain
// and pan, mixed for 1 s of audio in 1024-frame chunks (a device-sized read).
const (
	benchChunk  = 1024
	benchFrames = SampleRate // 1 s of audio per op
)

func benchWaves() (*Bank, [][]float32) {
	f := newFake()
	var bufs [][]float32
	for i := range NumVoices {
		id := uint32(0x0A000200 + i)
		f.addWave(id, 2*SampleRate, int16(1000+100*i))
	}
	b := NewBank(f)
	for i := range NumVoices {
		s, _ := b.Samples(uint32(0x0A000200 + i))
		bufs = append(bufs, s)
	}
	return b, bufs
}

func benchStarts() []VoiceStart {
	var s []VoiceStart
	for i := range NumVoices {
		l, r := Gains(-3*(i%8), i-8)
		s = append(s, VoiceStart{Slot: i, Wave: uint32(0x0A000200 + i), GainL: l, GainR: r, Time: 0})
	}
	return s
}

func runOurs(x *Mixer, out []float32) {
	x.Apply(benchStarts())
	for f := 0; f < benchFrames; f += benchChunk {
		n := min(benchChunk, benchFrames-f)
		x.Render(out[:2*n])
	}
}

// sliceStreamer is a minimal in-memory beep source (no byte decoding), so the
// comparison measures beep's Mixer, Volume and Pan rather than its Buffer.
type sliceStreamer struct {
	s   [][2]float64
	pos int
}

func (s *sliceStreamer) Stream(out [][2]float64) (int, bool) {
	if s.pos >= len(s.s) {
		return 0, false
	}
	n := copy(out, s.s[s.pos:])
	s.pos += n
	return n, true
}

func (s *sliceStreamer) Err() error { return nil }

func beepSources(bufs [][]float32) [][][2]float64 {
	var src [][][2]float64
	for _, b := range bufs {
		s := make([][2]float64, len(b)/2)
		for i := range s {
			s[i] = [2]float64{float64(b[2*i]), float64(b[2*i+1])}
		}
		src = append(src, s)
	}
	return src
}

func runBeep(src [][][2]float64, out [][2]float64) {
	var m beep.Mixer
	for i, s := range src {
		m.Add(&effects.Pan{
			Streamer: &effects.Volume{Streamer: &sliceStreamer{s: s}, Base: 10, Volume: float64(-3*(i%8)) / 20},
			Pan:      float64(i-8) / 15,
		})
	}
	for f := 0; f < benchFrames; f += benchChunk {
		n := min(benchChunk, benchFrames-f)
		m.Stream(out[:n])
	}
}

func reportRealtime(b *testing.B) {
	b.ReportMetric(float64(b.N)*benchFrames/SampleRate/b.Elapsed().Seconds(), "x-realtime")
}

// BenchmarkMix16 is the 16-voice job on our mixer and on beep, side by side.
func BenchmarkMix16(b *testing.B) {
	bank, bufs := benchWaves()
	b.Run("soundworld", func(b *testing.B) {
		x := NewMixer(bank)
		out := make([]float32, 2*benchChunk)
		b.ReportAllocs()
		for b.Loop() {
			runOurs(x, out)
		}
		reportRealtime(b)
	})
	b.Run("beep", func(b *testing.B) {
		src := beepSources(bufs)
		out := make([][2]float64, benchChunk)
		b.ReportAllocs()
		for b.Loop() {
			runBeep(src, out)
		}
		reportRealtime(b)
	})
}

// BenchmarkMix16Ratio alternates the two mixers within each iteration and
// reports beep's time over ours, so load on a shared machine hits both alike.
func BenchmarkMix16Ratio(b *testing.B) {
	bank, bufs := benchWaves()
	x := NewMixer(bank)
	out := make([]float32, 2*benchChunk)
	src := beepSources(bufs)
	bout := make([][2]float64, benchChunk)
	var ours, theirs time.Duration
	for b.Loop() {
		t0 := time.Now()
		runOurs(x, out)
		t1 := time.Now()
		runBeep(src, bout)
		theirs += time.Since(t1)
		ours += t1.Sub(t0)
	}
	b.ReportMetric(theirs.Seconds()/ours.Seconds(), "beep/ours")
}

var sinkLevel Level
var sinkPan int

// BenchmarkLevelPan is S3 + S4 + S1 for one play (distance, pan, level).
func BenchmarkLevelPan(b *testing.B) {
	src, lis := Vec3{37.5, -12.25, 3}, Vec3{1, 2, 0.5}
	for b.Loop() {
		d := Distance(src, lis)
		sinkPan = panAt(src, lis, 33, d)
		sinkLevel = Attenuation(d, 0.8, 0.9)
	}
}

// BenchmarkPoolClaim is the voice allocator on a full pool of equal
// priorities (the worst case: both passes scan all 16 slots and drop).
func BenchmarkPoolClaim(b *testing.B) {
	m := NewManager(NewBank(nil), DefaultPrefs(), 1)
	for i := range m.slots {
		m.slots[i] = slot{used: true, end: 1e9, v: Voice{Priority: 0.5}}
	}
	for b.Loop() {
		m.claim(1, 0.5)
	}
}

// BenchmarkPlayEmitter is one whole play: pick, gate, level, pan, pool, start,
// and taking its draw trace as the Sim does per decision (O4).
func BenchmarkPlayEmitter(b *testing.B) {
	f := newFake()
	f.addWave(longWave, 100, 1)
	f.addSound(tbl, 1, dat.SoundData{WaveID: longWave, Probability: 1, Volume: 1, Priority: 0.5})
	m := NewManager(NewBank(f), DefaultPrefs(), 1)
	now := 0.0
	for b.Loop() {
		now += 0.01
		m.PlayEmitter(now, tbl, 1, Vec3{20, 5, 0}, 1, PathServer)
		m.TakeStarts()
		m.TakeTrace()
	}
}
