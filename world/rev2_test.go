package world

import (
	"math"
	"strings"
	"testing"

	"soundworld/audio"
	"soundworld/dat"
)

// TestW6_Offset pins Position::get_offset's arithmetic: ((lbx_b − lbx_a)·192
// + x_b) − x_a in float32 steps, across landblock borders in both directions.
func TestW6_Offset(t *testing.T) {
	for _, c := range []struct {
		a, b Loc
		want Pos
	}{
		{Loc{0xA9B4, 190, 5, 10}, Loc{0xAAB4, 1.5, 5, 12}, v3(3.5, 0, 2)},           // east across the border
		{Loc{0xAAB4, 1.5, 5, 12}, Loc{0xA9B4, 190, 5, 10}, v3(-3.5, 0, -2)},         // and back
		{Loc{0xA9B4, 84, 0.5, 0}, Loc{0xA9B3, 84, 191.5, 0}, v3(0, -1, 0)},          // south
		{Loc{0x0101, 12, 12, 2}, Loc{0x0000, 0, 0, 0}, v3(-204, -204, -2)},          // two blocks diagonally
		{Loc{0xA9B4, 84, 7.1, 0}, Loc{0xA9B4, 72, 24, 0}, v3(-12, 16.9, 0)},         // same block: x_b − x_a
		{Loc{0x1010, 100, 100, 0}, Loc{0x1010, 100, 100, 0}, v3(0, 0, 0)},           // itself
		{Loc{0x1010, 191.75, 0, 0}, Loc{0x1110, 0.25, 0, 0}, v3(0.5, 0, 0)},         // exact quarters
		{Loc{0x1011, 0, 0.25, 0}, Loc{0x1010, 0, 191.75, 0}, v3(0, -0.5, 0)},        // and south
		{Loc{0xFEFE, 10, 10, 0}, Loc{0x0000, 10, 10, 0}, v3(-254*192, -254*192, 0)}, // far
	} {
		if got := Offset(c.a, c.b); !near(got.X, c.want.X, 1e-5) || !near(got.Y, c.want.Y, 1e-5) || got.Z != c.want.Z {
			t.Errorf("W6: Offset(%+v, %+v) = %+v, want %+v", c.a, c.b, got, c.want)
		}
	}
	// Same block: exactly one float32 rounding of x_b − x_a.
	a, b := Loc{0xA9B4, 84, 7.1, 0}, Loc{0xA9B4, 72, 24, 0}
	if got := Offset(a, b).Y; got != float32(24)-float32(7.1) {
		t.Errorf("W6: same-block y %v, want 24 − 7.1 in float32 (%v)", got, float32(24)-float32(7.1))
	}
}

// TestW6_GatherUsesLocalOffsets: near Holtburg a world coordinate is ≈ 34 567 m,
// where float32 steps are 1/256 m; the player's local y 7.1 is held exactly to
// 2^-21 m. The weight of the 'a' cell at local (72, 24) therefore differs
// between absolute world metres (the old code) and W6's local offsets; the
// gather must give the local answer. Both are worked here independently.
func TestW6_GatherUsesLocalOffsets(t *testing.T) {
	f := newFake([]dat.AmbientSoundDesc{bedA, shotA}, nil)
	f.addMap(t, 0xA9B4, 0, `
.........
.........
.........
.........
.........
.........
.........
...a.....
.........`) // vertex (3, 1) = local (72, 24)
	a, _ := newAmbient(t, f)
	player := Loc{Landblock: 0xA9B4, X: 84, Y: 7.1}
	upd(a, 0, player)
	// Local: dx = 72 − 84 = −12, dy = 24 − 7.1f, dz = 0.
	dy := float32(24) - float32(7.1)
	d2 := float32(float32(144)+float32(dy*dy)) + 0
	wLocal := 400 / d2
	// Absolute: y = float32(180·192 + 7.1) = 34567.1015625; vertex y = 34584.
	yAbs := float32(180*192 + 7.1)
	dyAbs := float32(180*192+24) - yAbs
	d2Abs := float32(float32(144)+float32(dyAbs*dyAbs)) + 0
	wAbs := 400 / d2Abs
	if wLocal == wAbs {
		t.Fatalf("test vector does not separate local from absolute (%v)", wLocal)
	}
	cells := a.Cells()
	if len(cells) != 1 || cells[0].CellID != 0xA9B4001A {
		t.Fatalf("W6: cells %+v, want the one at 0xA9B4001A", cells)
	}
	if cells[0].Weight != wLocal {
		t.Fatalf("W6: weight %v, want %v from local offsets (absolute metres give %v)", cells[0].Weight, wLocal, wAbs)
	}
	// A6's shell is [d − 10, 10 + d] with d = √d2 of the same local offset.
	d := float32(math.Sqrt(float64(d2)))
	if sh := a.Instances()[1].Shells; len(sh) != 1 || sh[0].Min != d-10 || sh[0].Max != 10+d {
		t.Fatalf("W6/A6: shells %+v, want [%v, %v]", sh, d-10, 10+d)
	}
}

