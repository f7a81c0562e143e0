package device

import (
	"encoding/binary"
	"io"
	"math"
	"math/rand/v2"
	"testing"

	"soundworld/audio"
)

func constBuf(frames int, v float32) []float32 {
	b := make([]float32, 2*frames)
	for i := range b {
		b[i] = v
	}
	return b
}

// Issue 9 item 4: switching A→B moves from A to B over exactly FadeFrames
// frames with no jump larger than the fade's own slope (no click), and the
// output is never silent on the way (no gap).
func TestABSwitchFadesWithoutClickOrGap(t *testing.T) {
	const n = 4 * FadeFrames
	bl, br := make([]float32, n*4), make([]float32, n*4)
	for i := range bl {
		bl[i], br[i] = -0.5, -0.5
	}
	var a abMix
	a.l, a.r, a.gain = bl, br, 1
	a.target = 1
	buf := constBuf(n, 0.5) // A
	a.mix(buf)
	// Equal-power gains: out = 0.5·cos(wπ/2) − 0.5·sin(wπ/2), w stepping 1/FadeFrames per frame.
	maxStep := 0.5 * math.Pi / 2 / FadeFrames * math.Sqrt2 * 1.01
	for f := 1; f < n; f++ {
		if d := math.Abs(float64(buf[2*f] - buf[2*f-2])); d > maxStep {
			t.Fatalf("frame %d: jump %g > %g (click)", f, d, maxStep)
		}
	}
	if buf[0] == 0.5 || buf[2*(FadeFrames-1)] != -0.5 || buf[2*FadeFrames] != -0.5 {
		t.Errorf("fade: first %v, frame %d %v, frame %d %v; want moving at once and B from frame %d", buf[0], FadeFrames-1, buf[2*(FadeFrames-1)], FadeFrames, buf[2*FadeFrames], FadeFrames-1)
	}
	// Back to A.
	a.target = 0
	buf = constBuf(n, 0.5)
	a.mix(buf)
	if buf[2*FadeFrames] != 0.5 {
		t.Errorf("after the fade back: %v, want A (0.5)", buf[2*FadeFrames])
	}
}

// Equal power: with A and B independent noises of equal level, the level
// through the fade stays within 0.5 dB of either (a linear fade would dip 3 dB).
func TestABFadeKeepsLoudness(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 40 * FadeFrames
	bl, br := make([]float32, n), make([]float32, n)
	for i := range bl {
		bl[i], br[i] = float32(rng.NormFloat64()*0.1), float32(rng.NormFloat64()*0.1)
	}
	buf := make([]float32, 2*n)
	for i := range buf {
		buf[i] = float32(rng.NormFloat64() * 0.1)
	}
	var a abMix
	a.l, a.r, a.gain, a.target = bl, br, 1, 1
	// Slow the fade down for the measurement: fade in steps over the whole buffer.
	out := append([]float32(nil), buf...)
	chunk := 2 * FadeFrames / 8
	for off := 0; off < len(out); off += chunk {
		a.mix(out[off : off+chunk])
	}
	// Mean power over the fade's 10 ms vs the 10 ms before (all A) and after (all B).
	pow := func(s []float32) float64 {
		p := 0.0
		for _, v := range s {
			p += float64(v) * float64(v)
		}
		return p / float64(len(s))
	}
	ref := 0.01 // 0.1² per sample
	for _, w := range []struct {
		name string
		s    []float32
	}{{"fade", out[:2*FadeFrames]}, {"after", out[2*FadeFrames : 12*FadeFrames]}} {
		if db := 10 * math.Log10(pow(w.s)/ref); math.Abs(db) > 0.5 {
			t.Errorf("%s: level %.2f dB from A's, want within 0.5 dB", w.name, db)
		}
	}
}

