package audio

import (
	"math"
	"strings"
	"testing"

	"soundworld/dat"
)

// TestT1_LastVariantNeverPicked (T1 revision 2): the capped unit value
// float32(0.99999988) = 1 − 2^-23 picks entry n − 2 for every multi-entry n,
// and a real ran2 stream never reaches the last entry.
func TestT1_LastVariantNeverPicked(t *testing.T) {
	capv := math.Float32frombits(0x3F7FFFFE)
	for _, n := range []int{2, 3, 4, 5, 7, 16, 100, 255} {
		m := newTestManager(t, pickFixture(n))
		m.SetRandom(constDice(capv), nil)
		p := m.PlayEmitter(0, tbl, 7, Vec3{}, 1, PathServer)
		if want := uint32(0x0A000100 + n - 2); p.Wave != want {
			t.Errorf("T1: n=%d at the cap: got wave %#x, want entry %d", n, p.Wave, n-2)
		}
	}
	for _, n := range []int{2, 3} {
		m := NewManager(NewBank(pickFixture(n)), DefaultPrefs(), 1)
		seen := make([]int, n)
		for range 20000 {
			seen[m.PlayEmitter(0, tbl, 7, Vec3{}, 1, PathServer).Wave-0x0A000100]++
			m.TakeStarts()
		}
		if seen[n-1] != 0 || seen[0] == 0 {
			t.Errorf("T1: n=%d over 20000 ran2 picks: got counts %v, want the last entry never", n, seen)
		}
	}
}

// countDice and countRand count draws and return fixed values.
type countDice struct {
	n int
	u float32
}

func (c *countDice) Roll() float32 { c.n++; return c.u }

type countRand struct{ n, v int }

func (c *countRand) Rand() int { c.n++; return c.v }

func g4Fixture() *fakeTables {
	f := newFake()
	f.addWave(longWave, 100, 1)
	f.addSound(tbl, 1, dat.SoundData{WaveID: longWave, Probability: 1, Volume: 1},
		dat.SoundData{WaveID: longWave, Probability: 1, Volume: 1})
	return f
}

// TestG4_EffectAndInterfaceDrawNothing (G4 revision 2): emitter plays on every
// path and stingers check G4 first and draw nothing when refused.
func TestG4_EffectAndInterfaceDrawNothing(t *testing.T) {
	m := newTestManager(t, g4Fixture())
	m.SetActive(false)
	m.SetRandom(failDice{t}, failRand{t})
	for name, p := range map[string]Play{
		"server":       m.PlayEmitter(0, tbl, 1, Vec3{}, 1, PathServer),
		"hook":         m.PlayEmitter(0, tbl, 1, Vec3{}, 1, PathHook),
		"sound_hook":   m.PlayWave(0, longWave, Vec3{}, 1, 1, PathSoundHook),
		"tweaked_hook": m.PlayWave(0, longWave, Vec3{}, 1, 1, PathTweakedHook),
		"stinger":      m.PlayStinger(0, tbl, 1),
	} {
		if p.Outcome != OutcomeSilent || !strings.Contains(p.Reason, "G4") {
			t.Errorf("G4: %s inactive: got %v %q, want silent (G4)", name, p.Outcome, p.Reason)
		}
	}
	if tr := m.TakeTrace(); len(tr.Draws)+len(tr.Rands) != 0 {
		t.Errorf("G4: got trace %+v, want nothing drawn", tr)
	}
}

// TestG4_AmbientDrawsBeforeRefusal (G4 revision 2): PlayAmbientSound and
// PlayAmbientSoundFromCenter pick (one RollDice) and gate (one rand()) before
// PlaySoundInternal refuses; no voice starts.
func TestG4_AmbientDrawsBeforeRefusal(t *testing.T) {
	m := newTestManager(t, g4Fixture())
	m.SetActive(false)
	for name, play := range map[string]func() Play{
		"at":     func() Play { return m.PlayAmbientAt(0, tbl, 1, Vec3{X: 10}, 1) },
		"centre": func() Play { return m.PlayAmbientFromCenter(0, tbl, 1, 1) },
	} {
		d, r := &countDice{u: 0.25}, &countRand{}
		m.SetRandom(d, r)
		p := play()
		if p.Outcome != OutcomeSilent || !strings.Contains(p.Reason, "G4") || p.Slot != -1 {
			t.Errorf("G4: ambient %s inactive: got %v slot %d %q, want silent (G4)", name, p.Outcome, p.Slot, p.Reason)
		}
		if d.n != 1 || r.n != 1 {
			t.Errorf("G4: ambient %s inactive: got %d RollDice and %d rand(), want 1 and 1", name, d.n, r.n)
		}
		tr := m.TakeTrace()
		if len(tr.Draws) != 1 || tr.Draws[0] != 0.25 || len(tr.Rands) != 1 || tr.Rands[0] != 0 {
			t.Errorf("G4: ambient %s: got trace %+v, want draws [0.25] rands [0]", name, tr)
		}
	}
	if s := m.TakeStarts(); len(s) != 0 {
		t.Errorf("G4: got starts %+v, want none", s)
	}
	// Ambient disabled is checked on entry: nothing drawn.
	pr := DefaultPrefs()
	pr.Ambient = false
	m.SetPrefs(pr)
	m.SetRandom(failDice{t}, failRand{t})
	if p := m.PlayAmbientAt(0, tbl, 1, Vec3{}, 1); !strings.Contains(p.Reason, "G1") {
		t.Errorf("G1: ambient disabled: got %q", p.Reason)
	}
}

