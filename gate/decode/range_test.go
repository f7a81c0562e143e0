package decode

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Range decodes the same samples as the whole file cut at the same place,
// at every rate and format (the resampler's grid and margins).
func TestRangeEqualsTheWholeCut(t *testing.T) {
	dir := t.TempDir()
	wav48 := filepath.Join(dir, "a48.wav")
	n := 48000 * 6
	os.WriteFile(wav48, EncodeWAV([][]float32{chirp(n, 48000), sine(n, 48000, 3000, 0.3)}, 48000, 24, false), 0o644)
	wav44 := filepath.Join(dir, "a44.wav")
	os.WriteFile(wav44, EncodeWAV([][]float32{chirp(44100*6, 44100)}, 44100, 16, false), 0o644)
	for _, c := range []struct {
		path          string
		from, seconds float64
	}{
		{wav48, 1.2345, 2.5}, {wav48, 0, 1}, {wav48, 5.5, 3}, // the last runs past the end
		{wav44, 2.0001, 1},
		{"testdata/sine1k_left_48k.ogg", 0.3, 0.5},
		{"testdata/chirp_stereo_44k.mp3", 0.1, 0.2},
		{"testdata/chirp_mono_22k.mp3", 0.177, 0.3},
	} {
		whole, err := File(c.path)
		if err != nil {
			t.Fatal(err)
		}
		part, err := Range(c.path, c.from, c.seconds)
		if err != nil {
			t.Fatal(err)
		}
		k := int(math.Round(c.from * Rate))
		want := min(len(whole.L)-k, int(math.Round(c.seconds*Rate)))
		if len(part.L) != want || len(part.R) != want || part.From != float64(k)/Rate {
			t.Fatalf("%s from %g: %d samples from %g s, want %d from %g", c.path, c.from, len(part.L), part.From, want, float64(k)/Rate)
		}
		var worst float64
		for i := range part.L {
			worst = math.Max(worst, math.Abs(float64(part.L[i]-whole.L[k+i])))
			worst = math.Max(worst, math.Abs(float64(part.R[i]-whole.R[k+i])))
		}
		if worst > 1e-6 {
			t.Errorf("%s from %g: differs from the whole decode by up to %g", c.path, c.from, worst)
		}
		if math.Abs(part.FileSeconds-whole.FileSeconds) > 0 || whole.FileSeconds < float64(len(whole.L))/Rate-0.001 {
			t.Errorf("%s: file length %g / %g s, decoded %g s", c.path, part.FileSeconds, whole.FileSeconds, whole.Seconds())
		}
	}
}

// A minute out of a 4-hour recording costs the minute: the WAV is a sparse
// file (4 h of 16-bit stereo at 44100 Hz, 2.5 GB that take no disk), and
// decoding 60 s at 2 h allocates what 60 s need, not what 4 h would. The
// whole file is refused (File: longer than MaxSeconds), the part is not.
func TestRangeMemoryIndependentOfLength(t *testing.T) {
	p := filepath.Join(t.TempDir(), "long.wav")
	const sec = 4 * 3600
	data := int64(sec) * 44100 * 4
	hdr := EncodeWAV([][]float32{{0}, {0}}, 44100, 16, false)[:44]
	binary.LittleEndian.PutUint32(hdr[4:], uint32(36+data))
	binary.LittleEndian.PutUint32(hdr[40:], uint32(data))
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(hdr)
	if err := f.Truncate(44 + data); err != nil {
		t.Skipf("no sparse file here: %v", err)
	}
	f.Close()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	a, err := Range(p, 7200, 60)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if a.Seconds() != 60 || math.Abs(a.FileSeconds-sec) > 1e-9 || len(a.Warnings) != 0 {
		t.Fatalf("%v s of a %v s file, warnings %v", a.Seconds(), a.FileSeconds, a.Warnings)
	}
	// 60 s of stereo float32 is 21 MB; allow the read buffers (4 h would be 5 GB).
	if got := after.TotalAlloc - before.TotalAlloc; got > 32<<20 {
		t.Fatalf("decoding 60 s of a 4 h WAV allocated %d MB", got>>20)
	}
	if _, err := File(p); err == nil || !strings.Contains(err.Error(), "longer than 10800 s") {
		t.Fatalf("the whole 4 h file: %v, want it refused", err)
	}
}

