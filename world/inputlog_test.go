package world

import (
	"encoding/json"
	"reflect"
	"testing"

	"soundworld/audio"
)

// session drives s as a window would: a walk, a heading turn, an eye change, a
// preference change, emitter edits (add, move, update, delete), a stinger and
// a pause (Tick(0)), then 1/60 s ticks. It returns the snapshot at the end and
// every play seen.
func session(t *testing.T, s *Sim) (*Snapshot, []audio.Play) {
	t.Helper()
	var plays []audio.Play
	s.SetOnPlay(func(p audio.Play) { plays = append(plays, p) })
	s.Emitters().Set([]Emitter{forge})
	var sn *Snapshot
	for i := 0; i < 60*40; i++ {
		tt := float64(i) / 60
		if i%3 == 0 && i < 60*20 {
			x, y, h := walkLoop(tt)
			s.SetListener(x, y, h)
		}
		switch i {
		case 300:
			s.SetEye(3.5)
		case 400:
			p := s.Prefs()
			p.AmbientVolume = 0.37
			s.SetPrefs(p)
		case 500:
			e := forge
			e.Name, e.X = "second", 40
			s.Emitters().Add(e)
		case 600:
			x, y := WorldPos(0x0101, 60, 70)
			if err := s.Emitters().Move(1, x, y); err != nil {
				t.Fatal(err)
			}
		case 700:
			e := s.Emitters().List()[0]
			e.Volume, e.Interval = 0.5, [2]float32{1, 1.5}
			if err := s.Emitters().Update(0, e); err != nil {
				t.Fatal(err)
			}
		case 800:
			s.PlayStinger(forgeTable, 0x69)
		case 900:
			s.SetActive(false)
		case 1000:
			s.SetActive(true)
			_ = s.Emitters().Delete(0)
		case 1100:
			s.SetPlayer(Loc{Landblock: 0x0101, X: 50.25, Y: 60.5}, 33)
		case 1150:
			s.SetChase(3)
		}
		if i >= 1200 && i < 1260 {
			sn = s.Tick(0) // paused a second: the clock stands
			continue
		}
		sn = s.Tick(1.0 / 60)
	}
	return sn, plays
}

// TestInputLog_ReplayReproducesSnapshot: a recorded session, written as JSON
// and read back, replayed on a fresh Sim over the same data gives the same
// final Snapshot and the same plays in the same order (O3).
func TestInputLog_ReplayReproducesSnapshot(t *testing.T) {
	s, _ := simFixture(t, 7)
	s.RecordInputs()
	want, wantPlays := session(t, s)
	log := s.Inputs()
	if log.Truncated || log.Inputs.Len() == 0 {
		t.Fatalf("record: truncated %v, %d inputs", log.Truncated, log.Inputs.Len())
	}
	js, err := json.Marshal(log)
	if err != nil {
		t.Fatal(err)
	}
	var back InputLog
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	if got, wantEnd := back.End(), want.Time; got != wantEnd {
		t.Fatalf("End() = %v, want the session's last sim time %v", got, wantEnd)
	}
	r, _ := simFixture(t, 99) // another seed: the record's start seed must win
	var gotPlays []audio.Play
	r.SetOnPlay(func(p audio.Play) { gotPlays = append(gotPlays, p) })
	if err := back.Replay(r, nil); err != nil {
		t.Fatal(err)
	}
	got := r.Snapshot()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("replayed snapshot differs:\n got %+v\nwant %+v", got, want)
	}
	if len(gotPlays) != len(wantPlays) || len(wantPlays) == 0 {
		t.Fatalf("replay: %d plays, session %d", len(gotPlays), len(wantPlays))
	}
	for i := range wantPlays {
		if gotPlays[i] != wantPlays[i] {
			t.Fatalf("play %d: replay %+v, session %+v", i, gotPlays[i], wantPlays[i])
		}
	}
	// The record has each kind of call the session made.
	kinds := map[InputKind]bool{}
	for _, in := range back.Inputs.All() {
		kinds[in.Kind] = true
	}
	for _, k := range []InputKind{InTick, InListener, InPlayer, InChase, InEye, InPrefs, InActive, InEmitters, InAdd, InUpdate, InMove, InDelete, InStinger} {
		if !kinds[k] {
			t.Errorf("record has no %q entry", k)
		}
	}
}

