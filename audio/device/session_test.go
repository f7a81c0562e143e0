package device

import (
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/audio"
)

// The frame-gap histogram the lead's basis is printed from: quantiles are
// the upper edges of 1 ms bins.
func TestGapHistQuantiles(t *testing.T) {
	var h GapHist
	for i := 0; i < 98; i++ {
		h.Add(0.0165) // bin 16 → ≤ 17 ms
	}
	h.Add(0.040)
	h.Add(2.5) // the last bin
	if m, p99, mx := h.Quantile(0.5), h.Quantile(0.99), h.Quantile(1); m != 17 || p99 != 41 || mx != 1001 {
		t.Errorf("median %d, p99 %d, max %d; want 17, 41, 1001", m, p99, mx)
	}
}

// hostRec records what a session tells the window.
type hostRec struct {
	anchors []string // "t frame scale lead"
	late    []float64
	notices []string
	dropped bool
}

func (h *hostRec) MarkAnchor(simT float64, frame int64, scale float64, lead int64) {
	h.anchors = append(h.anchors, fmt.Sprintf("%g %d %g %d", simT, frame, scale, lead))
}
func (h *hostRec) MarkEarly(float64, int64)                        {}
func (h *hostRec) MarkLate(_ float64, _ int, _ uint32, ms float64) { h.late = append(h.late, ms) }
func (h *hostRec) Notice(msg string)                               { h.notices = append(h.notices, msg) }
func (h *hostRec) Dropped()                                        { h.dropped = true }

// scriptedSession is a session over a scripted device; read pulls sec of
// audio from it as a device would.
func scriptedSession(t *testing.T) (*Session, *Device, *hostRec, func(sec float64)) {
	t.Helper()
	wall := 0.0
	d, r := NewScripted(audio.NewMixer(audio.NewBank(nil)), func() float64 { return wall })
	h := &hostRec{}
	buf := make([]byte, 8*441)
	read := func(sec float64) {
		for range int(math.Round(sec * 100)) {
			if _, err := io.ReadFull(r, buf); err != nil {
				t.Fatal(err)
			}
			wall += 0.01
		}
	}
	return NewSession(d, h), d, h, read
}

const step = 1.0 / 60

// O5: the session's first Clock anchors sim 0 at the frontier plus the
// lead; after the device consumed 0.1 s the Sim is due 0.1 s of steps (6
// at 60 Hz). A time-scale change is an anchor in the record, relative to
// the session's (render's frame 0 is sim 0), with its scale and lead.
func TestSession_ClockAnchorsAndRecordsTimeScale(t *testing.T) {
	s, d, h, read := scriptedSession(t)
	if n, ok := s.Clock(Frame{Scale: 1, On: true}, step, 120); !ok || n != 0 {
		t.Fatalf("first Clock: %d steps, ok %v; want 0, true", n, ok)
	}
	n := 0
	for range 10 { // 10 ms Updates: the lead covers their gaps
		read(0.01)
		m, ok := s.Clock(Frame{SimT: float64(n) * step, Scale: 1, On: true}, step, 120)
		if !ok {
			t.Fatal("the device is no clock")
		}
		n += m
	}
	if n != 6 {
		t.Fatalf("after 0.1 s consumed: %d steps, want 6", n)
	}
	if len(h.anchors) != 0 {
		t.Fatalf("the session's own anchor went into the record: %q", h.anchors)
	}
	s.Clock(Frame{SimT: float64(n) * step, Scale: 2, On: true}, step, 120)
	lead := d.Anchors()[0].Lead // the lead in force: the mark carries it
	if want := fmt.Sprintf("%g 4410 2 %d", 6*step, lead); len(h.anchors) != 1 || h.anchors[0] != want {
		t.Errorf("record marks %q, want [%q]", h.anchors, want)
	}
	var reasons []string
	for _, a := range d.Anchors() {
		reasons = append(reasons, a.Reason)
	}
	if got := strings.Join(reasons, ","); got != "session,time scale" {
		t.Errorf("anchors %s, want session,time scale", got)
	}
}

// O5: a start the device already played past is logged late (the event
// log through the Host) by the frontier less its place, and the lead grows
// a step (10 ms), said in a notice.
func TestSession_LateStartLoggedLeadGrows(t *testing.T) {
	s, d, h, read := scriptedSession(t)
	s.Clock(Frame{Scale: 1, On: true}, step, 120)
	read(1)
	lead := d.LeadFrames()
	s.Push(1, []audio.VoiceStart{{Time: 0, Slot: 3, Wave: 0x0A000001}})
	want := float64(audio.SampleRate-lead) * 1000 / audio.SampleRate // placed at lead + 0, played at frame 44100
	if len(h.late) != 1 || math.Abs(h.late[0]-want) > 1e-9 {
		t.Fatalf("late starts %v ms, want [%v]", h.late, want)
	}
	if got := d.LeadFrames(); got != lead+audio.SampleRate/100 {
		t.Errorf("lead %d frames after a late start, want %d", got, lead+audio.SampleRate/100)
	}
	if len(h.notices) != 1 || !strings.Contains(h.notices[0], "late: the audio lead grows to") {
		t.Errorf("notices %q, want the lead's growth said", h.notices)
	}
	if st := s.Status(); st.Late != 1 || !strings.Contains(st.Line, "late starts 1") {
		t.Errorf("status %+v, want one late start", st)
	}
}

