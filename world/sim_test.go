package world

import (
	"math"
	"runtime"
	"strings"
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

// TestW5_PlayerAndCamera: the user moves the player (feet on the ground); the
// camera is eye metres above the feet and chase metres behind along the
// heading (horizontal, decision W5), and shares the heading.
func TestW5_PlayerAndCamera(t *testing.T) {
	s, _ := simFixture(t, 1)
	x, y := WorldPos(0x0101, 12, 12)
	s.SetListener(x, y, 90)
	sn := s.Tick(0.1)
	ground := s.land.GroundHeight(x, y) // landblock (1,1): height byte 11 → 22 m everywhere
	if ground != 22 || sn.Player != (Loc{0x0101, 12, 12, 22}) || sn.Listener.Pos.Z != 22 || sn.Listener.Heading != 90 {
		t.Fatalf("W5: player %+v listener %+v (ground %v), want feet at (12, 12, 22), heading 90", sn.Player, sn.Listener, ground)
	}
	// W5 revision 3: by default retail's home view, 2.5 m behind (facing
	// east: 2.5 m west) and 2.25 m above the feet (pivot 1.5 + 0.75).
	if sn.Camera != (Loc{0x0101, 9.5, 12, 24.25}) {
		t.Fatalf("W5: camera %+v, want retail's home view (0x0101, 9.5, 12, 24.25)", sn.Camera)
	}
	s.SetChase(0)
	s.SetEye(5)
	if sn = s.Tick(0.1); sn.Camera.Z != 27 || sn.Player.Z != 22 {
		t.Fatalf("W5: eye 5 → camera Z %v player Z %v, want 27 and 22", sn.Camera.Z, sn.Player.Z)
	}
	// Facing east, 10 m of chase puts the camera 10 m west: local x 2.
	s.SetChase(10)
	if sn = s.Tick(0.1); sn.Camera != (Loc{0x0101, 2, 12, 27}) {
		t.Fatalf("W5: chase 10 facing east → camera %+v, want (0x0101, 2, 12, 27)", sn.Camera)
	}
	// Facing north, 15 m back crosses into the landblock to the south: y = 12 − 15 + 192.
	s.SetListener(x, y, 0)
	s.SetChase(15)
	if sn = s.Tick(0.1); sn.Camera != (Loc{0x0100, 12, 189, 27}) || sn.CellID != 0x01010001 {
		t.Fatalf("W5: chase 15 facing north → camera %+v cell %08X, want (0x0100, 12, 189, 27) and the player's cell 01010001", sn.Camera, sn.CellID)
	}
	if s.SetChase(-1); s.Listener().Chase != 15 {
		t.Fatalf("W5: a negative chase must be ignored")
	}
}

// TestW5_DefaultCameraIsRetailHomeView (W5 revision 3 [D3: SmartBox::
// set_viewer_home, CameraManager::CameraManager]): retail's default camera
// pivots 1.5 m above the feet with viewer offset (0, −2.5, 0.75)·1.0, so the
// default is 2.25 m up and 2.5 m behind; first person is a preset (the pivot,
// 1.5 m, no chase); both are named.
func TestW5_DefaultCameraIsRetailHomeView(t *testing.T) {
	if DefaultEye != 1.5+0.75 || DefaultChase != 2.5 {
		t.Errorf("W5: default eye %v chase %v, want 2.25 and 2.5", DefaultEye, DefaultChase)
	}
	s, _ := simFixture(t, 1)
	if l := s.Listener(); l.Eye != 2.25 || l.Chase != 2.5 || CameraName(l.Eye, l.Chase) != "retail" {
		t.Errorf("W5: a new Sim's camera eye %v chase %v (%s), want retail's 2.25, 2.5", l.Eye, l.Chase, CameraName(l.Eye, l.Chase))
	}
	fp, err := CameraPresetNamed("first-person")
	if err != nil || fp.Eye != 1.5 || fp.Chase != 0 || CameraName(1.5, 0) != "first-person" {
		t.Errorf("W5: first-person preset %+v %v, want eye 1.5 chase 0", fp, err)
	}
	if _, err := CameraPresetNamed("overhead"); err == nil || !strings.Contains(err.Error(), "retail, first-person") {
		t.Errorf("W5: an unknown preset: %v, want an error listing the presets", err)
	}
	if got := CameraName(2, 0); got != "custom (eye 2 m, chase 0 m)" {
		t.Errorf("W5: CameraName(2, 0) = %q", got)
	}
	w, err := LoadWalk(strings.NewReader(`{"camera":"first-person","chase":1,"points":[{"t":0,"landblock":"0x0101","x":1,"y":1}]}`), "p.json")
	if err != nil || *w.Eye != 1.5 || *w.Chase != 1 {
		t.Errorf("W5: path file camera first-person with chase 1: %+v %v, want eye 1.5 chase 1", w, err)
	}
	if _, err := LoadWalk(strings.NewReader(`{"camera":"x","points":[{"t":0,"landblock":"0x0101","x":1,"y":1}]}`), "p.json"); err == nil || !strings.Contains(err.Error(), "p.json") {
		t.Errorf("W5: path file with an unknown camera: %v, want an error naming the file", err)
	}
}

// TestW5_GatherOnPlayerSoundOnCamera: the gather's offsets (CalcWeight's Z
// included) start at the feet, the SoundManager's distances at the camera.
func TestW5_GatherOnPlayerSoundOnCamera(t *testing.T) {
	s, _ := simFixture(t, 1)
	// The feet at local (12, 8) of 0x0101 are (12, 16, 0) from the 'a' vertex
	// (24, 24) on flat ground: d² = 144 + 256 + 0 = 400 → weight 400/400 = 1.
	// Measured from a camera 2 m up it would be 404 → 400/404.
	x, y := WorldPos(0x0101, 12, 8)
	s.SetListener(x, y, 0)
	s.SetEye(2)
	sn := s.Tick(0.1)
	found := false
	for _, c := range sn.Cells {
		if c.CellID == 0x0101000A {
			found = true
			if c.Weight != 1 {
				t.Fatalf("W5: cell 0x0101000A weight %v, want 1 (offset from the feet, z 0)", c.Weight)
			}
		}
	}
	if !found {
		t.Fatalf("W5: cell 0x0101000A did not contribute")
	}
	// An emitter at the feet heard from a camera 2 m up and 10 m behind:
	// distance √(10² + 2²) = 10.198039.
	s.SetEye(2)
	s.SetChase(10)
	e := forge
	e.X, e.Y = 12, 8
	s.Emitters().Set([]Emitter{e})
	s.Tick(0.1)
	v, _, _, _ := s.Manager().Voices(s.Now())
	got := float32(-1)
	for _, vo := range v {
		if vo.Busy && vo.Source == audio.SourceEmitter {
			got = vo.Distance
		}
	}
	if want := float32(math.Sqrt(104)); !near(got, want, 1e-5) {
		t.Fatalf("W5/S3: emitter distance %v, want %v (from the camera)", got, want)
	}
}

// TestG5_AmbientOffCellChangeResetsOnly is G5 revision 2: with ambient off a
// cell change still resets every count and the total (InitSounds) but gathers
// nothing, updates nothing and releases the sound tables; switching ambient
// back on does not gather, and the world stays silent until the next cell change.
func TestG5_AmbientOffCellChangeResetsOnly(t *testing.T) {
	s, _ := simFixture(t, 1)
	x, y := WorldPos(0x0101, 12, 12)
	s.SetListener(x, y, 0)
	s.Tick(0.1)
	if s.Ambient().Rebuilds() != 1 || s.Ambient().QueueLen() == 0 || s.Ambient().TotalWeight() == 0 {
		t.Fatalf("G5: ambient on did not gather")
	}
	p := audio.DefaultPrefs()
	p.Ambient = false
	s.SetPrefs(p)
	var evs []Event
	s.SetOnEvent(func(ev Event) { evs = append(evs, ev) })
	// Off, no cell change: nothing drains (deadlines pass, nothing fires).
	for range 100 {
		s.Tick(0.1)
	}
	q := s.Ambient().QueueLen()
	if len(evs) != 0 || q == 0 {
		t.Fatalf("G5: ambient off: %d events, queue %d; want none and the queue kept", len(evs), q)
	}
	// Off, cell change: counts and total reset, no gather, the queue untouched.
	s.SetListener(x+24, y, 0)
	sn := s.Tick(0.1)
	if s.Ambient().Rebuilds() != 1 || sn.TotalWeight != 0 || len(sn.Cells) != 0 || sn.NoAmbient || s.Ambient().QueueLen() != q {
		t.Fatalf("G5: off + cell change: rebuilds %d total %v cells %d queue %d; want 1, 0, 0, %d",
			s.Ambient().Rebuilds(), sn.TotalWeight, len(sn.Cells), s.Ambient().QueueLen(), q)
	}
	for _, in := range sn.Instances {
		if in.Count != 0 || in.PlayChance != 0 || len(in.Shells) != 0 || in.CanHear {
			t.Fatalf("G5: instance %+v not reset or still audible", in)
		}
	}
	// Back on without a cell change: no gather, the queue drains silently.
	p.Ambient = true
	s.SetPrefs(p)
	for range 100 {
		s.Tick(0.1)
	}
	if s.Ambient().Rebuilds() != 1 || len(evs) != 0 || s.Ambient().QueueLen() != 0 {
		t.Fatalf("G5: back on: rebuilds %d, %d events, queue %d; want 1, silence and an empty queue",
			s.Ambient().Rebuilds(), len(evs), s.Ambient().QueueLen())
	}
	// The next cell change gathers and plays again.
	s.SetListener(x, y, 0)
	s.Tick(0.1)
	if s.Ambient().Rebuilds() != 2 || len(evs) == 0 {
		t.Fatalf("G5: next cell change: rebuilds %d, %d events; want 2 and plays", s.Ambient().Rebuilds(), len(evs))
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
	s.Emitters().Set([]Emitter{forge})
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
	i := s.Emitters().Add(forge)
	if err := s.Emitters().Move(i, x+10, y+10); err != nil {
		t.Fatal(err)
	}
	if e := s.Emitters().List()[i]; e.Landblock != 0x0101 || !near(e.X, 94, 1e-3) || !near(e.Y, 17.1, 1e-3) {
		t.Fatalf("Move: %+v, want 0x0101 (94, 17.1)", e)
	}
	if err := s.Emitters().Delete(0); err != nil || len(s.Emitters().List()) != 1 {
		t.Fatalf("Delete: %v, %d left", err, len(s.Emitters().List()))
	}
	if s.Emitters().Delete(5) == nil || s.Emitters().Update(-1, forge) == nil || s.Emitters().Move(3, 0, 0) == nil {
		t.Fatalf("bad emitter indices must fail")
	}
}

func TestE1_HookAndRadius(t *testing.T) {
	s, _ := simFixture(t, 7)
	e := forge
	e.Volume = 0.5
	s.Emitters().Set([]Emitter{e})
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
		{T: 0, Loc: LocOf(Pos{X: 200, Y: 200}), Heading: 0},
		{T: 150, Loc: LocOf(Pos{X: 370, Y: 200}), Heading: 90},
		{T: 300, Loc: LocOf(Pos{X: 370, Y: 370}), Heading: 180},
		{T: 450, Loc: LocOf(Pos{X: 200, Y: 370}), Heading: 270},
		{T: 600, Loc: LocOf(Pos{X: 200, Y: 200}), Heading: 0},
	}}
	for t >= 600 {
		t -= 600
	}
	return w.At(t)
}

func TestSim_Deterministic(t *testing.T) {
	run := func(seed uint32) []audio.Play {
		s, _ := simFixture(t, seed)
		s.Emitters().Set([]Emitter{forge})
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
	s.Emitters().Set([]Emitter{forge})
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
	s.Emitters().Set([]Emitter{forge})
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
			for k := 1; k <= a.queue.len(); k++ {
				in := a.queue.a[k]
				if seen[in] || !in.onQueue || (k > 1 && in.deadline < a.queue.a[k/2].deadline) {
					t.Fatalf("soak: queue entry %d broken (dup %v onQueue %v, below its parent)", k, seen[in], in.onQueue)
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
