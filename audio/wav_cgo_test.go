//go:build cgo

package audio

// Ebitengine's audio packages link oto, which needs cgo: this interop check
// stays out of the CGO_ENABLED=0 cross-architecture build of the core's tests
// (scripts/cross-arm64.sh) and runs natively.

import (
	"bytes"
	"io"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/audio/wav"
)

// TestO3_WAVWriterEbitenReadsBack: Ebitengine's WAV decoder reads our file.
func TestO3_WAVWriterEbitenReadsBack(t *testing.T) {
	w, closed := newTestWAV(t)
	if err := w.Write([]float32{0, 1, -1, 2, -3, 0.5, 0.25, -0.5}); err != nil {
		t.Fatal(err)
	}
	b := closed()
	s, err := wav.DecodeWithoutResampling(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("O3: ebiten wav: %v", err)
	}
	pcm, _ := io.ReadAll(s)
	if s.SampleRate() != 44100 || !bytes.Equal(pcm, b[44:]) {
		t.Errorf("O3: ebiten wav: got rate %d and %d bytes, want 44100 and the written samples", s.SampleRate(), len(pcm))
	}
}
