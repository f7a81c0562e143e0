package audio

// Kernel pins (O3): SHA-256 of the outputs of every arithmetic kernel that
// must give the same bits on every CPU — S1 over a grid of distances and
// volumes, S4 over a grid of positions and headings, the S5 gains over their
// whole domain, the ran2 and rand() streams, the resampler at common rates,
// and go-mp3's decode of the test MP3. CROSS-ARCHITECTURE AND REGRESSION
// PINS, NOT CORRECTNESS VALUES (the S/T tests hold those): produced by this
// code with -update, checked natively and under qemu-aarch64 by
// scripts/cross-arm64.sh, so an amd64/arm64 difference (a fused multiply-add,
// a library's per-architecture path such as math.Log's amd64 assembly) fails.

import (
	"crypto/sha256"
	"encoding/binary"
	"flag"
	"fmt"
	"hash"
	"math"
	"os"
	"testing"

	"soundworld/dat"
	"soundworld/internal/goldenpin"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/golden_kernels.txt from this run")

var kernelPins = goldenpin.File{Path: "testdata/golden_kernels.txt", Test: "TestO3_KernelPins", Source: "audio/golden_test.go"}

func put32(h hash.Hash, vs ...uint32) {
	var b [4]byte
	for _, v := range vs {
		binary.LittleEndian.PutUint32(b[:], v)
		h.Write(b[:])
	}
}

func kernelHashes(t *testing.T) map[string]string {
	out := map[string]string{}
	sum := func(name string, f func(h hash.Hash)) {
		h := sha256.New()
		f(h)
		out[name] = fmt.Sprintf("%x", h.Sum(nil))
	}
	sum("S1", func(h hash.Hash) { // 400 × 1000 (distance, vol) pairs, master 1 and 0.37
		for i := range 400 {
			d := float32(i) * 0.2537
			for j := range 1000 {
				v := float32(j+1) * 0.0031
				for _, m := range []float32{1, 0.37} {
					l := Attenuation(d, v, m)
					put32(h, uint32(int32(l.DB)), math.Float32bits(l.Gain))
				}
			}
		}
	})
	sum("S1-sweep", func(h hash.Hash) { // every 331st float32 in (0, 1]
		for b := uint32(1); b <= 0x3F800000; b += 331 {
			put32(h, uint32(int32(Attenuation(0, math.Float32frombits(b), 1).DB)))
		}
	})
	sum("S4", func(h hash.Hash) { // positions on a grid around the listener, 24 headings
		lis := Vec3{X: 24000.5, Y: 31000.25, Z: 10}
		for x := -60; x <= 60; x += 3 {
			for y := -60; y <= 60; y += 3 {
				src := Vec3{X: lis.X + float32(x)*1.37, Y: lis.Y + float32(y)*0.91, Z: 12}
				for k := range 24 {
					hd := float32(k) * 15.3
					put32(h, uint32(int32(Pan(src, lis, hd, true))), math.Float32bits(Heading(src, lis)), math.Float32bits(Distance(src, lis)))
				}
			}
		}
	})
	sum("S5", func(h hash.Hash) {
		for db := -60; db <= 5; db++ {
			for pan := -20; pan <= 20; pan++ {
				l, r := Gains(db, pan)
				put32(h, math.Float32bits(l), math.Float32bits(r))
			}
		}
	})
	sum("T4", func(h hash.Hash) {
		for _, seed := range []uint32{1, 7, 0xDEADBEEF} {
			g, r := NewRan2(seed), NewMSVCRand(seed)
			for range 100000 {
				put32(h, math.Float32bits(g.Roll()), uint32(r.Rand()))
			}
		}
	})
	sum("O1-resample", func(h hash.Hash) {
		for _, rate := range []int{8000, 11025, 22050, 22254, 32000, 48000} {
			n := rate / 4
			in := make([]float32, 2*n)
			for i := range n { // a chirp plus a step: every tap matters
				x := float64(i) / float64(rate)
				in[2*i] = float32(0.6 * math.Sin(2*math.Pi*(200+4000*x)*x))
				in[2*i+1] = float32(i%97) / 97
			}
			for _, v := range resamplerFor(rate).run(in, 2) {
				put32(h, math.Float32bits(v))
			}
		}
	})
	sum("O1-mp3", func(h hash.Hash) {
		b, err := os.ReadFile("testdata/beep_44100hz.mp3")
		if err != nil {
			t.Fatal(err)
		}
		for _, rate := range []uint32{44100} {
			s, err := DecodeWave(&dat.Wave{ID: 1, Format: dat.WaveFormat{Tag: dat.WaveTagMP3, Channels: 2, SamplesPerSec: rate}, Data: b})
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range s {
				put32(h, math.Float32bits(v))
			}
			if d := os.Getenv("GOLDEN_DUMP"); d != "" { // for diffing two machines' decodes
				b := make([]byte, 4*len(s))
				for i, v := range s {
					binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
				}
				os.WriteFile(d+"/mp3.f32", b, 0o644)
			}
		}
	})
	sum("O1-mp3-mpeg2", func(h hash.Hash) { // MPEG-2 speech, resampled to 44.1 kHz
		s := decodeSpeechMP3(t)
		if len(s) < 2*44100 {
			t.Fatalf("speech: %d samples, want seconds of audio", len(s))
		}
		for _, v := range s {
			put32(h, math.Float32bits(v))
		}
	})
	return out
}

// TestO3_KernelPins compares the kernel hashes with the pinned ones.
func TestO3_KernelPins(t *testing.T) {
	got := kernelHashes(t)
	kernelPins.Check(t, got, *updateGolden, func(k, sum, pinned string) {
		t.Errorf("O3: kernel %s: got sha256 %s, pinned %s", k, sum, pinned)
	})
}