// TestA2_SkipSumOrder: AddSound tests the range on z² + y² + x² (≥ 14400
// skips, the seed's reading) while CalcWeight sums x² + y² + z²; the float32
// sums can straddle 14400. Offsets found by search, checked here:
//
//	(4.9841413, 47.07457, 110.2685): z²+y²+x² = 14400, x²+y²+z² = 14399.999 → skipped
//	(11.553771, 53.802586, 106.6386): z²+y²+x² = 14399.999 → kept, weight 400/14400
func TestA2_SkipSumOrder(t *testing.T) {
	for _, c := range []struct {
		x, y, z float32
		keep    bool
	}{{4.9841413, 47.07457, 110.2685, false}, {11.553771, 53.802586, 106.6386, true}} {
		x2, y2, z2 := float32(c.x*c.x), float32(c.y*c.y), float32(c.z*c.z)
		zyx, xyz := float32(z2+y2)+x2, float32(x2+y2)+z2
		if (zyx >= 14400) == (xyz >= 14400) {
			t.Fatalf("test vector %+v does not straddle: %v %v", c, zyx, xyz)
		}
		f := newFake([]dat.AmbientSoundDesc{bedA}, nil)
		f.addMap(t, 0x0101, 0, `
.........
.........
.........
.........
.........
.........
.........
.........
a........`) // vertex (0, 0) at height 0
		a, _ := newAmbient(t, f)
		upd(a, 0, at(0x0101, c.x, c.y, c.z)) // offset to the vertex: (−x, −y, −z)
		if got := len(a.Cells()) == 1; got != c.keep {
			t.Fatalf("A2: offset %+v kept %v, want %v (AddSound's z²+y²+x² = %v)", c, got, c.keep, zyx)
		}
		if c.keep && a.Cells()[0].Weight != 400/xyz {
			t.Fatalf("A3: weight %v, want 400/%v", a.Cells()[0].Weight, xyz)
		}
	}
}

