package audio

import (
	"math"
	"math/big"
	"testing"
)

// TestS1_ReferenceRows pins every row of the spec's reference table (vol = master = 1).
func TestS1_ReferenceRows(t *testing.T) {
	for _, c := range []struct {
		dist float32
		db   int
		play bool
	}{
		{2, 0, true}, {5, 0, true}, {10, -12, true}, {20, -24, true}, {30, -31, true},
		{50, -40, true}, {90, -50, true}, {94.2, VolMin, false}, {100, VolMin, false}, {1000, VolMin, false},
	} {
		l := Attenuation(c.dist, 1, 1)
		if l.DB != c.db || l.Play != c.play {
			t.Errorf("S1: %v m: got db %d play %v, want db %d play %v", c.dist, l.DB, l.Play, c.db, c.play)
		}
	}
}

// solveRadius is S1 solved on paper, independently of the code: audible iff
// ceil(20·log10(25·vm/d²)) ≥ −50 ⟺ 25·vm/d² > 10^(−51/20) ⟺ d < 5·sqrt(vm)·10^(51/40).
func solveRadius(vm float64) float64 { return 5 * math.Sqrt(vm) * math.Pow(10, 51.0/40) }

// TestS1_AudibleRadii pins the radii 94.2 / 66.6 / 29.8 m and AudibleRadius.
func TestS1_AudibleRadii(t *testing.T) {
	for _, c := range []struct{ vm, want float64 }{{1, 94.2}, {0.5, 66.6}, {0.1, 29.8}} {
		r := solveRadius(c.vm)
		if math.Abs(r-c.want) > 0.05 {
			t.Fatalf("S1: paper radius at %v: got %.3f, want ≈ %v (test arithmetic)", c.vm, r, c.want)
		}
		if !Attenuation(float32(r-0.01), float32(c.vm), 1).Play {
			t.Errorf("S1: vol %v at %.3f m: got not played, want played", c.vm, r-0.01)
		}
		if Attenuation(float32(r+0.01), float32(c.vm), 1).Play {
			t.Errorf("S1: vol %v at %.3f m: got played, want not played", c.vm, r+0.01)
		}
		// The master multiplies the same way: vol 1 with master vm.
		got := float64(AudibleRadius(1, float32(c.vm)))
		if math.Abs(got-r) > 0.01 {
			t.Errorf("S1: AudibleRadius(1, %v): got %.4f, want %.4f", c.vm, got, r)
		}
		rad := AudibleRadius(float32(c.vm), 1)
		if !Attenuation(rad, float32(c.vm), 1).Play || Attenuation(math.Nextafter32(rad, 1e9), float32(c.vm), 1).Play {
			t.Errorf("S1: AudibleRadius(%v, 1) = %v is not the last playing distance", c.vm, rad)
		}
	}
	if r := AudibleRadius(1, 0); r != 0 {
		t.Errorf("S1: AudibleRadius with master 0: got %v, want 0", r)
	}
}

// TestS1_Log2Constant: vol 0.1 inside 5 m gives −20 with the binary's 6.0206;
// float64 20·log10 gives −19.
func TestS1_Log2Constant(t *testing.T) {
	if got := Attenuation(1, 0.1, 1).DB; got != -20 {
		t.Errorf("S1: vol 0.1 at 1 m: got %d dB, want -20", got)
	}
	naive := int(math.Ceil(20 * math.Log10(float64(float32(0.1)))))
	if naive != -19 {
		t.Errorf("S1: float64 20·log10(0.1f): got %d, want -19 (the difference the constant makes)", naive)
	}
}

