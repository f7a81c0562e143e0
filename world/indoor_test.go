package world

import (
	"strings"
	"testing"

	"soundworld/audio"
	"soundworld/dat"
)

// indoorData is the sim fixture's data with EnvCell records (A11).
type indoorData struct {
	*fakeData
	cells map[uint32]*dat.EnvCell
}

func (d indoorData) EnvCell(id uint32) (*dat.EnvCell, error) { return record(d.cells, id) }

// TestA11_IndoorsBySeenOutside (A11 [D3: CellManager::ChangePosition]): an
// indoor position takes its cell from the data. In an EnvCell that sees
// outside the outdoor gather runs centred on the indoor position (the same
// cells and weights as standing there outdoors); in one that does not, every
// count resets and nothing is added: queued sounds fire no more, voices
// already playing are not cut. Every cell change rebuilds, EnvCell to EnvCell
// included. A cell the data does not hold is an error naming it.
func TestA11_IndoorsBySeenOutside(t *testing.T) {
	_, f := simFixture(t, 1)
	const room, cellar, missing = 0x01010100, 0x01010101, 0x01010105
	d := indoorData{f, map[uint32]*dat.EnvCell{
		room:   {ID: room, Flags: dat.EnvCellSeenOutside, Frame: dat.Frame{X: 12, Y: 12, Z: 22, QW: 1}},
		cellar: {ID: cellar, Flags: 0, Frame: dat.Frame{X: 12, Y: 12, Z: 19, QW: 1}},
	}}
	s, err := NewSim(Config{Data: d, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var plays []Event
	s.SetOnEvent(func(ev Event) {
		if ev.Source != audio.SourceEmitter && ev.Outcome == audio.OutcomeStart {
			plays = append(plays, ev)
		}
	})
	s.SetPlayer(Loc{0x0101, 12, 12, 0}, 0)
	out := s.Tick(0.1)
	if out.Indoor != 0 || out.TotalWeight <= 0 || len(out.Cells) == 0 {
		t.Fatalf("outdoors: indoor %08X total %v cells %d, want a gather", out.Indoor, out.TotalWeight, len(out.Cells))
	}
	wantCells, wantTotal := out.Cells, out.TotalWeight
	n := s.Ambient().Rebuilds()

	// The room sees outside: the outdoor gather, centred on the floor at z 22 (the ground here).
	if err := s.SetPlayerIndoor(Loc{0x0101, 12, 12, 22}, room, 0); err != nil {
		t.Fatal(err)
	}
	sn := s.Tick(0.1)
	if sn.Indoor != room || !sn.SeesOutside || s.Ambient().Rebuilds() != n+1 || sn.TotalWeight != wantTotal || len(sn.Cells) != len(wantCells) {
		t.Fatalf("A11: room: indoor %08X sees %v rebuilds %d total %v cells %d, want %08X, true, %d, %v, %d",
			sn.Indoor, sn.SeesOutside, s.Ambient().Rebuilds(), sn.TotalWeight, len(sn.Cells), room, n+1, wantTotal, len(wantCells))
	}
	s.Tick(5) // beds and one-shots play
	before := len(plays)
	if before == 0 {
		t.Fatal("A11: nothing played in the room that sees outside")
	}
	busy, _, _, _ := s.Manager().Voices(s.Now())

	// EnvCell → EnvCell: the cellar does not see outside.
	if err := s.SetPlayerIndoor(Loc{0x0101, 12, 12, 19}, cellar, 0); err != nil {
		t.Fatal(err)
	}
	sn = s.Tick(0.01)
	if sn.Indoor != cellar || sn.SeesOutside || s.Ambient().Rebuilds() != n+2 || sn.TotalWeight != 0 || len(sn.Cells) != 0 || sn.Player.Z != 19 {
		t.Fatalf("A11: cellar: indoor %08X sees %v rebuilds %d total %v cells %d feet z %v, want a reset with nothing added, feet on the floor at 19",
			sn.Indoor, sn.SeesOutside, s.Ambient().Rebuilds(), sn.TotalWeight, len(sn.Cells), sn.Player.Z)
	}
	after, _, _, _ := s.Manager().Voices(s.Now())
	for i := range busy {
		if busy[i].Busy && busy[i].Start+busy[i].Length > s.Now() && !after[i].Busy {
			t.Errorf("A11: voice %d was cut by the cell change", i)
		}
	}
	mark := len(plays)
	for range 20 {
		s.Tick(1)
	}
	if len(plays) != mark {
		t.Errorf("A11: %d ambient plays in the cellar, want none (queued sounds drop at their deadlines)", len(plays)-mark)
	}

	// A cell the data does not hold: an error naming it; nothing changes.
	if err := s.SetPlayerIndoor(Loc{0x0101, 12, 12, 19}, missing, 0); err == nil || !strings.Contains(err.Error(), "0x01010105") {
		t.Errorf("A11: missing cell: %v, want an error naming 0x01010105", err)
	}
	if c, _ := s.Indoor(); c != cellar {
		t.Errorf("A11: a refused cell moved the player to %08X", c)
	}
	// Back outdoors: the gather again.
	s.SetPlayer(Loc{0x0101, 12, 12, 0}, 0)
	if sn = s.Tick(0.1); sn.Indoor != 0 || sn.TotalWeight != wantTotal {
		t.Errorf("A11: outdoors again: indoor %08X total %v, want 0, %v", sn.Indoor, sn.TotalWeight, wantTotal)
	}
}

// TestA11_IndoorNeedsEnvCells: on data without EnvCells (a plain Data) an
// indoor position is an error naming the cell, never an outdoor stand-in.
func TestA11_IndoorNeedsEnvCells(t *testing.T) {
	_, f := simFixture(t, 1)
	if err := newSimOn(t, f).SetPlayerIndoor(Loc{0x0101, 12, 12, 22}, 0x01010100, 0); err == nil || !strings.Contains(err.Error(), "0x01010100") {
		t.Errorf("A11: data without EnvCells: %v, want an error naming the cell", err)
	}
}

func newSimOn(t *testing.T, d Data) *Sim {
	t.Helper()
	s, err := NewSim(Config{Data: d, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestA11_IndoorReplays: an input record started or moved indoors replays
// indoors (the cell and floor are part of the record), so a sidecar taken in
// a cellar reopens in the cellar.
func TestA11_IndoorReplays(t *testing.T) {
	_, f := simFixture(t, 1)
	d := indoorData{f, map[uint32]*dat.EnvCell{
		0x01010101: {ID: 0x01010101, Frame: dat.Frame{X: 12, Y: 12, Z: 19, QW: 1}},
	}}
	s := newSimOn(t, d)
	s.RecordInputs()
	if err := s.SetPlayerIndoor(Loc{0x0101, 12, 12, 19}, 0x01010101, 0); err != nil {
		t.Fatal(err)
	}
	s.Reset(3) // the record starts here, indoors
	s.Tick(1)
	log := s.Inputs()
	r := newSimOn(t, d)
	if err := log.Replay(r, nil); err != nil {
		t.Fatal(err)
	}
	if c, sees := r.Indoor(); c != 0x01010101 || sees || r.Player().Z != 19 {
		t.Errorf("A11: replayed indoor start: cell %08X sees %v feet z %v, want the cellar at 19", c, sees, r.Player().Z)
	}
}

// TestA11_WalkToEntersFootprints: walking into a footprint enters its
// EnvCell (the first footprint holding the position wins), walking out
// leaves it, and the record replays the same cells without footprints.
func TestA11_WalkToEntersFootprints(t *testing.T) {
	_, f := simFixture(t, 1)
	d := indoorData{f, map[uint32]*dat.EnvCell{
		0x01010100: {ID: 0x01010100, Flags: dat.EnvCellSeenOutside},
		0x01010101: {ID: 0x01010101},
	}}
	fs := []Footprint{{Cell: 0x01010101, X0: 10, Y0: 10, X1: 12, Y1: 20, Z: 19}, {Cell: 0x01010100, X0: 10, Y0: 10, X1: 20, Y1: 20, Z: 22.2}}
	s := newSimOn(t, d)
	s.RecordInputs()
	var cells []uint32
	for _, lx := range []float32{5, 15, 11, 25} {
		x, y := WorldPos(0x0101, lx, 15)
		s.WalkTo(x, y, 90, fs)
		s.Tick(0.1)
		c, _ := s.Indoor()
		cells = append(cells, c)
	}
	if cells[0] != 0 || cells[1] != 0x01010100 || cells[2] != 0x01010101 || cells[3] != 0 || s.Player().Z == 19 {
		t.Fatalf("A11: walking x 5, 15, 11, 25: cells %08X, want outdoors, taproom, cellar, outdoors", cells)
	}
	r := newSimOn(t, d)
	var got []uint32
	if err := s.Inputs().Replay(r, func() { c, _ := r.Indoor(); got = append(got, c) }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 || got[1] != 0x01010100 || got[2] != 0x01010101 || got[3] != 0 {
		t.Errorf("A11: replayed cells %08X, want %08X", got, cells)
	}
}
