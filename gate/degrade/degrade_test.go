package degrade

import (
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"testing"
)

// The FFT convolution equals the direct sum Σ x[i]·h[n−i] (to float32
// rounding), at lengths that make several blocks and a ragged last one.
func TestConvolveMatchesDirect(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct{ nx, nh int }{{1000, 300}, {5000, 64}, {37, 100}, {1, 1}} {
		x, h := make([]float32, c.nx), make([]float32, c.nh)
		for i := range x {
			x[i] = float32(rng.NormFloat64())
		}
		for i := range h {
			h[i] = float32(rng.NormFloat64())
		}
		got := Convolve(x, h)
		if len(got) != c.nx+c.nh-1 {
			t.Fatalf("%v: %d samples, want %d", c, len(got), c.nx+c.nh-1)
		}
		for n := range got {
			var s float64
			for i := max(0, n-c.nh+1); i <= min(n, c.nx-1); i++ {
				s += float64(x[i]) * float64(h[n-i])
			}
			if math.Abs(float64(got[n])-s) > 1e-4*(1+math.Abs(s)) {
				t.Fatalf("%v: y[%d] = %v, direct sum %v", c, n, got[n], s)
			}
		}
	}
}

// The room's impulse response decays 60 dB in rt60: the energy of its tail
// between 10 % and 50 % of rt60 falls by 60·0.4 = 24 dB (Schroeder's
// backward integral, read over that span).
func TestRoomIRDecay(t *testing.T) {
	for _, rt := range []float64{0.3, 0.8} {
		l, _ := RoomIR(rt, 5)
		back := make([]float64, len(l)+1)
		for i := len(l) - 1; i >= 0; i-- {
			back[i] = back[i+1] + float64(l[i])*float64(l[i])
		}
		at := func(s float64) float64 { return 10 * math.Log10(back[int(s*Rate)]) }
		got := at(0.1*rt) - at(0.5*rt)
		if math.Abs(got-24) > 1.5 {
			t.Errorf("RT60 %v s: %.1f dB from 10 %% to 50 %%, want 24", rt, got)
		}
	}
}

// Noise at snr dB is that far under the take's RMS.
func TestNoiseSNR(t *testing.T) {
	l := make([]float32, Rate)
	for i := range l {
		l[i] = float32(0.3 * math.Sin(float64(i)/10))
	}
	for _, pink := range []bool{false, true} {
		ol, or := Noise(l, l, 20, pink, 3)
		d := make([]float32, len(l))
		e := make([]float32, len(l))
		for i := range l {
			d[i], e[i] = ol[i]-l[i], or[i]-l[i]
		}
		if got := 20 * math.Log10(rms(l, l)/rms(d, e)); math.Abs(got-20) > 0.01 {
			t.Errorf("pink %v: SNR %.3f dB, want 20", pink, got)
		}
	}
}

// A codec round trip keeps the take's length and level (within 1 dB).
func TestCodecRoundTrip(t *testing.T) {
	l := make([]float32, 3*Rate)
	for i := range l {
		l[i] = float32(0.2 * math.Sin(2*math.Pi*440*float64(i)/Rate))
	}
	for _, c := range []string{"mp3", "ogg"} {
		ol, or, err := Codec(l, l, c)
		if errors.Is(err, ErrNoEncoder) {
			if os.Getenv("SOUNDWORLD_REQUIRE_ENCODERS") != "" {
				t.Fatalf("%s: %v", c, err)
			}
			t.Skipf("%s: %v (scripts/gate-truth.sh installs lame and vorbis-tools)", c, err)
		}
		if err != nil {
			t.Fatal(err)
		}
		if d := len(ol) - len(l); d < -2000 || d > 2000 {
			t.Errorf("%s: %d samples, want about %d", c, len(ol), len(l))
		}
		if g := 20 * math.Log10(rms(ol, or)/rms(l, l)); math.Abs(g) > 1 {
			t.Errorf("%s: level moved %.2f dB", c, g)
		}
	}
}
