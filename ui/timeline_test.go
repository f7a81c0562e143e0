package ui

import (
	"image"
	"strings"
	"testing"

	"soundworld/audio"
	"soundworld/world"
)

// fakeMouse scripts the pointer for the profiler panels.
type fakeMouse struct {
	x, y               int
	down, just, justUp bool
}

func (m *fakeMouse) state() (int, int, bool, bool, bool) { return m.x, m.y, m.down, m.just, m.justUp }

func profSnap(t float64) *world.Snapshot {
	s := &world.Snapshot{Time: t}
	s.Voices[3] = audio.Voice{Busy: true, Source: audio.SourceOneShot, Table: 0x20000001, SType: 0x47, Wave: 0x0A000004,
		Start: 1, Length: 100, DB: -18, Pan: 6, Volume: 0.4, Distance: 35}
	return s
}

// Issue 10 item 1 input: hovering a bar shows its voice's why; a click
// selects it in the Voices panel and flashes its position; the span buttons
// switch 10/30/60 s; live/frozen freezes, and a drag then scrubs.
func TestTimeline_HoverClickSpanScrub(t *testing.T) {
	u := New(nil, NewState())
	m := &fakeMouse{}
	u.prof.mouse = m.state
	for tt := 0.0; tt <= 20; tt += 0.5 {
		u.observeProfiler(profSnap(tt))
	}
	b := image.Rect(0, 0, 622, 250)
	tl := u.timelineView(b)
	x, y, w, h, ok := tl.BarRect(u.prof.hist.Bars[0])
	if !ok {
		t.Fatalf("the voice's bar is not in the view")
	}
	m.x, m.y = int(x+w/2), int(y+h/2)
	u.timelineInput(b)
	if !strings.Contains(u.prof.hover, "slot 3") || !strings.Contains(u.prof.hover, "-18 dB") || !strings.Contains(u.prof.hover, "35.0 m") {
		t.Fatalf("hover text %q: want the slot, level and distance", u.prof.hover)
	}
	m.just = true
	u.timelineInput(b)
	m.just = false
	if u.st.SelectedVoice != 3 || !u.prof.sel.ok {
		t.Fatalf("click: selected voice %d (sel %+v), want slot 3", u.st.SelectedVoice, u.prof.sel)
	}
	if _, left, ok := u.Flash(); !ok || left != 1 {
		t.Fatalf("click: no flash on the map")
	}
	spans, live := timelineButtons(b)
	m.x, m.y, m.just = spans[2].Min.X+3, spans[2].Min.Y+3, true
	u.timelineInput(b)
	if u.prof.span != 2 || u.timelineView(b).Span != 60 {
		t.Fatalf("span button: span %d", u.prof.span)
	}
	m.x, m.y = live.Min.X+3, live.Min.Y+3
	u.timelineInput(b)
	if !u.prof.frozen {
		t.Fatalf("live button did not freeze the view")
	}
	end0 := u.prof.end
	u.observeProfiler(profSnap(25)) // time goes on: a frozen view stays
	if u.timelineView(b).End != end0 {
		t.Fatalf("frozen view moved with the Sim")
	}
	// Drag right by 120 px of 600: 60 s span → 12 s back in time.
	m.x, m.y, m.down, m.just = 300, 150, true, true
	u.timelineInput(b)
	m.just = false
	m.x = 300 + 120
	u.timelineInput(b)
	u.timelineInput(b) // held still a frame: the scrub follows last frame's pointer
	if got := u.timelineView(b).End; got > end0-11.9 || got < end0-12.1 {
		t.Fatalf("scrub: end %.2f, want %.2f", got, end0-12)
	}
	m.x = 600 // let go and moved on: X11 still reports the button down this frame
	u.timelineInput(b)
	if got := u.timelineView(b).End; got > end0-11.9 || got < end0-12.1 {
		t.Fatalf("scrub after letting go: end %.2f, want %.2f (where the button was let go)", got, end0-12)
	}
	m.down, m.justUp = false, true
	u.timelineInput(b)
	if u.prof.drag {
		t.Fatalf("drag did not end on release")
	}
}

// The Events panel: chips filter, rows newest first, a click selects.
func TestEvents_FilterAndSelect(t *testing.T) {
	u := New(nil, NewState())
	s := profSnap(5)
	s.Events = []world.Event{
		{Play: audio.Play{Time: 1, Source: audio.SourceOneShot, Table: 0x20000001, Slot: 3, Outcome: audio.OutcomeStart}},
		{Play: audio.Play{Time: 2, Source: audio.SourceBed, Table: 0x20000005, Slot: -1, Outcome: audio.OutcomeGated}},
		{Play: audio.Play{Time: 3, Source: audio.SourceEmitter, Table: 0x20000010, Slot: -1, Outcome: audio.OutcomeNotNow}},
	}
	u.observeProfiler(s)
	l := &u.prof.log
	rows := u.prof.hist.Rows
	if v := l.visible(rows, 10); len(v) != 3 || v[0].Play.Time != 3 {
		t.Fatalf("visible %+v: want 3 rows, newest first", v)
	}
	chips := l.chips(image.Rect(0, 0, 400, 200))
	click := func(text string) {
		for _, c := range chips {
			if c.text == text {
				c.click(l, rows)
				return
			}
		}
		t.Fatalf("no chip %q", text)
	}
	click("bed")
	if v := l.visible(rows, 10); len(v) != 2 {
		t.Fatalf("bed hidden: %d rows", len(v))
	}
	click("notnow")
	if v := l.visible(rows, 10); len(v) != 1 || v[0].Play.Source != audio.SourceOneShot {
		t.Fatalf("bed and not_now hidden: %+v", v)
	}
	click("bed")
	click("notnow")
	click("table all") // → the first table seen
	if l.table != 0x20000001 || len(l.visible(rows, 10)) != 1 {
		t.Fatalf("table chip: table %08X, %d rows", l.table, len(l.visible(rows, 10)))
	}
	l.table = 0
	u.selectRow(rows[0].Play)
	if u.st.SelectedVoice != 3 {
		t.Fatalf("selecting the start row did not select slot 3's voice")
	}
}
