package cli

import (
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