// TestO4_TraceIsTheStream: the recorded draws, concatenated over TakeTrace
// calls, equal an independent ran2 / MSVC rand() stream for the seed; a
// RollDice with lo == hi draws and records nothing.
func TestO4_TraceIsTheStream(t *testing.T) {
	f := g4Fixture()
	f.addSound(tbl, 2, dat.SoundData{WaveID: longWave, Probability: 0.5, Volume: 1})
	m := NewManager(NewBank(f), DefaultPrefs(), 7)
	var all Trace
	take := func() {
		tr := m.TakeTrace()
		all.Draws = append(all.Draws, tr.Draws...)
		all.Rands = append(all.Rands, tr.Rands...)
	}
	for i := range 200 {
		now := float64(i) * 0.25
		m.RollDice(3, 3) // no draw
		m.RollDice(0, 1)
		take()
		m.PlayAmbientAt(now, tbl, 2, Vec3{X: 20}, 1)
		m.PlayEmitter(now, tbl, 1, Vec3{X: 3}, 1, PathServer)
		take()
		m.PlayWave(now, longWave, Vec3{}, 1, 0.5, PathTweakedHook)
		m.PlayWave(now, longWave, Vec3{}, 1, 0.5, PathSoundHook) // no draw
		m.RollDice(5, 2)
		take()
		m.TakeStarts()
	}
	// Per round: RollDice(0,1), ambient pick, emitter pick, RollDice(5,2) = 4
	// draws; ambient gate, emitter gate, tweaked gate = 3 rands.
	if len(all.Draws) != 800 || len(all.Rands) != 600 {
		t.Fatalf("O4: got %d draws and %d rands, want 800 and 600", len(all.Draws), len(all.Rands))
	}
	ref := newRan2Ref(7)
	for i, u := range all.Draws {
		if want := ref.next(); u != want {
			t.Fatalf("O4: draw %d: got %v, want %v", i, u, want)
		}
	}
	state := uint32(7)
	for i, r := range all.Rands {
		state = state*214013 + 2531011
		if want := int(state>>16) & 0x7FFF; r != want {
			t.Fatalf("O4: rand %d: got %d, want %d", i, r, want)
		}
	}
	if tr := m.TakeTrace(); len(tr.Draws)+len(tr.Rands) != 0 {
		t.Errorf("O4: TakeTrace did not clear: %+v", tr)
	}
}

// TestE1_DataIDPaths: sound_hook plays the wave without a pick or a gate at
// the effect volume squared (G3); tweaked_hook gates on the caller's prob
// (T2, strictly) at the caller's volume, multiplied by the effect volume once.
func TestE1_DataIDPaths(t *testing.T) {
	m := newTestManager(t, g4Fixture())
	pr := DefaultPrefs()
	pr.EffectVolume = 0.5
	m.SetPrefs(pr)
	m.SetRandom(failDice{t}, failRand{t})
	// sound_hook: g = 0.5 (vol) · 0.5 (master) = 0.25 → ceil(log2(0.25)·6.0206) = −12.
	p := m.PlayWave(0, longWave, Vec3{X: 2}, 9, 0, PathSoundHook)
	if p.Outcome != OutcomeStart || p.DB != -12 || p.Wave != longWave || p.Table != 0 {
		t.Errorf("E1: sound_hook: got %v %d dB wave %#x, want start at -12 dB", p.Outcome, p.DB, p.Wave)
	}
	pr.Squared = false // single multiply: 0.5 → −6
	m.SetPrefs(pr)
	if p := m.PlayWave(0, longWave, Vec3{X: 2}, 9, 0, PathSoundHook); p.DB != -6 {
		t.Errorf("E1/G3: sound_hook single multiply: got %d dB, want -6", p.DB)
	}
	// tweaked_hook: rand 16383 → 0.49998 < 0.5 plays; 16384 → 0.50002 does not.
	m.SetRandom(failDice{t}, constRand(16383))
	if p := m.PlayWave(0, longWave, Vec3{X: 2}, 0.25, 0.5, PathTweakedHook); p.Outcome != OutcomeStart || p.DB != -18 {
		t.Errorf("E1: tweaked_hook: got %v %d dB, want start at -18 dB (0.25·0.5)", p.Outcome, p.DB)
	}
	m.SetRandom(failDice{t}, constRand(16384))
	if p := m.PlayWave(0, longWave, Vec3{X: 2}, 0.25, 0.5, PathTweakedHook); p.Outcome != OutcomeGated {
		t.Errorf("E1: tweaked_hook gate: got %v, want gated", p.Outcome)
	}
	// Wrong pairing of call and path is refused without a draw.
	if p := m.PlayEmitter(0, tbl, 1, Vec3{}, 1, PathSoundHook); p.Outcome != OutcomeSilent {
		t.Errorf("E1: PlayEmitter with a DataID path: got %v, want silent", p.Outcome)
	}
	if p := m.PlayWave(0, longWave, Vec3{}, 1, 1, PathHook); p.Outcome != OutcomeSilent {
		t.Errorf("E1: PlayWave with a SoundType path: got %v, want silent", p.Outcome)
	}
	pr.Effects = false
	m.SetPrefs(pr)
	if p := m.PlayWave(0, longWave, Vec3{}, 1, 1, PathTweakedHook); !strings.Contains(p.Reason, "G1") {
		t.Errorf("E1: effects disabled: got %q, want G1", p.Reason)
	}
}

