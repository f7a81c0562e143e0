package geom

import (
	"math"
	"testing"

	"soundworld/audio"
	"soundworld/world"
)

// snap is a hand-made snapshot at time t with the given busy voices and events.
func snap(t float64, voices map[int]audio.Voice, events []audio.Play) *world.Snapshot {
	s := &world.Snapshot{Time: t}
	for i, v := range voices {
		v.Busy = true
		s.Voices[i] = v
	}
	s.Events = eventsOf(events)
	return s
}

func TestTimeline_HistoryBars(t *testing.T) {
	var h History
	bed := audio.Voice{Source: audio.SourceBed, Wave: 1, Start: 0, Length: 100, DB: -10}
	shot := audio.Voice{Source: audio.SourceOneShot, Wave: 2, Start: 1.0, Length: 0.5, DB: -20}
	h.Observe(snap(0.5, map[int]audio.Voice{0: bed}, nil))
	h.Observe(snap(1.1, map[int]audio.Voice{0: bed, 3: shot}, nil))
	if len(h.Bars) != 2 || !h.Bars[0].Open || h.Bars[0].End != 1.1 || h.Bars[1].Slot != 3 || h.Bars[1].Start != 1.0 {
		t.Fatalf("bars after two snapshots: %+v", h.Bars)
	}
	// The one-shot finishes (1.5 s) before the next snapshot at 2.0: its bar
	// ends at its length, not at the snapshot.
	h.Observe(snap(2.0, map[int]audio.Voice{0: bed, 3: shot}, nil))
	if b := h.Bars[1]; b.Open || b.End != 1.5 {
		t.Fatalf("finished one-shot: open %v end %v, want closed at 1.5", b.Open, b.End)
	}
	// Slot 0 is taken by a new voice at 2.5: the old bar ends there.
	next := audio.Voice{Source: audio.SourceEmitter, Wave: 3, Start: 2.5, Length: 1}
	h.Observe(snap(2.6, map[int]audio.Voice{0: next}, nil))
	if b := h.Bars[0]; b.Open || b.End != 2.5 {
		t.Fatalf("replaced bed: open %v end %v, want closed at 2.5", b.Open, b.End)
	}
	if len(h.Bars) != 3 || !h.Bars[2].Open || h.Bars[2].Voice.Source != audio.SourceEmitter {
		t.Fatalf("new voice in slot 0: %+v", h.Bars)
	}
	// A Reset (time goes back) clears everything.
	h.Observe(snap(0, nil, nil))
	if len(h.Bars) != 0 || len(h.Rows) != 0 {
		t.Fatalf("after reset: %d bars, %d rows", len(h.Bars), len(h.Rows))
	}
}

// The snapshot's events are a sliding window: each decision becomes one row
// once, even when the window moves by several or is unchanged.
func TestTimeline_HistoryRowsOnce(t *testing.T) {
	var h History
	ev := func(i int) audio.Play {
		return audio.Play{Time: float64(i) / 10, Slot: -1, Outcome: audio.OutcomeNotNow, DB: -50}
	}
	window := func(lo, hi int) []audio.Play {
		var out []audio.Play
		for i := lo; i < hi; i++ {
			out = append(out, ev(i))
		}
		return out
	}
	h.Observe(snap(0.5, nil, window(0, 4)))
	h.Observe(snap(0.6, nil, window(0, 4))) // unchanged
	h.Observe(snap(0.9, nil, window(2, 7))) // slid by 2, 3 new
	h.Observe(snap(2.0, nil, window(20, 23)))
	want := []int{0, 1, 2, 3, 4, 5, 6, 20, 21, 22}
	if len(h.Rows) != len(want) {
		t.Fatalf("%d rows, want %d: %+v", len(h.Rows), len(want), h.Rows)
	}
	for k, i := range want {
		if h.Rows[k].Play != ev(i) || h.Rows[k].Seq != int64(k+1) {
			t.Fatalf("row %d = %+v (seq %d), want event %d", k, h.Rows[k].Play, h.Rows[k].Seq, i)
		}
	}
}

// History stays bounded: bars and rows older than HistSeconds go.
func TestTimeline_HistoryBounded(t *testing.T) {
	var h History
	for i := 0; i < 60*600; i++ { // 10 min at 60 Hz, a new 0.1 s voice each 0.25 s
		tt := float64(i) / 60
		v := audio.Voice{Source: audio.SourceOneShot, Wave: uint32(i/15 + 1), Start: float64(i/15) * 0.25, Length: 0.1}
		h.Observe(snap(tt, map[int]audio.Voice{i / 15 % 16: v}, []audio.Play{{Time: tt, Slot: 1}}))
	}
	if len(h.Bars) > HistSeconds*4+20 || len(h.Rows) > MaxRows {
		t.Fatalf("history grew: %d bars, %d rows", len(h.Bars), len(h.Rows))
	}
	if h.Bars[0].End < h.Now-HistSeconds {
		t.Fatalf("oldest bar ends at %v, now %v: older than %d s kept", h.Bars[0].End, h.Now, HistSeconds)
	}
}

