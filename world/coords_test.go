package world

import (
	"math"
	"testing"
)

func TestW1_LandblockAndLocal(t *testing.T) {
	// Holtburg spawn: 0xA9B4 local (84, 7.1) → global (169·192+84, 180·192+7.1).
	x, y := WorldPos(0xA9B4, 84, 7.1)
	if x != 32532 || !near(y, 34567.1, 0.004) {
		t.Fatalf("W1: WorldPos = (%v, %v), want (32532, 34567.1)", x, y)
	}
	lb, ok := Landblock(x, y)
	if !ok || lb != 0xA9B4 {
		t.Fatalf("W1: Landblock = 0x%04X %v, want 0xA9B4", lb, ok)
	}
	lx, ly := Local(x, y)
	if lx != 84 || !near(ly, 7.1, 0.004) {
		t.Fatalf("W1: Local = (%v, %v), want (84, 7.1)", lx, ly)
	}
	if _, ok := Landblock(-1, 5); ok {
		t.Fatalf("W1: x = -1 must be off the map")
	}
	if _, ok := Landblock(256*192, 5); ok {
		t.Fatalf("W1: x = 256·192 must be off the map")
	}
}

func TestW2_CellID(t *testing.T) {
	for _, c := range []struct {
		lb     uint16
		lx, ly float32
		want   uint32
	}{
		{0xA9B4, 84, 7.1, 0xA9B40019}, // cx 3, cy 0 → 3·8+0+1 = 25
		{0xA9B4, 0, 0, 0xA9B40001},
		{0xA9B4, 191.9, 191.9, 0xA9B40040},
		{0xA9B4, 23.99, 24, 0xA9B40002},  // cx 0, cy 1
		{0xA9B4, 24, 23.99, 0xA9B40009},  // cx 1, cy 0
		{0x7F7F, 96, 96, 0x7F7F0025},     // cx 4, cy 4 → 37
		{0x0000, 0.5, 191.5, 0x00000008}, // cx 0, cy 7
	} {
		x, y := WorldPos(c.lb, c.lx, c.ly)
		if got := CellID(x, y); got != c.want {
			t.Errorf("W2: CellID(0x%04X %v %v) = 0x%08X, want 0x%08X", c.lb, c.lx, c.ly, got, c.want)
		}
	}
}

func TestW3_HoltburgMapCoords(t *testing.T) {
	x, y := WorldPos(0xA9B4, 84, 7.1)
	// 32532/240 − 101.95 = 33.60; 34567.1/240 − 101.95 = 42.0796.
	if got := FormatMap(x, y); got != "42.1N, 33.6E" {
		t.Fatalf("W3: FormatMap(Holtburg spawn) = %q, want \"42.1N, 33.6E\"", got)
	}
	for _, s := range []string{"42.1N, 33.6E", "42.1N 33.6E", "42.1n,33.6e", "  33.6E   42.1N ", "42.1N,\t33.6E"} {
		px, py, err := ParseMap(s)
		if err != nil {
			t.Fatalf("W3: ParseMap(%q): %v", s, err)
		}
		// (33.6+101.95)·240 = 32532 → 0xA9 local 84; (42.1+101.95)·240 = 34572 → 0xB4 local 12.
		lb, _ := Landblock(px, py)
		lx, ly := Local(px, py)
		if lb != 0xA9B4 || !near(lx, 84, 0.005) || !near(ly, 12, 0.005) {
			t.Fatalf("W3: ParseMap(%q) = 0x%04X (%v, %v), want 0xA9B4 (84, 12)", s, lb, lx, ly)
		}
	}
}

func TestW3_CentreAndSouthWest(t *testing.T) {
	// Map origin 0.0N 0.0E = GX = GY = 101.95·240 = 24468 = 127·192 + 84.
	x, y, err := ParseMap("0.0N, 0.0E")
	if err != nil {
		t.Fatal(err)
	}
	lb, _ := Landblock(x, y)
	lx, ly := Local(x, y)
	if lb != 0x7F7F || !near(lx, 84, 0.002) || !near(ly, 84, 0.002) {
		t.Fatalf("W3: 0.0N 0.0E = 0x%04X (%v, %v), want 0x7F7F (84, 84)", lb, lx, ly)
	}
	// Block centre 0x7F7F (96, 96): 24480/240 − 101.95 = 0.05 → rounds to 0.1.
	cx, cy := WorldPos(0x7F7F, 96, 96)
	if got := FormatMap(cx, cy); got != "0.1N, 0.1E" {
		t.Fatalf("W3: FormatMap(0x7F7F centre) = %q, want \"0.1N, 0.1E\"", got)
	}
	// South-west: (−3.2+101.95)·240 = 23700, (−12.5+101.95)·240 = 21468.
	x, y, err = ParseMap("12.5S, 3.2W")
	if err != nil {
		t.Fatal(err)
	}
	if !near(x, 23700, 0.01) || !near(y, 21468, 0.01) {
		t.Fatalf("W3: 12.5S 3.2W = (%v, %v), want (23700, 21468)", x, y)
	}
	if got := FormatMap(x, y); got != "12.5S, 3.2W" {
		t.Fatalf("W3: round trip = %q, want \"12.5S, 3.2W\"", got)
	}
}

func TestW3_ParseErrors(t *testing.T) {
	for _, s := range []string{"", "42.1N", "42.1N 33.6N", "42.1X 33.6E", "N E", "-4N 3E", "200N 3E", "42.1N 33.6E 1"} {
		if _, _, err := ParseMap(s); err == nil {
			t.Errorf("W3: ParseMap(%q) accepted, want an error", s)
		}
	}
}

func TestW3_ParseAt(t *testing.T) {
	x, y, err := ParseAt("0xA9B4 84 7.1")
	if err != nil {
		t.Fatal(err)
	}
	if CellID(x, y) != 0xA9B40019 {
		t.Fatalf("W2: ParseAt cell = 0x%08X, want 0xA9B40019", CellID(x, y))
	}
	for _, s := range []string{"0xA9B4 84", "0xZZB4 1 1", "0xA9B4 192 1", "0xA9B4 -1 1", "0xA9B4 a b", "0xA9 1 1"} {
		if _, _, err := ParseAt(s); err == nil {
			t.Errorf("ParseAt(%q) accepted, want an error", s)
		}
	}
}

func TestW4_Heading(t *testing.T) {
	for _, c := range []struct{ dx, dy, want float32 }{
		{0, 1, 0}, {1, 0, 90}, {0, -1, 180}, {-1, 0, 270}, {1, 1, 45}, {-1, 1, 315}, {1, -1, 135}, {-1, -1, 225},
	} {
		got := HeadingDeg(c.dx, c.dy)
		if !near(got, c.want, 1e-4) {
			t.Errorf("W4: HeadingDeg(%v, %v) = %v, want %v", c.dx, c.dy, got, c.want)
		}
		if got < 0 || got >= 360 || math.IsNaN(float64(got)) {
			t.Errorf("W4: heading %v outside [0, 360)", got)
		}
	}
}
