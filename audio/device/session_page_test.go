package device

import (
	"math"
	"strings"
	"testing"

	"soundworld/audio"
)

// The browser's lead follows the page's frame gaps (session_page.go): up
// at once to a period + 1.5 × the gap + 20 ms, held while that gap is in
// the last 10 s, then down by 50 ms of lead per s (2 205 frames per s),
// never under the floor, never over 2 s.
func TestPageLead_FollowsGapsUpAtOnceDownSlowly(t *testing.T) {
	const floor = 13230 // 300 ms
	var p pageLead
	lead := int64(floor)
	if lead = p.next(1, 0.1, lead, floor); lead != floor { // 256 + 6615 + 882 = 7753: under the floor
		t.Fatalf("after a 100 ms gap: lead %d, want the floor %d", lead, floor)
	}
	if lead = p.next(1.5, 0.5, lead, floor); lead != 256+33075+882 {
		t.Fatalf("after a 500 ms gap: lead %d, want 34213", lead)
	}
	now := 1.5
	for now < 11.45 { // the 500 ms gap is still in the window
		now += 0.1
		if lead = p.next(now, 0.1, lead, floor); lead != 34213 {
			t.Fatalf("at %.1f s, 500 ms gap %.1f s ago: lead %d, want it kept at 34213", now, now-1.5, lead)
		}
	}
	now += 0.1 // 11.6 s: the 500 ms gap left the window; 0.1 s × 2205 frames/s = 220 frames a step
	if lead = p.next(now, 0.1, lead, floor); lead != 34213-220 {
		t.Fatalf("first step down: lead %d, want 33993", lead)
	}
	for range 200 { // 20 s more: down to the floor, not under it
		now += 0.1
		lead = p.next(now, 0.1, lead, floor)
	}
	if lead != floor {
		t.Fatalf("20 s after: lead %d, want the floor %d", lead, floor)
	}
	if lead = p.next(now+3, 3, lead, floor); lead != MaxLead {
		t.Fatalf("after a 3 s gap: lead %d, want MaxLead %d", lead, MaxLead)
	}
}

// The browser's session lead starts from the longest gap of the warm-up
// (three such frames, as SessionLead), not only its steady ones: a frame
// of 300 ms among 50 ms ones gives 256 + 39 690 + 882 = 40 828 frames,
// 93 steps of 441 = 41 013; the desktop's is from the steady 50 ms ones
// (SessionLead(0.05) = 7 938).
func TestSession_PageLeadStartsFromTheWarmUpsLongestGap(t *testing.T) {
	for _, c := range []struct {
		page bool
		want int64
	}{{false, 7938}, {true, 41013}} {
		s, d, _, read := scriptedSession(t)
		d.ownPace = c.page
		f := Frame{Scale: 1, On: true, Warm: true}
		s.Clock(f, step, 120)
		read(0.3)
		s.Clock(f, step, 120)
		for range warmFrames {
			read(0.05)
			s.Clock(f, step, 120)
		}
		if !s.anchored {
			t.Fatalf("page %v: no anchor after %d steady frames", c.page, warmFrames)
		}
		if got := d.LeadFrames(); got != c.want {
			t.Errorf("page %v: session lead %d, want %d", c.page, got, c.want)
		}
	}
}

// skipOut is an output that does not queue the leading silence while
// skip holds (the browser's, before its first frames are handed over).
type skipOut struct{ skip bool }

func (o *skipOut) written() int64            { return 0 }
func (o *skipOut) played() int64             { return 0 }
func (o *skipOut) setBuffer(int64)           {}
func (o *skipOut) close() error              { return nil }
func (o *skipOut) leadingSkipped() bool      { return o.skip }
func (o *skipOut) underruns() (int64, int64) { return 0, 0 }

// O5 at the browser's session anchor: the leading silence (the anchor's
// lead) is not queued, so the Sim is due a lead past the anchor at once
// (its first starts go over in that Update); once frames were handed over,
// or for any other output, a lead past the frontier as before.
func TestDue_LeadingSilenceNotWaitedFor(t *testing.T) {
	for _, skip := range []bool{true, false} {
		d, _ := NewScripted(audio.NewMixer(audio.NewBank(nil)), func() float64 { return 0 })
		d.out = &skipOut{skip}
		d.SetLead(13230)
		d.Anchor("session", 5, 1)
		due, ok := d.Due()
		want := 5.0
		if skip {
			want += 13230.0 / 44100 // 0.3 s
		}
		if !ok || math.Abs(due-want) > 1e-9 {
			t.Errorf("skip %v: due %v (%v), want %v", skip, due, ok, want)
		}
	}
}

// stallOut is an output whose stall account the test sets.
type stallOut struct {
	skipOut
	st StallStats
}

func (o *stallOut) stallStats() StallStats { return o.st }

// O5, counted and said: when the browser's worklet plays nothing the
// toast says what happens there — the wall clock has the mix until the
// browser plays again, a click or key resumes it — not the desktop's
// "retrying the device"; a worklet that did not load says so and its
// reason; the status line says the browser plays no sound.
func TestSession_BrowserStallSaysWhatThePageDoes(t *testing.T) {
	for _, c := range []struct {
		lostWhy, notice, wall string
	}{
		{"", "the browser plays no sound (its AudioContext is not running): the mix runs on the wall clock, silent, until the browser plays again; a click or key in the page resumes it", "the browser plays no sound"},
		{"the audio worklet did not load: SyntaxError", "the browser could not start the sound (its audio worklet did not load): the mix runs on the wall clock, silent, for this session, last error: the audio worklet did not load: SyntaxError", "the browser's audio worklet did not load"},
	} {
		s, d, h, _ := scriptedSession(t)
		o := &stallOut{}
		d.out = o
		s.Clock(Frame{Scale: 1, On: true}, step, 120)
		stall, back, wall := webNotices(c.lostWhy)
		o.st = StallStats{Fallbacks: 1, OnWallClock: true, LastError: c.lostWhy, Stall: stall, Back: back, Wall: wall}
		s.End(0)
		if len(h.notices) != 1 || h.notices[0] != c.notice || strings.Contains(h.notices[0], "retrying") {
			t.Errorf("worklet lost (%q): notices %q, want %q", c.lostWhy, h.notices, c.notice)
		}
		if st := s.Status(); !st.OnWall || st.WallNote != c.wall {
			t.Errorf("worklet lost (%q): status on wall %v, %q; want %q", c.lostWhy, st.OnWall, st.WallNote, c.wall)
		}
		o.st.Returns, o.st.OnWallClock = 1, false
		s.End(0)
		if len(h.notices) != 2 || h.notices[1] != "the browser plays sound again: it goes on at the mix's frontier, on the same timeline" {
			t.Errorf("worklet back: notices %q", h.notices)
		}
	}
}

// The desktop's writers keep their own words (they do retry the device).
func TestSession_DesktopStallRetries(t *testing.T) {
	s, d, h, _ := scriptedSession(t)
	o := &stallOut{st: StallStats{Fallbacks: 1, OnWallClock: true}}
	d.out = o
	s.Clock(Frame{Scale: 1, On: true}, step, 120)
	s.End(0)
	if len(h.notices) != 1 || !strings.HasSuffix(h.notices[0], "; retrying the device") {
		t.Errorf("desktop stall: notices %q, want the retrying notice", h.notices)
	}
	if st := s.Status(); st.WallNote != "sound device lost, retrying" {
		t.Errorf("desktop stall: status %q", st.WallNote)
	}
}
