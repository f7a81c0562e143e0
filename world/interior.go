package world

import (
	"errors"
	"fmt"
	"slices"

	"soundworld/dat"
)

// EnvCell statics (E3/A11, docs/fidelity.md "EnvCell statics"). Retail keeps
// a set of visible EnvCells (CEnvCell::visible_cell_table); every frame a
// position changes, CellManager::ChangePosition (146645) rebuilds it and
// CEnvCell::flush_cells (349879) deletes the objects of cells that left it
// and initialises the statics of every cell in it (the cell's virtual
// static initialiser, CEnvCell::init_static_objects 347954: makeObject for
// each static id, so InitDefaults puts it on the static animating list like
// any static). The set is:
//   - outdoors, or in an EnvCell that sees outside: for every landblock of
//     the 3×3, the cells its buildings' portals list (CLandBlock::
//     grab_visible_cells 351600 → CEnvCell::grab_visible 350000 over the
//     block's stab list, built by CBuildingObj::add_to_stablist from each
//     CBldPortal's stab_list 362422) — and in such a cell also the cell
//     itself and the cells it lists as visible (CEnvCell::grab_visible_cells
//     350171);
//   - in an EnvCell that does not see outside: that cell and its visible
//     cells only.
// So a hearth in a building's front room sounds on the street when the
// door's portal lists the room, and in a closed cellar only if the cellar
// lists the room as visible.

// InteriorIDBits marks an EnvCell static's id: landblock<<16 | 0xC000 |
// (cell index)<<6 | static index, cell index = low word − 0x100 < 256,
// static index < 64 (statics past those are not played: no id to name them).
const InteriorIDBits = 0xC000

// interiorKey is what the visible set depends on.
type interiorKey struct {
	lb          uint16
	indoor      uint32
	seesOutside bool
	set         bool
}

// interiorState is the visible set and the EnvCells read.
type interiorState struct {
	key    interiorKey
	loaded map[uint32]bool         // cells whose statics live
	cells  map[uint32]*dat.EnvCell // read (nil value: absent or unreadable)
	defs   map[uint32][]*objDef    // a cell's sounding statics
}

// interiors brings the EnvCell statics in line with the visible set for the
// player's position: objects of cells that left it are deleted, those of
// cells that entered it are created at now (after the landscape's, as
// flush_cells runs after the landscape loads), in the set's order.
func (o *Objects) interiors(now float64, feet Loc, indoor uint32, seesOutside bool) {
	src, ok := o.data.(envCells)
	if !ok {
		return
	}
	k := interiorKey{feet.Landblock, indoor, seesOutside, true}
	if o.in.key == k {
		return
	}
	o.in.key = k
	vis := o.visibleCells(src, feet.Landblock, indoor, seesOutside)
	now2 := map[uint32]bool{}
	for _, c := range vis {
		now2[c] = true
	}
	keep := o.live[:0]
	for _, st := range o.live {
		if st.def.cell == 0 || now2[st.def.cell] {
			keep = append(keep, st)
		}
	}
	clear(o.live[len(keep):])
	o.live = keep
	for _, c := range vis {
		if !o.in.loaded[c] {
			for _, d := range o.cellDefs(src, c) {
				o.create(now, d)
			}
		}
	}
	o.in.loaded = now2
}

// visibleCells is the visible set, in order: indoors the cell and its
// visible cells first; then (outdoors or seeing outside) each block's
// building portal cells, blocks in the gather's order. Duplicates dropped.
func (o *Objects) visibleCells(src envCells, lb uint16, indoor uint32, seesOutside bool) []uint32 {
	var out []uint32
	add := func(id uint32) {
		if dat.IsEnvCellID(id) && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	if indoor != 0 {
		add(indoor)
		if c := o.envCell(src, indoor); c != nil {
			for _, v := range c.VisibleCells {
				add(indoor&^0xFFFF | uint32(v))
			}
		}
		if !seesOutside {
			return out
		}
	}
	px, py := int(lb>>8), int(lb&0xFF)
	for x := px - 1; x <= px+1; x++ {
		for y := py - 1; y <= py+1; y++ {
			if x < 0 || x > 255 || y < 0 || y > 255 {
				continue
			}
			id := uint32(x<<8|y)<<16 | dat.LandBlockInfoL
			info, err := o.data.LandBlockInfo(id)
			if err != nil {
				continue // a missing one has no buildings; an unreadable one is named by block()
			}
			for _, b := range info.Buildings {
				if !dat.OriginInBlock(b.Frame.X, b.Frame.Y) {
					continue // never created (E3 [D4]): no stab list
				}
				for _, p := range b.Portals {
					for _, s := range p.Stabs {
						add(id&^0xFFFF | uint32(s))
					}
				}
			}
		}
	}
	return out
}

// envCell reads an EnvCell (cached); one the data lacks is nothing, an
// unreadable one a problem.
func (o *Objects) envCell(src envCells, id uint32) *dat.EnvCell {
	if o.in.cells == nil {
		o.in.cells, o.in.defs = map[uint32]*dat.EnvCell{}, map[uint32][]*objDef{}
	}
	if c, ok := o.in.cells[id]; ok {
		return c
	}
	c, err := src.EnvCell(id)
	if err != nil {
		if !errors.Is(err, dat.ErrNotFound) {
			o.land.skipped(dat.KindBadRecord, id, fmt.Errorf("world: EnvCell 0x%08X: %w", id, err))
		}
		c = nil
	}
	o.in.cells[id] = c
	return c
}

// cellDefs lists an EnvCell's sounding statics (cached): Setups only (a
// GfxObj has no defaults), frames landblock-local like the cell's own.
func (o *Objects) cellDefs(src envCells, id uint32) []*objDef {
	c := o.envCell(src, id)
	if c == nil {
		return nil
	}
	if d, ok := o.in.defs[id]; ok {
		return d
	}
	var defs []*objDef
	ci := id&0xFFFF - 0x100
	for i, s := range c.Statics {
		f := s.Frame
		if s.ID>>24 != 0x02 || ci >= 256 || i >= 64 || !finite32(f.X) || !finite32(f.Y) || !finite32(f.Z) {
			continue
		}
		if si := o.setupInfo(s.ID); si.sounds {
			lb := uint16(id >> 16)
			defs = append(defs, &objDef{id: uint32(lb)<<16 | InteriorIDBits | ci<<6 | uint32(i), si: si, cell: id,
				loc: Loc{Landblock: lb, X: f.X, Y: f.Y, Z: f.Z}})
		}
	}
	o.in.defs[id] = defs
	return defs
}
