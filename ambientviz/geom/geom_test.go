package geom

import (
	"math"
	"testing"

	"soundworld/audio"
	"soundworld/world"
)

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

func TestCamera_ToScreenNorthUp(t *testing.T) {
	c := Camera{CX: 1000, CY: 2000, MPP: 0.5, W: 1280, H: 720}
	cases := []struct{ x, y, sx, sy float64 }{
		{1000, 2000, 640, 360}, // centre
		{1010, 2000, 660, 360}, // 10 m east → 20 px right
		{1000, 2010, 640, 340}, // 10 m north → 20 px up (W1: +Y north)
		{990, 1995, 620, 370},
	}
	for _, k := range cases {
		sx, sy := c.ToScreen(k.x, k.y)
		if !near(sx, k.sx, 1e-9) || !near(sy, k.sy, 1e-9) {
			t.Errorf("W1: ToScreen(%v,%v) got (%v,%v), want (%v,%v)", k.x, k.y, sx, sy, k.sx, k.sy)
		}
		x, y := c.ToWorld(k.sx, k.sy)
		if !near(x, k.x, 1e-9) || !near(y, k.y, 1e-9) {
			t.Errorf("ToWorld(%v,%v) got (%v,%v), want (%v,%v)", k.sx, k.sy, x, y, k.x, k.y)
		}
	}
}

func TestCamera_ZoomAboutKeepsCursorPoint(t *testing.T) {
	c := Camera{CX: 500, CY: 500, MPP: 1, W: 800, H: 600}
	wx, wy := c.ToWorld(100, 50)
	z := c.ZoomAbout(100, 50, 0.5)
	if z.MPP != 0.5 {
		t.Fatalf("MPP got %v, want 0.5", z.MPP)
	}
	gx, gy := z.ToWorld(100, 50)
	if !near(gx, wx, 1e-9) || !near(gy, wy, 1e-9) {
		t.Errorf("point under cursor moved: got (%v,%v), want (%v,%v)", gx, gy, wx, wy)
	}
	if z := c.ZoomAbout(0, 0, 0.001); z.MPP != MinMPP {
		t.Errorf("zoom clamp: got %v m/px, want %v", z.MPP, MinMPP)
	}
	if z := c.ZoomAbout(0, 0, 1000); z.MPP != MaxMPP {
		t.Errorf("zoom clamp: got %v m/px, want %v", z.MPP, MaxMPP)
	}
}

func TestCamera_PanFollowsPointer(t *testing.T) {
	c := Camera{CX: 0, CY: 0, MPP: 2, W: 100, H: 100}
	p := c.Pan(10, 5) // drag right and down: the map moves with the pointer
	if p.CX != -20 || p.CY != 10 {
		t.Errorf("Pan got centre (%v,%v), want (-20,10)", p.CX, p.CY)
	}
}

func TestRingRadiusPx(t *testing.T) {
	cases := []struct{ r, mpp, px float64 }{
		{20, 0.25, 80}, {120, 0.5, 240}, {94.2, 1, 94.2}, {120, 4, 30},
	}
	for _, k := range cases {
		c := Camera{MPP: k.mpp}
		if got := c.RingRadiusPx(k.r); !near(got, k.px, 1e-9) {
			t.Errorf("ring %v m at %v m/px: got %v px, want %v", k.r, k.mpp, got, k.px)
		}
	}
}

func TestW4_ScreenAngleNorthUp(t *testing.T) {
	cases := []struct{ h, a float64 }{{0, -math.Pi / 2}, {90, 0}, {180, math.Pi / 2}, {270, math.Pi}, {45, -math.Pi / 4}}
	for _, k := range cases {
		if got := ScreenAngle(k.h); !near(got, k.a, 1e-12) {
			t.Errorf("W4: heading %v° got screen angle %v, want %v", k.h, got, k.a)
		}
	}
	// heading of due east is 90 (W4), of due north 0.
	if h := Heading(1, 0); !near(h, 90, 1e-9) {
		t.Errorf("W4: Heading(east) got %v, want 90", h)
	}
	if h := Heading(0, 1); !near(h, 0, 1e-9) {
		t.Errorf("W4: Heading(north) got %v, want 0", h)
	}
}

func TestA9_ShellSectorAngles(t *testing.T) {
	c := Camera{MPP: 0.5}
	shells := []world.Shell{{Dir: world.DirE, Min: 30, Max: 50}, {Dir: world.DirNW, Min: 4, Max: 10}}
	s := ShellSectors(shells, c)
	if len(s) != 2 {
		t.Fatalf("got %d sectors, want 2", len(s))
	}
	w := 11.25 * math.Pi / 180
	// East: centred on screen angle 0, ±11.25°, radii 60..100 px at 0.5 m/px.
	if !near(s[0].Start, -w, 1e-12) || !near(s[0].End, w, 1e-12) || s[0].Inner != 60 || s[0].Outer != 100 {
		t.Errorf("A9: east shell got %+v, want angles ±%v rad, radii 60..100", s[0], w)
	}
	// NW: heading 315° → screen angle 225° = 5π/4 (up-left).
	if a := (s[1].Start + s[1].End) / 2; !near(a, 5*math.Pi/4, 1e-12) || s[1].Inner != 8 || s[1].Outer != 20 {
		t.Errorf("A9: NW shell got centre %v radii %v..%v, want %v, 8..20", a, s[1].Inner, s[1].Outer, 5*math.Pi/4)
	}
}

