package world

import (
	"math"
	"strings"
	"testing"
)

// rotateY rotates the local forward axis (0, 1, 0) by q = (w, x, y, z) as
// q·v·q* written out with the vector-part formula v' = v + 2w(u×v) + 2u×(u×v),
// independent of the rotation-matrix code under test, and returns the compass
// heading of its horizontal part: 0 = north (+Y), 90 = east (+X).
func rotateY(w, x, y, z float64) float64 {
	v := [3]float64{0, 1, 0}
	u := [3]float64{x, y, z}
	cross := func(a, b [3]float64) [3]float64 {
		return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
	}
	c1 := cross(u, v)
	c2 := cross(u, c1)
	r := [3]float64{v[0] + 2*w*c1[0] + 2*c2[0], v[1] + 2*w*c1[1] + 2*c2[1], v[2] + 2*w*c1[2] + 2*c2[2]}
	h := math.Atan2(r[0], r[1]) * 180 / math.Pi // compass: clockwise from north
	if h < 0 {
		h += 360
	}
	return h
}

func angDiff(a, b float64) float64 { return math.Abs(math.Mod(a-b+540, 360) - 180) }

func TestRetailLoc_ParseHoltburgSpawn(t *testing.T) {
	l, err := ParseRetailLoc("0xA9B40019 [84.000000 7.100000 85.005000] 1.000000 0.000000 0.000000 0.000000")
	if err != nil {
		t.Fatal(err)
	}
	if l.Cell != 0xA9B40019 || l.X != 84 || l.Y != 7.1 || l.Z != 85.005 || l.QW != 1 {
		t.Fatalf("parsed %+v", l)
	}
	x, y := l.World()
	// W1: 0xA9 = 169, 0xB4 = 180 → (169·192 + 84, 180·192 + 7.1).
	if x != 32532 || math.Abs(float64(y)-34567.1) > 0.004 {
		t.Fatalf("World() = (%v, %v), want (32532, 34567.1)", x, y)
	}
	if lc := l.Loc(); lc.Landblock != 0xA9B4 || lc.X != 84 || lc.Y != float32(7.1) {
		t.Fatalf("Loc() = %+v", lc)
	}
	if h := l.Heading(); h != 0 {
		t.Fatalf("identity quaternion: heading %v, want 0 (north)", h)
	}
}

func TestRetailLoc_HeadingKnownPairs(t *testing.T) {
	s := math.Sqrt(0.5)
	for _, c := range []struct {
		name       string
		w, x, y, z float64
		want       float64
	}{
		{"identity faces north", 1, 0, 0, 0, 0},
		// A player facing east: a −90° turn about +Z (clockwise seen from above):
		// w = cos(−45°), z = sin(−45°).
		{"east", s, 0, 0, -s, 90},
		{"south", 0, 0, 0, 1, 180},
		{"west", s, 0, 0, s, 270},
		{"negated east quaternion is the same rotation", -s, 0, 0, s, 90},
		{"30 deg", math.Cos(-15 * math.Pi / 180), 0, 0, math.Sin(-15 * math.Pi / 180), 30},
		{"225 deg", math.Cos(-112.5 * math.Pi / 180), 0, 0, math.Sin(-112.5 * math.Pi / 180), 225},
		// Tilted 20° nose-up about local X after a 60° turn: heading stays 60.
		{"pitched", math.Cos(-30*math.Pi/180) * math.Cos(10*math.Pi/180), math.Cos(-30*math.Pi/180) * math.Sin(10*math.Pi/180),
			math.Sin(-30*math.Pi/180) * math.Sin(10*math.Pi/180), math.Sin(-30*math.Pi/180) * math.Cos(10*math.Pi/180), 60},
	} {
		// The expectation is checked against the independent vector rotation first.
		if d := angDiff(rotateY(c.w, c.x, c.y, c.z), c.want); d > 1e-9 {
			t.Fatalf("%s: test case wrong: rotated forward has heading %v", c.name, rotateY(c.w, c.x, c.y, c.z))
		}
		l := RetailLoc{Cell: 0xA9B40019, X: 84, Y: 7.1, QW: c.w, QX: c.x, QY: c.y, QZ: c.z}
		h := l.Heading()
		if !(h >= 0 && h < 360) || angDiff(float64(h), c.want) > 1e-3 {
			t.Errorf("%s: Heading() = %v, want %v", c.name, h, c.want)
		}
	}
}

