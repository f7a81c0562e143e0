package audio

import (
	"math"
	"testing"
)

// sine is n frames of a stereo sine of amplitude a at f Hz (both channels).
func sine(n int, a, f float64) []float32 {
	s := make([]float32, 2*n)
	for i := 0; i < n; i++ {
		v := float32(a * math.Sin(2*math.Pi*f*float64(i)/SampleRate))
		s[2*i], s[2*i+1] = v, v
	}
	return s
}

// A full-scale sine: peak 0 dBFS, RMS 20·log10(1/√2) = −3.0103 dBFS.
func TestMeter_FullScaleSine(t *testing.T) {
	m := NewMeter()
	m.Feed(sine(SampleRate, 1, 1000)) // 1 s: fills the 0.3 s window
	r := m.Reading()
	wantRMS := 20 * math.Log10(1/math.Sqrt2)
	for c := 0; c < 2; c++ {
		if math.Abs(r.Peak[c]) > 0.01 || math.Abs(r.Hold[c]) > 0.01 {
			t.Errorf("ch %d: peak %.4f, hold %.4f dBFS; want 0", c, r.Peak[c], r.Hold[c])
		}
		if math.Abs(r.RMS[c]-wantRMS) > 0.01 {
			t.Errorf("ch %d: RMS %.4f dBFS, want %.4f", c, r.RMS[c], wantRMS)
		}
	}
}

// Half scale (−6.02 dBFS peak) in the left channel, silence in the right.
func TestMeter_ChannelsAndSilence(t *testing.T) {
	m := NewMeter()
	s := sine(SampleRate/2, 0.5, 441)
	for i := 1; i < len(s); i += 2 {
		s[i] = 0
	}
	m.Feed(s)
	r := m.Reading()
	if want := 20 * math.Log10(0.5); math.Abs(r.Hold[0]-want) > 1e-9 || r.Peak[0] > r.Hold[0] || r.Peak[0] < want-0.02 {
		t.Errorf("left hold %.4f, peak bar %.4f; want %.4f (the bar ≤ 24 frames of release below)", r.Hold[0], r.Peak[0], want)
	}
	if want := 20 * math.Log10(0.5/math.Sqrt2); math.Abs(r.RMS[0]-want) > 0.01 {
		t.Errorf("left RMS %.4f, want %.4f", r.RMS[0], want)
	}
	if r.Peak[1] != MeterFloor || r.RMS[1] != MeterFloor || r.Overload {
		t.Errorf("right: peak %v RMS %v overload %v; want floor, floor, no", r.Peak[1], r.RMS[1], r.Overload)
	}
}

// Hold: a 0 dBFS burst is held 1.5 s, then leaves the hold (the true
// maximum of the last 1.5 s: silence); the bar has been falling 20 dB/s
// since the burst. RMS empties 0.3 s after it.
func TestMeter_HoldThenRelease(t *testing.T) {
	m := NewMeter()
	burst := make([]float32, 2*441)
	for i := range burst {
		burst[i] = 0.999
	}
	m.Feed(burst)
	silence := func(sec float64) { m.Feed(make([]float32, 2*int(math.Round(sec*SampleRate)))) }
	silence(0.31)
	if r := m.Reading(); r.RMS[0] != MeterFloor {
		t.Errorf("RMS 0.31 s after the burst: %.2f, want the floor (window 0.3 s)", r.RMS[0])
	}
	silence(1.4 - 0.31)
	r := m.Reading()
	held := 20 * math.Log10(0.999)
	if math.Abs(r.Hold[0]-held) > 1e-6 {
		t.Errorf("hold 1.4 s after: %.3f dBFS, want %.3f (held)", r.Hold[0], held)
	}
	// The bar fell 20 dB/s for 1.4 s (+ the frame count of the burst's end).
	if want := held - 20*1.4; math.Abs(r.Peak[0]-want) > 0.05 {
		t.Errorf("peak bar 1.4 s after: %.3f, want %.3f", r.Peak[0], want)
	}
	silence(0.2) // 1.6 s after: the burst has left the window
	r = m.Reading()
	if want := held - 20*1.6; math.Abs(r.Peak[0]-want) > 0.05 || r.Hold[0] != MeterFloor {
		t.Errorf("1.6 s after: hold %.3f, peak %.3f; want the floor and %.3f", r.Hold[0], r.Peak[0], want)
	}
}