// What is wrong with a recording but can be read past is a warning with its
// time, and the samples read are the ones that are there.
func TestRecordingWarnings(t *testing.T) {
	mk := func(x []float32) []byte { return EncodeWAV([][]float32{x, x}, 44100, 32, true) }
	one := sine(44100*4, 44100, 440, 0.5)
	clean := mk(one)
	nan := append([]byte(nil), clean...)
	for _, frame := range []int{2 * 44100, 2*44100 + 7, 3 * 44100} { // 2 s, 2 s + 7 samples, 3 s
		binary.LittleEndian.PutUint32(nan[44+8*frame:], math.Float32bits(float32(math.NaN())))
		binary.LittleEndian.PutUint32(nan[44+8*frame+4:], math.Float32bits(float32(math.Inf(1))))
	}
	// Absurd samples (±1e30, a broken float file) at 1 s and 1.5 s.
	absurd := append([]byte(nil), clean...)
	for _, frame := range []int{44100, 44100 + 22050} {
		binary.LittleEndian.PutUint32(absurd[44+8*frame:], math.Float32bits(1e30))
		binary.LittleEndian.PutUint32(absurd[44+8*frame+4:], math.Float32bits(-1e30))
	}
	cut := clean[:44+8*44100*3] // 3 s of the 4 the header claims
	riff := append([]byte(nil), clean...)
	binary.LittleEndian.PutUint32(riff[4:], 1000)
	unset := append([]byte(nil), clean...)
	binary.LittleEndian.PutUint32(unset[40:], 0xFFFFFFFF)
	for _, c := range []struct {
		name    string
		b       []byte
		seconds float64 // decoded
		at      float64 // the warning's time
		want    string
	}{
		{"NaN and Inf", nan, 4, 2, "6 samples are NaN or infinite (up to 3.000 s), read as silence"},
		{"absurd", absurd, 4, 1, "4 samples are absurd (beyond ±1000, +60 dBFS) (up to 1.500 s), read as silence"},
		{"truncated", cut, 3, 3, "the file ends early: its data chunk (byte offset 36) claims 1411200 bytes, the file has 1058400"},
		{"lying RIFF size", riff, 4, 0, "the RIFF header gives the file as 1008 bytes, it is 1411244"},
		{"unset data size", unset, 4, 0, "gives no size (0xFFFFFFFF"},
	} {
		a, err := Bytes(c.b, "rec.wav")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if math.Abs(a.Seconds()-c.seconds) > 1e-9 || len(a.Warnings) != 1 ||
			!strings.Contains(a.Warnings[0].Msg, c.want) || math.Abs(a.Warnings[0].At-c.at) > 1e-9 {
			t.Errorf("%s: %v s, warnings %v; want %v s and one at %v s saying %q", c.name, a.Seconds(), a.Warnings, c.seconds, c.at, c.want)
		}
		for _, v := range a.L {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) || math.Abs(float64(v)) > 1000 {
				t.Fatalf("%s: a non-finite or absurd sample got through", c.name)
			}
		}
	}
	if a, _ := Bytes(clean, "rec.wav"); len(a.Warnings) != 0 {
		t.Errorf("clean file: %v", a.Warnings)
	}
}

// MP3 frames out of sync (bytes spliced into the stream) and a file cut
// inside a frame are warnings at their time; the audio around them decodes.
func TestMP3SyncLossWarnings(t *testing.T) {
	b, err := os.ReadFile("testdata/chirp_stereo_44k.mp3")
	if err != nil {
		t.Fatal(err)
	}
	w, err := walkMP3(bytesReaderAt(b), int64(len(b)))
	if err != nil || len(w.warn) != 0 {
		t.Fatalf("clean file: %v %v", err, w.warn)
	}
	// Frame 10's start (the tag frame is frame 0): 10 frames of 1152 samples
	// in, minus the gapless start (1152 + 576 + 529).
	pos := int64(id3v2Size(b))
	for range 10 {
		h, _ := parseMP3Header(b[pos:])
		pos += int64(h.size)
	}
	junk := append(append(append([]byte(nil), b[:pos]...), []byte("garbage, not a frame at all")...), b[pos:]...)
	a, err := Bytes(junk, "junk.mp3")
	if err != nil {
		t.Fatal(err)
	}
	wantAt := float64(10*1152-(1152+576+529)) / 44100
	if len(a.Warnings) != 1 || !strings.Contains(a.Warnings[0].Msg, "sync lost at byte offset") ||
		!strings.Contains(a.Warnings[0].Msg, "27 bytes skipped") || math.Abs(a.Warnings[0].At-wantAt) > 1e-9 {
		t.Errorf("spliced: warnings %v, want one at %.4f s: 27 bytes skipped", a.Warnings, wantAt)
	}
	if a.Seconds() < 0.45 {
		t.Errorf("spliced: only %v s decoded", a.Seconds())
	}
	short := b[:len(b)-100]
	a, err = Bytes(short, "short.mp3")
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Warnings) != 1 || !strings.Contains(a.Warnings[0].Msg, "the file ends inside an MP3 frame") {
		t.Errorf("cut short: warnings %v", a.Warnings)
	}
}

func bytesReaderAt(b []byte) *strings.Reader { return strings.NewReader(string(b)) }
