package audio

import (
	"strings"
	"testing"

	"soundworld/dat"
)

const (
	tbl       = 0x20000001
	longWave  = 0x0A000001 // 10 s
	shortWave = 0x0A000002 // 1 s
)

// poolFixture: SoundType k (1..16) plays a long wave with priority prio[k-1];
// SoundType 100+k plays the short wave with priority prio[k-1].
func poolFixture(prio []float32) *fakeTables {
	f := newFake()
	f.addWave(longWave, 10*SampleRate, 1000)
	f.addWave(shortWave, SampleRate, 1000)
	for k, p := range prio {
		f.addSound(tbl, uint32(k+1), dat.SoundData{WaveID: longWave, Priority: p, Probability: 1, Volume: 1})
		f.addSound(tbl, uint32(101+k), dat.SoundData{WaveID: shortWave, Priority: p, Probability: 1, Volume: 1})
	}
	return f
}

func emit(m *Manager, now float64, stype uint32) Play {
	return m.PlayEmitter(now, tbl, stype, Vec3{}, 1, PathServer)
}

// TestP4_EqualPriorityNeverEvicts: 16 busy voices of priority 0.5, a 17th of 0.5 is dropped.
func TestP4_EqualPriorityNeverEvicts(t *testing.T) {
	prio := make([]float32, 17)
	for i := range prio {
		prio[i] = 0.5
	}
	m := newTestManager(t, poolFixture(prio))
	for k := 1; k <= 16; k++ {
		if p := emit(m, 0, uint32(k)); p.Outcome != OutcomeStart || p.Slot != k-1 {
			t.Fatalf("P2: play %d: got %v slot %d, want start in slot %d", k, p.Outcome, p.Slot, k-1)
		}
	}
	p := emit(m, 0, 17)
	if p.Outcome != OutcomeDrop || p.Slot != -1 {
		t.Errorf("P3/P4: equal priority: got %v slot %d, want drop", p.Outcome, p.Slot)
	}
	_, cur, drops, ev := m.Voices(0)
	if drops != 1 || ev != 0 || cur != 0 {
		t.Errorf("P4: got drops %d evictions %d cursor %d, want 1 0 0", drops, ev, cur)
	}
}

// TestP3_AllBusyDropsNeverEvicts (P3/P5 revision 2): finished voices are
// reused; with all 16 busy the new sound is dropped even when playing voices
// have a lower AUTHORED priority, because retail compares the refs'
// default-constructed priority, the same for every sound. The Voice still shows
// the authored priority.
func TestP3_AllBusyDropsNeverEvicts(t *testing.T) {
	prio := make([]float32, 16)
	for i := range prio {
		prio[i] = 0.9
	}
	prio[1], prio[14] = 0.1, 0.1
	f := poolFixture(prio)
	f.addSound(tbl, 50, dat.SoundData{WaveID: longWave, Priority: 0.5, Probability: 1, Volume: 1})
	f.addSound(tbl, 51, dat.SoundData{WaveID: longWave, Priority: 0.9, Probability: 1, Volume: 1})
	m := newTestManager(t, f)
	for k := 1; k <= 16; k++ {
		st := uint32(k)
		if k == 6 {
			st = 100 + 6 // slot 5 holds a 1 s voice
		}
		emit(m, 0, st)
	}
	m.TakeStarts()
	// t = 2: slot 5 has finished; it is reused (P2).
	if p := emit(m, 2, 51); p.Outcome != OutcomeStart || p.Slot != 5 {
		t.Fatalf("P2: got %v slot %d, want start in finished slot 5", p.Outcome, p.Slot)
	}
	// All busy: authored 0.5 > 0.1 in slots 1 and 14, still dropped.
	for i := range 3 {
		if p := emit(m, 2, 50); p.Outcome != OutcomeDrop || p.Slot != -1 {
			t.Fatalf("P3: all busy, play %d: got %v slot %d, want drop", i, p.Outcome, p.Slot)
		}
	}
	v, cur, drops, ev := m.Voices(2)
	if drops != 3 || ev != 0 || cur != 6 {
		t.Errorf("P4/P5: got drops %d evictions %d cursor %d, want 3 0 6", drops, ev, cur)
	}
	if v[1].Priority != 0.1 || v[5].Priority != 0.9 || v[14].Priority != 0.1 {
		t.Errorf("P3: voices show authored priorities: got %v %v %v, want 0.1 0.9 0.1", v[1].Priority, v[5].Priority, v[14].Priority)
	}
	// No stop reached the mixer: only slot 5's start.
	if s := m.TakeStarts(); len(s) != 1 || s[0].Slot != 5 || s[0].Wave != longWave {
		t.Errorf("P3: got starts %+v, want only slot 5's start", s)
	}
}

