package bigworld

// noise.go: deterministic value noise (integer hash, smoothstep, fBm). Pure
// arithmetic on the inputs and a seed, so the world is the same on every
// machine and run.

import "math"

// hash2 mixes a lattice point and a seed into 32 bits (a murmur3-style finaliser).
func hash2(x, y int32, seed uint32) uint32 {
	h := uint32(x)*0x8DA6B343 ^ uint32(y)*0xD8163841 ^ seed*0xCB1AB31F
	h ^= h >> 16
	h *= 0x85EBCA6B
	h ^= h >> 13
	h *= 0xC2B2AE35
	h ^= h >> 16
	return h
}

// unit maps a hash to [0, 1).
func unit(h uint32) float64 { return float64(h>>8) / (1 << 24) }

// value is 2-D value noise in [0, 1) at (x, y) in lattice units.
func value(x, y float64, seed uint32) float64 {
	fx, fy := math.Floor(x), math.Floor(y)
	ix, iy := int32(fx), int32(fy)
	u, v := x-fx, y-fy
	u, v = u*u*(3-2*u), v*v*(3-2*v)
	a := unit(hash2(ix, iy, seed))
	b := unit(hash2(ix+1, iy, seed))
	c := unit(hash2(ix, iy+1, seed))
	d := unit(hash2(ix+1, iy+1, seed))
	return a + (b-a)*u + (c-a)*v + (a-b-c+d)*u*v
}

// fbm sums octaves of value noise (period p lattice units for the first,
// halving each octave, gain 0.5); the result is in [0, 1).
func fbm(x, y, p float64, octaves int, seed uint32) float64 {
	sum, amp, norm := 0.0, 1.0, 0.0
	for o := 0; o < octaves; o++ {
		sum += amp * value(x/p, y/p, seed+uint32(o)*7919)
		norm += amp
		amp *= 0.5
		p *= 0.5
	}
	return sum / norm
}
