package audio

import (
	"os"
	"testing"

	"soundworld/dat"
)

// FuzzDecodeWave: any header and payload (PCM or MP3) decode or fail with an
// error, never panic, never produce more than 44100/4000 × 2 channels × the
// input's frames for PCM, nor more than the decoding budget for any tag.
func FuzzDecodeWave(f *testing.F) {
	mp3, _ := os.ReadFile("testdata/beep_44100hz.mp3")
	f.Add(uint16(1), uint16(1), uint32(22050), uint16(16), []byte{1, 2, 3, 4})
	f.Add(uint16(1), uint16(2), uint32(11025), uint16(8), []byte{128, 0, 255, 7})
	f.Add(uint16(0x55), uint16(2), uint32(44100), uint16(0), mp3)
	f.Add(uint16(0x55), uint16(1), uint32(22050), uint16(0), mp3[:len(mp3)/3])
	f.Add(uint16(0x55), uint16(1), uint32(24000), uint16(0), minimalMP3(240))
	f.Add(uint16(0x55), uint16(1), uint32(24000), uint16(0), minimalMP3(1<<13))
	f.Fuzz(func(t *testing.T, tag, ch uint16, rate uint32, bits uint16, data []byte) {
		w := &dat.Wave{ID: 0x0A000001, Format: dat.WaveFormat{Tag: tag, Channels: ch, SamplesPerSec: rate, BitsPerSample: bits}, Data: data}
		s, err := DecodeWave(w)
		if err != nil {
			return
		}
		if len(s)%2 != 0 {
			t.Fatalf("got %d samples, want whole stereo frames", len(s))
		}
		if int64(len(s)/2) > waveBudget(len(data))+1 {
			t.Fatalf("got %d frames from %d bytes, over the budget %d", len(s)/2, len(data), waveBudget(len(data)))
		}
		if tag == dat.WaveTagPCM && len(s) > 2*(len(data)*SampleRate/minWaveRate+2) {
			t.Fatalf("got %d samples from %d bytes", len(s), len(data))
		}
	})
}