// TestP3_PassTwoKeepsRetailShape: pass 2 is retail's code, fed the ref's
// priority; given a strictly higher one it would take the first slot from the
// cursor, so the drop comes from the equal default priority alone.
func TestP3_PassTwoKeepsRetailShape(t *testing.T) {
	m := newTestManager(t, poolFixture(make([]float32, 16)))
	for k := 1; k <= 16; k++ {
		emit(m, 0, uint32(k))
	}
	m.cursor = 6
	if _, _, ok := m.claim(1, refPriority); ok {
		t.Fatalf("P3: ref priority claimed a busy slot, want none")
	}
	if s, evicted, ok := m.claim(1, refPriority+1); !ok || !evicted || s != 6 || m.cursor != 7 {
		t.Errorf("P3: higher priority: got slot %d evicted %v ok %v cursor %d, want 6 true true 7", s, evicted, ok, m.cursor)
	}
}

// TestP2_FinishedAtStartPlusLength pins the finish rule: now ≥ start + length.
func TestP2_FinishedAtStartPlusLength(t *testing.T) {
	prio := make([]float32, 16)
	m := newTestManager(t, poolFixture(prio))
	emit(m, 0, 101) // slot 0: 1 s voice
	for k := 2; k <= 16; k++ {
		emit(m, 0, uint32(k))
	}
	v, _, _, _ := m.Voices(1 - 1e-9)
	if !v[0].Busy {
		t.Errorf("P2: just before start+length: got finished, want busy")
	}
	if p := emit(m, 1-1e-9, 101); p.Outcome != OutcomeDrop {
		t.Errorf("P2: just before start+length: got %v, want drop", p.Outcome)
	}
	v, _, _, _ = m.Voices(1)
	if v[0].Busy {
		t.Errorf("P2: at start+length: got busy, want finished")
	}
	if p := emit(m, 1, 101); p.Outcome != OutcomeStart || p.Slot != 0 {
		t.Errorf("P2: at start+length: got %v slot %d, want start in slot 0", p.Outcome, p.Slot)
	}
}

// TestP5_PriorityUnclamped records the entry priority as is.
func TestP5_PriorityUnclamped(t *testing.T) {
	m := newTestManager(t, poolFixture([]float32{7.5}))
	p := emit(m, 0, 1)
	v, cur, _, _ := m.Voices(0)
	if p.Priority != 7.5 || v[0].Priority != 7.5 || cur != 1 {
		t.Errorf("P5: got play prio %v slot prio %v cursor %d, want 7.5 7.5 1", p.Priority, v[0].Priority, cur)
	}
}

func pickFixture(n int) *fakeTables {
	f := newFake()
	var es []dat.SoundData
	for i := range n {
		id := uint32(0x0A000100 + i)
		f.addWave(id, 100, 1)
		es = append(es, dat.SoundData{WaveID: id, Priority: 0.5, Probability: 1, Volume: 1})
	}
	f.addSound(tbl, 7, es...)
	return f
}

