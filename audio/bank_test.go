package audio

import (
	"math"
	"os"
	"strings"
	"sync"
	"testing"

	"soundworld/dat"
)

// TestO1_DecodePCM16: 16-bit PCM at 44100 Hz passes through exactly (/32768), mono duplicated.
func TestO1_DecodePCM16(t *testing.T) {
	w := pcm16(0x0A000010, 1, SampleRate, 3, -16384)
	got, err := DecodeWave(w)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 6 {
		t.Fatalf("O1: got %d samples, want 6 (3 stereo frames)", len(got))
	}
	for i, v := range got {
		if v != -0.5 {
			t.Errorf("O1: sample %d: got %v, want -0.5", i, v)
		}
	}
	st := pcm16(0x0A000011, 2, SampleRate, 2, 0)
	st.Data = []byte{0x00, 0x40, 0x00, 0xC0, 0xFF, 0x7F, 0x00, 0x80, 0x01} // + a stray byte
	got, err = DecodeWave(st)
	if err != nil {
		t.Fatal(err)
	}
	want := []float32{0.5, -0.5, 32767.0 / 32768, -1}
	if len(got) != len(want) {
		t.Fatalf("O1: stereo: got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("O1: stereo sample %d: got %v, want %v", i, got[i], want[i])
		}
	}
}

// TestO1_DecodePCM8: 8-bit PCM is unsigned, 128 = silence.
func TestO1_DecodePCM8(t *testing.T) {
	w := &dat.Wave{ID: 0x0A000012, Format: dat.WaveFormat{Tag: dat.WaveTagPCM, Channels: 1, SamplesPerSec: SampleRate, BlockAlign: 1, BitsPerSample: 8},
		Data: []byte{128, 0, 255, 192}}
	got, err := DecodeWave(w)
	if err != nil {
		t.Fatal(err)
	}
	want := []float32{0, 0, -1, -1, 127.0 / 128, 127.0 / 128, 0.5, 0.5}
	for i := range want {
		if i >= len(got) || got[i] != want[i] {
			t.Fatalf("O1: 8-bit: got %v, want %v", got, want)
		}
	}
}

// TestO1_Resample: other rates are resampled to 44100 Hz; the length scales with the rate.
func TestO1_Resample(t *testing.T) {
	for _, rate := range []int{11025, 22050, 48000} {
		w := pcm16(0x0A000013, 1, rate, rate/2, 8192) // 0.5 s of a constant 0.25
		got, err := DecodeWave(w)
		if err != nil {
			t.Fatal(err)
		}
		frames := len(got) / 2
		if frames < SampleRate/2-2 || frames > SampleRate/2+2 {
			t.Errorf("O1: %d Hz, 0.5 s: got %d frames, want ≈ %d", rate, frames, SampleRate/2)
		}
		// Away from the edges the resampled constant stays ≈ 0.25.
		mid := got[frames&^1]
		if mid < 0.24 || mid > 0.26 {
			t.Errorf("O1: %d Hz: mid sample got %v, want ≈ 0.25", rate, mid)
		}
	}
}

// TestO1_DecodeMP3 decodes a real MP3 payload (tag 0x55).
func TestO1_DecodeMP3(t *testing.T) {
	b, err := os.ReadFile("testdata/beep_44100hz.mp3")
	if err != nil {
		t.Fatal(err)
	}
	w := &dat.Wave{ID: 0x0A000014, Format: dat.WaveFormat{Tag: dat.WaveTagMP3, Channels: 2, SamplesPerSec: 44100}, Data: b}
	got, err := DecodeWave(w)
	if err != nil {
		t.Fatalf("O1: mp3: %v", err)
	}
	if len(got) < 2000 {
		t.Errorf("O1: mp3: got %d samples, want a few thousand", len(got))
	}
	w.Data = w.Data[:100]
	if _, err := DecodeWave(w); err == nil {
		// A truncated MP3 may decode to nothing rather than fail; it must never panic.
		t.Logf("truncated mp3 decoded without error")
	}
}