// G6: the session mutes the device while the window is unfocused and
// unmutes it on refocus; Status says so for the banner.
func TestSession_FocusMute(t *testing.T) {
	s, d, _, _ := scriptedSession(t)
	s.Clock(Frame{Scale: 1, On: true, Muted: true}, step, 120)
	if !d.Muted() || !s.Status().Muted {
		t.Error("unfocused: not muted")
	}
	s.Clock(Frame{Scale: 1, On: true}, step, 120)
	if d.Muted() || s.Status().Muted {
		t.Error("refocused: still muted")
	}
}

// With no device (or no session) every call is a no-op and the wall clock
// drives the Sim; the account says why.
func TestSession_SilentIsNoClock(t *testing.T) {
	for _, s := range []*Session{nil, SilentSession("no sound device, running silent: test")} {
		if _, ok := s.Clock(Frame{Scale: 1, On: true}, step, 120); ok {
			t.Error("a silent session is a clock")
		}
		s.Push(0, []audio.VoiceStart{{Slot: 0, Wave: 1}})
		s.End(0)
		s.StopAll()
		if st := s.Status(); st != (Status{}) {
			t.Errorf("status %+v, want none", st)
		}
		var b strings.Builder
		s.Report(&b, 1.5)
		if !strings.HasPrefix(b.String(), "live: no device clock (") || !strings.Contains(b.String(), "sim 1.500 s") {
			t.Errorf("report %q", b.String())
		}
		s.Close()
	}
}

// The session lead: a period, three of the warm-up's longest steady gaps
// and 20 ms, rounded up to 10 ms steps, between 100 ms and 2 s.
func TestSessionLead(t *testing.T) {
	for _, c := range []struct {
		gap  float64
		want int64
	}{
		{1.0 / 60, 4410}, // 256 + 2205 + 882 = 3343 → 3528, under 100 ms
		{0.05, 7938},     // 256 + 6615 + 882 = 7753 → 18 steps of 441
		{1, 88200},       // past 2 s
	} {
		if got := SessionLead(c.gap); got != c.want {
			t.Errorf("SessionLead(%v) = %d, want %d", c.gap, got, c.want)
		}
	}
}

// O5 lead: an Update gap the lead does not cover grows it to a period, the
// gap and 20 ms, in 10 ms steps, said in a notice; a gap over 0.5 s is a
// stall (caught up on the Sim's steps) and grows nothing.
func TestSession_LeadCoversFrameGapsNotStalls(t *testing.T) {
	s, d, h, read := scriptedSession(t)
	s.Clock(Frame{Scale: 1, On: true}, step, 120)
	lead := d.LeadFrames()
	read(0.2)
	s.Clock(Frame{Scale: 1, On: true}, step, 120)
	need := int64(256 + 8820 + 882) // a period, 0.2 s, 20 ms
	want := lead + (need-lead+440)/441*441
	if got := d.LeadFrames(); got != want || len(h.notices) != 1 || !strings.Contains(h.notices[0], "a frame took 200 ms") {
		t.Fatalf("after a 200 ms frame: lead %d, notices %q; want %d and the frame said", got, h.notices, want)
	}
	read(2)
	s.Clock(Frame{Scale: 1, On: true}, step, 120)
	if got := d.LeadFrames(); got != want {
		t.Errorf("after a 2 s stall: lead %d, want it kept at %d", got, want)
	}
}

// The session is the device package's headless part: its files import no
// Ebitengine, oto or cgo (the core rule for what the window calls), so its
// tests need no display and no sound device.
func TestSession_ImportsNoEngine(t *testing.T) {
	files, err := filepath.Glob("session*.go")
	if err != nil || len(files) < 4 {
		t.Fatalf("session files %v (%v), want session.go and its parts", files, err)
	}
	for _, f := range files {
		pf, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range pf.Imports {
			p := strings.Trim(im.Path.Value, `"`)
			if p == "C" || strings.Contains(p, "ebiten") || strings.Contains(p, "oto") || strings.Contains(p, "purego") {
				t.Errorf("%s imports %s", f, p)
			}
		}
	}
}
