package capture

import (
	"strings"
	"testing"

	"soundworld/world"
)

// LastSpan keeps the frames [end − seconds·44100, end) of what was mixed:
// the frames mixed ahead of end are left out, and a stream shorter than the
// span is kept whole from its start.
func TestLastSpan(t *testing.T) {
	s := make([]float32, 2*1000) // frames 500..1499
	for i := range s {
		s[i] = float32(i / 2)
	}
	got := LastSpan(s, 500, 1400, 100.0/44100)
	if len(got) != 200 || got[0] != 800 || got[len(got)-1] != 899 { // frames 1300..1399
		t.Errorf("last 100 frames before 1400: %d samples, first frame %v, last %v; want 1300..1399", len(got), got[0]+500, got[len(got)-1]+500)
	}
	if got := LastSpan(s, 0, 300, 10); len(got) != 600 || got[0] != 0 {
		t.Errorf("shorter than the span: %d samples from %v, want frames 0..299", len(got), got[0])
	}
	if got := LastSpan(s, 0, 5000, 1); len(got) != 2000 {
		t.Errorf("end past what was mixed: %d samples, want all 2000", len(got))
	}
}

// Live rows go after the decisions in the render CSV's columns, one field
// per column.
func TestLiveRowsCSV(t *testing.T) {
	var b strings.Builder
	rows := []LiveRow{{Time: 1.5, Kind: "late", Slot: 3, Wave: 0x0A000012, Ms: 33.3333},
		{Time: 2, Kind: "underrun", Slot: -1, Ms: 120}, {Time: 0, Kind: "anchor", Slot: -1, Reason: "session"}}
	if err := WriteBundleEventsCSV(&b, nil, rows, nil); err != nil {
		t.Fatal(err)
	}
	tail := strings.Repeat(",", strings.Count(world.EventsCSVHeader, ",")-9) // the columns after outcome
	want := world.EventsCSVHeader +
		"1.500000,live,,,0x0A000012,3,,,,late_ms=33.333" + tail + "\n" +
		"2.000000,live,,,,,,,,underrun_ms=120.0" + tail + "\n" +
		"0.000000,live,,,,,,,,anchor=session" + tail + "\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	for _, l := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		if n := strings.Count(l, ","); n != strings.Count(world.EventsCSVHeader, ",") {
			t.Errorf("%q: %d commas, want %d", l, n, strings.Count(world.EventsCSVHeader, ","))
		}
	}
}
