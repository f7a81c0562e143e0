package assets

// interior.go: the stand-in's one building interior (A11), the inn's two
// EnvCells in the cell dat: the taproom on the ground floor, which sees
// outside (its door and windows: the outdoor ambient gather runs there), and
// the cellar under it, which does not (no ambient at all). Authored here; not
// retail data. Both are reached with retail's /loc line, e.g.
// "0xA9B40100 [54.000000 40.000000 <ground>] 1 0 0 0" (Rooms gives the floors).

import "soundworld/dat"

// Room is one EnvCell of the stand-in.
type Room struct {
	Cell        uint32  // 0xA9B40100 + i (LandBlockInfo num_cells counts them)
	Name        string  // documentation only
	X, Y        float32 // landblock-local m: the cell's frame origin (the room's centre)
	Floor       float32 // m relative to the ground at (X, Y): the floor the feet stand on
	SeenOutside bool    // EnvCell flags bit 0 (A11)
	// Footprint: where walking enters the cell (landblock-local m, [X0, X1) ×
	// [Y0, Y1)); the cellar's is the stairwell at the back of the taproom.
	X0, Y0, X1, Y1 float32
}

// Rooms are the inn's cells (the inn stands at (54, 40) of 0xA9B4, Landmarks).
var Rooms = []Room{
	{Cell: 0xA9B40101, Name: "inn cellar", X: 54, Y: 40, Floor: -3, SeenOutside: false, X0: 48, Y0: 34, X1: 51, Y1: 46},
	{Cell: 0xA9B40100, Name: "inn taproom", X: 54, Y: 40, Floor: 0.2, SeenOutside: true, X0: 48, Y0: 34, X1: 60, Y1: 46},
}

// The hearth (E3, EnvCell statics): a static of the taproom, at its west
// wall (landblock-local m, on the taproom's floor). The inn's door portal
// lists the taproom (InnDoorStabs), so retail creates the hearth while the
// player is outdoors in the 3×3 or in the taproom, and not in the cellar,
// which lists no visible cells.
const (
	HearthCell       = 0xA9B40100
	HearthX, HearthY = 49.0, 40.0
)

// InnDoorStabs are the cells (low words) the inn's door portal lists: the
// taproom, seen through the door (LandBlockInfo BldPortal stab list).
var InnDoorStabs = []uint16{0x0100}

// Footprint is a room's footprint with its floor resolved (landblock-local m).
type Footprint struct {
	Cell           uint32
	X0, Y0, X1, Y1 float32
	Z              float32 // the floor
}

// Footprints are the rooms' footprints (world.Footprint's fields), floors
// resolved on the stand-in's ground (the cellar's stairwell first, so it
// wins where the two overlap). The inn's door is on its east wall (it faces
// east, x = 60); walls are not modelled: entering the rectangle anywhere
// enters the cell.
func Footprints() ([]Footprint, error) {
	d, table, err := Holtburg()
	if err != nil {
		return nil, err
	}
	var out []Footprint
	for _, lb := range d.LandBlocks(&table) {
		for _, c := range interiorCells(lb, &table) {
			for _, r := range Rooms {
				if r.Cell == c.ID {
					out = append(out, Footprint{Cell: r.Cell, X0: r.X0, Y0: r.Y0, X1: r.X1, Y1: r.Y1, Z: c.Frame.Z})
				}
			}
		}
	}
	return out, nil
}

// interiorCells returns landblock lb's EnvCells, each at its room's floor
// (ground + Floor), facing east like the inn's front.
func interiorCells(lb *dat.LandBlock, table *[256]float32) []*dat.EnvCell {
	var out []*dat.EnvCell
	for _, r := range Rooms {
		if r.Cell>>16 != lb.ID>>16 {
			continue
		}
		var flags uint32
		if r.SeenOutside {
			flags = dat.EnvCellSeenOutside
		}
		qw, qz := headingQuat(90)
		z := groundZ(lb, table, float64(r.X), float64(r.Y)) + r.Floor
		c := &dat.EnvCell{ID: r.Cell, Flags: flags,
			Frame: dat.Frame{X: r.X, Y: r.Y, Z: z, QW: qw, QZ: qz}, Surfaces: []uint16{}, Portals: []dat.CellPortal{}, VisibleCells: []uint16{}}
		if r.Cell == HearthCell { // the hearth against the taproom's west wall
			c.Flags |= dat.EnvCellHasStatics
			c.Statics = []dat.Stab{{ID: HearthSetup, Frame: dat.Frame{X: HearthX, Y: HearthY, Z: z, QW: 1}}}
		}
		out = append(out, c)
	}
	return out
}
