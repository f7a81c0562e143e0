package world

import (
	"runtime"
	"testing"

	"soundworld/audio"
	"soundworld/dat"
)

// simFixture: a 3×3 block world around 0x0101 (all with the gather map) and a forge emitter.
func simFixture(t testing.TB, seed uint32) (*Sim, *fakeData) {
	f := newFake([]dat.AmbientSoundDesc{bedA, shotA}, []dat.AmbientSoundDesc{
		{SType: 0x46, Volume: 0.3, MinRate: 4},
		{SType: 0x46, Volume: 1, BaseChance: 0.2, MinRate: 1, MaxRate: 3},
	})
	for x := 0; x < 3; x++ {
		for y := 0; y < 3; y++ {
			m := gatherMap
			if (x+y)%2 == 1 {
				m = `
bbbbbbbbb
b.......b
b..aaa..b
b..a.a..b
b..aaa..b
b.......b
b...x...b
b.......b
bbbbbbbbb`
			}
			f.addMap(t, uint16(x<<8|y), uint8(10*x+y), m)
		}
	}
	s, err := NewSim(Config{Data: f, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return s, f
}

var forge = Emitter{Name: "forge", Landblock: 0x0101, X: 90, Y: 20, SoundTable: forgeTable, SType: 0x69,
	Volume: 1, Interval: [2]float32{2, 4}, Path: audio.PathServer}

func TestW5_ListenerEyeHeight(t *testing.T) {
	s, _ := simFixture(t, 1)
	x, y := WorldPos(0x0101, 12, 12)
	s.SetListener(x, y, 90)
	sn := s.Tick(0.1)
	ground := s.GroundHeight(x, y) // landblock (1,1): height byte 11 → 22 m everywhere
	if ground != 22 || sn.Listener.Pos.Z != 22+DefaultEye || sn.Listener.Heading != 90 {
		t.Fatalf("W5: listener %+v (ground %v), want Z = 22 + 2, heading 90", sn.Listener, ground)
	}
	s.SetEye(5)
	if sn = s.Tick(0.1); sn.Listener.Pos.Z != 27 {
		t.Fatalf("W5: eye 5 → Z %v, want 27", sn.Listener.Pos.Z)
	}
	if sn.CellID != 0x01010001 {
		t.Fatalf("W2: snapshot cell %08X, want 01010001", sn.CellID)
	}
}

func TestG5_AmbientOffStopsEverything(t *testing.T) {
	s, _ := simFixture(t, 1)
	p := audio.DefaultPrefs()
	p.Ambient = false
	s.SetPrefs(p)
	x, y := WorldPos(0x0101, 12, 12)
	s.SetListener(x, y, 0)
	for range 100 {
		s.Tick(0.1)
	}
	if s.Ambient().Rebuilds() != 0 || s.Ambient().NumInstances() != 0 {
		t.Fatalf("G5: ambient off still gathered (%d rebuilds)", s.Ambient().Rebuilds())
	}
	p.Ambient = true
	s.SetPrefs(p)
	s.Tick(0.1)
	if s.Ambient().Rebuilds() != 1 || s.Ambient().QueueLen() == 0 {
		t.Fatalf("G5: ambient back on did not gather (rebuilds %d)", s.Ambient().Rebuilds())
	}
	// Off again: the queue is not drained (deadlines pass, nothing fires).
	p.Ambient = false
	s.SetPrefs(p)
	n := len(s.Snapshot().Events)
	for range 200 {
		s.Tick(0.1)
	}
	if got := len(s.Snapshot().Events); got != n {
		t.Fatalf("G5: %d new events with ambient off, want 0", got-n)
	}
}

func TestA11_NoAmbientSnapshot(t *testing.T) {
	s, _ := simFixture(t, 1)
	x, y := WorldPos(0x4040, 12, 12)
	s.SetListener(x, y, 0)
	if sn := s.Tick(0.1); !sn.NoAmbient || len(sn.Cells) != 0 {
		t.Fatalf("A11: far from any data: NoAmbient %v cells %d, want true and 0", sn.NoAmbient, len(sn.Cells))
	}
	x, y = WorldPos(0x0101, 12, 12)
	s.SetListener(x, y, 0)
	if sn := s.Tick(0.1); sn.NoAmbient || len(sn.Cells) == 0 {
		t.Fatalf("A11: in the world: NoAmbient %v, want false", sn.NoAmbient)
	}
}

func TestE1_EmitterTriggers(t *testing.T) {
	s, _ := simFixture(t, 7)
	s.SetEmitters([]Emitter{forge})
	x, y := WorldPos(0x0101, 84, 7.1)
	s.SetListener(x, y, 0)
	var plays []audio.Play
	s.SetOnPlay(func(p audio.Play) {
		if p.Source == audio.SourceEmitter {
			plays = append(plays, p)
		}
	})
	sn := s.Tick(1.0 / 60)
	// Decision: the first trigger is at placement (the first Tick).
	if len(plays) != 1 || plays[0].Table != forgeTable || plays[0].SType != 0x69 || plays[0].Outcome != audio.OutcomeStart {
		t.Fatalf("E1: first tick plays %+v, want one forge start", plays)
	}
	next := sn.Emitters[0].NextTrigger
	if next < 2+1.0/60 || next > 4+1.0/60 {
		t.Fatalf("E1: next trigger %v, want in [2, 4] s after the first", next)
	}
	if r, want := sn.Emitters[0].AudibleRadius, audio.AudibleRadius(1, 1); r != want || r < 90 {
		t.Fatalf("E1: audible radius %v, want %v (S1 at vol 1, master 1)", r, want)
	}
	if z := sn.Emitters[0].Pos.Z; z != 22 {
		t.Fatalf("E1: z nil must sit on the ground (22 m), got %v", z)
	}
	for range 60 * 60 {
		s.Tick(1.0 / 60)
	}
	// 60 s at one trigger per 2..4 s: between 15 and 31 triggers.
	if n := len(plays); n < 16 || n > 31 {
		t.Fatalf("E1: %d triggers in 60 s with interval [2, 4], want 16..31", n)
	}
	for i := 1; i < len(plays); i++ {
		if d := plays[i].Time - plays[i-1].Time; d < 2 || d > 4+1.0/60+1e-9 {
			t.Fatalf("E1: triggers %v s apart, want 2..4 (+ one tick)", d)
		}
	}
	// Emitter editing API.
	i := s.AddEmitter(forge)
	if err := s.MoveEmitter(i, x+10, y+10); err != nil {
		t.Fatal(err)
	}
	if e := s.Emitters()[i]; e.Landblock != 0x0101 || !near(e.X, 94, 1e-3) || !near(e.Y, 17.1, 1e-3) {
		t.Fatalf("MoveEmitter: %+v, want 0x0101 (94, 17.1)", e)
	}
	if err := s.DeleteEmitter(0); err != nil || len(s.Emitters()) != 1 {
		t.Fatalf("DeleteEmitter: %v, %d left", err, len(s.Emitters()))
	}
	if s.DeleteEmitter(5) == nil || s.UpdateEmitter(-1, forge) == nil || s.MoveEmitter(3, 0, 0) == nil {
		t.Fatalf("bad emitter indices must fail")
	}
}

func TestE1_HookAndRadius(t *testing.T) {
	s, _ := simFixture(t, 7)
	e := forge
	e.Volume = 0.5
	s.SetEmitters([]Emitter{e})
	p := audio.DefaultPrefs()
	p.EffectVolume = 0.5
	s.SetPrefs(p)
	sn := s.Tick(0.01)
	if r, want := sn.Emitters[0].AudibleRadius, audio.AudibleRadius(0.5, 0.5); r != want {
		t.Fatalf("E1: radius %v, want %v", r, want)
	}
	p.Effects = false
	s.SetPrefs(p)
	if r := s.Tick(0.01).Emitters[0].AudibleRadius; r != 0 {
		t.Fatalf("E1: effects off → radius %v, want 0", r)
	}
}

func walkLoop(t float64) (x, y, h float32) {
	// A 600 s loop around the centre block, crossing many cells and all 9 blocks.
	w := &Walk{Points: []WalkPoint{
		{T: 0, X: 200, Y: 200, Heading: 0},
		{T: 150, X: 370, Y: 200, Heading: 90},
		{T: 300, X: 370, Y: 370, Heading: 180},
		{T: 450, X: 200, Y: 370, Heading: 270},
		{T: 600, X: 200, Y: 200, Heading: 0},
	}}
	for t >= 600 {
		t -= 600
	}
	return w.At(t)
}

func TestSim_Deterministic(t *testing.T) {
	run := func(seed uint32) []audio.Play {
		s, _ := simFixture(t, seed)
		s.SetEmitters([]Emitter{forge})
		var ev []audio.Play
		s.SetOnPlay(func(p audio.Play) { ev = append(ev, p) })
		for i := range 60 * 120 {
			s.SetListener(walkLoop(float64(i) / 60))
			s.Tick(1.0 / 60)
		}
		return ev
	}
	a, b, c := run(3), run(3), run(4)
	if len(a) != len(b) || len(a) == 0 {
		t.Fatalf("O3: runs with one seed differ in length: %d vs %d", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("O3: event %d differs: %+v vs %+v", i, a[i], b[i])
		}
	}
	same := len(a) == len(c)
	for i := 0; same && i < len(a); i++ {
		same = a[i] == c[i]
	}
	if same {
		t.Fatalf("a different seed gave the identical run")
	}
}

func TestSim_ResetRestarts(t *testing.T) {
	s, _ := simFixture(t, 3)
	s.SetEmitters([]Emitter{forge})
	first := len(s.Tick(0.1).Events)
	for range 100 {
		s.Tick(0.1)
	}
	s.Reset(3)
	if s.Now() != 0 || s.Ambient().NumInstances() != 0 || len(s.Snapshot().Events) != 0 {
		t.Fatalf("Reset: clock %v, %d instances, %d events; want all zero", s.Now(), s.Ambient().NumInstances(), len(s.Snapshot().Events))
	}
	if got := len(s.Tick(0.1).Events); got != first {
		t.Fatalf("Reset: first tick after reset gave %d events, want %d as at the start", got, first)
	}
}

// TestSim_Soak walks a loop for 24 simulated hours (1 h with -short): the queue
// holds each instance at most once, instances stay bounded by the distinct
// (desc, index) pairs, the pool's invariants hold, and the heap does not grow.
func TestSim_Soak(t *testing.T) {
	hours := 24.0
	if testing.Short() {
		hours = 1
	}
	s, f := simFixture(t, 11)
	s.SetEmitters([]Emitter{forge})
	pairs := 0
	for _, d := range f.region.Sound.STBDescs {
		pairs += len(d.Sounds)
	}
	const rate = 20.0 // Hz
	steps := int(hours * 3600 * rate)
	var base uint64
	var ms runtime.MemStats
	for i := 0; i < steps; i++ {
		tm := float64(i) / rate
		s.SetListener(walkLoop(tm))
		s.Tick(1 / rate)
		s.Manager().TakeStarts()
		if i%int(600*rate) == 0 {
			a := s.Ambient()
			if a.NumInstances() > pairs {
				t.Fatalf("soak: %d instances > %d distinct (desc, index) pairs", a.NumInstances(), pairs)
			}
			seen := map[*instance]bool{}
			for k, in := range a.queue {
				if seen[in] || !in.onQueue || in.heapAt != k {
					t.Fatalf("soak: queue entry %d broken (dup %v onQueue %v at %d)", k, seen[in], in.onQueue, in.heapAt)
				}
				seen[in] = true
			}
			keys := map[[2]int]bool{}
			for _, in := range a.insts {
				k := [2]int{in.stb, in.index}
				if keys[k] {
					t.Fatalf("soak: duplicate instance %v", k)
				}
				keys[k] = true
				if in.onQueue != seen[in] {
					t.Fatalf("soak: instance %v onQueue %v but queued %v", k, in.onQueue, seen[in])
				}
			}
			v, cursor, _, _ := s.Manager().Voices(s.Now())
			if cursor < 0 || cursor >= 16 {
				t.Fatalf("soak: cursor %d", cursor)
			}
			for k, vo := range v {
				if vo.Busy && (vo.Start > s.Now() || vo.Start+vo.Length <= s.Now()) {
					t.Fatalf("soak: voice %d busy outside its life %+v at %v", k, vo, s.Now())
				}
			}
			runtime.GC()
			runtime.ReadMemStats(&ms)
			if base == 0 && i > 0 {
				base = ms.HeapAlloc
			} else if base > 0 && ms.HeapAlloc > base+8<<20 {
				t.Fatalf("soak: heap grew from %d to %d bytes after %.1f h", base, ms.HeapAlloc, tm/3600)
			}
		}
	}
	if len(s.Snapshot().Events) > maxEvents || len(s.Snapshot().Spawns) > maxSpawns {
		t.Fatalf("soak: histories unbounded")
	}
}
