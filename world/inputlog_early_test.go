package world

import (
	"strings"
	"testing"
)

// O5: the window marks the inputs it played early; the record keeps one
// mark per sim time, in order, within the record, and a Reset drops them.
// Check refuses marks outside the record, out of order or out of bounds.
func TestInputLog_EarlyMarks(t *testing.T) {
	s, _ := simFixture(t, 1)
	s.MarkEarly(0, 100) // not recording: ignored
	s.RecordInputs()
	for range 60 {
		s.Tick(NextStepDt(s.Now()))
	}
	s.PlayStinger(forgeTable, 0x69)
	t1 := s.Now()
	s.MarkEarly(t1, 4000)
	s.MarkEarly(t1, 4100)  // the same time: the last word
	s.MarkEarly(t1-1, 50)  // before the last mark: ignored
	s.MarkEarly(t1+1, 50)  // after the Sim's time: ignored
	s.MarkEarly(t1, 0)     // nothing early: ignored
	s.MarkEarly(t1, 1<<40) // bounded
	s.Tick(NextStepDt(s.Now()))
	l := s.Inputs()
	if len(l.Early) != 1 || l.Early[0] != (EarlyMark{T: t1, Frames: MaxEarlyFrames}) {
		t.Fatalf("early = %+v, want one mark at %v of %d frames", l.Early, t1, MaxEarlyFrames)
	}
	if err := l.Check(s.Now()); err != nil {
		t.Fatalf("Check: %v", err)
	}
	for _, c := range []struct {
		marks []EarlyMark
		want  string
	}{
		{[]EarlyMark{{T: -1, Frames: 1}}, "within the record"},
		{[]EarlyMark{{T: s.Now() + 1, Frames: 1}}, "within the record"},
		{[]EarlyMark{{T: 0.5, Frames: 1}, {T: 0.5, Frames: 1}}, "increasing order"},
		{[]EarlyMark{{T: 0.5, Frames: 0}}, "want 1.."},
		{[]EarlyMark{{T: 0.5, Frames: MaxEarlyFrames + 1}}, "want 1.."},
	} {
		bad := *l
		bad.Early = c.marks
		if err := bad.Check(s.Now()); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("marks %+v: Check = %v, want an error saying %q", c.marks, err, c.want)
		}
	}
	s.Reset(1)
	if l := s.Inputs(); len(l.Early) != 0 {
		t.Fatalf("after Reset: early %+v, want none", l.Early)
	}
}
