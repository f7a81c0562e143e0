package audio

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"
)

func mixFixture() (*fakeTables, *Bank) {
	f := newFake()
	f.addWave(0x0A000001, 1000, 16384)  // 0.5 constant, 1000 frames
	f.addWave(0x0A000002, 500, 24576)   // 0.75
	f.addWave(0x0A000003, 44100, -8192) // -0.25, 1 s
	return f, NewBank(f)
}

// TestO2_SumClipAndPanLaw: voices sum in slot order, hard-clip, gains per channel.
func TestO2_SumClipAndPanLaw(t *testing.T) {
	_, b := mixFixture()
	x := NewMixer(b)
	x.Apply([]VoiceStart{
		{Slot: 3, Wave: 0x0A000001, GainL: 1, GainR: 0.5},
		{Slot: 0, Wave: 0x0A000002, GainL: 1, GainR: 1},
	})
	out := make([]float32, 2*1200)
	x.Render(out)
	// Frames 0..499: L = 0.5 + 0.75 = 1.25 → 1; R = 0.25 + 0.75 = 1.0.
	if out[0] != 1 || out[1] != 1 {
		t.Errorf("O2: frame 0: got %v %v, want 1 1 (clipped)", out[0], out[1])
	}
	// Frames 500..999: only slot 3.
	if out[2*500] != 0.5 || out[2*500+1] != 0.25 {
		t.Errorf("O2: frame 500: got %v %v, want 0.5 0.25", out[1000], out[1001])
	}
	// S6: one-shot, no loop: silence after the end.
	if out[2*1000] != 0 || out[2*1199+1] != 0 {
		t.Errorf("S6: after the end: got %v, want silence", out[2000])
	}
	// Negative clip.
	x.Apply([]VoiceStart{{Slot: 1, Wave: 0x0A000003, GainL: 8, GainR: 1}})
	x.Render(out[:2])
	if out[0] != -1 || out[1] != -0.25 {
		t.Errorf("O2: got %v %v, want -1 -0.25", out[0], out[1])
	}
}

// TestO2_StartFrame: a start at t plays from frame round(t·44100); past starts at once.
func TestO2_StartFrame(t *testing.T) {
	_, b := mixFixture()
	x := NewMixer(b)
	x.Apply([]VoiceStart{{Slot: 0, Wave: 0x0A000001, GainL: 1, GainR: 1, Time: 0.5}})
	out := make([]float32, 2*SampleRate)
	x.Render(out)
	first := -1
	for i := 0; i < len(out); i += 2 {
		if out[i] != 0 {
			first = i / 2
			break
		}
	}
	if first != 22050 {
		t.Errorf("O2: start at 0.5 s: got first frame %d, want 22050", first)
	}
	// The clock is at 44100; a start "at 0.2 s" is already past and begins at once.
	x.Apply([]VoiceStart{{Slot: 1, Wave: 0x0A000002, GainL: 1, GainR: 1, Time: 0.2}})
	x.Render(out[:2])
	if out[0] != 0.75 || x.Frame() != 44101 {
		t.Errorf("O2: past start: got %v at frame %d, want 0.75 at 44101", out[0], x.Frame())
	}
}

// TestP3_StopInMixer: Wave 0 stops the slot at its time; a start replaces a slot.
func TestP3_StopInMixer(t *testing.T) {
	_, b := mixFixture()
	x := NewMixer(b)
	x.Apply([]VoiceStart{
		{Slot: 2, Wave: 0x0A000003, GainL: 1, GainR: 1},
		{Slot: 2, Time: 10.0 / SampleRate},
		{Slot: 2, Wave: 0x0A000001, GainL: 1, GainR: 1, Time: 20.0 / SampleRate},
	})
	out := make([]float32, 2*30)
	x.Render(out)
	if out[2*9] != -0.25 || out[2*10] != 0 || out[2*19] != 0 || out[2*20] != 0.5 {
		t.Errorf("P3: got frames 9,10,19,20 = %v %v %v %v, want -0.25 0 0 0.5", out[18], out[20], out[38], out[40])
	}
}

