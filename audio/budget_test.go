package audio

import (
	"strings"
	"testing"

	"soundworld/dat"
)

// minimalMP3 is n bytes of the smallest MPEG-2 Layer III frames go-mp3
// decodes: 8 kbit/s at 24 kHz, mono, no CRC — 24 bytes each (72·8000/24000),
// header FF F3 14 C0 then zero side info and data: 576 silent samples a frame.
func minimalMP3(n int) []byte {
	b := make([]byte, n)
	for i := 0; i+24 <= n; i += 24 {
		copy(b[i:], []byte{0xFF, 0xF3, 0x14, 0xC0})
	}
	return b
}

// TestO1_BoundedDecoding (issue 12 item 3): a 1 MB record of minimal MP3
// frames would decode to ≈ 43 690 × 576 frames at 24 kHz ≈ 17.5 min — over
// the 10-minute budget and 200× its size — and is refused from go-mp3's
// frame-header walk, before any frame is decoded into samples. The error
// names the wave and what is wrong.
func TestO1_BoundedDecoding(t *testing.T) {
	data := minimalMP3(1 << 20)
	w := &dat.Wave{ID: 0x0A00BEEF, Format: dat.WaveFormat{Tag: dat.WaveTagMP3, Channels: 1, SamplesPerSec: 24000}, Data: data}
	_, decoded, err := decodeWave(w)
	if err == nil || !strings.Contains(err.Error(), "0x0A00BEEF") || !strings.Contains(err.Error(), "budget") {
		t.Fatalf("O1: 1 MB of minimal frames: got %v, want an over-budget error naming the wave", err)
	}
	frames := int64(len(data) / 24 * 576)
	if decoded != frames {
		t.Errorf("O1: got %d frames counted, want %d (all from the header walk)", decoded, frames)
	}
	t.Logf("%v", err)

	// A small record of the same frames decodes: 100 frames = 2.4 s, 2400 bytes.
	w.Data = minimalMP3(2400)
	s, _, err := decodeWave(w)
	if err != nil {
		t.Fatalf("O1: 100 minimal frames: %v", err)
	}
	// 57 600 frames at 24 kHz → ceil(57 600·147/80) at 44.1 kHz; go-mp3 may
	// drop the first frame's worth, so allow one frame either way.
	if got := len(s) / 2; got < (99*576*147+79)/80 || got > (100*576*147+79)/80 {
		t.Errorf("O1: 100 minimal frames: got %d frames at 44.1 kHz", got)
	}
	// The budget: min(10 min at 44.1 kHz, 200 × bytes / 4).
	if b := waveBudget(1 << 20); b != 600*SampleRate {
		t.Errorf("O1: budget of 1 MB: got %d, want the 10-minute cap", b)
	}
	if b := waveBudget(1000); b != 50000 {
		t.Errorf("O1: budget of 1000 bytes: got %d frames, want 200·1000/4", b)
	}
}

// TestO1_BoundedDecodingPCM: PCM longer than 10 minutes is refused too.
func TestO1_BoundedDecodingPCM(t *testing.T) {
	w := pcm16(0x0A00CAFE, 1, 4000, 600*4000+1, 0)
	if _, err := DecodeWave(w); err == nil || !strings.Contains(err.Error(), "0x0A00CAFE") {
		t.Errorf("O1: 10 min + 1 frame of PCM: got %v, want over budget", err)
	}
	w = pcm16(0x0A00CAFE, 1, 4000, 4000, 0)
	if _, err := DecodeWave(w); err != nil {
		t.Errorf("O1: 1 s of PCM: %v", err)
	}
}

// BenchmarkBoundedDecode1MB measures the refusal of 1 MB of minimal MP3 frames
// (issue 12 measured 22 s and 1.18 GB before the budget).
func BenchmarkBoundedDecode1MB(b *testing.B) {
	w := &dat.Wave{ID: 1, Format: dat.WaveFormat{Tag: dat.WaveTagMP3, Channels: 1, SamplesPerSec: 24000}, Data: minimalMP3(1 << 20)}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeWave(w); err == nil {
			b.Fatal("decoded")
		}
	}
}