// TestO1_BadWaves: unsupported tags and bad headers are errors naming wave and tag, never panics.
func TestO1_BadWaves(t *testing.T) {
	for _, c := range []struct {
		name string
		f    dat.WaveFormat
		want string
	}{
		{"adpcm", dat.WaveFormat{Tag: 0x0002, Channels: 1, SamplesPerSec: 22050, BitsPerSample: 4}, "unsupported format tag"},
		{"6 channels", dat.WaveFormat{Tag: 1, Channels: 6, SamplesPerSec: 22050, BitsPerSample: 16}, "6 channels"},
		{"24-bit", dat.WaveFormat{Tag: 1, Channels: 1, SamplesPerSec: 22050, BitsPerSample: 24}, "24 bits"},
		{"rate 0", dat.WaveFormat{Tag: 1, Channels: 1, SamplesPerSec: 0, BitsPerSample: 16}, "sample rate 0"},
		{"rate huge", dat.WaveFormat{Tag: 1, Channels: 1, SamplesPerSec: 1 << 30, BitsPerSample: 16}, "sample rate"},
		{"mp3 garbage", dat.WaveFormat{Tag: 0x55, Channels: 1, SamplesPerSec: 22050}, "mp3"},
	} {
		_, err := DecodeWave(&dat.Wave{ID: 0x0A00ABCD, Format: c.f, Data: []byte{1, 2, 3, 4, 5, 6, 7, 8}})
		if err == nil || !strings.Contains(err.Error(), "0x0A00ABCD") || !strings.Contains(err.Error(), "tag 0x") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("O1: %s: got %v, want an error naming the wave, the tag and %q", c.name, err, c.want)
		}
	}
}

// TestO1_BankDecodesOnce: concurrent requests decode a wave once and share it.
func TestO1_BankDecodesOnce(t *testing.T) {
	f := newFake()
	f.waves[0x0A000020] = pcm16(0x0A000020, 1, 22050, 22050, 100)
	b := NewBank(f)
	var wg sync.WaitGroup
	res := make([][]float32, 8)
	for i := range res {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[i], _ = b.Samples(0x0A000020)
		}()
	}
	wg.Wait()
	if f.reads[0x0A000020] != 1 {
		t.Errorf("O1: got %d reads of the wave, want 1", f.reads[0x0A000020])
	}
	for i := range res {
		if len(res[i]) == 0 || &res[i][0] != &res[0][0] {
			t.Errorf("O1: request %d got a different buffer", i)
		}
	}
	if l, err := b.Length(0x0A000020); err != nil || l < 0.999 || l > 1.001 {
		t.Errorf("O1: length: got %v %v, want ≈ 1 s", l, err)
	}
	if _, err := b.Samples(0x0A000099); err == nil {
		t.Errorf("O1: missing wave: got no error")
	}
}

// TestO1_CompressedToMono11025 (O1 revision 3): a compressed wave is
// converted as retail's ACM does — channels averaged, 16-bit mono 11025 Hz —
// before the resampler takes it to 44.1 kHz. Synthetic stereo at 22.05 kHz:
// left a 1 kHz sine, right an 8 kHz one (above the 5512.5 Hz Nyquist of
// 11025 Hz). The 1 kHz tone comes out at half amplitude (averaged), the 8 kHz
// tone neither passes nor aliases (3025 Hz), and every sample is a 16-bit
// value. Then the speech MP3 (MPEG-2, 22.05 kHz) through DecodeWave: left ==
// right and (almost) no energy above 5.5 kHz, where the full-rate decode kept
// a few per cent.
func TestO1_CompressedToMono11025(t *testing.T) {
	mono := acmTones(t, 1000, 0)
	var sn, cn float64 // amplitude of 1 kHz over the middle half
	lo, hi := len(mono)/4, 3*len(mono)/4
	for i := lo; i < hi; i++ {
		w := 2 * math.Pi * 1000 * float64(i) / 11025
		sn += float64(mono[i]) * math.Sin(w)
		cn += float64(mono[i]) * math.Cos(w)
	}
	if a := 2 * math.Hypot(sn, cn) / float64(hi-lo); math.Abs(dB(a/0.25)) > 0.01 {
		t.Errorf("O1: 1 kHz (left only) at %.5f, want 0.25 (the channels averaged)", a)
	}
	var e float64 // what is left of an 8 kHz right channel: no pass, no alias at 3025 Hz
	for _, v := range acmTones(t, 0, 8000)[lo:hi] {
		e += float64(v) * float64(v)
	}
	if r := dB(math.Sqrt(e/float64(hi-lo)) / (0.25 / math.Sqrt2)); r > -80 {
		t.Errorf("O1: an 8 kHz right channel leaves %.1f dB (rms, of the averaged tone), want ≤ −80 (16-bit noise)", r)
	}

	s := decodeSpeechMP3(t)
	total, high := highBand(t, s, 5600)
	if total == 0 || dB(math.Sqrt(high/total)) > -60 {
		t.Errorf("O1: speech MP3: energy above 5.6 kHz %.1f dB of the total, want ≤ −60 (11025 Hz has nothing there)", dB(math.Sqrt(high/total)))
	}
	if c, conv := Compressed(&dat.Wave{Format: dat.WaveFormat{Tag: dat.WaveTagMP3, Channels: 1, SamplesPerSec: 11025}}); !c || conv {
		t.Error("Compressed: an 11025 Hz mono MP3 is compressed and needs no rate or channel change")
	}
	if c, conv := Compressed(&dat.Wave{Format: dat.WaveFormat{Tag: dat.WaveTagMP3, Channels: 2, SamplesPerSec: 11025}}); !c || !conv {
		t.Error("Compressed: a stereo MP3 is converted")
	}
	if c, _ := Compressed(&dat.Wave{Format: dat.WaveFormat{Tag: dat.WaveTagPCM, Channels: 2, SamplesPerSec: 48000}}); c {
		t.Error("Compressed: PCM keeps its own format (O1)")
	}
}

