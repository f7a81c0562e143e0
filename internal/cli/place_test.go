package cli

import (
	"strings"
	"testing"

	"soundworld/world"
)

// -at takes retail's /loc line as printed (issue 9 item 1) as well as the short form.
func TestPlaceAcceptsRetailLoc(t *testing.T) {
	const line = "0xA9B40019 [84.000000 7.100000 85.005000] 0.707107 0.000000 0.000000 -0.707107"
	x, y, given, err := Place("", line)
	if err != nil || !given {
		t.Fatalf("Place(/loc line): %v %v", given, err)
	}
	wx, wy, _ := world.ParseAt("0xA9B4 84 7.1")
	if x != wx || y != wy {
		t.Fatalf("/loc line → (%v, %v), the short form → (%v, %v)", x, y, wx, wy)
	}
	if h, ok := AtHeading(line); !ok || h < 89.99 || h > 90.01 {
		t.Fatalf("AtHeading = %v %v, want 90 (facing east)", h, ok)
	}
	if _, ok := AtHeading("0xA9B4 84 7.1"); ok {
		t.Fatal("the short form carries no heading")
	}
	if _, _, _, err := Place("", "0xA9B40019 [84 7.1 85] 2 0 0 0"); err == nil || !IsUserErr(err) {
		t.Fatalf("a bad /loc line must be the user's error: %v", err)
	}
}

// W6: AtPlace keeps -at's landblock-local metres exactly and refuses what
// Place refuses (world metres rounding off the map).
func TestW6_AtPlace(t *testing.T) {
	l, err := AtPlace("0xA9B4 84 7.1")
	if err != nil || l.Landblock != 0xA9B4 || l.X != 84 || l.Y != float32(7.1) {
		t.Errorf("AtPlace(0xA9B4 84 7.1) = %+v, %v; want (84, 7.1) exactly", l, err)
	}
	if _, err := AtPlace("0xFFFF 191.999 0"); err == nil || !strings.Contains(err.Error(), "off the map") {
		t.Errorf("AtPlace(0xFFFF 191.999 0): err %v, want off the map", err)
	}
	if _, _, _, err := Place("", "0xFFFF 191.999 0"); err == nil {
		t.Error("Place accepts 0xFFFF 191.999 0; AtPlace must refuse what it refuses")
	}
}
