package audio_test

import (
	"fmt"
	"math"

	"soundworld/audio"
	"soundworld/dat"
)

// oneWave is the smallest audio.Tables: one 44100 Hz mono 16-bit PCM wave,
// 441 frames (10 ms) of the constant 0.5 (16384/32768).
type oneWave struct{}

func (oneWave) SoundTable(id uint32) (*dat.SoundTable, error) {
	return nil, fmt.Errorf("no sound table 0x%08X", id)
}

func (oneWave) Wave(id uint32) (*dat.Wave, error) {
	if id != 0x0A000001 {
		return nil, fmt.Errorf("no wave 0x%08X", id)
	}
	data := make([]byte, 2*441)
	for i := 0; i < len(data); i += 2 {
		data[i], data[i+1] = 0x00, 0x40 // 16384, little-endian
	}
	return &dat.Wave{ID: id, Format: dat.WaveFormat{Tag: dat.WaveTagPCM, Channels: 1, SamplesPerSec: audio.SampleRate,
		AvgBytesPerSec: 2 * audio.SampleRate, BlockAlign: 2, BitsPerSample: 16}, Data: data}, nil
}

// One voice mixed: born at −6 dB with pan +6 (S5: the left channel 6 dB
// further down), started at sim time 0.01 s, so it plays from frame 441 (O2)
// for its 441 frames and then stops (S6: no loop).
func ExampleMixer() {
	x := audio.NewMixer(audio.NewBank(oneWave{}))
	l, r := audio.Gains(-6, 6)
	x.Apply([]audio.VoiceStart{{Slot: 0, Wave: 0x0A000001, GainL: l, GainR: r, Time: 0.01}})
	out := make([]float32, 2*1000) // interleaved L, R at 44100 Hz
	x.Render(out)

	first, last := -1, -1
	for i := 0; i < len(out)/2; i++ {
		if out[2*i] != 0 || out[2*i+1] != 0 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	fmt.Printf("sound in frames %d..%d\n", first, last)
	fmt.Printf("L %.4f (0.5·10^(−12/20) = %.4f)\n", out[2*first], 0.5*math.Pow(10, -12.0/20))
	fmt.Printf("R %.4f (0.5·10^(−6/20) = %.4f)\n", out[2*first+1], 0.5*math.Pow(10, -6.0/20))
	// Output:
	// sound in frames 441..881
	// L 0.1256 (0.5·10^(−12/20) = 0.1256)
	// R 0.2506 (0.5·10^(−6/20) = 0.2506)
}
