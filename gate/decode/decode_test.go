package decode

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"
)

func sine(n, rate int, f, amp float64) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(amp * math.Sin(2*math.Pi*f*float64(i)/float64(rate)))
	}
	return s
}

// rms of s[a:b] in linear units.
func rms(s []float32, a, b int) float64 {
	var sum float64
	for _, v := range s[a:b] {
		sum += float64(v) * float64(v)
	}
	return math.Sqrt(sum / float64(b-a))
}

// upCrossings counts rising zero crossings of s[a:b] (≈ frequency × seconds).
func upCrossings(s []float32, a, b int) int {
	n := 0
	for i := a + 1; i < b; i++ {
		if s[i-1] < 0 && s[i] >= 0 {
			n++
		}
	}
	return n
}

func TestWAVFormats(t *testing.T) {
	for _, c := range []struct {
		bits  int
		float bool
		rate  int
		nch   int
		tol   float64 // amplitude tolerance (quantisation)
	}{
		{8, false, 44100, 1, 0.01},
		{16, false, 44100, 2, 1e-4},
		{24, false, 48000, 2, 1e-3},
		{32, false, 22050, 2, 1e-3},
		{32, true, 96000, 2, 1e-3},
		{64, true, 44100, 2, 1e-6},
		{16, false, 44100, 6, 1e-4},
	} {
		n := c.rate // 1 s
		chans := make([][]float32, c.nch)
		for i := range chans {
			chans[i] = make([]float32, n)
		}
		chans[0] = sine(n, c.rate, 1000, 0.5)
		if c.nch > 1 {
			chans[1] = sine(n, c.rate, 1000, 0.25)
		}
		a, err := Bytes(EncodeWAV(chans, c.rate, c.bits, c.float), "t.wav")
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if len(a.L) != 44100 || len(a.R) != 44100 || a.SourceRate != c.rate || a.Channels != c.nch {
			t.Fatalf("%+v: %d/%d frames, rate %d, %d channels", c, len(a.L), len(a.R), a.SourceRate, a.Channels)
		}
		// A sine of amplitude A has RMS A/√2; away from the resampler's edges.
		wantR := 0.25
		if c.nch == 1 {
			wantR = 0.5
		}
		if l := rms(a.L, 1000, 43000); math.Abs(l-0.5/math.Sqrt2) > c.tol+0.002 {
			t.Errorf("%+v: left RMS %v, want %v", c, l, 0.5/math.Sqrt2)
		}
		if r := rms(a.R, 1000, 43000); math.Abs(r-wantR/math.Sqrt2) > c.tol+0.002 {
			t.Errorf("%+v: right RMS %v, want %v", c, r, wantR/math.Sqrt2)
		}
		if k := upCrossings(a.L, 0, 44100); k < 999 || k > 1001 {
			t.Errorf("%+v: %d rising zero crossings in 1 s, want 1000", c, k)
		}
	}
}

func TestOggAndMP3(t *testing.T) {
	a, err := File("testdata/sine1k_left_48k.ogg")
	if err != nil {
		t.Fatal(err)
	}
	if a.Format != "ogg vorbis" || a.SourceRate != 48000 || math.Abs(a.Seconds()-1) > 0.01 {
		t.Fatalf("ogg: %s %d Hz %v s", a.Format, a.SourceRate, a.Seconds())
	}
	if l, r := rms(a.L, 2000, 42000), rms(a.R, 2000, 42000); math.Abs(l-0.3536) > 0.01 || r > 0.01 {
		t.Fatalf("ogg: RMS left %v (want 0.354), right %v (want ≈ 0)", l, r)
	}
	if k := upCrossings(a.L, 0, len(a.L)); k < 995 || k > 1005 {
		t.Fatalf("ogg: %d crossings, want ≈ 1000", k)
	}
	m, err := File("testdata/sine440_mono_22k.mp3")
	if err != nil {
		t.Fatal(err)
	}
	// LAME's Info tag gives the encoder's delay and padding: gapless, 1 s.
	if m.Format != "mp3" || m.SourceRate != 22050 || len(m.L) != 44100 {
		t.Fatalf("mp3: %s %d Hz %v s", m.Format, m.SourceRate, m.Seconds())
	}
	if l, r := rms(m.L, 8000, 40000), rms(m.R, 8000, 40000); math.Abs(l-0.3536) > 0.02 || math.Abs(l-r) > 1e-6 {
		t.Fatalf("mp3: RMS %v / %v, want 0.354 on both", l, r)
	}
	if k := upCrossings(m.L, 8000, 8000+44100/2); k < 218 || k > 222 {
		t.Fatalf("mp3: %d crossings in 0.5 s, want 220", k)
	}
}

