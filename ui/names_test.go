package ui

import (
	"strings"
	"testing"

	"soundworld/dat"
)

func TestSTypeNames(t *testing.T) {
	// dat-format §5.1: 0x46 Ambient1, 0x4D Ambient8, 0x4E Waterfall, 0x65 BreatheFrost,
	// 0x77 UI_Bell, 0x7C UI_DarkLaugh, 0x84 UI_Squeal, 0x85 UI_Thunder1.
	cases := map[uint32]string{0x46: "Ambient1", 0x4D: "Ambient8", 0x4E: "Waterfall", 0x65: "BreatheFrost",
		0x77: "UI_Bell", 0x7C: "UI_DarkLaugh", 0x84: "UI_Squeal", 0x85: "UI_Thunder1", 0x99: "0x99"}
	for st, want := range cases {
		if got := STypeName(st); got != want {
			t.Errorf("STypeName(%#x) got %q, want %q", st, got, want)
		}
	}
}

func TestAudibleMuteSolo(t *testing.T) {
	s := NewState()
	a, b := InstKey{0, 0}, InstKey{1, 0}
	if !s.Audible(a) || !s.Audible(b) {
		t.Fatalf("nothing muted: got inaudible, want audible")
	}
	s.Mute[a] = true
	if s.Audible(a) || !s.Audible(b) {
		t.Errorf("mute a: got a %v b %v, want false true", s.Audible(a), s.Audible(b))
	}
	s.Mute[a] = false
	s.Solo[b] = true
	if s.Audible(a) || !s.Audible(b) {
		t.Errorf("solo b: got a %v b %v, want false true", s.Audible(a), s.Audible(b))
	}
}

// A problem's line gives a real offset or says why there is none: a missing
// record has no byte in the file ("offset ?" told the designer nothing).
func TestProblemLine_OffsetOrWhyNone(t *testing.T) {
	missing := dat.Problem{File: "client_portal.dat", Record: 0x200000F0, Off: -1, Kind: dat.KindMissingRecord, What: "record not found"}
	if got, want := ProblemLine(missing), "client_portal.dat, record 0x200000F0, no offset (the record is not in the file): record not found"; got != want {
		t.Errorf("missing record: %q, want %q", got, want)
	}
	bad := dat.Problem{File: "client_portal.dat", Record: 0x0A000002, Off: 0x1A4, InRecord: true, Kind: dat.KindBadWave, What: "sample rate 3 Hz"}
	if got, want := ProblemLine(bad), "client_portal.dat, record 0x0A000002, record byte 0x1A4: sample rate 3 Hz"; got != want {
		t.Errorf("bad wave: %q, want %q", got, want)
	}
	for _, p := range []dat.Problem{missing, bad, {Off: -1, What: "x"}} {
		if strings.Contains(ProblemLine(p), "?") {
			t.Errorf("%q: a question mark", ProblemLine(p))
		}
	}
}
