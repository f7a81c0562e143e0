package world

import (
	"encoding/json"
	"strings"
	"testing"
)

// O5: the window marks the anchors it takes after the record's
// first (a time-scale change, sound back on); the record keeps one per sim
// time, in order, within the record, survives JSON, and a Reset drops
// them. Check refuses marks out of order or out of bounds. FrameOf places
// a start as the device's Timeline does.
func TestInputLog_AnchorMarks(t *testing.T) {
	s, _ := simFixture(t, 1)
	s.MarkAnchor(AnchorMark{T: 0, Frame: 1, Scale: 1}) // not recording: ignored
	s.RecordInputs()
	for range 60 {
		s.Tick(NextStepDt(s.Now()))
	}
	t1 := s.Now()
	s.MarkAnchor(AnchorMark{T: t1, Frame: 50000, Scale: 2, Lead: 4410})
	s.MarkAnchor(AnchorMark{T: t1, Frame: 50100, Scale: 2, Lead: 4410}) // the same time: the last word
	s.MarkAnchor(AnchorMark{T: t1 - 0.5, Frame: 1, Scale: 1})           // before the last mark: ignored
	s.MarkAnchor(AnchorMark{T: t1 + 1, Frame: 1, Scale: 1})             // after the Sim's time: ignored
	s.Tick(NextStepDt(s.Now()))
	l := s.Inputs()
	want := AnchorMark{T: t1, Frame: 50100, Scale: 2, Lead: 4410}
	if len(l.Anchors) != 1 || l.Anchors[0] != want {
		t.Fatalf("anchors = %+v, want %+v", l.Anchors, want)
	}
	// At scale 2 one sim second is half a device second: 22050 frames.
	if got := want.FrameOf(t1 + 1); got != 50100+22050 {
		t.Fatalf("FrameOf(t1 + 1 s) = %d, want %d", got, 50100+22050)
	}
	if got := (AnchorMark{T: 1, Frame: 100, Scale: 1}).FrameOf(1.5); got != 100+22050 {
		t.Fatalf("scale 1: FrameOf(1.5) = %d, want %d", got, 100+22050)
	}
	if err := l.Check(s.Now()); err != nil {
		t.Fatalf("Check: %v", err)
	}
	b, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	var back InputLog
	if err := json.Unmarshal(b, &back); err != nil || len(back.Anchors) != 1 || back.Anchors[0] != want {
		t.Fatalf("JSON round trip: %+v, %v", back.Anchors, err)
	}
	for _, c := range []struct {
		marks []AnchorMark
		want  string
	}{
		{[]AnchorMark{{T: -1, Scale: 1}}, "within the record"},
		{[]AnchorMark{{T: s.Now() + 1, Scale: 1}}, "within the record"},
		{[]AnchorMark{{T: 0.5, Scale: 1}, {T: 0.5, Scale: 1}}, "increasing order"},
		{[]AnchorMark{{T: 0.5, Scale: 0}}, "scale"},
		{[]AnchorMark{{T: 0.5, Scale: 8}}, "scale"},
		{[]AnchorMark{{T: 0.5, Scale: 1, Frame: -1}}, "frame"},
		{[]AnchorMark{{T: 0.5, Scale: 1, Lead: MaxEarlyFrames + 1}}, "lead"},
	} {
		bad := *l
		bad.Anchors = c.marks
		if err := bad.Check(s.Now()); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("marks %+v: Check = %v, want an error saying %q", c.marks, err, c.want)
		}
	}
	s.Reset(1)
	if l := s.Inputs(); len(l.Anchors) != 0 {
		t.Fatalf("after Reset: anchors %+v, want none", l.Anchors)
	}
}
