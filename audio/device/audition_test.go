package device

import (
	"encoding/binary"
	"io"
	"math"
	"testing"

	"soundworld/audio"
)

// constSource adds v to every sample (an audition that always sounds).
type constSource struct{ v float32 }

func (c constSource) MixInto(buf []float32) {
	for i := range buf {
		buf[i] += c.v
	}
}

// TestAudition_HeardNotTapped: the audition reaches the output bytes but
// not the tap (meters, captures): what the session records is its own mix.
func TestAudition_HeardNotTapped(t *testing.T) {
	d := newDevice(audio.NewMixer(nil)) // no voices: the session is silence
	tap := audio.NewMeterTap()
	d.SetTap(tap)
	d.SetAudition(constSource{0.25})
	s := &stream{d: d}
	p := make([]byte, 8*512)
	if _, err := io.ReadFull(s, p); err != nil {
		t.Fatal(err)
	}
	if v := math.Float32frombits(binary.LittleEndian.Uint32(p[8*300:])); v != 0.25 {
		t.Errorf("output %v; want the audition's 0.25", v)
	}
	last, _ := tap.Last(0.01)
	for i, v := range last {
		if v != 0 {
			t.Fatalf("tap sample %d = %v; want the session's silence", i, v)
		}
	}
	d.SetAudition(nil)
	if _, err := io.ReadFull(s, p); err != nil {
		t.Fatal(err)
	}
	if v := math.Float32frombits(binary.LittleEndian.Uint32(p[8*300:])); v != 0 {
		t.Errorf("after SetAudition(nil): %v; want silence", v)
	}
}
