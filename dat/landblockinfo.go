package dat

// restrictionBuckets is the hash bucket count written before the restriction
// table (§3.5: 8 in EoR data); the reader ignores it.
const restrictionBuckets = 8

// ParseLandBlockInfo decodes a LandBlockInfo record (§3.5): id 0xXXYYFFFE,
// num_cells, objects, u16 num_buildings + u16 pack_mask, buildings (with
// u32 num_portals), and the restriction table iff pack_mask bit 0.
func ParseLandBlockInfo(b []byte) (*LandBlockInfo, error) {
	r := newReader(b)
	l := &LandBlockInfo{}
	l.ID = r.leadID("LandBlockInfo (0xXXYYFFFE)", func(id uint32) bool { return id&0xFFFF == LandBlockInfoL })
	l.NumCells = r.u32()
	l.Objects = readList(r, 32, "objects", readStab)
	nb := r.count16(40, "buildings")
	l.PackMask = r.u16()
	l.Buildings = make([]BuildInfo, nb)
	for i := range l.Buildings {
		bi := &l.Buildings[i]
		bi.ModelID = r.u32()
		bi.Frame = readFrame(r)
		bi.NumLeaves = r.u32()
		bi.Portals = readList(r, 8, "building portals", readBldPortal)
	}
	if l.PackMask&1 != 0 {
		at := r.off
		n := r.u16()
		r.u16() // bucket count
		l.Restrictions = make([]RestrictionEntry, r.checkCount(at, uint64(n), 8, "restrictions"))
		for i := range l.Restrictions {
			l.Restrictions[i] = RestrictionEntry{r.u32(), r.u32()}
		}
	}
	return parsed(r, l.ID, l)
}

func readBldPortal(r *reader) BldPortal {
	var p BldPortal
	p.Flags, p.OtherCellID, p.OtherPortalID = r.u16(), r.u16(), r.u16()
	p.Stabs = make([]uint16, r.count16(2, "portal stabs"))
	for k := range p.Stabs {
		p.Stabs[k] = r.u16()
	}
	r.align4()
	return p
}

// readStab reads a static object: u32 id, then its frame.
func readStab(r *reader) Stab { return Stab{ID: r.u32(), Frame: readFrame(r)} }

func writeStab(w *writer, s Stab) {
	w.u32(s.ID)
	writeFrame(w, s.Frame)
}

func readFrame(r *reader) Frame {
	return Frame{r.f32(), r.f32(), r.f32(), r.f32(), r.f32(), r.f32(), r.f32()}
}

func writeFrame(w *writer, f Frame) {
	w.f32s(f.X, f.Y, f.Z, f.QW, f.QX, f.QY, f.QZ)
}

// EncodeLandBlockInfo encodes l (§3.5). The restriction table is written iff
// PackMask bit 0 is set, with bucket count 8.
func EncodeLandBlockInfo(l *LandBlockInfo) []byte {
	var w writer
	w.u32(l.ID)
	w.u32(l.NumCells)
	writeList(&w, l.Objects, writeStab)
	w.u16(uint16(len(l.Buildings)))
	w.u16(l.PackMask)
	for _, b := range l.Buildings {
		w.u32(b.ModelID)
		writeFrame(&w, b.Frame)
		w.u32(b.NumLeaves)
		writeList(&w, b.Portals, func(w *writer, p BldPortal) {
			w.u16(p.Flags)
			w.u16(p.OtherCellID)
			w.u16(p.OtherPortalID)
			w.u16(uint16(len(p.Stabs)))
			for _, s := range p.Stabs {
				w.u16(s)
			}
			w.align4()
		})
	}
	if l.PackMask&1 != 0 {
		w.u16(uint16(len(l.Restrictions)))
		w.u16(restrictionBuckets)
		for _, e := range l.Restrictions {
			w.u32(e.Key)
			w.u32(e.Value)
		}
	}
	return w.b
}