// TestS1_Edge50: −50 plays, −51 does not, and not played reports −50.
func TestS1_Edge50(t *testing.T) {
	// Gains just either side of 10^(−50/20) and 10^(−51/20), inside 5 m so g = vol.
	g50 := float32(math.Pow(10, -50.0/20))
	if l := Attenuation(0, g50*1.001, 1); !l.Play || l.DB != -49 && l.DB != -50 {
		t.Errorf("S1: g just above -50 dB: got %+v, want played at -50/-49", l)
	}
	g51 := float32(math.Pow(10, -51.0/20))
	if l := Attenuation(0, g51*1.01, 1); !l.Play || l.DB != -50 {
		t.Errorf("S1: g between -51 and -50 dB: got %+v, want played at -50", l)
	}
	if l := Attenuation(0, g51*0.99, 1); l.Play || l.DB != VolMin {
		t.Errorf("S1: g below -51 dB: got %+v, want not played, db -50", l)
	}
	// At 90 m the level is exactly the last audible step.
	if l := Attenuation(90, 1, 1); l.DB != -50 || !l.Play {
		t.Errorf("S1: 90 m: got %+v, want -50 played", l)
	}
	for _, v := range []float32{0, -1} {
		if l := Attenuation(1, v, 1); l.Play || l.DB != VolMin {
			t.Errorf("S1: vol %v: got %+v, want not played (g ≤ 0)", v, l)
		}
		if l := Attenuation(1, 1, v); l.Play {
			t.Errorf("S1: master %v: got %+v, want not played (g ≤ 0)", v, l)
		}
	}
}

// TestS1_Knee5m: the distance term starts at 5 m (dist < 5 → vol). The two
// branches agree at exactly 5 m (25·vol/25 = vol: S1 is continuous there), so
// the knee shows just below it, where 25·vol/d² would exceed vol.
func TestS1_Knee5m(t *testing.T) {
	for _, vol := range []float32{0.5, 1, 0.1} {
		below := Attenuation(4.999, vol, 1).GainRaw
		invSq := float32(25) * vol / (float32(4.999) * float32(4.999))
		if below != vol || below == invSq {
			t.Errorf("S1: 4.999 m vol %v: got raw %v, want %v (not the inverse square %v)", vol, below, vol, invSq)
		}
		at := Attenuation(5.0, vol, 1).GainRaw
		if want := float32(25) * vol / (float32(5) * float32(5)); at != want {
			t.Errorf("S1: 5.0 m vol %v: got raw %v, want %v (25·vol/d²)", vol, at, want)
		}
		beyond := Attenuation(5.001, vol, 1).GainRaw
		if want := float32(25) * vol / (float32(5.001) * float32(5.001)); beyond != want || beyond >= vol {
			t.Errorf("S1: 5.001 m vol %v: got raw %v, want %v", vol, beyond, want)
		}
	}
}

// TestS2_LoudCarriesFurther: volumes above 1 clamp after the divide.
func TestS2_LoudCarriesFurther(t *testing.T) {
	if l := Attenuation(2, 10, 1); l.DB != 0 || l.GainRaw != 10 || l.GainClamped != 1 {
		t.Errorf("S2: vol 10 at 2 m: got %+v, want raw 10, clamped 1, 0 dB", l)
	}
	// vol 10 at 10 m: 25·10/100 = 2.5 → clamped 1 → 0 dB, where vol 1 gives −12.
	if got := Attenuation(10, 10, 1).DB; got != 0 {
		t.Errorf("S2: vol 10 at 10 m: got %d dB, want 0", got)
	}
	r1, r10 := AudibleRadius(1, 1), AudibleRadius(10, 1)
	want := solveRadius(10)
	if math.Abs(float64(r10)-want) > 0.02 || r10 <= r1 {
		t.Errorf("S2: radius vol 10: got %v, want %.3f (> %v)", r10, want, r1)
	}
	// Clamp first, master second: vol 4, master 0.5 inside 5 m → min(4,1)·0.5 = −6 dB,
	// not min(4·0.5, 1) = 0 dB.
	if got := Attenuation(1, 4, 0.5).DB; got != -6 {
		t.Errorf("S1: clamp before master: got %d dB, want -6", got)
	}
}