// acmTones is a second of 22.05 kHz stereo, left fl Hz and right fr Hz
// (0: silent) at amplitude 0.5, through acmConvert (O1), checked to be 16-bit
// mono at 11025 Hz.
func acmTones(t *testing.T, fl, fr float64) []float32 {
	t.Helper()
	const n = 22050
	in := make([]float32, 2*n)
	for i := range n {
		x := 2 * math.Pi * float64(i) / 22050
		if fl > 0 {
			in[2*i] = float32(0.5 * math.Sin(fl*x))
		}
		if fr > 0 {
			in[2*i+1] = float32(0.5 * math.Sin(fr*x))
		}
	}
	mono, rate := acmConvert(in, 22050)
	if rate != 11025 || len(mono) != n/2 {
		t.Fatalf("O1: got %d samples at %d Hz, want %d at 11025", len(mono), rate, n/2)
	}
	for i, v := range mono {
		if q := float64(v) * 32768; q != math.Trunc(q) || q < -32768 || q > 32767 {
			t.Fatalf("O1: sample %d = %v is not a 16-bit value", i, v)
		}
	}
	return mono
}

// highBand is the energy of s's left channel (interleaved stereo at
// SampleRate, checked to be mono) in all bins and in those above above Hz,
// by a windowed DFT over its first few segments.
func highBand(t *testing.T, s []float32, above float64) (total, high float64) {
	t.Helper()
	const seg = 2048
	for o := 0; o+2*seg <= len(s); o += 2 * seg {
		for i := 0; i < seg; i++ {
			if s[o+2*i] != s[o+2*i+1] {
				t.Fatalf("O1: frame %d: left %v right %v, want mono", o/2+i, s[o+2*i], s[o+2*i+1])
			}
		}
		for k := 0; k < seg/2; k++ {
			var re, im float64
			for i := 0; i < seg; i++ {
				w := 2 * math.Pi * float64(k*i) / seg
				x := 2 * math.Pi * float64(i) / seg // Blackman–Harris window: sidelobes −92 dB
				v := float64(s[o+2*i]) * (0.35875 - 0.48829*math.Cos(x) + 0.14128*math.Cos(2*x) - 0.01168*math.Cos(3*x))
				re += v * math.Cos(w)
				im -= v * math.Sin(w)
			}
			e := re*re + im*im
			total += e
			if float64(k)*SampleRate/seg > above {
				high += e
			}
		}
		if o > 8*seg { // a few segments are enough
			break
		}
	}
	return total, high
}

