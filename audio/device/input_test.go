package device

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"testing"

	"soundworld/audio"
	"soundworld/dat"
)

// TestStreamRendersInBlocks: one Read renders at most BlockFrames, so oto's
// mux goroutine tops the player up a block at a time and the mixer's
// frontier stays a player buffer (plus under a block) ahead of what the
// device took; an input is rendered from the next block.
func TestStreamRendersInBlocks(t *testing.T) {
	d := newDevice(audio.NewMixer(audio.NewBank(nil)))
	s := &stream{d: d}
	n, _ := s.Read(make([]byte, 8*4410))
	if n != 8*BlockFrames || d.mixer.Frame() != BlockFrames {
		t.Fatalf("a 4410-frame read returned %d bytes at frame %d, want %d bytes, frame %d", n, d.mixer.Frame(), 8*BlockFrames, BlockFrames)
	}
}

// waveTables serves constant 16-bit mono waves at 44100 Hz: wave id w
// holds 20000 frames of the value vals[w] (a power of two over 32768, so
// sums of them are exact in float32 and say which voices sound).
type waveTables map[uint32]int16

func (w waveTables) SoundTable(id uint32) (*dat.SoundTable, error) {
	return nil, fmt.Errorf("no table 0x%08X", id)
}

func (w waveTables) Wave(id uint32) (*dat.Wave, error) {
	v, ok := w[id]
	if !ok {
		return nil, fmt.Errorf("no wave 0x%08X", id)
	}
	b := make([]byte, 2*20000)
	for i := 0; i < len(b); i += 2 {
		binary.LittleEndian.PutUint16(b[i:], uint16(v))
	}
	return &dat.Wave{ID: id, Format: dat.WaveFormat{Tag: dat.WaveTagPCM, Channels: 1, SamplesPerSec: audio.SampleRate,
		BlockAlign: 2, BitsPerSample: 16}, Data: b}, nil
}

// TestO5_InputAtNextBlock: a start an input made plays at the frontier (the
// next block rendered), not the lead later; a start the Sim made earlier in
// sim time for the same slot, still waiting for its frame in the device or
// the mixer, is superseded (dropped) so it cannot cut the input's sound off;
// the Sim's other starts keep their frames on the timeline (O5).
func TestO5_InputAtNextBlock(t *testing.T) {
	const in, simA, simB, other = 5, 7, 9, 8 // wave ids
	vals := waveTables{in: 4096, simA: 16384, simB: 1024, other: 8192}
	wall := 0.0
	d := newDevice(audio.NewMixer(audio.NewBank(vals)))
	d.wall = func() float64 { return wall }
	s := &stream{d: d}
	io.ReadFull(s, make([]byte, 8*1000)) // frontier 1000
	d.Anchor("session", 0, 1)            // sim 0 s = frame 1000 + Lead
	one := func(slot int, wave uint32, t float64) []audio.VoiceStart {
		return []audio.VoiceStart{{Slot: slot, Wave: wave, GainL: 1, GainR: 1, Time: t}}
	}
	d.Push(append(one(3, simA, 0.01), one(4, other, 0.02)...))
	io.ReadFull(s, make([]byte, 8*100)) // frontier 1100: both wait in the mixer now
	d.Push(one(3, simB, 0.03))          // waits in the device
	if f := d.PushNow(one(3, in, 0.04)); f != 1100 {
		t.Fatalf("input placed at frame %d, want the frontier 1100", f)
	}
	if n, f := d.Inputs(); n != 1 || f != 1100 {
		t.Errorf("Inputs() = %d, %d, want 1, 1100", n, f)
	}
	// Independent arithmetic: slot 4 starts at 1000 + Lead + round(0.02·44100).
	start4 := 1000 + leadFrames + 882
	total := start4 + 100 - 1100
	p := make([]byte, 8*total)
	io.ReadFull(s, p)
	const vIn, vOther = float32(4096) / 32768, float32(8192) / 32768
	for i := int64(0); i < total; i++ {
		f := 1100 + i
		want := vIn
		if f >= start4 {
			want += vOther
		}
		if got := math.Float32frombits(binary.LittleEndian.Uint32(p[8*i:])); got != want {
			t.Fatalf("frame %d: %v, want %v (the input from 1100 alone, slot 4 from %d)", f, got, want, start4)
		}
	}
}

// TestGrowBuffer: an underrun grows the player buffer a period at a time,
// up to MaxBufferFrames.
func TestGrowBuffer(t *testing.T) {
	d := newDevice(audio.NewMixer(audio.NewBank(nil)))
	want := int64(BufferFrames)
	for want < MaxBufferFrames {
		want = min(MaxBufferFrames, want+PeriodFrames)
		if b, grew := d.GrowBuffer(); !grew || b != want {
			t.Fatalf("GrowBuffer() = %d, %v, want %d, true", b, grew, want)
		}
	}
	if b, grew := d.GrowBuffer(); grew || b != MaxBufferFrames {
		t.Fatalf("at the bound: GrowBuffer() = %d, %v, want %d, false", b, grew, MaxBufferFrames)
	}
}