// TestT1_BiasedPick: idx = (int)((n−1)·roll); the last entry only at roll 1.0.
func TestT1_BiasedPick(t *testing.T) {
	for _, c := range []struct {
		n    int
		roll float32
		want int
	}{
		{1, 0.99, 0}, {1, 1, 0}, {2, 0.99999994, 0}, {2, 1, 1}, {3, 0.4999, 0}, {3, 0.5, 1},
		{3, 0.99999994, 1}, {3, 1, 2}, {5, 0.74, 2}, {5, 0.75, 3},
	} {
		m := newTestManager(t, pickFixture(c.n))
		m.SetRandom(constDice(c.roll), nil)
		p := m.PlayEmitter(0, tbl, 7, Vec3{}, 1, PathServer)
		if want := uint32(0x0A000100 + c.want); p.Wave != want {
			t.Errorf("T1: n=%d roll=%v: got wave %#x, want entry %d", c.n, c.roll, p.Wave, c.want)
		}
	}
	// n = 0: nothing, and no roll is drawn.
	m := newTestManager(t, pickFixture(0))
	m.SetRandom(failDice{t}, failRand{t})
	if p := m.PlayEmitter(0, tbl, 7, Vec3{}, 1, PathServer); p.Outcome != OutcomeSilent || !strings.Contains(p.Reason, "T1") {
		t.Errorf("T1: n=0: got %v %q, want silent (T1)", p.Outcome, p.Reason)
	}
}

// TestT2_GateStrictAfterPick: play iff rand()/32767 < probability.
func TestT2_GateStrictAfterPick(t *testing.T) {
	f := newFake()
	f.addWave(longWave, 100, 1)
	f.addSound(tbl, 1, dat.SoundData{WaveID: longWave, Probability: 0.5, Volume: 1})
	exact := float32(16384) * float32(1.0/32767) // the product for rand 16384, rounded once
	f.addSound(tbl, 2, dat.SoundData{WaveID: longWave, Probability: exact, Volume: 1})
	f.addSound(tbl, 3, dat.SoundData{WaveID: longWave, Probability: 0, Volume: 1})
	f.addSound(tbl, 4, dat.SoundData{WaveID: longWave, Probability: 1, Volume: 1})
	for _, c := range []struct {
		stype uint32
		r     int
		play  bool
	}{{1, 16383, true}, {1, 16384, false}, {2, 16384, false}, {2, 16383, true}, {3, 0, false}, {4, 32766, true},
		{4, 32767, false}, // 32767·(1/32767 as float32) rounds to exactly 1: prob 1 fails 1 in 32768
	} {
		m := newTestManager(t, f)
		d := &scriptDice{t: t, rolls: []float32{0.5}}
		m.SetRandom(d, constRand(c.r))
		p := m.PlayEmitter(0, tbl, c.stype, Vec3{}, 1, PathServer)
		if got := p.Outcome == OutcomeStart; got != c.play {
			t.Errorf("T2: prob of stype %d, rand %d: got %v, want play=%v", c.stype, c.r, p.Outcome, c.play)
		}
		if !c.play && p.Outcome != OutcomeGated {
			t.Errorf("T2: got %v, want gated", p.Outcome)
		}
		if len(d.rolls) != 0 {
			t.Errorf("T2: the pick's roll must come before the gate")
		}
	}
	// Every SoundType-keyed path applies the gate.
	m := newTestManager(t, f)
	m.SetRandom(nil, constRand(32767))
	for name, p := range map[string]Play{
		"ambient at":     m.PlayAmbientAt(0, tbl, 1, Vec3{}, 1),
		"ambient centre": m.PlayAmbientFromCenter(0, tbl, 1, 1),
		"emitter hook":   m.PlayEmitter(0, tbl, 1, Vec3{}, 1, PathHook),
		"emitter server": m.PlayEmitter(0, tbl, 1, Vec3{}, 1, PathServer),
		"stinger":        m.PlayStinger(0, tbl, 1),
	} {
		if p.Outcome != OutcomeGated {
			t.Errorf("T2: %s with rand 32767, prob 0.5: got %v, want gated", name, p.Outcome)
		}
	}
}

