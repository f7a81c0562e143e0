package audio

import (
	"strings"
	"testing"

	"soundworld/dat"
)

// A wave that cannot be decoded (3 Hz) and a missing table are reported once
// each, naming the portal file; playback still gets the error (silence).
func TestBankReportsProblems(t *testing.T) {
	f := newFake()
	f.waves[0x0A000001] = pcm16(0x0A000001, 1, 3, 100, 1)
	f.addWave(0x0A000002, 100, 1)
	b := NewBank(f)
	ps := &dat.Problems{}
	b.SetProblems(ps, "client_portal.dat")
	for range 3 {
		if _, err := b.Samples(0x0A000001); err == nil {
			t.Fatal("3 Hz wave decoded")
		}
		b.Samples(0x0A000002)
		b.SoundTable(0x20000009)
	}
	l := ps.List()
	if len(l) != 2 {
		t.Fatalf("problems: %v", l)
	}
	if p := l[0]; p.Record != 0x0A000001 || p.Kind != dat.KindBadWave || p.File != "client_portal.dat" || !strings.Contains(p.What, "sample rate 3 Hz") {
		t.Errorf("wave problem: %+v", p)
	}
	if p := l[1]; p.Record != 0x20000009 || p.Kind != dat.KindBadTable {
		t.Errorf("table problem: %+v", p)
	}
}

// CheckWave fails exactly when DecodeWave does (formats, rates, budget).
func TestCheckWaveAgreesWithDecodeWave(t *testing.T) {
	long := pcm16(5, 1, 22050, 1, 0)
	long.Data = make([]byte, 2*22050*700) // 700 s > the 600 s budget
	waves := []*dat.Wave{
		pcm16(1, 1, 22050, 1000, 7),
		pcm16(2, 2, 44100, 1000, 7),
		pcm16(3, 1, 3, 10, 7),
		{ID: 4, Format: dat.WaveFormat{Tag: 0x1234, Channels: 1, SamplesPerSec: 22050, BitsPerSample: 16}, Data: []byte{1, 2}},
		long,
		{ID: 6, Format: dat.WaveFormat{Tag: dat.WaveTagMP3, Channels: 1, SamplesPerSec: 22050}, Data: []byte("not an mp3 stream at all")},
		{ID: 7, Format: dat.WaveFormat{Tag: dat.WaveTagPCM, Channels: 3, SamplesPerSec: 22050, BitsPerSample: 16}, Data: make([]byte, 60)},
	}
	for _, w := range waves {
		_, derr := DecodeWave(w)
		cerr := CheckWave(w)
		if (derr == nil) != (cerr == nil) || (derr != nil && derr.Error() != cerr.Error()) {
			t.Errorf("wave %d: DecodeWave %v, CheckWave %v", w.ID, derr, cerr)
		}
	}
}