// TestO4_TraceIsBothStreams runs a Sim for 120 s with ambient sounds and
// emitters on every play path, concatenates every event's draws and rands in
// row order, and compares them with fresh generators seeded the same: the
// rows are a complete trace of both generators (O4).
func TestO4_TraceIsBothStreams(t *testing.T) {
	const seed = 5
	s, _ := simFixture(t, seed)
	hook := forge
	hook.Name, hook.Path, hook.X = "hook", audio.PathHook, 100
	sh := Emitter{Name: "sound_hook", Landblock: 0x0101, X: 50, Y: 60, Wave: 0x0A000001, Volume: 1,
		Interval: [2]float32{1, 3}, Path: audio.PathSoundHook}
	tw := sh
	tw.Name, tw.Path, tw.Probability, tw.Interval = "tweaked", audio.PathTweakedHook, 0.5, [2]float32{2, 2}
	s.Emitters().Set([]Emitter{forge, hook, sh, tw})
	var draws []float32
	var rands []int
	outcomes := map[audio.Outcome]int{}
	rows := 0
	s.SetOnEvent(func(ev Event) {
		rows++
		draws = append(draws, ev.Trace.Draws...)
		rands = append(rands, ev.Trace.Rands...)
		outcomes[ev.Outcome]++
	})
	var sn *Snapshot
	for i := range 60 * 120 {
		s.SetListener(walkLoop(float64(i) / 60))
		sn = s.Tick(1.0 / 60)
		s.Manager().TakeStarts()
	}
	if len(draws) < 200 || len(rands) < 50 || outcomes[audio.NotNow] == 0 || outcomes[audio.OutcomeGated] == 0 {
		t.Fatalf("O4: too little exercised: %d rows, %d draws, %d rands, outcomes %v", rows, len(draws), len(rands), outcomes)
	}
	g, r := audio.NewRan2(seed), audio.NewMSVCRand(seed)
	for i, u := range draws {
		if w := g.Roll(); u != w {
			t.Fatalf("O4: draw %d = %v, ran2 stream gives %v", i, u, w)
		}
	}
	for i, v := range rands {
		if w := r.Rand(); v != w {
			t.Fatalf("O4: rand %d = %v, rand() stream gives %v", i, v, w)
		}
	}
	// The snapshot reports both generators' state after the last draw.
	if sn.RNG == nil || sn.RNG.Seed != seed || sn.RNG.Draws != len(draws) || sn.RNG.Rands != len(rands) ||
		sn.RNG.Ran2 != g.State() || sn.RNG.Rand != r.State() {
		t.Fatalf("O4: snapshot RNG %+v, want %d draws, %d rands and the generators' states", sn.RNG, len(draws), len(rands))
	}
}

// TestO4_NotNowRowAndVoiceTrace: a failed PlayNow roll is a row of its own
// (outcome not_now) carrying that roll and the interval draw; a started
// voice's slot keeps the draws of the play that started it.
func TestO4_NotNowRowAndVoiceTrace(t *testing.T) {
	a, p, l := gatherFixture(t)
	var evs []Event
	a.OnEvent = func(ev Event) { evs = append(evs, ev) }
	p.us = []float32{0.9, 0.25} // shot: PlayNow 0.9 > chance; interval u 0.25
	upd(a, 0, l)
	var nn *Event
	for i := range evs {
		if evs[i].Outcome == audio.NotNow {
			nn = &evs[i]
		}
	}
	if nn == nil || nn.Source != audio.SourceOneShot || nn.SType != shotA.SType || len(nn.Trace.Draws) != 2 ||
		nn.Trace.Draws[0] != 0.9 || nn.Trace.Draws[1] != 0.25 {
		t.Fatalf("O4: events %+v, want a not_now row with draws [0.9 0.25]", evs)
	}
	// Voice traces through the real manager.
	s, _ := simFixture(t, 3)
	s.Emitters().Set([]Emitter{forge})
	x, y := WorldPos(0x0101, 84, 7.1)
	s.SetListener(x, y, 0)
	var starts []Event
	s.SetOnEvent(func(ev Event) {
		if ev.Outcome == audio.OutcomeStart {
			starts = append(starts, ev)
		}
	})
	sn := s.Tick(1.0 / 60)
	if len(starts) == 0 || sn.VoiceTraces == nil {
		t.Fatalf("O4: no starts")
	}
	for _, ev := range starts {
		got := sn.VoiceTraces[ev.Slot]
		if len(got.Draws) != len(ev.Trace.Draws) || len(got.Rands) != len(ev.Trace.Rands) || (len(got.Draws) > 0 && got.Draws[0] != ev.Trace.Draws[0]) {
			t.Fatalf("O4: slot %d trace %+v, want %+v", ev.Slot, got, ev.Trace)
		}
	}
}