// Issue 17 item 6: the hold is the true maximum of the last 1.5 s, not a
// hold restarted from the current sample when it expires. 0.5 at 0 s,
// 0.24 at 1.0 s, 0.1 from 1.55 s: at 1.6 s the hold reads 0.24 (the old
// meter read 0.1); at 2.6 s, 0.1; the boundary is exact to the frame.
func TestMeter_HoldIsTrueMaxOfLast1_5s(t *testing.T) {
	m := NewMeter()
	feed := func(v float32, frames int) {
		s := make([]float32, 2*frames)
		for i := range s {
			s[i] = v
		}
		m.Feed(s)
	}
	feed(0.5, 1)           // frame 0
	feed(0, 44100-1)       // to 1.0 s
	feed(-0.24, 1)         // frame 44100 (negative: the magnitude counts)
	feed(0, 68355-44101)   // to 1.55 s (frame 68355)
	feed(0.1, 70560-68355) // to 1.6 s
	hold := func() float64 { return m.Reading().Hold[0] }
	if want := DBFS(float64(float32(0.24))); hold() != want {
		t.Errorf("1.6 s: hold %.3f dBFS, want %.3f (0.24 at 1.0 s)", hold(), want)
	}
	// The window holds the last 66150 frames (1.5 s): 0.24 at frame 44100
	// leaves it once frame 44100+66150 has been fed.
	feed(0.1, 44100+66150-70560) // frames up to 110249: 0.24 still in
	if want := DBFS(float64(float32(0.24))); hold() != want {
		t.Errorf("last frame with 0.24 inside: hold %.3f, want %.3f", hold(), want)
	}
	feed(0.1, 1)
	if want := DBFS(float64(float32(0.1))); hold() != want {
		t.Errorf("0.24 just left: hold %.3f, want %.3f", hold(), want)
	}
}

// Clip: a sample at full scale lights the clip indicator for 3 s and counts.
func TestMeter_Clip(t *testing.T) {
	m := NewMeter()
	s := make([]float32, 2*100)
	s[2*50+1] = -1 // right channel, the mixer's hard clip (O2)
	m.Feed(s)
	r := m.Reading()
	if !r.Clip[1] || r.Clip[0] || r.Clipped != 1 || !r.Overload {
		t.Fatalf("after one clipped sample: %+v", r)
	}
	m.Feed(make([]float32, 2*int(2.9*SampleRate)))
	if r := m.Reading(); !r.Clip[1] {
		t.Errorf("clip light off 2.9 s after; want on for 3 s")
	}
	m.Feed(make([]float32, 2*int(0.2*SampleRate)))
	if r := m.Reading(); r.Clip[1] || r.Clipped != 1 {
		t.Errorf("3.1 s after: clip %v, count %d; want off, still 1", r.Clip[1], r.Clipped)
	}
}

// The tap keeps the last 30 s exactly, oldest first, across the ring's wrap.
func TestMeterTap_LastWraps(t *testing.T) {
	tp := NewMeterTap()
	block := make([]float32, 2*4410) // 0.1 s
	k := 0
	for b := 0; b < 350; b++ { // 35 s
		for i := range block {
			block[i] = float32(k%1000) / 1000
			k++
		}
		tp.Write(block)
	}
	got, first := tp.Last(30)
	if len(got) != 2*30*SampleRate || first != 5*SampleRate {
		t.Fatalf("Last(30): %d samples from frame %d; want %d from %d", len(got), first, 2*30*SampleRate, 5*SampleRate)
	}
	for i, v := range got {
		if want := float32((k-len(got)+i)%1000) / 1000; v != want {
			t.Fatalf("sample %d = %v, want %v", i, v, want)
		}
	}
	short, _ := tp.Last(0.05)
	if len(short) != 2*2205 || short[len(short)-1] != got[len(got)-1] {
		t.Fatalf("Last(0.05): %d samples", len(short))
	}
}
