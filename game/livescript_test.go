package game

import (
	"strings"
	"testing"
)

// -live-script reads timed calls in ascending order and refuses what it
// cannot make, naming the part.
func TestParseLiveScript(t *testing.T) {
	got, err := ParseLiveScript("6 jump 0xA9B4 60 30; 8 pause; 10 resume; 11 scale 2; 27 sidecar /tmp/x.json")
	if err != nil {
		t.Fatal(err)
	}
	want := []LiveStep{{6, "jump", "0xA9B4 60 30"}, {8, "pause", ""}, {10, "resume", ""}, {11, "scale", "2"}, {27, "sidecar", "/tmp/x.json"}}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("step %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	for _, bad := range []string{"5 pause; 4 resume", "x pause", "3 scale 8", "3 fly", "3 jump", "3"} {
		if _, err := ParseLiveScript(bad); err == nil || !strings.Contains(err.Error(), "-live-script") {
			t.Errorf("%q: err %v, want a -live-script error", bad, err)
		}
	}
}
