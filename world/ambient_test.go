package world

import (
	"fmt"
	"math"
	"testing"

	"soundworld/dat"
)

// The gather map: landblock 0x0101, all heights 0, listener at local (12, 12, 2).
//
//	'a' (0,0): off (−12,−12,−2) d² 292  → w 1, SW
//	'x' (1,0): missing table            → no weight at all
//	'a' (2,0): off (36,−12,−2)  d² 1444 → w 400/1444, E
//	'a' (8,0): a vertex but no cell's SW corner → ignored
//	'z' (0,1): empty desc, real table   → w 1 to the total, no instance
//	'a' (1,1): off (12,12,−2)   d² 292  → w 1, NE
//	'a' (0,3): off (−12,60,−2)  d² 3748 → w 400/3748, N
//	'b' (5,5): off (108,108,−2) d² 23332 ≥ 14400 → skipped
const gatherMap = `
.........
.........
.........
.....b...
.........
a........
.........
za.......
axa.....a`

var (
	bedA  = dat.AmbientSoundDesc{SType: 0x46, Volume: 0.6, MinRate: 3}
	shotA = dat.AmbientSoundDesc{SType: 0x47, Volume: 0.8, BaseChance: 0.5, MinRate: 2, MaxRate: 6}
)

func gatherFixture(t *testing.T) (*Ambient, *fakePlayer, Loc) {
	f := newFake([]dat.AmbientSoundDesc{bedA, shotA}, []dat.AmbientSoundDesc{bedA})
	f.addMap(t, 0x0101, 0, gatherMap)
	a, p := newAmbient(t, f)
	return a, p, at(0x0101, 12, 12, 2)
}

func TestA2_GatherASCIIMap(t *testing.T) {
	a, p, l := gatherFixture(t)
	p.us = []float32{0.9} // intermittent PlayNow roll: 0.9 > chance → no play
	upd(a, 0, l)
	wE, wN := float32(400)/1444, float32(400)/3748
	wantTotal := 1 + 1 + wN + 1 + wE // x-major order: (0,0) (0,1) (0,3) (1,1) (2,0)
	if !near(a.TotalWeight(), wantTotal, 1e-5) {
		t.Fatalf("A2: total = %v, want %v", a.TotalWeight(), wantTotal)
	}
	want := []CellWeight{
		{CellID: 0x01010001, Weight: 1, Dir: DirSW, Stb: 0},
		{CellID: 0x01010002, Weight: 1, Dir: DirNW, Stb: 3},
		{CellID: 0x01010004, Weight: wN, Dir: DirN, Stb: 0},
		{CellID: 0x0101000A, Weight: 1, Dir: DirNE, Stb: 0},
		{CellID: 0x01010011, Weight: wE, Dir: DirE, Stb: 0},
	}
	cells := a.Cells()
	if len(cells) != len(want) {
		t.Fatalf("A2: %d contributing cells, want %d: %+v", len(cells), len(want), cells)
	}
	for i, w := range want {
		c := cells[i]
		if c.CellID != w.CellID || !near(c.Weight, w.Weight, 1e-6) || c.Dir != w.Dir || c.Stb != w.Stb {
			t.Errorf("A2: cell %d = %08X w %v %v stb %d, want %08X w %v %v stb %d",
				i, c.CellID, c.Weight, c.Dir, c.Stb, w.CellID, w.Weight, w.Dir, w.Stb)
		}
	}
	// A2: the sound sits on the SW vertex with its real height.
	if c := cells[4]; c.Loc() != at(0x0101, 48, 0, 0) || c.Pos != at(0x0101, 48, 0, 0).World() {
		t.Errorf("A2: cell 0x11 at %+v, want the SW vertex (48, 0, 0) local", c.Pos)
	}
	insts := a.Instances()
	if len(insts) != 2 {
		t.Fatalf("A5: %d instances, want 2 (desc a's two entries)", len(insts))
	}
	count := 1 + wN + 1 + wE
	bed, shot := insts[0], insts[1]
	if !bed.Continuous || shot.Continuous || !near(bed.Count, count, 1e-5) || !near(shot.Count, count, 1e-5) {
		t.Fatalf("A6: counts %v %v, want %v each", bed.Count, shot.Count, count)
	}
	if v := 0.6 / wantTotal * count; !near(bed.CurrentVolume, v, 1e-5) {
		t.Errorf("A7: bed volume %v, want %v", bed.CurrentVolume, v)
	}
	if c := 0.5 / wantTotal * count; !near(shot.PlayChance, c, 1e-5) {
		t.Errorf("A7: play chance %v, want %v", shot.PlayChance, c)
	}
	d1, d2, d3 := float32(math.Sqrt(292)), float32(math.Sqrt(3748)), float32(38)
	wantShells := []Shell{{DirSW, d1 - 10, d1 + 10}, {DirN, d2 - 10, d2 + 10}, {DirNE, d1 - 10, d1 + 10}, {DirE, d3 - 10, d3 + 10}}
	if len(shot.Shells) != len(wantShells) {
		t.Fatalf("A6: shells %+v, want %+v", shot.Shells, wantShells)
	}
	for i, s := range wantShells {
		g := shot.Shells[i]
		if g.Dir != s.Dir || !near(g.Min, s.Min, 1e-4) || !near(g.Max, s.Max, 1e-4) {
			t.Errorf("A6: shell %d = %+v, want %+v", i, g, s)
		}
	}
	if len(bed.Shells) != 0 {
		t.Errorf("A6: continuous instance got shells %+v, want none", bed.Shells)
	}
	// A7: the bed fired at once from the centre with its current volume.
	if len(p.beds) != 1 || p.beds[0].table != stbA || p.beds[0].stype != 0x46 || !near(p.beds[0].vol, bed.CurrentVolume, 0) {
		t.Errorf("A7: beds %+v, want one at volume %v", p.beds, bed.CurrentVolume)
	}
	if len(p.shots) != 0 {
		t.Errorf("A8: roll 0.9 > chance %v must not play, got %+v", shot.PlayChance, p.shots)
	}
}