// decodeSpeechMP3 is testdata/speech_mpeg2.mp3 (MPEG-2, 22.05 kHz) through
// DecodeWave: interleaved stereo at 44.1 kHz.
func decodeSpeechMP3(t *testing.T) []float32 {
	t.Helper()
	b, err := os.ReadFile("testdata/speech_mpeg2.mp3")
	if err != nil {
		t.Fatal(err)
	}
	s, err := DecodeWave(&dat.Wave{ID: 2, Format: dat.WaveFormat{Tag: dat.WaveTagMP3, Channels: 1, SamplesPerSec: 22050}, Data: b})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestO1_LengthFromTheSource: a wave's length at SampleRate (what the
// Manager times voices by) comes from its source alone, without the
// resampling the mixer's samples need, and it is the count those samples
// have. Independent arithmetic for PCM: the resampler keeps every output
// instant k/44100 s before the input's end, so n frames at r Hz give
// ceil(n·44100/r) frames. The MP3 goes through ACM's 11025 Hz first.
func TestO1_LengthFromTheSource(t *testing.T) {
	f := newFake()
	type pcm struct{ ch, rate, frames int }
	cases := map[uint32]pcm{}
	id := uint32(0x0A000100)
	for _, c := range []pcm{{1, 8000, 8000}, {1, 11025, 4097}, {1, 22050, 77175}, {1, 22050, 1}, {2, 22050, 3},
		{1, 44100, 1000}, {2, 48000, 4801}, {1, 96000, 9999}, {2, 32000, 12345}} {
		f.waves[id] = pcm16(id, c.ch, c.rate, c.frames, 1000)
		cases[id] = c
		id++
	}
	mp3, err := os.ReadFile("testdata/beep_44100hz.mp3")
	if err != nil {
		t.Fatal(err)
	}
	const mp3ID = 0x0A0001FF
	f.waves[mp3ID] = &dat.Wave{ID: mp3ID, Format: dat.WaveFormat{Tag: dat.WaveTagMP3, Channels: 2, SamplesPerSec: 44100}, Data: mp3}
	for wid := range f.waves {
		b := NewBank(f)
		n, err := b.Frames(wid)
		if err != nil {
			t.Fatalf("O1: wave 0x%08X: %v", wid, err)
		}
		if b.waves[wid].samples != nil {
			t.Errorf("O1: wave 0x%08X: Frames resampled the wave (its samples are made)", wid)
		}
		if c, ok := cases[wid]; ok {
			if want := (c.frames*SampleRate + c.rate - 1) / c.rate; n != want {
				t.Errorf("O1: wave 0x%08X (%d frames at %d Hz): %d frames at %d Hz, want ceil(n·44100/r) = %d", wid, c.frames, c.rate, n, SampleRate, want)
			}
		}
		s, err := b.Samples(wid)
		if err != nil || len(s) != 2*n || n == 0 {
			t.Errorf("O1: wave 0x%08X: Frames %d, Samples %d stereo frames (%v): want equal and not 0", wid, n, len(s)/2, err)
		}
		if b.waves[wid].source != nil {
			t.Errorf("O1: wave 0x%08X: the source is kept after the samples are made", wid)
		}
	}
}

// TestO1_PrepareMakesTheSamples: Mixer.Prepare makes a start's samples in
// the bank on the caller's goroutine (a device's writer then only reads
// them); a stop (wave 0) and a wave that does not decode are passed over.
func TestO1_PrepareMakesTheSamples(t *testing.T) {
	f := newFake()
	f.waves[0x0A000001] = pcm16(0x0A000001, 1, 22050, 2205, 100)
	b := NewBank(f)
	if _, err := b.Frames(0x0A000001); err != nil || b.waves[0x0A000001].samples != nil {
		t.Fatalf("O1: Frames: %v, samples made %v; want no error and none", err, b.waves[0x0A000001].samples != nil)
	}
	NewMixer(b).Prepare([]VoiceStart{{Slot: 0, Wave: 0x0A000001}, {Slot: 1}, {Slot: 2, Wave: 0x0A000099}})
	if len(b.waves[0x0A000001].samples) != 2*4410 {
		t.Errorf("O1: after Prepare the wave has %d samples made, want %d (0.1 s stereo at 44.1 kHz)", len(b.waves[0x0A000001].samples), 2*4410)
	}
}