// TestE1_DataIDPaths: sound_hook plays the wave with no pick and no gate (only
// the interval is drawn); tweaked_hook gates on its probability (one rand())
// without a pick; both go through the pool like other emitter plays.
func TestE1_DataIDPaths(t *testing.T) {
	s, _ := simFixture(t, 9)
	x, y := WorldPos(0x0101, 84, 7.1)
	s.SetListener(x, y, 0)
	p := audio.DefaultPrefs()
	p.Ambient = false // only the emitters draw
	s.SetPrefs(p)
	sh := Emitter{Name: "sh", Landblock: 0x0101, X: 90, Y: 20, Wave: 0x0A000002, Volume: 0.3,
		Interval: [2]float32{1, 3}, Path: audio.PathSoundHook}
	tw := sh
	tw.Name, tw.Path, tw.Probability = "tw", audio.PathTweakedHook, 0
	s.Emitters().Set([]Emitter{sh, tw})
	var evs []Event
	s.SetOnEvent(func(ev Event) { evs = append(evs, ev) })
	s.Tick(0.01)
	if len(evs) != 2 {
		t.Fatalf("E1: %d rows, want 2", len(evs))
	}
	if e := evs[0]; e.Outcome != audio.OutcomeStart || e.Wave != 0x0A000002 || len(e.Trace.Draws) != 1 || len(e.Trace.Rands) != 0 {
		t.Fatalf("E1 sound_hook: %+v, want a start of the wave with only the interval draw", e)
	}
	if e := evs[1]; e.Outcome != audio.OutcomeGated || len(e.Trace.Rands) != 1 || len(e.Trace.Draws) != 1 {
		t.Fatalf("E1 tweaked_hook prob 0: %+v, want gated with one rand() and the interval draw", e)
	}
	// A sound_hook's audible radius uses the effect volume as vol (G3 squared).
	p.EffectVolume = 0.5
	s.SetPrefs(p)
	if r, want := s.Tick(0.01).Emitters[0].AudibleRadius, audio.AudibleRadius(0.5, 0.5); r != want {
		t.Fatalf("E1: sound_hook radius %v, want %v (vol = master = 0.5)", r, want)
	}
}

func TestE1_LayoutDataIDPaths(t *testing.T) {
	in := `{"emitters":[
{"name":"bell","landblock":"0xA9B4","x":10,"y":20,"z":null,"wave":"0x0A000031","volume":0.5,"interval":[3,6],"path":"sound_hook"},
{"name":"chime","landblock":"0xA9B4","x":11,"y":21,"z":4,"wave":"0x0A000032","probability":0.25,"volume":0.7,"interval":[1,2],"path":"tweaked_hook"}
]}`
	es, err := LoadLayout(strings.NewReader(in), "d.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 || es[0].Path != audio.PathSoundHook || es[0].Wave != 0x0A000031 || es[0].SoundTable != 0 ||
		es[1].Path != audio.PathTweakedHook || es[1].Wave != 0x0A000032 || es[1].Probability != 0.25 {
		t.Fatalf("E1: parsed %+v", es)
	}
	back, err := LoadLayout(strings.NewReader(string(EncodeLayout(es))), "rt.json")
	if err != nil || len(back) != 2 || back[0].Wave != es[0].Wave || back[1].Probability != 0.25 || back[1].Path != audio.PathTweakedHook {
		t.Fatalf("E1: round trip %+v %v", back, err)
	}
	line2 := strings.Split(in, "\n")[1]
	line3 := strings.Split(in, "\n")[2]
	for _, c := range []struct {
		name, in, want string
	}{
		{"no wave", strings.Replace(in, `"wave":"0x0A000031",`, ``, 1), `d.json:2:1: emitters[0].wave: missing`},
		{"bad wave", strings.Replace(in, `0x0A000031`, `0x20000031`, 1), `d.json:2:1: emitters[0].wave: bad id`},
		{"table on a wave path", strings.Replace(in, `"wave":"0x0A000031",`, `"wave":"0x0A000031","sound_table":"0x20000010",`, 1), `emitters[0].sound_table`},
		{"no probability", strings.Replace(in, `"probability":0.25,`, ``, 1), `d.json:3:1: emitters[1].probability: missing`},
		{"probability range", strings.Replace(in, `0.25`, `1.5`, 1), `d.json:3:1: emitters[1].probability: 1.5 outside [0, 1]`},
		{"probability elsewhere", strings.Replace(in, `"volume":0.5`, `"probability":1,"volume":0.5`, 1), `d.json:2:1: emitters[0].probability: only for path tweaked_hook`},
		{"wave on a server path", strings.Replace(forgeLayout, `"volume"`, `"wave":"0x0A000001","volume"`, 1), `emitters[0].wave: only for paths`},
		{"unknown path", strings.Replace(in, `"sound_hook"`, `"soundhook"`, 1), `d.json:2:1: emitters[0].path`},
	} {
		_, err := LoadLayout(strings.NewReader(c.in), "d.json")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("E1 %s: error %v, want it to contain %q", c.name, err, c.want)
		}
	}
	_, _ = line2, line3
}

