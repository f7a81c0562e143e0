package terrain

import (
	"encoding/binary"
	"math"
	"testing"

	"soundworld/dat"
)

// FuzzTileAndLocate: any landblock content paints a full tile without
// panicking, and any position either locates inside a landblock or reports
// off the map.
func FuzzTileAndLocate(f *testing.F) {
	f.Add(make([]byte, 81*3), 32532.0, 34567.1)
	f.Add([]byte{0xff, 0xff, 0x03}, -1.0, math.Inf(1))
	p := NewPainter(region())
	f.Fuzz(func(t *testing.T, b []byte, x, y float64) {
		var lb dat.LandBlock
		for i := 0; i < 81 && 3*i+2 < len(b); i++ {
			lb.Terrain[i] = binary.LittleEndian.Uint16(b[3*i:])
			lb.Height[i] = b[3*i+2]
		}
		if img := p.Tile(&lb); img.Bounds().Dx() != TilePx || img.Bounds().Dy() != TilePx {
			t.Fatalf("tile got %v, want %d px square", img.Bounds(), TilePx)
		}
		if pl, ok := Locate(x, y); ok {
			if pl.CX < 0 || pl.CX > 7 || pl.CY < 0 || pl.CY > 7 || pl.LX < 0 || pl.LX >= 192 || pl.LY < 0 || pl.LY >= 192 {
				t.Fatalf("Locate(%v, %v) got %+v, want cells 0..7 and local [0, 192)", x, y, pl)
			}
			pl.WithTerrain(&lb)
		}
	})
}