// TestT3_VolumeSources: hook → entry volume, server → caller volume, ambient → desc volume.
func TestT3_VolumeSources(t *testing.T) {
	f := newFake()
	f.addWave(longWave, 100, 1)
	f.addSound(tbl, 1, dat.SoundData{WaveID: longWave, Probability: 1, Volume: 0.1})
	m := newTestManager(t, f)
	for _, c := range []struct {
		name string
		p    Play
		db   int
	}{
		{"hook", m.PlayEmitter(0, tbl, 1, Vec3{}, 1, PathHook), -20},
		{"server", m.PlayEmitter(0, tbl, 1, Vec3{}, 1, PathServer), 0},
		{"server vol 0.5", m.PlayEmitter(0, tbl, 1, Vec3{}, 0.5, PathServer), -6},
		{"ambient at", m.PlayAmbientAt(0, tbl, 1, Vec3{1, 0, 0}, 1), 0},
		{"ambient centre", m.PlayAmbientFromCenter(0, tbl, 1, 0.5), -6},
		{"stinger (entry)", m.PlayStinger(0, tbl, 1), -20},
	} {
		if c.p.DB != c.db {
			t.Errorf("T3: %s: got %d dB, want %d", c.name, c.p.DB, c.db)
		}
	}
}

// TestG2_InterfaceVolumeDead: stingers ignore the interface volume and use the effect volume.
func TestG2_InterfaceVolumeDead(t *testing.T) {
	f := newSureFake()
	m := newTestManager(t, f)
	p := DefaultPrefs()
	p.InterfaceVolume = 0
	m.SetPrefs(p)
	if got := m.PlayStinger(0, tbl, 1); got.Outcome != OutcomeStart || got.DB != 0 {
		t.Errorf("G2: interface volume 0: got %v %d dB, want start at 0 dB", got.Outcome, got.DB)
	}
	p.EffectVolume = 0.5
	m.SetPrefs(p)
	if got := m.PlayStinger(0, tbl, 1); got.DB != -6 {
		t.Errorf("G2: effect volume 0.5: got %d dB, want -6", got.DB)
	}
}

// TestG3_SquaredQuirk: ambient volume lands twice when Squared; emitters once either way.
func TestG3_SquaredQuirk(t *testing.T) {
	f := newSureFake()
	for _, c := range []struct {
		squared              bool
		bed, oneshot, server int
	}{{true, -12, -12, -6}, {false, -6, -6, -6}} {
		m := newTestManager(t, f)
		p := DefaultPrefs()
		p.Squared = c.squared
		p.AmbientVolume, p.EffectVolume = 0.5, 0.5
		m.SetPrefs(p)
		bed := m.PlayAmbientFromCenter(0, tbl, 1, 1).DB
		one := m.PlayAmbientAt(0, tbl, 1, Vec3{2, 0, 0}, 1).DB
		srv := m.PlayEmitter(0, tbl, 1, Vec3{2, 0, 0}, 1, PathServer).DB
		if bed != c.bed || one != c.oneshot || srv != c.server {
			t.Errorf("G3: squared=%v: got bed %d one-shot %d emitter %d dB, want %d %d %d",
				c.squared, bed, one, srv, c.bed, c.oneshot, c.server)
		}
	}
	if !DefaultPrefs().Squared {
		t.Errorf("G3: got Squared off by default, want on")
	}
}

// TestG4_OnlyWhenActive: unfocused → no new sound and no random draw; off → plays.
func TestG4_OnlyWhenActive(t *testing.T) {
	f := newSureFake()
	m := newTestManager(t, f)
	m.SetActive(false)
	m.SetRandom(failDice{t}, failRand{t})
	p := m.PlayEmitter(0, tbl, 1, Vec3{}, 1, PathServer)
	if p.Outcome != OutcomeSilent || !strings.Contains(p.Reason, "G4") {
		t.Errorf("G4: inactive: got %v %q, want silent (G4)", p.Outcome, p.Reason)
	}
	pr := DefaultPrefs()
	pr.OnlyWhenActive = false
	m.SetPrefs(pr)
	m.SetRandom(constDice(0.5), constRand(0))
	if p := m.PlayEmitter(0, tbl, 1, Vec3{}, 1, PathServer); p.Outcome != OutcomeStart {
		t.Errorf("G4: pref off, inactive: got %v, want start", p.Outcome)
	}
}

