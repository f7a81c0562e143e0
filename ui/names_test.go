package ui

import "testing"

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
