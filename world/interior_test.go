package world

import (
	"testing"

	"soundworld/dat"
)

// TestE3_EnvCellStatics (E3/A11, docs/fidelity.md "EnvCell statics": the
// visible cells' statics, CEnvCell::flush_cells 349879 → the cell's static
// initialiser 347954): a building whose door portal lists the room makes the
// room's sounding static live outdoors (in the 3×3) and in the room, which
// sees outside; in a closed cellar that lists no visible cells it is gone;
// in one that lists the room it stays, with its clock (not created anew).
func TestE3_EnvCellStatics(t *testing.T) {
	const cellar2 = uint32(objLB)<<16 | 0x0102
	d := newD4Fake(t)
	info := d.infos[uint32(objLB)<<16|0xFFFE]
	info.Objects = info.Objects[:1] // only the GfxObj: the sounding object is the room's static
	info.Buildings = []dat.BuildInfo{{ModelID: 0x01000009, Frame: dat.Frame{X: 90, Y: 10, QW: 1},
		Portals: []dat.BldPortal{{OtherCellID: 0x0100, Stabs: []uint16{0x0100}}}}}
	room := d.cells[d4Room]
	room.Flags |= dat.EnvCellHasStatics
	room.Statics = []dat.Stab{{ID: objSetup, Frame: dat.Frame{X: 88, Y: 12, Z: 5, QW: 1}}}
	d.cells[cellar2] = &dat.EnvCell{ID: cellar2, Frame: dat.Frame{X: 90, Y: 10, Z: 1, QW: 1}, VisibleCells: []uint16{0x0100}}
	s, evs := d4Sim(t, d)
	const id = uint32(objLB)<<16 | InteriorIDBits // cell index 0, static 0
	want := func(what string, n int) {
		t.Helper()
		sn := s.Tick(1.0 / 64)
		if len(sn.Objects) != n || (n == 1 && (sn.Objects[0].ID != id || ObjectKind(id) != "interior")) {
			t.Fatalf("%s: objects %+v, want %d (the room's static 0x%08X)", what, sn.Objects, n, id)
		}
	}
	want("outdoors, the door lists the room", 1)
	if err := s.SetPlayerIndoor(Loc{Landblock: objLB, X: 90, Y: 10, Z: 5}, d4Room, 0); err != nil {
		t.Fatal(err)
	}
	want("in the room (sees outside)", 1)
	if err := s.SetPlayerIndoor(Loc{Landblock: objLB, X: 90, Y: 10, Z: 1}, d4Cellar, 0); err != nil {
		t.Fatal(err)
	}
	want("in the closed cellar listing no cells", 0)
	s.SetPlayer(Loc{Landblock: objLB, X: 90, Y: 10}, 0)
	want("outdoors again", 1)
	for range 64 {
		s.Tick(1.0 / 64)
	}
	mark := len(*evs)
	if mark == 0 {
		t.Fatal("the room's static never fired")
	}
	// Into the closed cellar that sees the room: the static stays — the
	// same live object, its clock running on (add_visible_cell takes the
	// cell back from the release list, so flush_cells keeps its objects).
	before := s.objs.live[0]
	if err := s.SetPlayerIndoor(Loc{Landblock: objLB, X: 90, Y: 10, Z: 1}, cellar2, 0); err != nil {
		t.Fatal(err)
	}
	want("in the closed cellar listing the room", 1)
	if s.objs.live[0] != before {
		t.Fatal("the room's static was created anew in the cellar that sees the room")
	}
	for range 16 {
		s.Tick(1.0 / 64)
	}
	if len(*evs) == mark {
		t.Fatal("in the cellar seeing the room: the static fell silent")
	}
}