func TestA2_RebuildOnlyOnCellChange(t *testing.T) {
	a, _, l := gatherFixture(t)
	upd(a, 0, l)
	l2 := l
	l2.X += 5 // local 17: same cell (0,0)
	upd(a, 0.1, l2)
	if a.Rebuilds() != 1 {
		t.Fatalf("A2: %d rebuilds after a move inside the cell, want 1", a.Rebuilds())
	}
	l2.X += 10 // local 27: cell (1,0)
	upd(a, 0.2, l2)
	if a.Rebuilds() != 2 {
		t.Fatalf("A2: %d rebuilds after a cell change, want 2", a.Rebuilds())
	}
	a.Invalidate()
	upd(a, 0.3, l2)
	if a.Rebuilds() != 3 {
		t.Fatalf("A2: %d rebuilds after a world change, want 3", a.Rebuilds())
	}
}

func TestA2_RangeBoundary14400(t *testing.T) {
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
a........`)
	a, _, _ := func() (*Ambient, *fakePlayer, Pos) { a, p := newAmbient(t, f); return a, p, Pos{} }()
	// Vertex (0,0) of 0x0101 is at local (0, 0, 0).
	upd(a, 0, at(0x0101, 120, 0, 0)) // d² = 14400 exactly → skipped
	if len(a.Cells()) != 0 || a.TotalWeight() != 0 {
		t.Fatalf("A2: d² = 14400 must be skipped, got %d cells total %v", len(a.Cells()), a.TotalWeight())
	}
	upd(a, 0, at(0x0101, 119.5, 0, 0))
	if len(a.Cells()) != 1 || !near(a.TotalWeight(), 400/(119.5*119.5), 1e-7) {
		t.Fatalf("A2: d = 119.5 must count with 400/d², got %d cells total %v", len(a.Cells()), a.TotalWeight())
	}
}

func TestA2_MissingLandblocksSkipped(t *testing.T) {
	a, _, _ := gatherFixture(t)
	// Listener in the missing 0x0100 just south of 0x0101: only 0x0101 contributes.
	upd(a, 0, at(0x0100, 12, 180, 2))
	for _, c := range a.Cells() {
		if c.CellID>>16 != 0x0101 {
			t.Fatalf("A2: cell %08X from a missing landblock", c.CellID)
		}
	}
	if len(a.Cells()) == 0 {
		t.Fatalf("A2: the present neighbour 0x0101 must contribute")
	}
}

func v3(x, y, z float32) Pos { return Pos{X: x, Y: y, Z: z} }

func TestA3_CalcWeight(t *testing.T) {
	for _, c := range []struct {
		off  Pos
		want float32
	}{
		{v3(0, 0, 0), 1},
		{v3(19.99, 0, 0), 1},
		{v3(20, 0, 0), 1}, // d² = 400 → 400/400
		{v3(0, 0, 20), 1}, // Z counts
		{v3(0, 0, 21), 400.0 / 441},
		{v3(12, 16, 0), 1}, // d² 400
		{v3(30, 0, 0), 400.0 / 900},
		{v3(120, 0, 0), 400.0 / 14400}, // d² = 14400: not > 14400
		{v3(72, 96, 0), 400.0 / 14400},
		{v3(120.01, 0, 0), 0},
		{v3(0, 100, 70), 0}, // d² 14900
	} {
		if got := CalcWeight(c.off); !near(got, c.want, 1e-7) {
			t.Errorf("A3: CalcWeight(%+v) = %v, want %v", c.off, got, c.want)
		}
	}
	// Just under 400 → 1 exactly; just over → 400/d² < 1.
	if got := weightD2(math.Nextafter32(400, 0)); got != 1 {
		t.Errorf("A3: d² just below 400 → %v, want 1", got)
	}
	if got := weightD2(math.Nextafter32(400, 1000)); got >= 1 {
		t.Errorf("A3: d² just above 400 → %v, want < 1", got)
	}
	if got := weightD2(math.Nextafter32(14400, 1e6)); got != 0 {
		t.Errorf("A3: d² just above 14400 → %v, want 0", got)
	}
}

func TestA4_CalcDir(t *testing.T) {
	for _, c := range []struct {
		x, y float32
		want Dir
	}{
		{0, 0, DirInViewerBlock},
		{10, 9.9, DirInViewerBlock}, // 199.01 < 200
		{10, 10, DirNE},             // 200: not in viewer block; ratio 1 → diagonal
		{0, 15, DirN}, {0, -15, DirS},
		{0.0001, 50, DirN}, // |x| < 0.0002
		{10, 20.01, DirN},  // |y|/|x| > 2
		{10, 20, DirNE},    // exactly 2 is not > 2
		{10, -20.01, DirS},
		{15, 0, DirE}, {-15, 0, DirW},
		{50, 0.0001, DirE}, // |y| < 0.0002
		{20.01, 10, DirE},  // |x|/|y| > 2
		{20, 10, DirNE},    // exactly 2 → diagonal
		{-20.01, 10, DirW},
		{-20, 10, DirNW}, {20, -10, DirSE}, {-20, -10, DirSW},
		{-15, 15, DirNW}, {15, -15, DirSE}, {-15, -15, DirSW},
	} {
		if got := CalcDir(Pos{X: c.x, Y: c.y, Z: 1000}); got != c.want {
			t.Errorf("A4: CalcDir(%v, %v) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}

func TestA5_InstancesLiveForever(t *testing.T) {
	a, _, l := gatherFixture(t)
	upd(a, 0, l)
	n := a.NumInstances()
	first := a.insts[0]
	// Far away from every sound: instances stay, with count 0.
	upd(a, 1, at(0x0505, 100, 100, 2))
	if a.NumInstances() != n || a.insts[0] != first {
		t.Fatalf("A5: instances were destroyed or replaced")
	}
	for _, in := range a.Instances() {
		if in.Count != 0 || len(in.Shells) != 0 || in.PlayChance != 0 || in.CurrentVolume != 0 {
			t.Errorf("A2: after moving away instance %+v not reset", in)
		}
	}
	upd(a, 2, l)
	if a.NumInstances() != n || a.insts[0] != first {
		t.Fatalf("A5: coming back re-created instances")
	}
}

// TestA5_MultiEntryAsymmetry: the total grows once per cell while each entry of
// the cell's desc grows per cell, so the entries of one desc together get more
// than the cell's share — here two beds each get their full authored volume and
// the shares sum to 2.
func TestA5_MultiEntryAsymmetry(t *testing.T) {
	b1 := dat.AmbientSoundDesc{SType: 0x46, Volume: 0.5, MinRate: 3}
	b2 := dat.AmbientSoundDesc{SType: 0x48, Volume: 0.5, MinRate: 3}
	f := newFake([]dat.AmbientSoundDesc{b1, b2}, nil)
	f.addMap(t, 0x0101, 0, gatherMap)
	a, _ := newAmbient(t, f)
	upd(a, 0, at(0x0101, 12, 12, 2))
	insts := a.Instances()
	var share, vol float32
	for _, in := range insts {
		share += in.Share
		vol += in.CurrentVolume
	}
	// Desc a holds all cells but the empty-desc one: each share = (total−1)/total.
	tot := a.TotalWeight()
	if want := 2 * (tot - 1) / tot; !near(share, want, 1e-5) || share <= 1 {
		t.Fatalf("A5: shares sum %v, want %v (> 1)", share, want)
	}
	if want := float32(0.5+0.5) * (tot - 1) / tot; !near(vol, want, 1e-5) || vol <= 0.5 {
		t.Fatalf("A5: the desc's beds sum to %v, want %v — more than one bed's 0.5", vol, want)
	}
}

func TestA6_AddToShellsAndViewerOrder(t *testing.T) {
	in := &instance{desc: shotA}
	// E at d 30 then 50 → merged [20, 60]; W at 40 → [30, 50]; E again at 25 → [15, 60].
	in.addTo(0.5, 30*30, DirE)
	in.addTo(0.25, 50*50, DirE)
	in.addTo(0.25, 40*40, DirW)
	in.addTo(1, 25*25, DirE)
	want := []Shell{{DirE, 15, 60}, {DirW, 30, 50}}
	if in.nShells != 2 || in.shells[0] != want[0] || in.shells[1] != want[1] {
		t.Fatalf("A6: shells %+v, want %+v", in.shells[:in.nShells], want)
	}
	if in.count != 2 {
		t.Fatalf("A6: count %v, want 2", in.count)
	}
	// In-viewer-block adds all 8 directions with [4, 10], merged into existing
	// ones, new ones appended in IntermitSound::AddTo's order N, S, E, W, NW,
	// NE, SW, SE (A6 [D]); never > 8.
	in.addTo(1, 5*5, DirInViewerBlock)
	want = []Shell{{DirE, 4, 60}, {DirW, 4, 50}, {DirN, 4, 10}, {DirS, 4, 10}, {DirNW, 4, 10}, {DirNE, 4, 10}, {DirSW, 4, 10}, {DirSE, 4, 10}}
	if in.nShells != 8 {
		t.Fatalf("A6: %d shells, want 8", in.nShells)
	}
	for i, s := range want {
		if in.shells[i] != s {
			t.Errorf("A6: shell %d = %+v, want %+v", i, in.shells[i], s)
		}
	}
	// Continuous: count only.
	bed := &instance{desc: bedA, continuous: true}
	bed.addTo(0.5, 900, DirE)
	if bed.count != 0.5 || bed.nShells != 0 {
		t.Fatalf("A6: continuous AddTo gave count %v shells %d, want 0.5 and 0", bed.count, bed.nShells)
	}
}

func TestA7_UpdatePlayQueueFiresNewlyAudible(t *testing.T) {
	a, p, l := gatherFixture(t)
	p.us = []float32{0.1, 0, 0, 0, 0.25} // shot: PlayNow 0.1 ≤ chance; dir, heading, t; interval u
	upd(a, 7, l)
	if len(p.beds) != 1 || p.beds[0].now != 7 {
		t.Fatalf("A7: beds %+v, want one at t = 7", p.beds)
	}
	if len(p.shots) != 1 || p.shots[0].now != 7 || p.shots[0].vol != shotA.Volume {
		t.Fatalf("A7/A8: shots %+v, want one at t = 7 with the authored volume 0.8", p.shots)
	}
	insts := a.Instances()
	// A8 intervals: bed min_rate 3; shot RollDice(2, 6) with u 0.25 → 3.
	if !insts[0].OnQueue || insts[0].Deadline != 10 {
		t.Errorf("A8: bed deadline %v (queued %v), want 10", insts[0].Deadline, insts[0].OnQueue)
	}
	if !insts[1].OnQueue || insts[1].Deadline != 10 {
		t.Errorf("A8: shot deadline %v (queued %v), want 10", insts[1].Deadline, insts[1].OnQueue)
	}
	// A rebuild does not re-fire instances already on the queue.
	l.X += 24
	upd(a, 8, l)
	if len(p.beds) != 1 {
		t.Fatalf("A7: a queued bed fired again on rebuild: %+v", p.beds)
	}
}

func TestA7_ChanceResetWhenNoCount(t *testing.T) {
	a, _, l := gatherFixture(t)
	upd(a, 0, l)
	if a.insts[1].playChance <= 0 {
		t.Fatalf("A7: chance %v, want > 0", a.insts[1].playChance)
	}
	upd(a, 1, at(0x0505, 100, 100, 2))
	if a.insts[1].playChance != 0 || a.canHear(a.insts[1]) {
		t.Fatalf("A7: chance %v after moving away, want 0 (ResetCount) and not audible", a.insts[1].playChance)
	}
}

func TestA8_ContinuousThreshold(t *testing.T) {
	// float32(0.029999999) is the same float32 as 0.03: the threshold.
	if float32(0.029999999) != float32(0.03) {
		t.Fatalf("A8: float32(0.029999999) != float32(0.03)")
	}
	for _, c := range []struct {
		vol  float32
		want bool
	}{{0.03, true}, {math.Nextafter32(0.03, 0), false}, {0.5, true}, {0, false}} {
		f := newFake([]dat.AmbientSoundDesc{{SType: 0x46, Volume: c.vol, MinRate: 3}}, nil)
		f.addMap(t, 0x0101, 0, `
.........
.........
.........
.........
.........
.........
.........
.........
a........`)
		a, p := newAmbient(t, f)
		upd(a, 0, at(0x0101, 1, 1, 0)) // one cell: share 1 → volume = authored
		got := a.Instances()[0]
		if got.CurrentVolume != c.vol || got.CanHear != c.want || (len(p.beds) == 1) != c.want {
			t.Errorf("A8: volume %v: can hear %v (beds %d), want %v", c.vol, got.CanHear, len(p.beds), c.want)
		}
	}
	// A missing table silences a bed even when loud enough.
	a, _, l := gatherFixture(t)
	upd(a, 0, l)
	a.land.tableOK[stbA] = false
	if a.canHear(a.insts[0]) {
		t.Fatalf("A8: a bed whose table is missing must not be audible")
	}
}

func TestA8_PlayNowIntermittent(t *testing.T) {
	for _, c := range []struct {
		name string
		roll func(chance float32) float32
		play bool
	}{
		{"below", func(ch float32) float32 { return ch / 2 }, true},
		{"equal (≤)", func(ch float32) float32 { return ch }, true},
		{"above", func(ch float32) float32 { return math.Nextafter32(ch, 1) }, false},
	} {
		a, p, l := gatherFixture(t)
		upd(a, 0, l) // default rolls 0.5 > chance ≈ 0.35: no shot yet; armed at 0 + 4
		in := a.insts[1]
		p.shots = nil
		p.us = []float32{c.roll(in.playChance), 0.5, 0.5, 0.5, 0.5}
		a.Drain(4.5)
		if got := len(p.shots) == 1; got != c.play {
			t.Errorf("A8 %s: played %v, want %v", c.name, got, c.play)
		}
		if !in.onQueue || in.deadline != 4.5+4 {
			t.Errorf("A8 %s: re-armed at %v, want %v", c.name, in.deadline, 4.5+4)
		}
	}
}

// TestA9_OneShotPosition pins GetSoundPos's draws and arithmetic in retail's
// unit (radians) and order: idx = floor(RollDice(0, n)); jitter =
// RollDice(0, π/8); h = heading(dir) + jitter − π/16; t = RollDice(0, 1);
// d = t·((max − min)·t) + min; position = camera + (sin h·d, cos h·d), Z the
// camera's. Expected values are worked here in float64 and compared with a
// tolerance far below the 2 mm float32 step at these coordinates.
func TestA9_OneShotPosition(t *testing.T) {
	a, p, _ := gatherFixture(t)
	cam := Loc{Landblock: 0x0505, X: 100, Y: 150, Z: 50}
	a.camera = cam
	in := &instance{desc: shotA, stbID: stbA}
	in.merge(DirE, 20, 40)
	in.merge(DirN, 10, 30)
	check := func(k int, wx, wy float64) {
		t.Helper()
		ev := a.play(3, in)
		got := p.shots[k].pos // manager frame: source − camera
		if math.Abs(float64(got.X)-wx) > 1e-4 || math.Abs(float64(got.Y)-wy) > 1e-4 || got.Z != 0 {
			t.Fatalf("A9: one-shot %d at %+v from the camera, want (%.5f, %.5f, 0)", k, got, wx, wy)
		}
		if ev.Loc.Landblock != cam.Landblock || ev.Loc.Z != cam.Z {
			t.Fatalf("A9: one-shot %d at %+v, want in the camera's landblock at its Z", k, ev.Loc)
		}
	}
	// u 0.25 → RollDice(0, 2) = 0.5 → E (π/2); jitter u 0.5 → π/16, cancels;
	// t 0.5 → d = 0.5·(20·0.5) + 20 = 25 m due east.
	p.us = []float32{0.25, 0.5, 0.5}
	check(0, 25, 0)
	// u 0.75 → 1.5 → N (0); jitter 0 → h = −π/16; t 1 → 30 m:
	// (sin(−π/16)·30, cos(−π/16)·30) = (−5.85271, 29.42356).
	p.us = []float32{0.75, 0, 1}
	check(1, 30*math.Sin(-math.Pi/16), 30*math.Cos(-math.Pi/16))
	// The largest unit value retail draws (0.99999988) stays on the last
	// direction: N, jitter +π/16, t 0 → 10 m.
	umax := float32(0.99999988)
	p.us = []float32{umax, umax, 0}
	h := float64(float32(float32(math.Pi/8)*umax)) - math.Pi/16
	check(2, 10*math.Sin(h), 10*math.Cos(h))
	if p.rolls != 9 {
		t.Fatalf("A9: %d rolls, want 3 per one-shot", p.rolls)
	}
	// The spread constant is the float π/8 = 0.39269909 and LandDefs::heading
	// returns float radians (N 0, E 1.5707964, S 3.1415927, W 4.712389,
	// NE 0.78539819, SE 2.3561945, SW 3.9269907, NW 5.497787).
	if spreadRad != float32(0.39269909) {
		t.Errorf("A9: spread %v, want 0.39269909", spreadRad)
	}
	for d, w := range map[Dir]float32{DirN: 0, DirE: 1.5707964, DirS: 3.1415927, DirW: 4.712389,
		DirNE: 0.78539819, DirSE: 2.3561945, DirSW: 3.9269907, DirNW: 5.497787} {
		if d.HeadingRad() != w {
			t.Errorf("A9: LandDefs::heading(%v) = %v, want %v", d, d.HeadingRad(), w)
		}
	}
}

// TestA9_DrawOrderAndOpOrder checks one fire's whole draw sequence (A8, A9,
// T1/T2 inside the player, then the interval) against the trace, and that
// d = t·((max − min)·t) + min is computed in that order: with min 4,
// max 23.9 and t 0.3 the two groupings round differently in float32
// (5.7910004 vs 5.791).
func TestA9_DrawOrderAndOpOrder(t *testing.T) {
	a, p, _ := gatherFixture(t)
	a.camera = Loc{Landblock: 0x0505}
	in := &instance{desc: shotA, stbID: stbA, playChance: 1}
	in.merge(DirE, 4, 23.9)
	p.us = []float32{0.5, 0, 0, 0.3, 0.25}
	var evs []Event
	a.OnEvent = func(ev Event) { evs = append(evs, ev) }
	a.fire(1, in)
	// O4: one row, carrying PlayNow, idx, jitter, t and the interval draw in order.
	if len(evs) != 1 || fmt.Sprint(evs[0].Trace.Draws) != fmt.Sprint([]float32{0.5, 0, 0, 0.3, 0.25}) {
		t.Fatalf("O4: events %+v, want one row with draws [0.5 0 0 0.3 0.25]", evs)
	}
	// PlayNow 0.5; idx 0; jitter 0 → h = π/2 − π/16; t 0.3; interval 2 + 0.25·4 = 3.
	if in.deadline != 4 {
		t.Fatalf("A8: re-armed at %v, want 4", in.deadline)
	}
	tt, mn, mx := float32(0.3), float32(4), float32(23.9)
	want := float32(tt*float32((mx-mn)*tt)) + mn
	other := float32(float32(tt*tt)*(mx-mn)) + mn
	if want == other {
		t.Fatalf("test vector does not separate the groupings")
	}
	h := float32(float32(math.Pi/2)+0) - float32(math.Pi/16)
	wx := float32(float64(want) * math.Sin(float64(h)))
	if got := p.shots[0].pos.X; got != wx {
		t.Fatalf("A9: x offset %v, want %v (t·((max − min)·t) + min)", got, wx)
	}
}

func TestA9_BedFromCentre(t *testing.T) {
	a, p, l := gatherFixture(t)
	upd(a, 0, l)
	if len(p.beds) != 1 || p.beds[0].vol != a.insts[0].curVolume || len(p.shots) != 0 {
		t.Fatalf("A9: bed plays %+v, want one from the centre at the current volume", p.beds)
	}
}

func TestA10_StrictlyBelowDrain(t *testing.T) {
	a, p, l := gatherFixture(t)
	upd(a, 0, l) // bed armed at 3
	a.Drain(3)
	if len(p.beds) != 1 {
		t.Fatalf("A10: deadline == now fired (beds %d), want strictly below only", len(p.beds))
	}
	a.Drain(math.Nextafter(3, 4))
	if len(p.beds) != 2 {
		t.Fatalf("A10: deadline < now did not fire (beds %d)", len(p.beds))
	}
}

func TestA10_ZeroAndNaNMinRate(t *testing.T) {
	for _, rate := range []float32{0, float32(math.NaN()), -1} {
		bed := dat.AmbientSoundDesc{SType: 0x46, Volume: 1, MinRate: rate}
		shot := dat.AmbientSoundDesc{SType: 0x47, Volume: 1, BaseChance: 1, MinRate: rate, MaxRate: rate}
		f := newFake([]dat.AmbientSoundDesc{bed, shot}, nil)
		f.addMap(t, 0x0101, 0, gatherMap)
		a, p := newAmbient(t, f)
		p.def = 0
		now := 0.0
		upd(a, now, at(0x0101, 12, 12, 2))
		for i := 0; i < 100; i++ {
			now += 1.0 / 60
			upd(a, now, at(0x0101, 12, 12, 2))
		}
		// One fire at placement, then at most one per tick per instance.
		if len(p.beds) != 101 || len(p.shots) != 101 {
			t.Errorf("A10 rate %v: %d beds %d shots in 101 ticks, want 101 each", rate, len(p.beds), len(p.shots))
		}
		if a.QueueLen() != 2 {
			t.Errorf("A10 rate %v: queue %d, want 2", rate, a.QueueLen())
		}
	}
}

func TestA10_CannotHearIsDropped(t *testing.T) {
	a, p, l := gatherFixture(t)
	upd(a, 0, l)
	if a.QueueLen() != 2 {
		t.Fatalf("A10: queue %d, want 2", a.QueueLen())
	}
	upd(a, 1, at(0x0505, 100, 100, 2)) // nothing audible any more
	p.beds, p.shots = nil, nil
	upd(a, 100, at(0x0505, 100, 100, 2))
	if a.QueueLen() != 0 || len(p.beds)+len(p.shots) != 0 {
		t.Fatalf("A10: inaudible instances must be dropped, not re-armed: queue %d plays %d", a.QueueLen(), len(p.beds)+len(p.shots))
	}
	for _, in := range a.Instances() {
		if in.OnQueue {
			t.Fatalf("A10: %+v still marked on the queue", in)
		}
	}
	// Back in range: newly audible → fires at once again (A7).
	upd(a, 101, l)
	if len(p.beds) != 1 || a.QueueLen() != 2 {
		t.Fatalf("A7: coming back: beds %d queue %d, want 1 and 2", len(p.beds), a.QueueLen())
	}
}

// TestA10_RetailHeapTieOrder: equal deadlines pop in the order retail's
// PQueueArray<double> gives, derived here by hand. Insert 5 instances with
// deadlines 1, 1, 1, 1, 0 (ids a..e), then pop all.
//
//	Insert a(1): [a]
//	Insert b(1): b not < a → [a b]
//	Insert c(1): [a b c]
//	Insert d(1): parent of 4 is b, not < → [a b c d]
//	Insert e(0): pos 5, parent 2 (b): 0 < 1 → b to 5; parent 1 (a): 0 < 1 → a to 2; → [e a c d b]
//	RemoveMin → e; last (b) to root: [b a c d]; heapify(1): left a not < b, right c not < b → stays
//	RemoveMin → b; last d to root: [d a c]; heapify: a, c not < d → stays
//	RemoveMin → d; [c a] → c; then a.
//
// So the pops are e, b, d, c, a — not a, b, c, d (creation order).
func TestA10_RetailHeapTieOrder(t *testing.T) {
	var q pqueue
	ids := []string{"a", "b", "c", "d", "e"}
	ins := map[*instance]string{}
	for i, d := range []float64{1, 1, 1, 1, 0} {
		in := &instance{deadline: d}
		ins[in] = ids[i]
		q.insert(in)
		if !in.onQueue {
			t.Fatalf("A10: inserted instance not marked on the queue")
		}
	}
	var got string
	for q.len() > 0 {
		in := q.removeMin()
		if in.onQueue {
			t.Fatalf("A10: popped instance still marked on the queue")
		}
		got += ins[in]
	}
	if got != "ebdca" {
		t.Fatalf("A10: pop order %q, want \"ebdca\" (retail's heap)", got)
	}
	// Distinct keys still come out sorted.
	for _, d := range []float64{5, 1, 4, 1.5, 3, 9, 2, 6} {
		q.insert(&instance{deadline: d})
	}
	prev := -1.0
	for q.len() > 0 {
		in := q.removeMin()
		if in.deadline < prev {
			t.Fatalf("A10: heap popped %v after %v", in.deadline, prev)
		}
		prev = in.deadline
	}
}
