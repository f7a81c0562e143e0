package audio

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// TestO3_WAVWriter: header fields, patched sizes, rounding and clipping
// (wav_cgo_test.go also reads it back with Ebitengine's decoder).
func TestO3_WAVWriter(t *testing.T) {
	w, closed := newTestWAV(t)
	in := []float32{0, 1, -1, 2, -3, 0.5, 0.25, -0.5}
	if err := w.Write(in[:4]); err != nil {
		t.Fatal(err)
	}
	if err := w.Write(in[4:]); err != nil {
		t.Fatal(err)
	}
	if err := w.Write([]float32{1}); err == nil {
		t.Errorf("O3: odd sample count: got no error")
	}
	b := closed()
	le := binary.LittleEndian
	if len(b) != 44+16 || string(b[0:4]) != "RIFF" || le.Uint32(b[4:]) != 36+16 || string(b[8:16]) != "WAVEfmt " ||
		le.Uint16(b[20:]) != 1 || le.Uint16(b[22:]) != 2 || le.Uint32(b[24:]) != 44100 || le.Uint32(b[28:]) != 176400 ||
		le.Uint16(b[32:]) != 4 || le.Uint16(b[34:]) != 16 || string(b[36:40]) != "data" || le.Uint32(b[40:]) != 16 {
		t.Fatalf("O3: bad header: % x", b[:44])
	}
	// 0.5·32767 = 16383.5 → 16384 and −16384 (half away from zero); 0.25 → 8191.75 → 8192.
	want := []int16{0, 32767, -32767, 32767, -32767, 16384, 8192, -16384}
	for i, v := range want {
		if got := int16(le.Uint16(b[44+2*i:])); got != v {
			t.Errorf("O3: sample %d (%v): got %d, want %d", i, in[i], got, v)
		}
	}
}

// newTestWAV is a WAVWriter on a temp file and a function that closes it
// and returns the file's bytes.
func newTestWAV(t *testing.T) (*WAVWriter, func() []byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "out.wav")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := NewWAVWriter(f)
	if err != nil {
		t.Fatal(err)
	}
	return w, func() []byte {
		t.Helper()
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		f.Close()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
}