func TestRetailLoc_RoundTrip(t *testing.T) {
	const line = "0xA9B40019 [84.000000 7.100000 85.005000] 1.000000 0.000000 0.000000 0.000000"
	l, err := ParseRetailLoc(line)
	if err != nil {
		t.Fatal(err)
	}
	if got := l.String(); got != line {
		t.Fatalf("String() = %q, want %q", got, line)
	}
	for _, h := range []float32{0, 45, 90, 135.5, 180, 270, 359} {
		x, y := WorldPos(0xA9B4, 100.25, 50.5)
		s := RetailLocAt(x, y, 60, h).String()
		back, err := ParseRetailLoc(s)
		if err != nil {
			t.Fatalf("heading %v: %q: %v", h, s, err)
		}
		bx, by := back.World()
		if bx != x || by != y || angDiff(float64(back.Heading()), float64(h)) > 1e-3 {
			t.Fatalf("heading %v: %q → (%v, %v, %v), want (%v, %v, %v)", h, s, bx, by, back.Heading(), x, y, h)
		}
		// 100.25/24 → cx 4; 50.5/24 → cy 2; 4·8 + 2 + 1 = 35 = 0x23 (W2).
		if back.Cell != 0xA9B40023 {
			t.Fatalf("cell 0x%08X, want 0xA9B40023", back.Cell)
		}
	}
	// East as printed: w = 0.707107, z = −0.707107.
	x, y := WorldPos(0xA9B4, 84, 7.1)
	if s := RetailLocAt(x, y, 85.005, 90).String(); !strings.HasSuffix(s, "] 0.707107 0.000000 0.000000 -0.707107") {
		t.Fatalf("east: %q", s)
	}
}

func TestRetailLoc_Errors(t *testing.T) {
	for _, s := range []string{
		"",
		"0xA9B40019 84 7.1 85 1 0 0 0",    // no brackets
		"0xA9B4 [84 7.1 85] 1 0 0 0",      // short id
		"0xA9B40019 [84 7.1] 1 0 0 0",     // two coordinates
		"0xA9B40019 [84 7.1 85] 1 0 0",    // three quaternion parts
		"0xA9B40019 [84 7.1 85] 2 0 0 0",  // not a unit quaternion
		"0xA9B40019 [84 NaN 85] 1 0 0 0",  // NaN
		"0xA9B40019 [192 7.1 85] 1 0 0 0", // off the landblock
		"0xA9B40001 [84 7.1 85] 1 0 0 0",  // cell 1 is x 0..24
		"0xA9B4FFFF [84 7.1 85] 1 0 0 0",  // landblock info, not a cell
		"0xA9B40000 [84 7.1 85] 1 0 0 0",  // no cell 0
		"0xZZB40019 [84 7.1 85] 1 0 0 0",  // not hex
		"0xA9B40019 0xA9B40019 [84.000000 7.100000 85.005000] 1 0 0 0", // two ids
	} {
		if _, err := ParseRetailLoc(s); err == nil {
			t.Errorf("ParseRetailLoc(%q) accepted", s)
		} else if !strings.Contains(err.Error(), "/loc line") {
			t.Errorf("ParseRetailLoc(%q): error %q does not say what it parsed", s, err)
		}
	}
	// An indoor cell uses the landblock frame too.
	if _, err := ParseRetailLoc("0xA9B40150 [84 7.1 85] 1 0 0 0"); err != nil {
		t.Fatalf("indoor cell: %v", err)
	}
}

// A path file's point may be retail's /loc line (issue 9 item 1): the same
// point as landblock/x/y with the heading the quaternion gives.
func TestRetailLoc_PathFilePoint(t *testing.T) {
	const east = "0xA9B40019 [84.000000 7.100000 85.005000] 0.707107 0.000000 0.000000 -0.707107"
	w, err := LoadWalk(strings.NewReader(`{"points":[{"t":0,"loc":"`+east+`"},{"t":5,"landblock":"0xA9B4","x":90,"y":7.1,"heading":90}]}`), "p.json")
	if err != nil {
		t.Fatal(err)
	}
	p := w.Points[0]
	if p.Loc != (Loc{Landblock: 0xA9B4, X: 84, Y: 7.1}) || p.Heading < 89.999 || p.Heading > 90.001 {
		t.Fatalf("point 0 = %+v", p)
	}
	for _, bad := range []string{
		`{"points":[{"t":0,"loc":"` + east + `","x":3}]}`,
		`{"points":[{"t":0,"loc":"0xA9B40019 [84 7.1 85] 5 0 0 0"}]}`,
	} {
		if _, err := LoadWalk(strings.NewReader(bad), "p.json"); err == nil || !strings.Contains(err.Error(), "points[0]") {
			t.Errorf("%s: error %v", bad, err)
		}
	}
}

func TestRetailLoc_Of(t *testing.T) {
	r := RetailLocOf(Loc{Landblock: 0xA9B4, X: 84, Y: 7.1, Z: 85.005}, 90)
	want := "0xA9B40019 [84.000000 7.100000 85.004997] 0.707107 0.000000 0.000000 -0.707107"
	if got := r.String(); got != want { // 7.1 and 85.005 as float32, printed with 6 decimals
		t.Fatalf("RetailLocOf = %q, want %q", got, want)
	}
	back, err := ParseRetailLoc(r.String())
	if err != nil || back.Loc() != (Loc{Landblock: 0xA9B4, X: 84, Y: 7.1, Z: float32(85.004997)}) {
		t.Fatalf("round trip: %+v %v", back.Loc(), err)
	}
	// Local metres past the landblock's edge are moved into the next one.
	if c := RetailLocOf(Loc{Landblock: 0xA9B4, X: 200, Y: 10}, 0).Cell; c != 0xAAB40001 {
		t.Fatalf("x 200 in 0xA9B4: cell 0x%08X, want 0xAAB40001", c)
	}
}