func TestW5_PathFileEyeChaseAndTrailingData(t *testing.T) {
	w, err := LoadWalk(strings.NewReader(`{"eye":1.5,"chase":4,"points":[{"t":0,"landblock":"0xA9B4","x":84,"y":7.1,"heading":0},{"t":10,"landblock":"0xAAB4","x":10,"y":7.1,"heading":90}]}`), "p.json")
	if err != nil {
		t.Fatal(err)
	}
	if w.Eye == nil || *w.Eye != 1.5 || w.Chase == nil || *w.Chase != 4 {
		t.Fatalf("W5: eye %v chase %v, want 1.5 and 4", w.Eye, w.Chase)
	}
	// At a point's time the player is at its local coordinates exactly (W6).
	if l, h := w.LocAt(0); l != (Loc{0xA9B4, 84, 7.1, 0}) || h != 0 {
		t.Fatalf("W6: LocAt(0) = %+v %v, want the first point exactly", l, h)
	}
	if l, _ := w.LocAt(10); l != (Loc{0xAAB4, 10, 7.1, 0}) {
		t.Fatalf("W6: LocAt(10) = %+v, want the last point exactly", l)
	}
	// Halfway: x from 84 to 192 + 10 = 202 → 143, in 0xA9B4; across the border later.
	if l, _ := w.LocAt(5); l.Landblock != 0xA9B4 || l.X != 143 || l.Y != float32(7.1) {
		t.Fatalf("W6: LocAt(5) = %+v, want (0xA9B4, 143, 7.1)", l)
	}
	if l, _ := w.LocAt(9.5); l.Landblock != 0xAAB4 || !near(l.X, 84+118.0*0.95-192, 1e-4) {
		t.Fatalf("W6: LocAt(9.5) = %+v, want in 0xAAB4 at x %v", l, 84+118.0*0.95-192)
	}
	if w2, err := LoadWalk(strings.NewReader(`{"points":[{"t":0,"landblock":"0xA9B4","x":84,"y":7.1}]}`), "q.json"); err != nil || w2.Eye != nil || w2.Chase != nil {
		t.Fatalf("W5: a path without eye/chase: %+v %v", w2, err)
	}
	for _, c := range []struct{ in, want string }{
		{`{"points":[{"t":0,"landblock":"0xA9B4","x":1,"y":1}]}` + "\n{}", "p.json:2:1: trailing data"},
		{`{"points":[{"t":0,"landblock":"0xA9B4","x":1,"y":1}]} x`, "p.json:1:55: trailing data"},
		{`{"eye":-1,"points":[{"t":0,"landblock":"0xA9B4","x":1,"y":1}]}`, "eye"},
		{`{"chase":-0.5,"points":[{"t":0,"landblock":"0xA9B4","x":1,"y":1}]}`, "chase"},
	} {
		if _, err := LoadWalk(strings.NewReader(c.in), "p.json"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("path file %q: error %v, want it to contain %q", c.in, err, c.want)
		}
	}
}

