package audition

import (
	"math"
	"testing"

	"soundworld/assets"
	"soundworld/audio"
)

// TestLevelAt_S1S4S5: a sound of volume 1 at 10 m due east of a listener
// facing north. S1: 25·1/10² = 0.25, log2 = −2, ×6.0206 = −12.04, ceil −12
// dB. S4: the source is 90° to the right, so pan = trunc(−15·sin(−90°)) =
// +15 (right). S5: the right channel at −12 dB, the left 15 dB lower.
func TestLevelAt_S1S4S5(t *testing.T) {
	l := LevelAt(1, Placement{Dist: 10, Bearing: 90})
	if !l.Play || l.DB != -12 || l.Pan != 15 {
		t.Fatalf("level %+v; want −12 dB, pan +15", l)
	}
	wantR, wantL := math.Pow(10, -12.0/20), math.Pow(10, -27.0/20)
	if math.Abs(float64(l.GainR)-wantR) > 1e-6 || math.Abs(float64(l.GainL)-wantL) > 1e-6 {
		t.Errorf("gains L %.6f R %.6f; want %.6f %.6f", l.GainL, l.GainR, wantL, wantR)
	}
	w := LevelAt(1, Placement{Dist: 10, Bearing: 270})
	if w.Pan != -15 || w.GainL != l.GainR || w.GainR != l.GainL {
		t.Errorf("west: %+v; want the mirror of east (pan −15)", w)
	}
	// S4's dead zone: inside 5 m no pan; S1's knee: the volume itself.
	if n := LevelAt(0.5, Placement{Dist: 4.9, Bearing: 90}); n.Pan != 0 || n.DB != -6 {
		t.Errorf("4.9 m east, vol 0.5: %+v; want pan 0, −6 dB (ceil(log2 0.5·6.0206))", n)
	}
	// Flat: no distance, no pan, whatever the fields say.
	if f := LevelAt(1, Placement{Flat: true, Dist: 300, Bearing: 90}); f.DB != 0 || f.Pan != 0 || f.GainL != 1 || f.GainR != 1 {
		t.Errorf("flat: %+v; want 0 dB centred, gains 1", f)
	}
	// S1's floor: 25/d² < 10^(−50/20)·… → not played beyond ~1581 m for vol 1.
	if far := LevelAt(1, Placement{Dist: 2000}); far.Play || far.GainL != 0 {
		t.Errorf("2 km: %+v; want not played (below −50 dB)", far)
	}
}

// TestWaveform_MinMaxPerColumn: two columns of a known buffer.
func TestWaveform_MinMaxPerColumn(t *testing.T) {
	// frames (l, r): (1,1) (0,0.5) | (-1,-0.5) (0.2,0.2)
	s := []float32{1, 1, 0, 0.5, -1, -0.5, 0.2, 0.2}
	c := Waveform(s, 2)
	want := []Column{{0.25, 1}, {-0.75, 0.2}}
	for i := range want {
		if math.Abs(float64(c[i].Min-want[i].Min)) > 1e-6 || math.Abs(float64(c[i].Max-want[i].Max)) > 1e-6 {
			t.Errorf("column %d = %+v; want %+v", i, c[i], want[i])
		}
	}
	if Waveform(nil, 10) != nil {
		t.Error("an empty wave has columns")
	}
}

// TestSpectrum_SinePeak: a full-scale 1 kHz sine peaks at the bin nearest
// 1 kHz near 0 dB; 5 kHz away the level is far down.
func TestSpectrum_SinePeak(t *testing.T) {
	const hz = 1000.0
	s := make([]float32, 2*audio.SampleRate/2)
	for f := 0; f < len(s)/2; f++ {
		v := float32(math.Sin(2 * math.Pi * hz * float64(f) / audio.SampleRate))
		s[2*f], s[2*f+1] = v, v
	}
	sp := Spectrum(s)
	peak := 0
	for k := range sp {
		if sp[k] > sp[peak] {
			peak = k
		}
	}
	if math.Abs(BinHz(peak)-hz) > BinHz(1) {
		t.Errorf("peak at %.0f Hz; want %.0f ± %.1f", BinHz(peak), hz, BinHz(1))
	}
	// Between two bins a Hann window loses at most 1.42 dB (scalloping).
	if sp[peak] > 0.1 || sp[peak] < -1.5 {
		t.Errorf("peak %.2f dB; want within [−1.5, 0]", sp[peak])
	}
	if far := sp[int(6000/BinHz(1))]; far > -60 {
		t.Errorf("6 kHz at %.1f dB; want below −60", far)
	}
}

// TestPlayer_MixesBesideTheSession: the audition adds its wave at its gains
// to what the session rendered; solo silences the session while it plays;
// after its length it adds nothing.
func TestPlayer_MixesBesideTheSession(t *testing.T) {
	a, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	p := NewPlayer(a)
	const wave = 0x0A000023 // thump, 0.8 s
	samples, err := p.Samples(wave)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Play(wave, Level{GainL: 0.5, GainR: 0.25}, false); err != nil {
		t.Fatal(err)
	}
	buf := make([]float32, 2*256)
	for i := range buf {
		buf[i] = 0.125
	}
	p.MixInto(buf)
	for f := 0; f < 256; f++ {
		wl, wr := 0.125+samples[2*f]*0.5, 0.125+samples[2*f+1]*0.25
		if math.Abs(float64(buf[2*f]-wl)) > 1e-6 || math.Abs(float64(buf[2*f+1]-wr)) > 1e-6 {
			t.Fatalf("frame %d = (%v, %v); want (%v, %v)", f, buf[2*f], buf[2*f+1], wl, wr)
		}
	}
	if err := p.Play(wave, Level{GainL: 1, GainR: 1}, true); err != nil {
		t.Fatal(err)
	}
	for i := range buf {
		buf[i] = 0.125
	}
	p.MixInto(buf)
	if buf[2*100] != samples[2*100] {
		t.Errorf("solo: frame 100 = %v; want the wave alone %v", buf[200], samples[200])
	}
	for p.Playing() {
		p.MixInto(buf)
	}
	for i := range buf {
		buf[i] = 0.125
	}
	p.MixInto(buf)
	if buf[0] != 0.125 || buf[len(buf)-1] != 0.125 {
		t.Error("a finished audition still changes the output")
	}
	if err := p.Play(0x0A00FFFF, Level{GainL: 1, GainR: 1}, false); err == nil {
		t.Error("a missing wave plays without an error")
	}
}
