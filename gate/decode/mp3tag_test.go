package decode

import (
	"bytes"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// sourceSamples decodes all of b at its own rate (no resampling), planar.
func sourceSamples(b []byte) ([][]float32, int, error) {
	src, err := open(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, 0, err
	}
	rate, nch, _, _ := src.info()
	ch := make([][]float32, nch)
	buf := make([][]float32, nch)
	for c := range buf {
		buf[c] = make([]float32, 4096)
	}
	for {
		n, err := src.read(buf)
		for c := range ch {
			ch[c] = append(ch[c], buf[c][:n]...)
		}
		if err == io.EOF {
			return ch, rate, nil
		}
		if err != nil {
			return nil, 0, err
		}
	}
}

// chirp is the test signal of the gapless tests: a linear sweep 200 → 4000 Hz
// over n samples at rate, amplitude 0.5. Its autocorrelation has one sharp
// peak, so the lag between it and a decoding is unambiguous.
func chirp(n, rate int) []float32 {
	T := float64(n) / float64(rate)
	s := make([]float32, n)
	for i := range s {
		t := float64(i) / float64(rate)
		s[i] = float32(0.5 * math.Sin(2*math.Pi*(200*t+3800*t*t/(2*T))))
	}
	return s
}

// bestLag returns the lag (samples, −max..max) at which got best matches
// want (normalised cross-correlation) and that correlation.
func bestLag(want, got []float32, maxLag int) (lag int, corr float64) {
	corr = math.Inf(-1)
	for d := -maxLag; d <= maxLag; d++ {
		var s, a, b float64
		for i := range want {
			j := i + d
			if j < 0 || j >= len(got) {
				continue
			}
			s += float64(want[i]) * float64(got[j])
			a += float64(want[i]) * float64(want[i])
			b += float64(got[j]) * float64(got[j])
		}
		if c := s / math.Sqrt(a*b+1e-30); c > corr {
			lag, corr = d, c
		}
	}
	return lag, corr
}

// checkGapless decodes an MP3 made from want (at rate) and checks it decodes
// to exactly len(want) samples at lag 0.
func checkGapless(t *testing.T, name string, b []byte, want []float32, rate int) {
	t.Helper()
	ch, gotRate, err := sourceSamples(b)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if gotRate != rate || len(ch[0]) != len(want) {
		t.Fatalf("%s: %d samples at %d Hz, want %d at %d", name, len(ch[0]), gotRate, len(want), rate)
	}
	if lag, c := bestLag(want, ch[0], 3000); lag != 0 || c < 0.95 {
		t.Errorf("%s: best match at lag %d samples (correlation %.3f), want 0 (≥ 0.95)", name, lag, c)
	}
}

// A file encoded from N samples decodes to N samples aligned with them,
// encoded in the test by lame and by ffmpeg's libmp3lame (MPEG-1, 44100 Hz
// stereo) when they are installed.
func TestMP3GaplessEncodedNow(t *testing.T) {
	want := chirp(44100, 44100)
	wav := filepath.Join(t.TempDir(), "chirp.wav")
	if err := os.WriteFile(wav, EncodeWAV([][]float32{want, want}, 44100, 16, false), 0o644); err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, enc := range []struct {
		tool string
		args []string
	}{
		{"lame", []string{"--quiet", "-b", "128", wav}},
		{"ffmpeg", []string{"-loglevel", "error", "-y", "-i", wav, "-c:a", "libmp3lame", "-b:a", "128k"}},
	} {
		if _, err := exec.LookPath(enc.tool); err != nil {
			t.Logf("%s not installed: its encoding is not checked (scripts/gate-ref.sh installs ffmpeg and lame)", enc.tool)
			continue
		}
		out := filepath.Join(t.TempDir(), enc.tool+".mp3")
		if out, err := exec.Command(enc.tool, append(enc.args, out)...).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", enc.tool, err, out)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := readMP3Tag(b); !ok {
			t.Fatalf("%s wrote no Xing/Info tag", enc.tool)
		}
		checkGapless(t, enc.tool, b, want, 44100)
		ran++
	}
	if ran == 0 {
		t.Skip("neither lame nor ffmpeg is installed; TestMP3GaplessTestdata still checks a committed file")
	}
}

// The committed testdata/chirp_*.mp3 (lame 3.100 from chirp(rate/2, rate):
// see testdata/README.md) decode to the samples they were made from,
// aligned; so do they with an ID3v2 tag in front.
func TestMP3GaplessTestdata(t *testing.T) {
	for _, c := range []struct {
		file string
		rate int
		spf  int
	}{{"chirp_mono_22k.mp3", 22050, 576}, {"chirp_stereo_44k.mp3", 44100, 1152}} {
		b, err := os.ReadFile("testdata/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		tag, ok := readMP3Tag(b)
		if !ok || !tag.lame || tag.samplesPerFrame != c.spf {
			t.Fatalf("%s: tag %+v (found %v), want a LAME tag, %d samples a frame", c.file, tag, ok, c.spf)
		}
		want := chirp(c.rate/2, c.rate)
		checkGapless(t, c.file, b, want, c.rate)
		// An ID3v2.4 tag of 20 bytes (syncsafe size 10, zero padding).
		id3 := append([]byte("ID3\x04\x00\x00\x00\x00\x00\x0a"), make([]byte, 10)...)
		checkGapless(t, c.file+" with ID3v2", append(id3, b...), want, c.rate)
	}
}

// A file without a Xing/Info tag decodes as before: every decoded sample,
// the first frame and the delays kept.
func TestMP3UntaggedKeepsEverySample(t *testing.T) {
	b, err := os.ReadFile("testdata/chirp_mono_22k.mp3")
	if err != nil {
		t.Fatal(err)
	}
	tagged, _, err := sourceSamples(b)
	if err != nil {
		t.Fatal(err)
	}
	tag, _ := readMP3Tag(b)
	u := append([]byte(nil), b...)
	i := bytesIndex(u, "Info")
	copy(u[i:], "\x00\x00\x00\x00") // no longer a tag: the frame is one of silence
	if _, ok := readMP3Tag(u); ok {
		t.Fatal("still tagged")
	}
	ch, _, err := sourceSamples(u)
	if err != nil {
		t.Fatal(err)
	}
	// Everything decoded: the tag frame, both delays and the padding.
	if want := len(tagged[0]) + tag.samplesPerFrame + tag.delay + tag.padding; len(ch[0]) != want {
		t.Fatalf("untagged: %d samples, want %d (every decoded one)", len(ch[0]), want)
	}
	start := tag.samplesPerFrame + tag.delay + mp3DecoderDelay
	for k, v := range tagged[0][:min(len(tagged[0]), len(ch[0])-start)] {
		if ch[0][start+k] != v {
			t.Fatalf("untagged sample %d = %v, tagged %d = %v: not the same decoding", start+k, ch[0][start+k], k, v)
		}
	}
}

func bytesIndex(b []byte, s string) int {
	for i := 0; i+len(s) <= len(b); i++ {
		if string(b[i:i+len(s)]) == s {
			return i
		}
	}
	return -1
}

// readMP3Tag is parseMP3Tag on a whole file b: after its ID3v2 tag, if any.
func readMP3Tag(b []byte) (t mp3Tag, ok bool) {
	off := id3v2Size(b)
	if off > len(b) {
		return t, false
	}
	return parseMP3Tag(b[off:])
}