// TestU1_EnvironsStingers checks the list against the spec's U1 table: the
// AdminEnvirons codes Roar 0x65 … LostSouls 0x72, Squeal 0x75, Thunder1…6
// 0x76…0x7B map in that order to the SoundTypes 0x76…0x8A named in ACE's
// Sound enum.
func TestU1_EnvironsStingers(t *testing.T) {
	spec := []struct {
		name     string
		environs uint32
	}{
		{"Roar", 0x65}, {"Bell", 0x66}, {"Chant1", 0x67}, {"Chant2", 0x68}, {"DarkWhispers1", 0x69},
		{"DarkWhispers2", 0x6A}, {"DarkLaugh", 0x6B}, {"DarkWind", 0x6C}, {"DarkSpeech", 0x6D}, {"Drums", 0x6E},
		{"GhostSpeak", 0x6F}, {"Breathing", 0x70}, {"Howl", 0x71}, {"LostSouls", 0x72}, {"Squeal", 0x75},
		{"Thunder1", 0x76}, {"Thunder2", 0x77}, {"Thunder3", 0x78}, {"Thunder4", 0x79}, {"Thunder5", 0x7A}, {"Thunder6", 0x7B},
	}
	got := EnvironsStingers()
	if len(got) != len(spec) || len(got) != 0x8A-0x76+1 {
		t.Fatalf("U1: %d stingers, want %d", len(got), len(spec))
	}
	for i, c := range spec {
		g := got[i]
		if g.SType != uint32(0x76+i) || g.Name != "UI_"+c.name || g.Environs != c.environs || !IsEnvironsStinger(g.SType) {
			t.Errorf("U1: stinger %d = %+v, want SoundType 0x%X UI_%s AdminEnvirons 0x%X", i, g, 0x76+i, c.name, c.environs)
		}
	}
	if IsEnvironsStinger(0x75) || IsEnvironsStinger(0x8B) || IsEnvironsStinger(0x65) {
		t.Errorf("U1: the range is 0x76..0x8A only")
	}
}

// TestA10_FrameOrderCellChangeBeforeDrain: in one frame the cell change
// (InitSounds, gather, UpdatePlayQueue) runs before the drain
// [D: SmartBox::UseTime]. Deadlines that have passed when the player walks
// out of range in that frame are popped after the reset, cannot hear and are
// dropped without a fire or a draw; drained first, they would have played.
func TestA10_FrameOrderCellChangeBeforeDrain(t *testing.T) {
	a, p, l := gatherFixture(t)
	upd(a, 0, l) // bed armed at 3, shot at 0 + RollDice(2, 6) = 4 (u 0.5)
	if a.QueueLen() != 2 {
		t.Fatalf("A10: queue %d, want 2", a.QueueLen())
	}
	p.beds, p.shots, p.rolls = nil, nil, 0
	upd(a, 10, at(0x0505, 100, 100, 2))
	if len(p.beds)+len(p.shots) != 0 || p.rolls != 0 || a.QueueLen() != 0 || a.Rebuilds() != 2 {
		t.Fatalf("A10: after a cell change out of range: %d beds %d shots %d rolls, queue %d; want nothing and an empty queue",
			len(p.beds), len(p.shots), p.rolls, a.QueueLen())
	}
}

// TestW6_ManagerFrameDistanceAndPan: the SoundManager hears an emitter 30 m
// due east of a camera facing north at 30 m and full right (S3, S4: +15),
// across a landblock border, through the camera-centred frame.
func TestW6_ManagerFrameDistanceAndPan(t *testing.T) {
	s, _ := simFixture(t, 2)
	s.SetEye(0)
	s.SetChase(0) // the camera at the feet
	x, y := WorldPos(0x0101, 180, 50)
	s.SetListener(x, y, 0)
	e := forge
	e.Landblock, e.X, e.Y = 0x0201, 18, 50 // 30 m east, in the next landblock
	z := float32(22)                       // the player's ground (block (1,1)): no height difference
	e.Z = &z
	s.Emitters().Set([]Emitter{e})
	var got *Event
	s.SetOnEvent(func(ev Event) {
		if ev.Source == audio.SourceEmitter {
			got = &ev
		}
	})
	s.Tick(0.01)
	v, _, _, _ := s.Manager().Voices(s.Now())
	if got == nil || got.Slot < 0 || v[got.Slot].Distance != 30 || got.Pan != 15 {
		t.Fatalf("W6/S3/S4: emitter event %+v distance %v, want 30 m and pan +15", got, v[max(got.Slot, 0)].Distance)
	}
}

