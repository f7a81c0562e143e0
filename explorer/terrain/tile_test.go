package terrain

import (
	"image/color"
	"testing"

	"soundworld/dat"
)

func region() *dat.Region {
	r := &dat.Region{}
	r.Terrain.TerrainTypes = make([]dat.TerrainType, 32)
	r.Terrain.TerrainTypes[1] = dat.TerrainType{Name: "Grassland", Color: 0xFF40A040}
	r.Terrain.TerrainTypes[17] = dat.TerrainType{Name: "WaterStandingFresh", Color: 0xFF2050C0}
	for i := range r.LandDefs.HeightTable {
		r.LandDefs.HeightTable[i] = float32(2 * i)
	}
	r.LandDefs.RoadWidth = 5
	return r
}

func flat(t uint16) *dat.LandBlock {
	lb := &dat.LandBlock{}
	for i := range lb.Terrain {
		lb.Terrain[i] = t << 2
		lb.Height[i] = 10
	}
	return lb
}

func TestA1_WordSplit(t *testing.T) {
	// road bits 0-1, type bits 2-6, scene ordinal bits 11-15 (A1).
	road, tt, sc := Word(0x3<<11 | 21<<2 | 2)
	if road != 2 || tt != 21 || sc != 3 {
		t.Errorf("A1: Word got road %d type %d scene %d, want 2, 21, 3", road, tt, sc)
	}
}

func TestTile_FlatUsesRegionColour(t *testing.T) {
	p := NewPainter(region())
	img := p.Tile(flat(1))
	got := img.RGBAAt(TilePx/2, TilePx/2)
	if got != (color.RGBA{0x40, 0xA0, 0x40, 0xff}) {
		t.Errorf("flat grassland centre got %v, want the region colour 40A040", got)
	}
}

func TestTile_HillShadeLightFromNorthWest(t *testing.T) {
	p := NewPainter(region())
	lb := flat(1)
	// A ridge rising to the east: slopes facing west (towards the light) are brighter
	// than flat ground; build a slope facing east instead to see it darker.
	for x := 0; x < 9; x++ {
		for y := 0; y < 9; y++ {
			lb.Height[x*9+y] = uint8(100 - 10*x) // falls to the east: faces east, away from NW light
		}
	}
	dark := p.Tile(lb).RGBAAt(TilePx/2, TilePx/2)
	for x := 0; x < 9; x++ {
		for y := 0; y < 9; y++ {
			lb.Height[x*9+y] = uint8(10 + 10*x) // rises to the east: faces west, towards the light
		}
	}
	bright := p.Tile(lb).RGBAAt(TilePx/2, TilePx/2)
	if !(dark.G < 0xA0 && bright.G > 0xA0) {
		t.Errorf("hill shade: east-facing G got %#x, west-facing G %#x; want darker and brighter than flat 0xA0", dark.G, bright.G)
	}
}

func TestTile_RoadAndWater(t *testing.T) {
	p := NewPainter(region())
	lb := flat(1)
	// A road along the column x=4 (south→north).
	for y := 0; y < 9; y++ {
		lb.Terrain[4*9+y] |= 1
	}
	// Water in the west column x=0..1 (steep, yet water stays flat-shaded).
	for y := 0; y < 9; y++ {
		for x := 0; x < 2; x++ {
			lb.Terrain[x*9+y] = 17 << 2
			lb.Height[x*9+y] = uint8(200 - 50*x)
		}
	}
	img := p.Tile(lb)
	if c := img.RGBAAt(TilePx/2, TilePx/2); c.R < 0xA0 {
		t.Errorf("road pixel got %v, want the road colour (R ≥ 0xA0)", c)
	}
	if c := img.RGBAAt(TilePx/2+TilePx/16, TilePx/2); c.R > 0x50 {
		t.Errorf("pixel 12 m off the road got %v, want grass", c)
	}
	if c := img.RGBAAt(0, TilePx/2); c != (color.RGBA{0x20, 0x50, 0xC0, 0xff}) {
		t.Errorf("water edge got %v, want flat 2050C0", c)
	}
}

func TestW2_LocateCell(t *testing.T) {
	// Holtburg spawn: 0xA9B4 local (84, 7.1) is cell 0x19 (cx 3, cy 0) (dat-format §4.5).
	p, ok := Locate(0xA9*192+84, 0xB4*192+7.1)
	if !ok || p.CellID != 0xA9B40019 || p.LandblockKey() != 0xA9B4 {
		t.Errorf("W2: got cell %#x lb %#x ok %v, want 0xA9B40019, 0xA9B4", p.CellID, p.LandblockKey(), ok)
	}
	if _, ok := Locate(-1, 5); ok {
		t.Errorf("Locate(-1, 5) got ok, want off the map")
	}
}

// BenchmarkTile paints one landblock tile (the map paints each landblock once).
func BenchmarkTile(b *testing.B) {
	p := NewPainter(region())
	lb := flat(1)
	for i := range lb.Height {
		lb.Height[i] = uint8(i * 3)
		if i%7 == 0 {
			lb.Terrain[i] |= 1
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		p.Tile(lb)
	}
}
