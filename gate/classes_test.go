package gate

import (
	"testing"

	"soundworld/audio"
)

// The report's one-shot classes: starts are counted per wave and S4 side,
// and a start is seen when a detection lies within ±30 ms of it.
func TestOneShotClasses(t *testing.T) {
	cls := map[uint32]*OneShotClass{}
	plays := []audio.Play{
		{Wave: 0x0A000023, Pan: -4, Time: 1.0}, // left, found 20 ms late
		{Wave: 0x0A000023, Pan: 0, Time: 2.0},  // centre, nearest detection 40 ms off: not seen
		{Wave: 0x0A000023, Pan: 7, Time: 3.0},  // right, found 30 ms early (the window's edge)
		{Wave: 0x0A000020, Pan: 7, Time: 4.0},  // right, none near
	}
	addClasses(cls, plays, []float64{1.02, 2.04, 2.97}, nil)
	got := sortedClasses(cls)
	want := []OneShotClass{
		{Wave: 0x0A000020, Starts: [3]int{0, 0, 1}, Seen: [3]int{0, 0, 0}},
		{Wave: 0x0A000023, Starts: [3]int{1, 1, 1}, Seen: [3]int{1, 0, 1}},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i].Wave != want[i].Wave || got[i].Starts != want[i].Starts || got[i].Seen != want[i].Seen {
			t.Errorf("class %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}
