package audio

import "math"

// Retail constants of GetAttenuation and PlaySoundInternal (S1, S4). Every
// step of the level and pan math is rounded to float32, as retail's x87 did in
// single-precision mode (spec "Precision").
const (
	volMinDist   float32 = 5.0          // S1: m, inside this the distance term is 1 (float in the binary)
	volMinDistSq float32 = 25.0         // S1: m², 5² (float)
	invLn2               = 1 / math.Ln2 // S1: INV_LOG_OF_2, a double in the binary
	dbPerLog2            = 6.0206       // S1: a double in the binary; not the exact 20·log10(2)
	radToDeg             = 57.29577951308232
	degToRad     float32 = 0.0174532924 // S4: a float in the binary
	panScale     float32 = -15.0        // S4 (a double −15.0; the product rounds the same)
	panDeadZone          = 5            // S4: m, compared with (int)dist

	// VolMin is retail's level floor in dB (VOL_MIN): quieter is not played (S1).
	VolMin = -50
	// PanMax is the largest pan in dB either way (S5).
	PanMax = 15
)

// Distance is the 3-D Euclidean distance in m between a and b, Z included (S3),
// in float32 steps.
func Distance(a, b Vec3) float32 {
	dx, dy, dz := b.X-a.X, b.Y-a.Y, b.Z-a.Z
	// Explicit float32 conversions round each product and forbid fused
	// multiply-adds, so every architecture gets retail's float32 steps.
	s := float32(dx*dx) + float32(dy*dy)
	s += float32(dz * dz)
	return float32(math.Sqrt(float64(s)))
}

// Heading is the compass heading in degrees (0 = north, 90 = east) from a toward
// b (W4): fmod(450 − atan2(dy, dx)·180/π, 360), in float32 steps. Z is ignored.
func Heading(a, b Vec3) float32 {
	dx, dy := b.X-a.X, b.Y-a.Y
	// S1/S4 precision (revision 2): fpatan's result is not rounded by the
	// x87 precision control; the multiply by RAD→DEG (fmul qword) rounds the
	// exact product once to float32.
	at := math.Atan2(float64(dy), float64(dx))
	deg := mulRound32(at, radToDeg)
	h := 450 - deg
	return float32(math.Mod(float64(h), 360))
}

// Level is the outcome of GetAttenuation (S1) with its inputs, for the UI.
type Level struct {
	GainRaw     float32 // vol or 25·vol/dist², before the clamp
	GainClamped float32 // min(GainRaw, 1)
	Gain        float32 // GainClamped·master
	DB          int     // whole dB; VolMin when not played
	Play        bool    // false: g ≤ 0 or db < −50, no voice is taken
}

// Attenuation is retail GetAttenuation (S1, S2): the level in whole dB of a
// sound of linear volume vol (may exceed 1, S2) at dist m with master volume
// master (0..1). Clamp first, multiply by the master second, exactly once.
func Attenuation(dist, vol, master float32) Level {
	var l Level
	if dist < volMinDist { // S1: the 5 m knee, strictly below
		l.GainRaw = vol
	} else {
		num := float32(volMinDistSq * vol) // explicit float32(): no fused multiply-add
		d2 := float32(dist * dist)
		l.GainRaw = num / d2
	}
	l.GainClamped = l.GainRaw
	if l.GainClamped > 1 { // S2: clamp after the divide, so loud sounds carry further
		l.GainClamped = 1
	}
	l.Gain = float32(l.GainClamped * master)
	if !(l.Gain > 0) { // S1: g ≤ 0 → not played (NaN too)
		l.DB = VolMin
		return l
	}
	// S1 precision (revision 2): fyl2x's result stays unrounded (float64
	// stands in for the 80-bit register); the consuming multiply rounds the
	// exact product once to float32. Rounding ln first gives −9 instead of −8
	// for vol 0x3eb5aa1b (TestS1_TranscendentalUnrounded).
	ln := math.Log(float64(l.Gain)) // fldln2; fyl2x
	lg2 := mulRound32(ln, invLn2)
	x := mulRound32(float64(lg2), dbPerLog2)
	db := int(float32(math.Ceil(float64(x))))
	if db < VolMin { // S1: strictly below −50 → not played, reported as VOL_MIN
		l.DB = VolMin
		return l
	}
	l.DB = db
	l.Play = true
	return l
}

// Pan is retail's pan in whole dB (S4) of a source at src heard by a listener
// at lis facing heading degrees (compass): positive = right. panOn false is
// Sound Features 1 (pan 0). No front/back: ahead and behind both give 0.
func Pan(src, lis Vec3, heading float32, panOn bool) int {
	if !panOn {
		return 0
	}
	return panAt(src, lis, heading, Distance(src, lis))
}

// panAt is Pan with the distance already computed (PlaySoundInternal order).
func panAt(src, lis Vec3, heading, dist float32) int {
	delta := float32(math.Mod(float64(Heading(src, lis)-heading), 360))
	if !(delta <= 180) { // S4: normalise to (−180, 180]
		delta -= 360
	}
	id := int(dist) // S4: a distance dead zone on (int)dist, so 4.99 m → 0
	if id < 0 {
		id = -id
	}
	if id < panDeadZone {
		return 0
	}
	rad := float32(delta * degToRad)
	// S4 precision (revision 2): fsin's result stays unrounded; the multiply
	// by −15 rounds the exact product once to float32, then truncates.
	s := math.Sin(float64(rad))
	return int(mulRound32(s, float64(panScale))) // S4: truncation toward zero
}

// Gains is the DirectSound pan law of S5 for a voice born at db and pan: pan
// clamped to ±15, level to ≥ −50; overall gain 10^(db/20); a positive pan
// attenuates the LEFT channel by pan dB (right at 0 dB), a negative pan the
// right. Linear gains for the mixer.
func Gains(db, pan int) (left, right float32) {
	pan = max(-PanMax, min(PanMax, pan))
	db = max(VolMin, db)
	g := dbToLinear(db)
	l, r := g, g
	if pan > 0 {
		l *= dbToLinear(-pan)
	} else if pan < 0 {
		r *= dbToLinear(pan)
	}
	return float32(l), float32(r)
}

// tenPow[k] is 10^(−k/20) (S5), computed once: the same values as calling
// math.Pow per voice, without its cost.
var tenPow = func() (t [-VolMin + PanMax + 1]float64) {
	for k := range t {
		t[k] = math.Pow(10, float64(-k)/20)
	}
	return t
}()

// dbToLinear is 10^(db/20).
func dbToLinear(db int) float64 {
	if db <= 0 && -db < len(tenPow) {
		return tenPow[-db]
	}
	return math.Pow(10, float64(db)/20)
}

// AudibleRadius solves S1 for −50 dB: the distance in m beyond which vol·master is not played.
// It is the largest float32 distance at which Attenuation still plays (found by
// bisection on Attenuation itself, so it agrees with S1 exactly); 0 if nothing plays.
func AudibleRadius(vol, master float32) float32 {
	if !Attenuation(0, vol, master).Play {
		return 0
	}
	lo, hi := float32(0), float32(1)
	for Attenuation(hi, vol, master).Play {
		lo, hi = hi, hi*2
		if hi > 1e12 {
			return float32(math.Inf(1))
		}
	}
	// Invariant: lo plays, hi does not. Bisect down to adjacent float32 values.
	for {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			return lo
		}
		if Attenuation(mid, vol, master).Play {
			lo = mid
		} else {
			hi = mid
		}
	}
}
