package terrain

import (
	"fmt"
	"math"

	"soundworld/dat"
)

// Place is where a world position (m, W1) falls: landblock, land cell and the
// terrain word of the cell's south-west vertex — the vertex whose sound the
// ambient gather uses (A2), so the status bar names what A1 reads.
type Place struct {
	BX, BY       int    // landblock X (east), Y (north)
	CX, CY       int    // land cell within the block, 0..7
	CellID       uint32 // W2: landblock id | (cx*8 + cy + 1)
	LX, LY       float64
	Road         int
	TType, Scene int
}

// LandblockKey is the 0xXXYY landblock key.
func (p Place) LandblockKey() uint16 { return uint16(p.BX<<8 | p.BY) }

// Locate finds the landblock and land cell of world (x, y); ok is false off the map.
func Locate(x, y float64) (p Place, ok bool) {
	if math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return p, false
	}
	bx, by := int(math.Floor(x/192)), int(math.Floor(y/192))
	if bx < 0 || by < 0 || bx > 254 || by > 254 {
		return p, false
	}
	p.BX, p.BY = bx, by
	p.LX, p.LY = x-float64(bx)*192, y-float64(by)*192
	p.CX, p.CY = min(7, int(p.LX/24)), min(7, int(p.LY/24))
	p.CellID = uint32(bx)<<24 | uint32(by)<<16 | uint32(p.CX*8+p.CY+1)
	return p, true
}

// WithTerrain fills the SW vertex's road, terrain type and scene ordinal from lb.
func (p Place) WithTerrain(lb *dat.LandBlock) Place {
	if lb != nil {
		p.Road, p.TType, p.Scene = Word(lb.Terrain[p.CX*9+p.CY])
	}
	return p
}

// TypeName is a terrain type's name from the region, or its number.
func TypeName(r *dat.Region, t int) string {
	if r != nil && t < len(r.Terrain.TerrainTypes) && r.Terrain.TerrainTypes[t].Name != "" {
		return r.Terrain.TerrainTypes[t].Name
	}
	return fmt.Sprintf("type %d", t)
}