func TestBadInput(t *testing.T) {
	good := EncodeWAV([][]float32{sine(100, 44100, 1000, 0.5)}, 44100, 16, false)
	for _, c := range []struct {
		name string
		b    []byte
		want string
	}{
		{"empty", nil, "byte offset 0"},
		{"text", []byte("hello world"), "not a WAV"},
		{"no data", good[:36], "no data chunk"},
		{"huge fmt", append(append([]byte{}, good[:16]...), 0xFF, 0xFF, 0xFF, 0x7F), "byte offset 12"},
		{"24-bit float", func() []byte { b := append([]byte{}, good...); b[20] = 3; b[34] = 24; b[32] = 3; return b }(), "bits per sample 24"},
		{"adpcm", func() []byte { b := append([]byte{}, good...); b[20] = 2; return b }(), "format tag 2"},
		{"truncated ogg", []byte("OggS\x00\x02"), "ogg vorbis"},
		{"truncated mp3", []byte{0xFF, 0xFB, 0x90, 0x00}, "mp3"},
		// issue 23: this 40-byte Ogg panicked inside jfreymuth/oggvorbis.
		{"ogg decoder panic", append([]byte("OggS\x00\x02"), make([]byte, 34)...), "the decoder failed"},
	} {
		_, err := Bytes(c.b, "rec.wav")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "rec.wav: ") {
			t.Errorf("%s: error %v, want one naming rec.wav and %q", c.name, err, c.want)
		}
		var fe *FormatError
		if !errors.As(err, &fe) || fe.File != "rec.wav" {
			t.Errorf("%s: %T, want a *FormatError naming rec.wav", c.name, err)
		}
	}
	// A data chunk cut short is read as far as it goes.
	a, err := Bytes(good[:len(good)-10], "cut.wav")
	if err != nil || len(a.L) != 95 {
		t.Fatalf("truncated data: %v, %d frames", err, len(a.L))
	}
	if _, err := File("testdata/none.wav"); err == nil || !os.IsNotExist(err) {
		t.Fatalf("missing file: %v", err)
	}
}

func FuzzBytes(f *testing.F) {
	f.Add(EncodeWAV([][]float32{sine(64, 8000, 1000, 0.5)}, 8000, 24, false))
	if b, err := os.ReadFile("testdata/chirp_mono_22k.mp3"); err == nil {
		f.Add(b[:2048]) // the Info tag frame and a few audio frames
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := Bytes(b, "fuzz")
		var fe *FormatError
		if err != nil && !errors.As(err, &fe) {
			t.Fatalf("error %v is not a *FormatError", err)
		}
		if err == nil && len(a.L) != len(a.R) {
			t.Fatal("unequal channels")
		}
	})
}

// FuzzOgg feeds damaged Ogg streams to the Vorbis decoder: whatever the bytes,
// a decode either succeeds with equal channels or fails with a *FormatError;
// never a panic. Seeds: the valid test file, and the 40-byte page that once
// panicked (issue 23).
func FuzzOgg(f *testing.F) {
	if b, err := os.ReadFile("testdata/sine1k_left_48k.ogg"); err == nil {
		f.Add(b[4:min(len(b), 4096)])
	}
	f.Add(append([]byte("\x00\x02"), make([]byte, 34)...))
	f.Fuzz(func(t *testing.T, b []byte) { // b follows the capture pattern "OggS"
		b = append([]byte("OggS"), b...)
		a, err := Bytes(b, "fuzz.ogg")
		var fe *FormatError
		switch {
		case err != nil && !errors.As(err, &fe):
			t.Fatalf("error %v is not a *FormatError", err)
		case err == nil && len(a.L) != len(a.R):
			t.Fatal("unequal channels")
		}
	})
}