func TestRose_BarsFromKnownSnapshot(t *testing.T) {
	s := &world.Snapshot{Cells: []world.CellWeight{
		{Weight: 1, Dir: world.DirN, Stb: 0},
		{Weight: 0.5, Dir: world.DirN, Stb: 1},
		{Weight: 0.75, Dir: world.DirE, Stb: 0},
		{Weight: 0.9, Dir: world.DirS, Stb: -1}, // no ambient set: not in the rose
		{Weight: 0.3, Dir: world.DirInViewerBlock, Stb: 0},
	}}
	bars, centre := BuildRose(s, -1).Bars(100)
	want := map[world.Dir]float64{world.DirN: 100, world.DirE: 50}
	for _, b := range bars {
		if !near(b.Length, want[b.Dir], 1e-5) {
			t.Errorf("all sounds: bar %v got %v px, want %v", b.Dir, b.Length, want[b.Dir])
		}
	}
	if !near(centre, 0.2, 1e-6) {
		t.Errorf("in-viewer-block share got %v, want 0.2", centre)
	}
	// Only set 0 (the selected sound's): N 1, E 0.75 → 100 and 75 px.
	bars, _ = BuildRose(s, 0).Bars(100)
	want = map[world.Dir]float64{world.DirN: 100, world.DirE: 75}
	for _, b := range bars {
		if !near(b.Length, want[b.Dir], 1e-5) {
			t.Errorf("set 0: bar %v got %v px, want %v", b.Dir, b.Length, want[b.Dir])
		}
	}
	if bars[2].Heading != 90 || bars[4].Heading != 45 {
		t.Errorf("bar headings got E %v NE %v, want 90, 45", bars[2].Heading, bars[4].Heading)
	}
}

func TestMarkerAlphaFadesOverTwoSeconds(t *testing.T) {
	for _, k := range []struct{ age, a float64 }{{0, 1}, {0.5, 0.75}, {1, 0.5}, {1.999, 0.0005}, {2, 0}, {-0.1, 0}} {
		if got := MarkerAlpha(k.age); !near(got, k.a, 1e-9) {
			t.Errorf("MarkerAlpha(%v) got %v, want %v", k.age, got, k.a)
		}
	}
}

func TestCellDotMonotonic(t *testing.T) {
	r0, a0 := CellDot(0.1)
	r1, a1 := CellDot(1)
	if !(r1 > r0 && a1 > a0) || r1 != 6 || a1 != 1 {
		t.Errorf("CellDot: got (%v,%v) at 0.1 and (%v,%v) at 1, want growing to (6,1)", r0, a0, r1, a1)
	}
}

// S1: the third ring is the −50 dB radius of a vol 1.0 effect sound at the
// current effect volume: ≈94.2 m at 1.0, ≈66.6 m at 0.5 (spec reference rows).
func TestS1_AudibleRing(t *testing.T) {
	for _, k := range []struct{ master, r float64 }{{1, 94.2}, {0.5, 66.6}} {
		p := audio.DefaultPrefs()
		p.EffectVolume = float32(k.master)
		rs := Rings(p)
		if len(rs) != 3 || !near(rs[2].Radius, k.r, 0.1) {
			t.Errorf("S1: rings at master %v got %+v, want third ring %v m", k.master, rs, k.r)
		}
	}
}

// G1: with effects disabled no effect is audible, so the third ring goes.
func TestG1_NoAudibleRingWithEffectsOff(t *testing.T) {
	p := audio.DefaultPrefs()
	p.Effects = false
	if rs := Rings(p); len(rs) != 2 {
		t.Errorf("G1: rings with effects off got %+v, want only 20 m and 120 m", rs)
	}
}

func TestSpawnSet(t *testing.T) {
	s := &world.Snapshot{Instances: []world.Instance{{Stb: 3, STBID: 0x20000002}}}
	s.Instances[0].Desc.SType = 0x47
	if got := SpawnSet(s, audio.Play{Source: audio.SourceOneShot, Table: 0x20000002, SType: 0x47}); got != 3 {
		t.Errorf("one-shot of set 3: got %d, want 3", got)
	}
	if got := SpawnSet(s, audio.Play{Source: audio.SourceEmitter, Table: 0x20000002, SType: 0x47}); got != -1 {
		t.Errorf("emitter play: got %d, want -1", got)
	}
}

func TestScaleBar(t *testing.T) {
	cases := []struct{ mpp, max, m, px float64 }{
		{0.8, 160, 100, 125}, // 128 m fits: 100 m = 125 px
		{0.25, 160, 20, 80},  // 40 m fits: 20 m = 80 px
		{4, 160, 500, 125},   // 640 m fits: 500 m
		{1, 100, 100, 100},   // exactly 100 m
	}
	for _, k := range cases {
		m, px := ScaleBar(k.mpp, k.max)
		if m != k.m || !near(px, k.px, 1e-9) {
			t.Errorf("ScaleBar(%v, %v) got %v m %v px, want %v m %v px", k.mpp, k.max, m, px, k.m, k.px)
		}
	}
}