// TestG1_Enables: each enable silences its own kind only.
func TestG1_Enables(t *testing.T) {
	f := newSureFake()
	for _, c := range []struct {
		name                     string
		set                      func(*Prefs)
		bed, one, emitter, sting bool
	}{
		{"effects off", func(p *Prefs) { p.Effects = false }, true, true, false, true},
		{"ambient off", func(p *Prefs) { p.Ambient = false }, false, false, true, true},
		{"interface off", func(p *Prefs) { p.Interface = false }, true, true, true, false},
	} {
		m := newTestManager(t, f)
		p := DefaultPrefs()
		c.set(&p)
		m.SetPrefs(p)
		got := []bool{
			m.PlayAmbientFromCenter(0, tbl, 1, 1).Outcome == OutcomeStart,
			m.PlayAmbientAt(0, tbl, 1, Vec3{}, 1).Outcome == OutcomeStart,
			m.PlayEmitter(0, tbl, 1, Vec3{}, 1, PathServer).Outcome == OutcomeStart,
			m.PlayStinger(0, tbl, 1).Outcome == OutcomeStart,
		}
		want := []bool{c.bed, c.one, c.emitter, c.sting}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("G1: %s: got plays %v, want %v (bed, one-shot, emitter, stinger)", c.name, got, want)
				break
			}
		}
	}
}

// TestS4_ManagerPanAndPanOff: the manager pans from the listener and honours Sound Features.
func TestS4_ManagerPanAndPanOff(t *testing.T) {
	f := newSureFake()
	m := newTestManager(t, f)
	m.SetListener(Vec3{100, 100, 0}, 0)
	if p := m.PlayEmitter(0, tbl, 1, Vec3{110, 100, 0}, 1, PathServer); p.Pan != 15 || p.DB != -12 {
		t.Errorf("S4: 10 m east: got pan %d db %d, want 15 -12", p.Pan, p.DB)
	}
	pr := DefaultPrefs()
	pr.Pan = false
	m.SetPrefs(pr)
	if p := m.PlayEmitter(0, tbl, 1, Vec3{110, 100, 0}, 1, PathServer); p.Pan != 0 {
		t.Errorf("S4: pan off: got %d, want 0", p.Pan)
	}
	// The bed is from the centre: no pan, no distance.
	pr.Pan = true
	m.SetPrefs(pr)
	if p := m.PlayAmbientFromCenter(0, tbl, 1, 1); p.Pan != 0 || p.DB != 0 {
		t.Errorf("A9: bed: got pan %d db %d, want 0 0", p.Pan, p.DB)
	}
	// Beyond the audible radius: silent, no voice taken, −50 reported.
	p := m.PlayEmitter(0, tbl, 1, Vec3{300, 100, 0}, 1, PathServer)
	if p.Outcome != OutcomeSilent || p.DB != VolMin || p.Slot != -1 {
		t.Errorf("S1: 200 m: got %+v, want silent at -50, no slot", p)
	}
	v, _, _, _ := m.Voices(0)
	if v[0].Distance != 10 || v[0].Pan != 15 || v[0].Master != 1 || v[0].GainRaw != 0.25 {
		t.Errorf("Voices: slot 0 why-fields: got %+v", v[0])
	}
}

// TestS6_FrozenAtBirth: moving the listener afterwards changes nothing about a voice.
func TestS6_FrozenAtBirth(t *testing.T) {
	f := newFake()
	f.addWave(longWave, 10*SampleRate, 1)
	f.addSound(tbl, 1, dat.SoundData{WaveID: longWave, Probability: 1, Volume: 1})
	m := newTestManager(t, f)
	m.PlayEmitter(0, tbl, 1, Vec3{10, 0, 0}, 1, PathServer)
	before, _, _, _ := m.Voices(0)
	m.SetListener(Vec3{10, 50, 0}, 90)
	after, _, _, _ := m.Voices(1)
	if before[0] != after[0] {
		t.Errorf("S6: got %+v after moving, want %+v", after[0], before[0])
	}
	s := m.TakeStarts()
	if len(s) != 1 || s[0].GainR != 0.25118864 && s[0].GainR != float32(0.2511886431509580) {
		t.Errorf("S6: start gains: got %+v, want right at -12 dB", s)
	}
}