// B's gain is applied, and B loops without a jump at the seam.
func TestBGainAndSeamlessLoop(t *testing.T) {
	const n = 10000 // not a whole number of 441 Hz periods
	l, r := make([]float32, n), make([]float32, n)
	for i := range l {
		l[i] = float32(0.5 * math.Sin(2*math.Pi*441*float64(i)/44100))
		r[i] = l[i]
	}
	ll, _ := loopOf(l, r)
	if len(ll) != n-FadeFrames {
		t.Fatalf("loop length %d, want %d", len(ll), n-FadeFrames)
	}
	// A 0.5-amplitude 441 Hz sine moves at most 0.5·2π·441/44100 ≈ 0.0314 per sample.
	const slope = 0.5 * 2 * math.Pi * 441 / 44100
	for i := 0; i < len(ll); i++ {
		j := (i + 1) % len(ll)
		if d := math.Abs(float64(ll[j] - ll[i])); d > 2*slope {
			t.Fatalf("loop sample %d→%d jumps %g (> %g)", i, j, d, 2*slope)
		}
	}
	var a abMix
	a.l, a.r = loopOf(constBuf(n, 0.5)[:n], constBuf(n, 0.5)[:n])
	a.gain, a.target, a.w = 0.25, 1, 1
	buf := make([]float32, 2*3*n) // wraps twice
	a.mix(buf)
	for i, v := range buf {
		if (i/2)%len(a.l) < FadeFrames {
			continue // the seam blends two unrelated moments (equal power); this B is constant
		}
		if math.Abs(float64(v)-0.125) > 1e-6 {
			t.Fatalf("sample %d = %v, want 0.5 × gain 0.25 all through the wraps", i, v)
		}
	}
}

// Through the device's stream (what the player pulls): B switched in reaches
// the output bytes and the meter tap, after the fade, at its gain.
func TestABThroughTheStream(t *testing.T) {
	d := newDevice(audio.NewMixer(nil)) // no voices: A is silence
	tap := audio.NewMeterTap()
	d.SetTap(tap)
	b := make([]float32, 3*audio.SampleRate)
	for i := range b {
		b[i] = 0.5
	}
	d.SetB(b, b)
	d.SetBGain(0.5)
	s := &stream{d: d}
	read := func(frames int) []float32 {
		p := make([]byte, 8*frames)
		n, err := io.ReadFull(s, p)
		if err != nil || n != len(p) {
			t.Fatalf("Read: %d, %v", n, err)
		}
		out := make([]float32, 2*frames)
		for i := range out {
			out[i] = math.Float32frombits(binary.LittleEndian.Uint32(p[4*i:]))
		}
		return out
	}
	if v := read(1000); v[1998] != 0 {
		t.Fatalf("A selected: got %v, want silence", v[1998])
	}
	d.SelectB(true)
	v := read(2 * FadeFrames)
	if got := v[2*FadeFrames+1]; got != 0.25 {
		t.Errorf("after the fade: %v, want B 0.5 × gain 0.5", got)
	}
	if v[0] <= 0 || v[0] >= 0.25 {
		t.Errorf("first frame of the fade: %v, want between A and B", v[0])
	}
	if last, _ := tap.Last(0.001); last[len(last)-1] != 0.25 {
		t.Errorf("the tap saw %v, want what is heard (0.25)", last[len(last)-1])
	}
}

// Closing (or replacing) B while it is heard fades to A first: no cut.
func TestSetBWhileHeardFadesOut(t *testing.T) {
	d := newDevice(audio.NewMixer(nil))
	b := make([]float32, audio.SampleRate)
	for i := range b {
		b[i] = 0.5
	}
	d.SetB(b, b)
	d.SelectB(true)
	buf := make([]float32, 4*FadeFrames)
	d.ab.mix(buf) // now fully on B
	if buf[len(buf)-1] != 0.5 {
		t.Fatalf("on B: %v", buf[len(buf)-1])
	}
	d.SetB(nil, nil)
	buf = make([]float32, 4*FadeFrames) // A is silence
	d.ab.mix(buf)
	maxStep := 0.5 * math.Pi / 2 / FadeFrames * 1.01
	prev := float32(0.5)
	for i := 0; i < len(buf); i += 2 {
		if d := math.Abs(float64(buf[i] - prev)); d > maxStep {
			t.Fatalf("frame %d: jump %g (a cut)", i/2, d)
		}
		prev = buf[i]
	}
	if buf[len(buf)-2] != 0 || len(d.ab.l) != 0 {
		t.Errorf("after the fade: %v, B loaded %d; want A and B gone", buf[len(buf)-2], len(d.ab.l))
	}
}