// TestS3_DistanceIncludesZ: 3-D Euclidean distance.
func TestS3_DistanceIncludesZ(t *testing.T) {
	if d := Distance(Vec3{0, 0, 0}, Vec3{3, 4, 12}); d != 13 {
		t.Errorf("S3: got %v, want 13", d)
	}
	// 10 m away horizontally and 20 m up is 22.36 m: −26 dB, not −12.
	d := Distance(Vec3{0, 0, 0}, Vec3{10, 0, 20})
	if got := Attenuation(d, 1, 1).DB; got != -26 {
		t.Errorf("S3: 10 m east, 20 m up: got %d dB, want -26 (ceil(20·log10(25/500)) = ceil(-26.02))", got)
	}
}

func TestW4_Heading(t *testing.T) {
	o := Vec3{}
	for _, c := range []struct {
		to   Vec3
		want float32
	}{{Vec3{0, 1, 0}, 0}, {Vec3{1, 0, 0}, 90}, {Vec3{0, -1, 0}, 180}, {Vec3{-1, 0, 0}, 270}, {Vec3{1, 1, 0}, 45}} {
		if got := Heading(o, c.to); math.Abs(float64(got-c.want)) > 1e-4 {
			t.Errorf("W4: heading to %v: got %v, want %v", c.to, got, c.want)
		}
	}
}

// TestS4_DueEastIsFullRight: the worked example, which holds only in float32.
func TestS4_DueEastIsFullRight(t *testing.T) {
	if got := Pan(Vec3{10, 0, 0}, Vec3{}, 0, true); got != 15 {
		t.Errorf("S4: source due east of a north-facing listener: got %d, want +15", got)
	}
	if got := Pan(Vec3{-10, 0, 0}, Vec3{}, 0, true); got != -15 {
		t.Errorf("S4: due west: got %d, want -15", got)
	}
	// The same arithmetic in float64 gives 14: why the spec demands float32.
	delta := math.Mod(math.Mod(450-math.Atan2(0, -10)*180/math.Pi, 360)-0, 360)
	if !(delta <= 180) {
		delta -= 360
	}
	if f64 := int(math.Sin(delta*0.0174532924) * -15.0); f64 != 14 {
		t.Errorf("S4: float64 reference: got %d, want 14", f64)
	}
	// Facing east, a source to the north is on the left.
	if got := Pan(Vec3{0, 10, 0}, Vec3{}, 90, true); got != -15 {
		t.Errorf("S4: north of an east-facing listener: got %d, want -15", got)
	}
}

// TestS4_NoFrontBack: ahead and behind both give 0.
func TestS4_NoFrontBack(t *testing.T) {
	for _, src := range []Vec3{{0, 20, 0}, {0, -20, 0}, {0, 20, 50}} {
		if got := Pan(src, Vec3{}, 0, true); got != 0 {
			t.Errorf("S4: source %v of a north-facing listener: got %d, want 0", src, got)
		}
	}
}

// TestS4_DeadZone: (int)dist < 5 → 0, so 4.99 m gives 0 and 5 m pans.
func TestS4_DeadZone(t *testing.T) {
	if got := Pan(Vec3{4.99, 0, 0}, Vec3{}, 0, true); got != 0 {
		t.Errorf("S4: 4.99 m east: got %d, want 0", got)
	}
	if got := Pan(Vec3{5, 0, 0}, Vec3{}, 0, true); got != 15 {
		t.Errorf("S4: 5 m east: got %d, want 15", got)
	}
	// Z counts in the distance: 3 m east and 4 m up is 5 m away → pans.
	if got := Pan(Vec3{3, 0, 4}, Vec3{}, 0, true); got != 15 {
		t.Errorf("S4: 3 m east, 4 m up (5 m): got %d, want 15", got)
	}
}