// TestP6_BadWaveDrawsAndClaims: a wave that fails to decode (or is missing)
// costs what a playable one costs [D3: CreateSound, PlaySoundInternal]: the
// pick draws, the gate draws, a slot is claimed and the cursor moves past it,
// silence plays (no voice start), and the slot is free again on the next
// play. The O4 trace holds the draws. A missing table still fails before any draw.
func TestP6_BadWaveDrawsAndClaims(t *testing.T) {
	const missingWave = 0x0A000003
	f := newFake()
	f.waves[longWave] = &dat.Wave{ID: longWave, Format: dat.WaveFormat{Tag: 0x0002, Channels: 1, SamplesPerSec: 22050}}
	f.addSound(tbl, 1, dat.SoundData{WaveID: longWave, Probability: 1, Volume: 1})
	f.addSound(tbl, 2, dat.SoundData{WaveID: missingWave, Probability: 1, Volume: 1})
	f.addWave(shortWave, SampleRate, 1000)
	f.addSound(tbl, 3, dat.SoundData{WaveID: shortWave, Probability: 1, Volume: 1})
	m := NewManager(NewBank(f), DefaultPrefs(), 1)
	want := NewRan2(1).Roll()
	wantRand := NewMSVCRand(1).Rand()

	p := m.PlayEmitter(0, tbl, 1, Vec3{}, 1, PathServer)
	if p.Outcome != OutcomeBadWave || !p.Outcome.Silent() || p.Slot != 0 || !strings.Contains(p.Reason, "0x0A000001") || !strings.Contains(p.Reason, "0x0002") {
		t.Errorf("P6: bad wave: got %v slot %d %q, want bad_wave in slot 0 naming wave and tag", p.Outcome, p.Slot, p.Reason)
	}
	tr := m.TakeTrace()
	if len(tr.Draws) != 1 || tr.Draws[0] != want || len(tr.Rands) != 1 || tr.Rands[0] != wantRand {
		t.Errorf("P6/O4: trace %+v, want the pick's roll %v and the gate's rand %d", tr, want, wantRand)
	}
	if _, cur, _, _ := m.Voices(0); cur != 1 {
		t.Errorf("P6/P5: cursor %d after the bad wave, want 1", cur)
	}
	if s := m.TakeStarts(); len(s) != 0 {
		t.Errorf("P6: a bad wave starts no voice, got %+v", s)
	}
	// A missing wave is the same: slot 1, cursor 2.
	if p := m.PlayEmitter(0, tbl, 2, Vec3{}, 1, PathServer); p.Outcome != OutcomeBadWave || p.Slot != 1 {
		t.Errorf("P6: missing wave: got %v slot %d, want bad_wave in slot 1", p.Outcome, p.Slot)
	}
	if len(m.TakeTrace().Rands) != 1 {
		t.Error("P6: a missing wave draws the gate")
	}
	// The next playable sound takes slot 2 (the cursor moved), and once the
	// cursor wraps, slots 0 and 1 are free again (pass 1: no buffer).
	if p := m.PlayEmitter(0, tbl, 3, Vec3{}, 1, PathServer); p.Outcome != OutcomeStart || p.Slot != 2 {
		t.Errorf("P6: next play: got %v slot %d, want start in slot 2", p.Outcome, p.Slot)
	}
	for k := 3; k < NumVoices; k++ {
		m.PlayEmitter(0, tbl, 3, Vec3{}, 1, PathServer)
	}
	if p := m.PlayEmitter(0, tbl, 3, Vec3{}, 1, PathServer); p.Outcome != OutcomeStart || p.Slot != 0 {
		t.Errorf("P6: the bad wave's slot: got %v slot %d, want free again (start in slot 0)", p.Outcome, p.Slot)
	}
	v, _, _, _ := m.Voices(0)
	if !v[0].Busy || v[1].Busy {
		t.Errorf("P6: slot 0 busy %v (want the new voice), slot 1 busy %v (want free)", v[0].Busy, v[1].Busy)
	}
	// A missing table fails before any draw.
	m.SetRandom(failDice{t}, failRand{t})
	if p := m.PlayEmitter(0, 0x20009999, 1, Vec3{}, 1, PathServer); p.Outcome != OutcomeMissingTable || p.Outcome.String() != "missing_table" || p.Slot != -1 || p.Reason == "" {
		t.Errorf("P6: missing table: got %v %q, want missing_table with reason, no slot", p.Outcome, p.Reason)
	}
}