// TestG4_InactiveStillDrawsForAmbient: with the window unfocused and Play
// Sound Only When Active on, nothing starts, but ambient fires still draw
// (PlayNow, GetSoundPos, the pick and the gate inside PlayAmbientSound, the
// interval) while an emitter's effect play is refused before any draw — its
// row holds only the interval draw. The streams stay complete (O4).
func TestG4_InactiveStillDrawsForAmbient(t *testing.T) {
	const seed = 4
	s, _ := simFixture(t, seed)
	s.Emitters().Set([]Emitter{forge})
	s.SetActive(false)
	x, y := WorldPos(0x0101, 12, 12)
	s.SetListener(x, y, 0)
	var draws []float32
	var rands []int
	ambientRands := 0
	for range 60 * 30 {
		s.SetOnEvent(func(ev Event) {
			if ev.Outcome == audio.OutcomeStart {
				t.Fatalf("G4: %+v started while inactive", ev.Play)
			}
			if ev.Source == audio.SourceEmitter && (len(ev.Trace.Draws) != 1 || len(ev.Trace.Rands) != 0) {
				t.Fatalf("G4: emitter row %+v: want only the interval draw", ev)
			}
			if ev.Source != audio.SourceEmitter {
				ambientRands += len(ev.Trace.Rands)
			}
			draws = append(draws, ev.Trace.Draws...)
			rands = append(rands, ev.Trace.Rands...)
		})
		s.Tick(1.0 / 60)
	}
	if ambientRands == 0 {
		t.Fatalf("G4: ambient plays drew no gate while inactive")
	}
	g, r := audio.NewRan2(seed), audio.NewMSVCRand(seed)
	for i, u := range draws {
		if g.Roll() != u {
			t.Fatalf("O4: draw %d off the stream", i)
		}
	}
	for i, v := range rands {
		if r.Rand() != v {
			t.Fatalf("O4: rand %d off the stream", i)
		}
	}
}

// TestW6_ParseAtLocIsExact: "-at" keeps the local metres as typed (rounded
// once to float32), where world metres would round to 1/256 m this far out.
func TestW6_ParseAtLocIsExact(t *testing.T) {
	l, err := ParseAtLoc("0xA9B4 84 7.1")
	if err != nil || l != (Loc{Landblock: 0xA9B4, X: 84, Y: float32(7.1)}) {
		t.Fatalf("W6: ParseAtLoc = %+v, %v", l, err)
	}
	x, y := WorldPos(l.Landblock, l.X, l.Y)
	if back := LocOf(v3(x, y, 0)); back.Y == l.Y {
		t.Fatalf("test vector: world metres kept 7.1 exactly (%v)", back.Y)
	}
	for _, bad := range []string{"0xA9B4 192 1", "0xA9B4 1", "A9 1 1", "0xA9B4 -1 1", "0xA9B4 NaN 1"} {
		if _, err := ParseAtLoc(bad); err == nil {
			t.Errorf("ParseAtLoc(%q) accepted", bad)
		}
	}
}

// TestW5_NonFinitePlacementIgnored: NaN or infinite coordinates never reach
// the gather (a NaN offset would add a NaN weight).
func TestW5_NonFinitePlacementIgnored(t *testing.T) {
	s, _ := simFixture(t, 1)
	x, y := WorldPos(0x0101, 12, 12)
	s.SetListener(x, y, 0)
	before := s.Tick(0.1)
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	s.SetListener(nan, y, 0)
	s.SetListener(x, inf, 0)
	s.SetListener(x, y, nan)
	s.SetPlayer(Loc{Landblock: 0x0101, X: nan, Y: 1}, 0)
	sn := s.Tick(0.1)
	if sn.Player != before.Player || sn.Listener.Heading != 0 || !(sn.TotalWeight > 0) {
		t.Fatalf("W5: non-finite placement moved the player to %+v (total %v)", sn.Player, sn.TotalWeight)
	}
}
