package world

import (
	"bytes"
	"strings"
	"testing"

	"soundworld/dat"
)

// TestA11_WalkFileIndoorPoints: a path file's point may stand in an EnvCell
// ("cell" and its floor "z", or a /loc line whose cell is an EnvCell); the
// cell and floor survive EncodeWalk → LoadWalk; a point's cell holds until
// the next point; WalkCursor.Place puts the Sim indoors there (and outdoors
// again after), and a cell the data does not hold is an error naming it.
func TestA11_WalkFileIndoorPoints(t *testing.T) {
	const file = `{"points":[
 {"t":0,"landblock":"0x0101","x":5,"y":15,"heading":90},
 {"t":1,"landblock":"0x0101","x":15,"y":15,"heading":90,"cell":"0x01010100","z":22.2},
 {"t":2,"loc":"0x01010101 [11 15 19] 1 0 0 0"},
 {"t":3,"landblock":"0x0101","x":25,"y":15,"heading":90}]}`
	w, err := LoadWalk(strings.NewReader(file), "in.path.json")
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		cell uint32
		z    float32
	}
	wants := []want{{0, 0}, {0x01010100, 22.2}, {0x01010101, 19}, {0, 0}}
	for i, p := range w.Points {
		if p.Cell != wants[i].cell || p.Loc.Z != wants[i].z {
			t.Errorf("A11: point %d: cell %08X z %v, want %08X %v", i, p.Cell, p.Loc.Z, wants[i].cell, wants[i].z)
		}
	}
	var buf bytes.Buffer
	if err := EncodeWalk(&buf, w, ""); err != nil {
		t.Fatal(err)
	}
	back, err := LoadWalk(&buf, "out.path.json")
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	for i := range w.Points {
		if back.Points[i] != w.Points[i] {
			t.Errorf("A11: round trip point %d: %+v, want %+v", i, back.Points[i], w.Points[i])
		}
	}
	for _, c := range []struct {
		t    float64
		cell uint32
	}{{0, 0}, {0.99, 0}, {1, 0x01010100}, {1.5, 0x01010100}, {2, 0x01010101}, {2.9, 0x01010101}, {3, 0}, {9, 0}} {
		if got, _ := w.CellAt(c.t); got != c.cell {
			t.Errorf("A11: CellAt(%v) = %08X, want %08X", c.t, got, c.cell)
		}
	}

	_, f := simFixture(t, 1)
	d := indoorData{f, map[uint32]*dat.EnvCell{
		0x01010100: {ID: 0x01010100, Flags: dat.EnvCellSeenOutside},
		0x01010101: {ID: 0x01010101},
	}}
	s := newSimOn(t, d)
	var wc WalkCursor
	for _, c := range []struct {
		t    float64
		cell uint32
		z    float32
	}{{0, 0, -1}, {1, 0x01010100, 22.2}, {1.5, 0x01010100, 22.2}, {2, 0x01010101, 19}, {3, 0, -1}} {
		if err := wc.Place(s, w, c.t); err != nil {
			t.Fatal(err)
		}
		s.Tick(0.1)
		if cell, _ := s.Indoor(); cell != c.cell || (c.z >= 0 && s.Player().Z != c.z) {
			t.Errorf("A11: at %v s: cell %08X feet z %v, want %08X at %v", c.t, cell, s.Player().Z, c.cell, c.z)
		}
	}
	missing := `{"points":[{"t":0,"landblock":"0x0101","x":15,"y":15,"heading":0,"cell":"0x01010105","z":20}]}`
	mw, err := LoadWalk(strings.NewReader(missing), "m.path.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := new(WalkCursor).Place(newSimOn(t, d), mw, 0); err == nil || !strings.Contains(err.Error(), "0x01010105") {
		t.Errorf("A11: a cell the data lacks: %v, want an error naming it", err)
	}
}

// TestA11_WalkFileIndoorErrors: an indoor point names an EnvCell of its own
// landblock and its floor; a floor without a cell, or a loc beside a cell,
// is refused with the point's index.
func TestA11_WalkFileIndoorErrors(t *testing.T) {
	for _, c := range []struct{ point, want string }{
		{`"landblock":"0x0101","x":1,"y":1,"cell":"0x01010100"`, "points[0]: cell 0x01010100 needs its floor z"},
		{`"landblock":"0x0101","x":1,"y":1,"z":3`, "points[0].z: only an indoor point"},
		{`"landblock":"0x0101","x":1,"y":1,"cell":"0x01010019","z":3`, "points[0].cell: \"0x01010019\": want an EnvCell id"},
		{`"landblock":"0x0101","x":1,"y":1,"cell":"0x02020100","z":3`, "EnvCell 0x02020100 is not in landblock 0x0101"},
		{`"loc":"0x01010100 [1 1 1] 1 0 0 0","cell":"0x01010100"`, "give loc or landblock/x/y/heading/cell/z, not both"},
	} {
		_, err := LoadWalk(strings.NewReader(`{"points":[{"t":0,`+c.point+`}]}`), "p.path.json")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("A11: point {%s}: got %v, want %q", c.point, err, c.want)
		}
	}
}

// TestA11_StepOutRecorded: stepping out of an EnvCell onto the same x, y and
// heading is a move the input record keeps (SetListener and SetPlayer), so
// a replay leaves the cell too.
func TestA11_StepOutRecorded(t *testing.T) {
	_, f := simFixture(t, 1)
	d := indoorData{f, map[uint32]*dat.EnvCell{0x01010101: {ID: 0x01010101}}}
	for name, out := range map[string]func(s *Sim){
		"SetListener": func(s *Sim) { x, y := WorldPos(0x0101, 11, 15); s.SetListener(x, y, 90) },
		"SetPlayer":   func(s *Sim) { s.SetPlayer(Loc{Landblock: 0x0101, X: 11, Y: 15}, 90) },
	} {
		s := newSimOn(t, d)
		s.RecordInputs()
		if err := s.SetPlayerIndoor(Loc{0x0101, 11, 15, 0}, 0x01010101, 90); err != nil {
			t.Fatal(err)
		}
		s.Tick(0.1)
		out(s)
		s.Tick(0.1)
		r := newSimOn(t, d)
		if err := s.Inputs().Replay(r, nil); err != nil {
			t.Fatal(err)
		}
		if c, _ := r.Indoor(); c != 0 {
			t.Errorf("A11: %s out of the cellar at the same spot: replay still in %08X", name, c)
		}
	}
}
