package gate

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/gate/decode"
)

// gateWithRecording writes a 10 s smallGate whose recording.wav is
// encode(seed's render), and returns the gate file's path.
func gateWithRecording(t *testing.T, seed uint32, encode func(Stereo) []byte) string {
	t.Helper()
	dir := t.TempDir()
	p := smallGate(t, dir, 10, seed, 1, "")
	st, err := Render(testScene(t, 10), seed)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "retail.wav"), encode(st), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A recording's faults reach the report: NaN samples in the analysed part
// are a warning with their time in report.json (and the HTML's banner).
func TestRecordingFaultsAreReportWarnings(t *testing.T) {
	p := gateWithRecording(t, 96, func(st Stereo) []byte {
		b := decode.EncodeWAV([][]float32{st.L, st.R}, 44100, 32, true)
		at := 44 + 8*(44100*7/2) // 3.5 s, left
		binary.LittleEndian.PutUint32(b[at:], math.Float32bits(float32(math.NaN())))
		return b
	})
	f, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(f, Options{Seeds: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := "recording retail.wav at 0:03.500: 1 sample is NaN or infinite"
	found := false
	for _, w := range res.Warnings {
		found = found || strings.HasPrefix(w, want)
	}
	if !found {
		t.Fatalf("warnings %q, want one starting %q", res.Warnings, want)
	}
	if res.Recording.Seconds != 10 {
		t.Errorf("recording length %v s, want 10", res.Recording.Seconds)
	}
}
