package world

import (
	"fmt"

	"soundworld/dat"
)

// envCells is the data an indoor position needs (A11): the cell dat's
// EnvCell records. *dat.Archive has it; a Data without it holds no EnvCell.
type envCells interface {
	EnvCell(id uint32) (*dat.EnvCell, error)
}

// SetPlayerIndoor puts the player in EnvCell cell (a retail /loc line's cell,
// low word 0x0100..0xFFFD) at landblock-local l, feet on the cell's floor at
// l.Z, heading in degrees (A11). The cell comes from the data: a cell the
// data does not hold, or one in another landblock than l, is an error naming
// it and changes nothing. An EnvCell that sees outside (flags bit 0) gets the
// outdoor gather centred on l (landblock, x, y, the floor's Z); one that does
// not gets none. SetPlayer and SetListener move the player back outdoors.
func (s *Sim) SetPlayerIndoor(l Loc, cell uint32, heading float32) error {
	if !dat.IsEnvCellID(cell) {
		return fmt.Errorf("cell 0x%08X is not an EnvCell (low word 0x0100..0xFFFD, A11)", cell)
	}
	if uint16(cell>>16) != l.Landblock {
		return fmt.Errorf("EnvCell 0x%08X is not in landblock 0x%04X", cell, l.Landblock)
	}
	if !finite32(l.X) || !finite32(l.Y) || !finite32(l.Z) || !finite32(heading) {
		return fmt.Errorf("EnvCell 0x%08X: position (%v, %v, %v) heading %v is not finite", cell, l.X, l.Y, l.Z, heading)
	}
	src, ok := s.data.(envCells)
	if !ok {
		return fmt.Errorf("EnvCell 0x%08X: this data holds no EnvCells (A11)", cell)
	}
	c, err := src.EnvCell(cell)
	if err != nil {
		return fmt.Errorf("EnvCell 0x%08X: %w (A11: an indoor position needs its cell's record)", cell, err)
	}
	if s.inputs != nil && (l != s.feet || cell != s.indoor || normDeg(heading) != s.lis.Heading) {
		s.note(Input{Kind: InIndoor, Landblock: l.Landblock, X: l.X, Y: l.Y, Z: l.Z, Cell: cell, Heading: heading})
	}
	s.feet, s.lis.Heading = l, normDeg(heading)
	s.indoor, s.seesOutside = cell, c.SeenOutside()
	s.placeListener()
	return nil
}

// Indoor returns the player's EnvCell id (0 outdoors) and whether it sees outside (A11).
func (s *Sim) Indoor() (cell uint32, seesOutside bool) { return s.indoor, s.seesOutside }

// PlaceAt puts the player at l in cell (A11): an EnvCell id places it indoors
// (SetPlayerIndoor: feet on the floor at l.Z, errors name the cell); any
// other cell, 0 included, outdoors (SetPlayer: feet on the ground). A retail
// /loc line gives both: RetailLoc.Loc() and RetailLoc.Cell.
func (s *Sim) PlaceAt(l Loc, cell uint32, heading float32) error {
	if dat.IsEnvCellID(cell) {
		return s.SetPlayerIndoor(l, cell, heading)
	}
	s.SetPlayer(l, heading)
	return nil
}

// indoorZ is the floor the player stands on indoors (A11), 0 outdoors (the
// ground height is derived again there).
func (s *Sim) indoorZ() float32 {
	if s.indoor == 0 {
		return 0
	}
	return s.feet.Z
}

// Footprint is where walking enters an EnvCell (A11): the rectangle
// [X0, X1) × [Y0, Y1) of landblock-local metres in Cell's landblock, with the
// floor at Z. Retail decides the cell by geometry (CObjCell::find_cell_list:
// the player's spheres against the building's portal polygons and each
// EnvCell's BSP from its Environment's CellStruct), which this tool does not
// read; so footprints come only from data that states them — the stand-in's
// authored rooms. Real data gives none: there indoor positions are reached
// with their /loc line.
type Footprint struct {
	Cell           uint32
	X0, Y0, X1, Y1 float32
	Z              float32
}

// WalkTo moves the player to world (x, y) with heading as SetListener does —
// unless (x, y) lies in one of fs, the first of which wins: then the player
// enters that EnvCell (SetPlayerIndoor, recorded as such, so replays need no
// footprints). The window's dragging and walking use it.
func (s *Sim) WalkTo(x, y, heading float32, fs []Footprint) {
	if finite32(x) && finite32(y) && finite32(heading) {
		l := LocOf(Pos{X: x, Y: y})
		for _, f := range fs {
			if uint16(f.Cell>>16) == l.Landblock && l.X >= f.X0 && l.X < f.X1 && l.Y >= f.Y0 && l.Y < f.Y1 {
				l.Z = f.Z
				if s.SetPlayerIndoor(l, f.Cell, heading) == nil {
					return
				}
			}
		}
	}
	s.SetListener(x, y, heading)
}