func TestTimeline_Geometry(t *testing.T) {
	tl := Timeline{X: 100, Y: 50, W: 622, H: 250, Span: 10, End: 30}
	// Plot from x=122 to 722 (600 px for 10 s: 60 px/s).
	if x := tl.TimeX(20); x != 122 {
		t.Errorf("TimeX(left edge) = %v, want 122", x)
	}
	if x := tl.TimeX(25); x != 422 {
		t.Errorf("TimeX(25) = %v, want 422", x)
	}
	if tt := tl.XTime(422); math.Abs(tt-25) > 1e-12 {
		t.Errorf("XTime(422) = %v, want 25", tt)
	}
	// Lanes: (250 − 12 − 14 − 2) / 16 = 13.875 px each, below the strip.
	_, y0, _, lh := tl.Lane(0)
	_, y15, _, _ := tl.Lane(15)
	if lh != 13.875 || y0 != 64 || y15 != 64+15*13.875 {
		t.Errorf("lanes: h %v, y0 %v, y15 %v", lh, y0, y15)
	}
	b := VoiceBar{Slot: 2, Start: 15, End: 21} // starts before the span: clipped at the left
	x, y, w, h, ok := tl.BarRect(b)
	if !ok || x != 122 || w != 60 || y != 64+2*13.875+1 || h != 13.875-2 {
		t.Errorf("BarRect = %v %v %v %v %v", x, y, w, h, ok)
	}
	if _, _, _, _, ok := tl.BarRect(VoiceBar{Start: 5, End: 19}); ok {
		t.Errorf("a bar that ended before the span is drawn")
	}
	if _, _, w, _, _ := tl.BarRect(VoiceBar{Start: 25, End: 25}); w != 2 {
		t.Errorf("an instant bar is %v px wide, want 2", w)
	}
	bars := []VoiceBar{b, {Slot: 2, Start: 21, End: 23}}
	if i := tl.HitBar(bars, 150, y+3); i != 0 {
		t.Errorf("HitBar on the first bar = %d", i)
	}
	if i := tl.HitBar(bars, 150, y-20); i != -1 {
		t.Errorf("HitBar in another lane = %d", i)
	}
	rows := []Row{{Play: audio.Play{Time: 25, Outcome: audio.OutcomeDrop}}, {Play: audio.Play{Time: 25.01, Outcome: audio.OutcomeStart}}}
	if i := tl.HitTick(rows, 424, 55); i != 0 {
		t.Errorf("HitTick 2 px from a drop = %d, want 0", i)
	}
	if i := tl.HitTick(rows, 430, 55); i != -1 {
		t.Errorf("HitTick 8 px away = %d, want none", i)
	}
	// Axis: 60 px/s → a label each second.
	if ts := tl.AxisTicks(); len(ts) != 11 || ts[0] != 20 || ts[10] != 30 {
		t.Errorf("axis ticks %v", ts)
	}
	wide := Timeline{W: 622, H: 250, Span: 60, End: 100}
	if ts := wide.AxisTicks(); len(ts) != 13 || ts[1]-ts[0] != 5 { // 10 px/s: 5 s is the first step ≥ 40 px
		t.Errorf("60 s span axis ticks %v, want every 5 s", ts)
	}
	if Brightness(-50) != 0.35 || Brightness(0) != 1 || Brightness(-25) != 0.675 || Brightness(10) != 1 {
		t.Errorf("Brightness: %v %v %v", Brightness(-50), Brightness(0), Brightness(-25))
	}
}

// A bar and a row carry the draws of the decision behind them (O4), for the
// timeline's hover.
func TestTimeline_DrawsFollowTheirDecision(t *testing.T) {
	var h History
	v := audio.Voice{Source: audio.SourceOneShot, Wave: 7, Start: 2, Length: 1}
	s := snap(2.1, map[int]audio.Voice{5: v}, nil)
	s.Events = []world.Event{{Play: audio.Play{Time: 2, Slot: 5, Wave: 7, Source: audio.SourceOneShot},
		Trace: audio.Trace{Draws: []float32{0.25, 0.5}, Rands: []int{41}}}}
	h.Observe(s)
	if len(h.Bars) != 1 || len(h.Bars[0].Draws) != 2 || h.Bars[0].Draws[1] != 0.5 {
		t.Fatalf("bar draws %+v", h.Bars)
	}
	if len(h.Rows) != 1 || len(h.Rows[0].Rands) != 1 || h.Rows[0].Rands[0] != 41 {
		t.Fatalf("row trace %+v", h.Rows)
	}
}
