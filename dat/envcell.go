package dat

// EnvCell flags (dat-format §3.8, ACE's EnvCellFlags).
const (
	EnvCellSeenOutside    = 0x1 // A11: the outdoor ambient gather runs in this cell
	EnvCellHasStatics     = 0x2 // a static-object list follows the visible cells
	EnvCellHasRestriction = 0x8 // a restriction object id ends the record
)

// EnvCell is an indoor cell of the cell dat, id 0xXXYY0100 and up (§3.8):
// what the tool needs for A11 (the flags and the position frame) and the
// rest kept so the record round-trips.
type EnvCell struct {
	ID            uint32
	Flags         uint32
	Surfaces      []uint16 // surface ids, low 16 bits (0x08000000 | s)
	Environment   uint16   // environment id, low 16 bits (0x0D000000 | e)
	CellStructure uint16
	Frame         Frame // the cell's position: landblock-local origin (m) and orientation
	Portals       []CellPortal
	VisibleCells  []uint16
	Statics       []Stab // present iff Flags&EnvCellHasStatics
	Restriction   uint32 // present iff Flags&EnvCellHasRestriction
}

// CellPortal connects an EnvCell to another cell (§3.8).
type CellPortal struct {
	Flags, Polygon, OtherCell, OtherPortal uint16
}

// SeenOutside reports flags bit 0 (A11).
func (c *EnvCell) SeenOutside() bool { return c.Flags&EnvCellSeenOutside != 0 }

// IsEnvCellID reports whether id names an EnvCell: low word 0x0100..0xFFFD (§4.1, A11).
func IsEnvCellID(id uint32) bool { l := id & 0xFFFF; return l >= 0x0100 && l <= 0xFFFD }

// ParseEnvCell decodes an EnvCell record (§3.8, the layout of ACE's DatLoader
// EnvCell): u32 id, u32 flags, u32 id again, u8 num_surfaces, u8
// num_portals, u16 num_visible, num_surfaces u16, u16 environment, u16
// cell_structure, the frame (origin xyz, quaternion wxyz: 7 f32),
// num_portals × 4 u16, num_visible u16, then iff flags bit 1 a u32-counted
// static list (u32 id + frame each), then iff flags bit 3 a u32 restriction.
// No alignment padding anywhere.
func ParseEnvCell(b []byte) (*EnvCell, error) {
	r := newReader(b)
	c := &EnvCell{}
	c.ID = r.leadID("EnvCell (0xXXYY0100..0xXXYYFFFD)", IsEnvCellID)
	c.Flags = r.u32()
	at := r.off
	if again := r.u32(); r.err == nil && again != c.ID {
		r.failAt(at, "EnvCell's repeated cell id differs from its id:", again)
	}
	ns, np := r.u8(), r.u8()
	at = r.off
	nv := r.u16()
	if r.err == nil && 2*int(ns)+4+28+8*int(np)+2*int(nv) > r.left() {
		r.failAt(at, "EnvCell surface, portal and visible-cell lists run past the record end; counts", [3]int{int(ns), int(np), int(nv)})
	}
	if r.err == nil {
		c.Surfaces = make([]uint16, ns)
		for i := range c.Surfaces {
			c.Surfaces[i] = r.u16()
		}
		c.Environment, c.CellStructure = r.u16(), r.u16()
		c.Frame = readFrame(r)
		c.Portals = make([]CellPortal, np)
		for i := range c.Portals {
			c.Portals[i] = CellPortal{r.u16(), r.u16(), r.u16(), r.u16()}
		}
		c.VisibleCells = make([]uint16, nv)
		for i := range c.VisibleCells {
			c.VisibleCells[i] = r.u16()
		}
	}
	if c.Flags&EnvCellHasStatics != 0 {
		c.Statics = readList(r, 32, "EnvCell statics", readStab)
	}
	if c.Flags&EnvCellHasRestriction != 0 {
		c.Restriction = r.u32()
	}
	r.wholeRecord("EnvCell has bytes after its last field:")
	return parsed(r, c.ID, c)
}

// EncodeEnvCell writes c in ParseEnvCell's layout (the statics and the
// restriction only when their flag bits are set). Lists longer than their
// count fields allow are cut.
func EncodeEnvCell(c *EnvCell) []byte {
	var w writer
	w.u32(c.ID)
	w.u32(c.Flags)
	w.u32(c.ID)
	ns, np, nv := min(len(c.Surfaces), 0xFF), min(len(c.Portals), 0xFF), min(len(c.VisibleCells), 0xFFFF)
	w.u8(uint8(ns))
	w.u8(uint8(np))
	w.u16(uint16(nv))
	for _, s := range c.Surfaces[:ns] {
		w.u16(s)
	}
	w.u16(c.Environment)
	w.u16(c.CellStructure)
	writeFrame(&w, c.Frame)
	for _, p := range c.Portals[:np] {
		w.u16(p.Flags)
		w.u16(p.Polygon)
		w.u16(p.OtherCell)
		w.u16(p.OtherPortal)
	}
	for _, v := range c.VisibleCells[:nv] {
		w.u16(v)
	}
	if c.Flags&EnvCellHasStatics != 0 {
		writeList(&w, c.Statics, writeStab)
	}
	if c.Flags&EnvCellHasRestriction != 0 {
		w.u32(c.Restriction)
	}
	return w.b
}

// EnvCell reads an EnvCell record 0xXXYY0100..0xXXYYFFFD from the cell dat (§3.8, A11).
func (a *Archive) EnvCell(id uint32) (*EnvCell, error) {
	return record(a, a.Cell, id, ParseEnvCell, func(v *EnvCell) uint32 { return v.ID }, (*EnvCell).Problems)
}