// TestNextStepDt_MatchesRenderClock: ticking by NextStepDt gives exactly the
// clock values of render's loop (t = 735k/44100, dt = t − now), bit for bit.
func TestNextStepDt_MatchesRenderClock(t *testing.T) {
	a, b := 0.0, 0.0
	for k := 1; k <= 60*3600; k++ {
		a += NextStepDt(a)
		tt := float64(k*735) / 44100
		b += tt - b
		if a != b {
			t.Fatalf("step %d: %v vs render's %v", k, a, b)
		}
	}
}

// TestInputLog_TicksMerge: a run of equal ticks is one entry; Reset starts a
// new record whose start state is the state at the reset.
func TestInputLog_TicksMerge(t *testing.T) {
	s, _ := simFixture(t, 1)
	s.RecordInputs()
	for range 600 {
		s.Tick(NextStepDt(s.Now())) // the window's grid steps
	}
	for range 10 {
		s.Tick(0.1)
	}
	s.Tick(0)
	s.Tick(-1) // counts as 0: merges with the Tick(0)
	l := s.Inputs()
	if in := l.Inputs.Slice(); len(in) != 3 || in[0].Kind != InStep || in[0].N != 600 ||
		in[1].Kind != InTick || in[1].N != 10 || in[1].Dt != 0.1 || in[2].N != 2 || in[2].Dt != 0 {
		t.Fatalf("inputs = %+v, want [600 steps, 10×0.1, 2×0]", in)
	}
	if got, want := l.End(), s.Now(); got != want {
		t.Fatalf("End() = %v, want %v", got, want)
	}
	x, y := WorldPos(0x0101, 10, 10)
	s.SetListener(x, y, 45)
	s.Reset(5)
	l = s.Inputs()
	if l.Inputs.Len() != 0 || l.Start.Seed != 5 || l.Start.X != x || l.Start.Heading != 45 {
		t.Fatalf("after Reset: start %+v, %d inputs; want seed 5 at the new listener, none", l.Start, l.Inputs.Len())
	}
}

func TestInputLog_TruncatedRefusesReplay(t *testing.T) {
	s, _ := simFixture(t, 1)
	l := &InputLog{Truncated: true}
	if err := l.Replay(s, nil); err != ErrTruncated {
		t.Fatalf("Replay of a truncated record: %v, want ErrTruncated", err)
	}
}

// TestInputLog_DragCompact (issue 23 item 2): the window's drag — a listener
// move and a grid step every frame — is one drag entry of 12 bytes a frame
// (two ~140-byte entries a frame before); a move without its step, a pause
// and a step without a move stay entries of their own; the record replays
// to the same Snapshot and plays, and checks clean.
func TestInputLog_DragCompact(t *testing.T) {
	s, _ := simFixture(t, 3)
	s.RecordInputs()
	var plays []audio.Play
	s.SetOnPlay(func(p audio.Play) { plays = append(plays, p) })
	step := func() { s.Tick(NextStepDt(s.Now())) }
	s.Tick(0)
	const frames = 1200
	for i := range frames {
		x, y, h := walkLoop(float64(i) / 60)
		s.SetListener(x, y, h)
		step()
		if i == 600 { // a pause in the middle: two zero ticks, then a still step
			s.Tick(0)
			s.Tick(0)
			step()
		}
	}
	want := s.Snapshot()
	l := s.Inputs()
	kinds := []InputKind{}
	for _, in := range l.Inputs.All() {
		kinds = append(kinds, in.Kind)
	}
	wantKinds := []InputKind{InTick, InDrag, InTick, InStep, InDrag}
	if !reflect.DeepEqual(kinds, wantKinds) {
		t.Fatalf("record kinds %v, want %v", kinds, wantKinds)
	}
	if n := len(l.Inputs.At(1).Drag) + len(l.Inputs.At(4).Drag); n != 3*frames {
		t.Fatalf("drag frames %d values, want %d", n, 3*frames)
	}
	if got := l.End(); got != s.Now() {
		t.Fatalf("End() = %v, want %v", got, s.Now())
	}
	js, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	if per := len(js) / frames; per > 40 {
		t.Errorf("%d bytes of JSON a dragged frame, want ≤ 40", per)
	}
	var back InputLog
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	if err := back.Check(s.Now()); err != nil {
		t.Fatalf("Check: %v", err)
	}
	r, _ := simFixture(t, 99)
	var got []audio.Play
	r.SetOnPlay(func(p audio.Play) { got = append(got, p) })
	if err := back.Replay(r, nil); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r.Snapshot(), want) {
		t.Fatal("replayed snapshot differs")
	}
	if !reflect.DeepEqual(got, plays) || len(plays) == 0 {
		t.Fatalf("replay: %d plays, session %d (or they differ)", len(got), len(plays))
	}
}
