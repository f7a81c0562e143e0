package assets

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// ulps is how many representable float64s lie between a and b.
func ulps(a, b float64) float64 {
	if a == b {
		return 0
	}
	d := math.Abs(a - b)
	return d / (math.Nextafter(math.Abs(b), math.Inf(1)) - math.Abs(b))
}

// TestFmath_NearMath: the portable functions agree with the math package to
// a few units in the last place over the ranges the synthesis uses, and
// give the exact values where there is one.
func TestFmath_NearMath(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	worst := map[string]float64{}
	check := func(name string, got, want float64, tol float64) {
		u := ulps(got, want)
		if math.Abs(want) < 1e-300 { // near zero: absolute
			u = math.Abs(got-want) / 1e-300
		}
		worst[name] = max(worst[name], u)
		if u > tol {
			t.Errorf("%s: %v, math gives %v (%.1f ulp)", name, got, want, u)
		}
	}
	for range 200000 {
		x := (r.Float64() - 0.5) * 80 // e^±40
		check("exp", fexp(x), math.Exp(x), 3)
		y := math.Exp((r.Float64() - 0.5) * 60)
		check("log", flog(y), math.Log(y), 3)
		a := (r.Float64() - 0.5) * 2e4 // phases of many cycles
		s, c := fsincos(a)
		// math.Sin's own reduction is exact; ours keeps |a|·2^-99 of π's tail,
		// so the tolerance is absolute near zeros.
		if math.Abs(math.Sin(a)) > 1e-3 {
			check("sin", s, math.Sin(a), 4)
		}
		if math.Abs(math.Cos(a)) > 1e-3 {
			check("cos", c, math.Cos(a), 4)
		}
		z := (r.Float64() - 0.5) * 10
		check("exp2", fexp2(z), math.Exp2(z), 4)
		// 10^z is e^(z·ln 10) of a rounded product: |z·ln 10|·2^-53 relative.
		check("pow10", fpow10(z), math.Pow(10, z), 32)
	}
	t.Logf("worst ulp: %v", worst)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"exp(0)", fexp(0), 1}, {"exp(1)", fexp(1), math.E}, {"log(1)", flog(1), 0}, {"log(e)", flog(math.E), 1},
		{"sin(0)", fsin(0), 0}, {"cos(0)", fcos(0), 1}, {"exp2(10)", fexp2(10), 1024},
		{"exp(-inf)", fexp(math.Inf(-1)), 0}, {"log(0)", flog(0), math.Inf(-1)},
	} {
		if ulps(c.got, c.want) > 1 {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

// TestFmath_Constants checks the split constants against π and ln 2 to 60
// digits: each head has at most 33 significant bits, and head + tail(s)
// equal the constant to the precision the splits carry.
func TestFmath_Constants(t *testing.T) {
	const prec = 300
	parse := func(s string) *big.Float {
		f, _, err := big.ParseFloat(s, 10, prec, big.ToNearestEven)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	pi := parse("3.14159265358979323846264338327950288419716939937510582097494459")
	ln2 := parse("0.693147180559945309417232121458176568075500134360255254120680009")
	sum := func(xs ...float64) *big.Float {
		s := new(big.Float).SetPrec(prec)
		for _, x := range xs {
			s.Add(s, big.NewFloat(x))
		}
		return s
	}
	rel := func(a, b *big.Float) float64 {
		d := new(big.Float).SetPrec(prec).Sub(a, b)
		d.Quo(d, b)
		f, _ := d.Float64()
		return math.Abs(f)
	}
	half := new(big.Float).SetPrec(prec).Quo(pi, big.NewFloat(2))
	if e := rel(sum(pio2Hi, pio2Mid, pio2Lo), half); e > 1e-30 {
		t.Errorf("π/2 split: relative error %g", e)
	}
	if e := rel(sum(ln2Hi, ln2Lo), ln2); e > 1e-25 {
		t.Errorf("ln 2 split: relative error %g", e)
	}
	for _, h := range []float64{pio2Hi, pio2Mid, pio2Lo, ln2Hi} {
		if math.Float64bits(h)&(1<<20-1) != 0 {
			t.Errorf("%v has more than 33 significant bits", h)
		}
	}
	for _, c := range []struct {
		name string
		got  float64
		want *big.Float
	}{
		{"1/ln 2", invLn2, new(big.Float).SetPrec(prec).Quo(big.NewFloat(1), ln2)},
		{"2/π", twoOPi, new(big.Float).SetPrec(prec).Quo(big.NewFloat(2), pi)},
		{"ln 10", ln10, parse("2.30258509299404568401799145468436420760110148862877297603332790")},
	} {
		if w, _ := c.want.Float64(); w != c.got {
			t.Errorf("%s = %v, rounded it is %v", c.name, c.got, w)
		}
	}
}