// TestE1_PathNames: String and ParsePath round-trip the four layout names.
func TestE1_PathNames(t *testing.T) {
	for i, name := range []string{"server", "hook", "sound_hook", "tweaked_hook"} {
		p, err := ParsePath(name)
		if err != nil || p != Path(i) || p.String() != name {
			t.Errorf("E1: %q: got %v %v", name, p, err)
		}
		if p.PlaysWave() != (i >= 2) {
			t.Errorf("E1: %q PlaysWave: got %v", name, p.PlaysWave())
		}
	}
	if _, err := ParsePath("Server"); err == nil {
		t.Errorf("E1: ParsePath(Server): got no error")
	}
	if NotNow.String() != "not_now" || OutcomeDrop.String() != "drop" || OutcomeStart.String() != "start" {
		t.Errorf("O4: outcome names: got %q %q %q", NotNow, OutcomeDrop, OutcomeStart)
	}
}

// TestS1_TranscendentalUnrounded (S1/S4 precision revision 2): ln stays
// unrounded and the multiply by 1/ln 2 rounds once. Vectors from the spec:
// vol bits 0x3eb5aa1b inside 5 m → −8 dB, 0x3d36f62e → −26 dB; rounding ln to
// float32 first would give −9 and −27 (checked here too, independently).
func TestS1_TranscendentalUnrounded(t *testing.T) {
	for _, c := range []struct {
		bits           uint32
		want, rounding int
	}{{0x3eb5aa1b, -8, -9}, {0x3d36f62e, -26, -27}} {
		g := math.Float32frombits(c.bits)
		if got := Attenuation(2, g, 1); !got.Play || got.DB != c.want {
			t.Errorf("S1: vol %#08x: got %d dB (play %v), want %d", c.bits, got.DB, got.Play, c.want)
		}
		// The wrong reading, computed without mulRound32: ln rounded first.
		ln := float32(math.Log(float64(g)))
		lg2 := exact32(ln, 1/math.Ln2)
		x := exact32(lg2, 6.0206)
		if wrong := int(math.Ceil(float64(x))); wrong != c.rounding {
			t.Errorf("S1: vol %#08x rounded-ln reading: got %d, want %d (vector no longer discriminates)", c.bits, wrong, c.rounding)
		}
	}
}

// TestO4_TakenTraceIsOwned: a taken trace is not changed by later draws, nor
// by the caller appending to it, across chunk boundaries.
func TestO4_TakenTraceIsOwned(t *testing.T) {
	m := NewManager(NewBank(newFake()), DefaultPrefs(), 1)
	ref := newRan2Ref(1)
	var kept []Trace
	var want [][]float32
	for i := range 3000 {
		var w []float32
		for range i % 3 {
			m.RollDice(0, 1)
			w = append(w, ref.next())
		}
		tr := m.TakeTrace()
		_ = append(tr.Draws, 42) // the caller may append: must not reach the manager's chunk
		kept, want = append(kept, tr), append(want, w)
	}
	for i := range kept {
		if len(kept[i].Draws) != len(want[i]) {
			t.Fatalf("O4: trace %d: got %d draws, want %d", i, len(kept[i].Draws), len(want[i]))
		}
		for j := range want[i] {
			if kept[i].Draws[j] != want[i][j] {
				t.Fatalf("O4: trace %d draw %d changed: got %v, want %v", i, j, kept[i].Draws[j], want[i][j])
			}
		}
	}
}
