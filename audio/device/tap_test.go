package device

import (
	"encoding/binary"
	"math"
	"testing"

	"soundworld/audio"
)

// TestTapSeesWhatIsSent: every frame the stream renders reaches the tap, in
// order, the same values as the bytes handed to the player.
func TestTapSeesWhatIsSent(t *testing.T) {
	d := newDevice(audio.NewMixer(audio.NewBank(nil)))
	tp := audio.NewMeterTap()
	d.SetTap(tp)
	s := &stream{d: d}
	var sent []byte
	p := make([]byte, 8*100+3)
	for range 5 {
		n, _ := s.Read(p)
		sent = append(sent, p[:n]...)
	}
	got, first := tp.Last(1)
	if r := tp.Reading(); r.Frames != d.mixer.Frame() || first != 0 {
		t.Fatalf("tap saw %d frames from %d, mixer rendered %d", r.Frames, first, d.mixer.Frame())
	}
	for i := 0; i+4 <= len(sent); i += 4 {
		if v := math.Float32frombits(binary.LittleEndian.Uint32(sent[i:])); v != got[i/4] {
			t.Fatalf("sample %d: sent %v, tap %v", i/4, v, got[i/4])
		}
	}
	d.SetTap(nil)
	s.Read(p)
	s.Read(p) // the first may only hand out bytes left from the last render
	if r := tp.Reading(); r.Frames == d.mixer.Frame() {
		t.Fatalf("tap still fed after SetTap(nil)")
	}
}
