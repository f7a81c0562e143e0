package world

import (
	"bytes"
	"strings"
	"testing"

	"soundworld/audio"
)

// A recorded walk written by EncodeWalk reads back as the same Walk: times,
// landblock-local positions and headings bit for bit, and the changes.
func TestEncodeWalkRoundTrip(t *testing.T) {
	eye, chase, eye2 := float32(2), float32(0), float32(3.7)
	off := false
	p := audio.DefaultPrefs()
	p.AmbientVolume = 0.35
	w := &Walk{Eye: &eye, Chase: &chase,
		Changes: []WalkChange{{T: 0, Prefs: &p}, {T: 735.0 / 44100, Eye: &eye2}, {T: 2 * 735.0 / 44100, Active: &off}},
		Points: []WalkPoint{
			{T: 0, Loc: Loc{Landblock: 0xA9B4, X: 84.00001, Y: 7.1}, Heading: 359.99997},
			{T: 735.0 / 44100, Loc: Loc{Landblock: 0xA9B4, X: 84.15834, Y: 7.1}, Heading: 0.1},
			{T: 17 * 735.0 / 44100, Loc: Loc{Landblock: 0xAAB4, X: 0.0001, Y: 191.99998}, Heading: 90},
		}}
	var buf bytes.Buffer
	if err := EncodeWalk(&buf, w, "render with: soundworld render -path w.path.json -seed 7"); err != nil {
		t.Fatal(err)
	}
	got, err := LoadWalk(&buf, "w.path.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Points) != len(w.Points) || *got.Eye != eye || *got.Chase != chase {
		t.Fatalf("got %d points eye %v chase %v", len(got.Points), *got.Eye, *got.Chase)
	}
	for i, q := range got.Points {
		if q.T != w.Points[i].T || q.Loc != w.Points[i].Loc || q.Heading != w.Points[i].Heading {
			t.Errorf("point %d: got %v %+v %v, want %v %+v %v", i, q.T, q.Loc, q.Heading, w.Points[i].T, w.Points[i].Loc, w.Points[i].Heading)
		}
	}
	if len(got.Changes) != 3 || *got.Changes[0].Prefs != p || *got.Changes[1].Eye != eye2 || got.Changes[1].T != 735.0/44100 || *got.Changes[2].Active {
		t.Errorf("changes: got %+v", got.Changes)
	}
}

// The cursor applies each change once, before the tick at its time, and the
// player at LocAt(t).
func TestWalkCursorAppliesChangesAtTheirTick(t *testing.T) {
	s, _ := simFixture(t, 1)
	eye := float32(5)
	p := audio.DefaultPrefs()
	p.Pan = false
	w := &Walk{Changes: []WalkChange{{T: 1.0 / 60, Eye: &eye}, {T: 2.0 / 60, Prefs: &p}},
		Points: []WalkPoint{{T: 0, Loc: Loc{Landblock: 0x0101, X: 84, Y: 7}, Heading: 10}, {T: 1, Loc: Loc{Landblock: 0x0101, X: 94, Y: 7}, Heading: 10}}}
	var c WalkCursor
	c.Place(s, w, 0)
	if s.Listener().Eye == 5 || s.Prefs() == p {
		t.Fatal("changes applied before their time")
	}
	c.Place(s, w, 1.0/60)
	if s.Listener().Eye != 5 || s.Prefs() == p {
		t.Fatalf("at 1/60 s: eye %v, prefs changed %v; want eye 5, prefs not yet", s.Listener().Eye, s.Prefs() == p)
	}
	s.SetEye(2) // someone else changes it: the cursor does not apply the eye again
	c.Place(s, w, 0.5)
	if s.Listener().Eye != 2 || s.Prefs() != p || s.Player().X != 89 {
		t.Errorf("at 0.5 s: eye %v prefs %v x %v; want 2, the new prefs, x 89", s.Listener().Eye, s.Prefs() == p, s.Player().X)
	}
}

func TestLoadWalkChangeErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"changes":[{"eye":2}],"points":[{"t":0,"landblock":"0xA9B4","x":1,"y":1}]}`, "changes[0].t"},
		{`{"changes":[{"t":2},{"t":1}],"points":[{"t":0,"landblock":"0xA9B4","x":1,"y":1}]}`, "changes[1].t"},
		{`{"changes":[{"t":0,"chase":-1}],"points":[{"t":0,"landblock":"0xA9B4","x":1,"y":1}]}`, "changes[0].chase"},
		{`{"changes":[{"t":0,"prefs":"bogus=1"}],"points":[{"t":0,"landblock":"0xA9B4","x":1,"y":1}]}`, "changes[0].prefs"},
	} {
		_, err := LoadWalk(strings.NewReader(c.in), "p.json")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "p.json") {
			t.Errorf("%s: got %v, want an error naming p.json and %s", c.in, err, c.want)
		}
	}
}
