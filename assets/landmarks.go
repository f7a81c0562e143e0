package assets

// landmarks.go: Holtburg's buildings and static objects (the data side of
// the map's markers), so the map can show a town a designer recognises. They are
// placed in the LandBlockInfos (dat-format §3.5) of the two landblocks the town
// square straddles, 0xA9B4 (with the forge) and 0xA9B3. Model ids are GfxObj
// ids (0x01…) of models this stand-in does not ship: the tool draws
// landmarks as markers, never as 3-D models. Authored here; not retail data.

import (
	"math"

	"soundworld/dat"
)

// Landmark is one building or static object of the stand-in.
type Landmark struct {
	Landblock uint16  // 0xXXYY
	Name      string  // what it is (documentation; not stored in the dat)
	Model     uint32  // GfxObj id written as the Stab / BuildInfo model
	X, Y      float32 // landblock-local metres; Z is the ground there
	Heading   float32 // compass degrees the front faces (W4)
	Building  bool    // a BuildInfo (else a static Stab)
}

// Landmarks lists the town, buildings along the two roads that cross at the
// spawn (the north–south road runs at local x = 96 m, the east–west road
// along the 0xA9B3/0xA9B4 edge), fronts facing the road.
var Landmarks = []Landmark{
	{0xA9B4, "inn", 0x01000201, 54, 40, 90, true},
	{0xA9B4, "general store", 0x01000202, 138, 42, 270, true},
	{0xA9B4, "cottage", 0x01000203, 52, 84, 90, true},
	{0xA9B4, "house", 0x01000204, 140, 86, 270, true},
	{0xA9B3, "meeting hall", 0x01000205, 54, 150, 90, true},
	{0xA9B3, "barn", 0x01000206, 138, 146, 270, true},
	{0xA9B4, "well", 0x01000101, 110, 28, 0, false},
	{0xA9B4, "lamp post", 0x01000102, 90, 48, 0, false},
	{0xA9B4, "lamp post", 0x01000102, 102, 92, 180, false},
	{0xA9B4, "crates", 0x01000103, 118, 36, 45, false},
	{0xA9B4, "oak", 0x01000104, 22, 120, 0, false},
	{0xA9B4, "oak", 0x01000104, 30, 152, 120, false},
	{0xA9B3, "signpost", 0x01000105, 104, 182, 0, false},
	{0xA9B3, "lamp post", 0x01000102, 90, 150, 0, false},
}

// hasInfo reports whether landblock lb gets a LandBlockInfo (has_objects = 1).
func hasInfo(lb uint16) bool {
	if lb == CentreBlock {
		return true // the forge
	}
	for _, l := range Landmarks {
		if l.Landblock == lb {
			return true
		}
	}
	return false
}

// headingQuat is the frame rotation for a compass heading (deg), as retail's
// Frame::set_heading builds it: −heading about +Z, w = cos(h/2), z = −sin(h/2),
// w ≥ 0 (north = identity).
func headingQuat(h float32) (w, z float32) {
	half := float64(float64(float64(h)*math.Pi) / 360)
	qw, qz := fcos(half), -fsin(half)
	if qw < 0 {
		qw, qz = -qw, -qz
	}
	return float32(qw), float32(qz)
}

// landmarkInfo is lb's LandBlockInfo: the forge first (in Holtburg), then the
// landmarks' statics as objects and their buildings, each on the ground.
func landmarkInfo(lb *dat.LandBlock, table *[256]float32) *dat.LandBlockInfo {
	id := uint16(lb.ID >> 16)
	info := &dat.LandBlockInfo{ID: lb.ID&^0xFFFF | dat.LandBlockInfoL, Objects: []dat.Stab{}, Buildings: []dat.BuildInfo{}}
	if id == CentreBlock {
		info = forgeInfo(lb, table)
	}
	for _, l := range Landmarks {
		if l.Landblock != id {
			continue
		}
		qw, qz := headingQuat(l.Heading)
		f := dat.Frame{X: l.X, Y: l.Y, Z: groundZ(lb, table, float64(l.X), float64(l.Y)), QW: qw, QZ: qz}
		if l.Building {
			b := dat.BuildInfo{ModelID: l.Model, Frame: f, Portals: []dat.BldPortal{}}
			if l.Name == "inn" { // its door: the taproom is seen through it (interior.go)
				b.Portals = []dat.BldPortal{{OtherCellID: 0x0100, Stabs: InnDoorStabs}}
			}
			info.Buildings = append(info.Buildings, b)
		} else {
			info.Objects = append(info.Objects, dat.Stab{ID: l.Model, Frame: f})
		}
	}
	if id == CentreBlock { // E3: the windmill and the fountain after the landmarks (objects.go)
		info.Objects = append(info.Objects, objectStabs(lb, table)...)
	}
	return info
}