// TestS4_TruncatesTowardZero: sin(30°)·15 = 7.5 → 7 and −7, never 8 or −8.
func TestS4_TruncatesTowardZero(t *testing.T) {
	// Source at bearing 30° (right-front) and 330° (left-front), 20 m away.
	r := float64(20)
	right := Vec3{float32(r * math.Sin(math.Pi/6)), float32(r * math.Cos(math.Pi/6)), 0}
	left := Vec3{-right.X, right.Y, 0}
	gr, gl := Pan(right, Vec3{}, 0, true), Pan(left, Vec3{}, 0, true)
	if gr != 7 || gl != -7 {
		t.Errorf("S4: ±30°: got %d and %d, want 7 and -7 (truncation toward zero)", gr, gl)
	}
}

// TestS4_PanOff: Sound Features 1 → 0.
func TestS4_PanOff(t *testing.T) {
	if got := Pan(Vec3{10, 0, 0}, Vec3{}, 0, false); got != 0 {
		t.Errorf("S4: pan off: got %d, want 0", got)
	}
}

// TestS5_PanLaw: positive pan attenuates the left by pan dB; level 10^(db/20).
func TestS5_PanLaw(t *testing.T) {
	db := func(g float32) float64 { return 20 * math.Log10(float64(g)) }
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-4 }
	l, r := Gains(-6, 15)
	if !near(db(l), -21) || !near(db(r), -6) {
		t.Errorf("S5: db -6 pan +15: got L %.3f dB R %.3f dB, want -21 and -6", db(l), db(r))
	}
	l, r = Gains(0, -4)
	if !near(db(l), 0) || !near(db(r), -4) {
		t.Errorf("S5: pan -4: got L %.3f R %.3f, want 0 and -4", db(l), db(r))
	}
	l, r = Gains(-80, 40) // clamps: −50 dB, pan 15
	if !near(db(l), -65) || !near(db(r), -50) {
		t.Errorf("S5: clamps: got L %.3f R %.3f, want -65 and -50", db(l), db(r))
	}
	l, r = Gains(0, 0)
	if l != 1 || r != 1 {
		t.Errorf("S5: 0 dB centre: got %v %v, want 1 1", l, r)
	}
}

// exact32 rounds the exact product a·b to float32 (reference for mul32).
func exact32(a float32, b float64) float32 {
	p := new(big.Float).SetPrec(200).SetFloat64(float64(a))
	p.Mul(p, new(big.Float).SetPrec(200).SetFloat64(b))
	f, _ := p.Float32()
	return f
}

// TestS1_Mul32RoundsOnce: x87 single precision multiplying by a double
// constant rounds the exact product once; float64-then-float32 would round
// twice on float32 midpoints.
func TestS1_Mul32RoundsOnce(t *testing.T) {
	midpoints, fixed := 0, 0
	for i := range 4000 {
		m := 1 + float64(2*i+1)/(1<<24) // a float32 midpoint
		for _, a := range []float32{3, 7, 11, 13} {
			b := m / float64(a)
			want := exact32(a, b)
			if got := mulRound32(float64(a), b); got != want {
				t.Fatalf("S1: mulRound32(%v, %v): got %v, want %v", a, b, got, want)
			}
			if float64(a)*b == m {
				midpoints++
				if float32(float64(a)*b) != want {
					fixed++
				}
			}
		}
	}
	if fixed == 0 {
		t.Errorf("S1: no double-rounding case exercised (%d midpoints)", midpoints)
	}
	for _, c := range []struct {
		a float32
		b float64
	}{{-2.3025851, invLn2}, {-3.321928, dbPerLog2}, {3.1415927, radToDeg}, {1e-30, 1e-30}} {
		if got, want := mulRound32(float64(c.a), c.b), exact32(c.a, c.b); got != want {
			t.Errorf("S1: mulRound32(%v, %v): got %v, want %v", c.a, c.b, got, want)
		}
	}
}