func renderAll(t *testing.T, chunk int) []byte {
	_, b := mixFixture()
	x := NewMixer(b)
	var buf bytes.Buffer
	out := make([]float32, 2*chunk)
	for step := range 20 {
		now := float64(step) * 0.01
		x.Apply([]VoiceStart{{Slot: step % NumVoices, Wave: 0x0A000001 + uint32(step%3), GainL: 0.3, GainR: 0.7, Time: now + 0.003}})
		for f := 0; f < 441; {
			n := min(chunk, 441-f)
			x.Render(out[:2*n])
			for _, v := range out[:2*n] {
				binary.Write(&buf, binary.LittleEndian, math.Float32bits(v))
			}
			f += n
		}
	}
	return buf.Bytes()
}

// TestO3_BitIdentical: the same inputs render the same bytes, whatever the chunk size.
func TestO3_BitIdentical(t *testing.T) {
	a, b := renderAll(t, 441), renderAll(t, 441)
	if !bytes.Equal(a, b) {
		t.Fatalf("O3: two renders differ")
	}
	if c := renderAll(t, 64); !bytes.Equal(a, c) {
		t.Fatalf("O3: chunked render (64 frames) differs from 441-frame render")
	}
	if bytes.Count(a, []byte{0, 0, 0, 0}) == len(a)/4 {
		t.Fatalf("O3: render is silent")
	}
}

// TestO2_MatchesNaiveSum: the grouped mixer equals a plain per-sample sum in
// slot order (each product rounded to float32), bit for bit, for voices of
// different lengths starting mid-chunk.
func TestO2_MatchesNaiveSum(t *testing.T) {
	f := newFake()
	seed := uint32(7)
	rnd := func() float32 { seed = seed*1664525 + 1013904223; return float32(int32(seed)) / (1 << 31) }
	type ref struct {
		buf    []float32
		start  int
		gl, gr float32
	}
	var refs [NumVoices]ref
	var starts []VoiceStart
	for i := range NumVoices {
		if i == 5 || i == 11 {
			continue // idle slots
		}
		id := uint32(0x0A000300 + i)
		frames := 300 + 577*i
		w := pcm16(id, 2, SampleRate, frames, 0)
		for j := 0; j+1 < len(w.Data); j += 2 {
			v := int16(rnd() * 30000)
			w.Data[j], w.Data[j+1] = byte(v), byte(uint16(v)>>8)
		}
		f.waves[id] = w
		start := 37 * i * i
		gl, gr := rnd()+1, rnd()+1
		starts = append(starts, VoiceStart{Slot: i, Wave: id, GainL: gl, GainR: gr, Time: float64(start) / SampleRate})
		buf, err := DecodeWave(w)
		if err != nil {
			t.Fatal(err)
		}
		refs[i] = ref{buf, start, gl, gr}
	}
	x := NewMixer(NewBank(f))
	x.Apply(starts)
	const total = 12000
	got := make([]float32, 0, 2*total)
	chunk := make([]float32, 2*333)
	for len(got) < 2*total {
		n := min(len(chunk), 2*total-len(got))
		x.Render(chunk[:n])
		got = append(got, chunk[:n]...)
	}
	for fr := 0; fr < total; fr++ {
		var l, r float32
		for i := range refs {
			v := refs[i]
			k := fr - v.start
			if v.buf == nil || k < 0 || 2*k >= len(v.buf) {
				continue
			}
			l += float32(v.buf[2*k] * v.gl)
			r += float32(v.buf[2*k+1] * v.gr)
		}
		l, r = max(-1, min(1, l)), max(-1, min(1, r))
		if got[2*fr] != l || got[2*fr+1] != r {
			t.Fatalf("O2: frame %d: got %v %v, want %v %v (naive slot-order sum)", fr, got[2*fr], got[2*fr+1], l, r)
		}
	}
}
