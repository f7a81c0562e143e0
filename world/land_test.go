package world

import (
	"testing"

	"soundworld/dat"
)

func TestSplit_HashHandComputed(t *testing.T) {
	// d = gx·gy·0x0CCAC033 − gx·0x421BE3BD + gy·0x6C1AC587 − 0x519B8F25 (mod 2³²),
	// evaluated by hand: (0,0) → 0xAE6470DB; (1,0) → 0x6C488D1E; (0,1) →
	// 0x1A7F3662; (1,1) → 0xE52E12D8; (3,0) → 0xE810C5A4.
	for _, c := range []struct {
		gx, gy uint32
		nwse   bool
	}{{0, 0, false}, {1, 0, true}, {0, 1, true}, {1, 1, false}, {3, 0, false}, {2, 0, true}} {
		if got := SplitNWSE(c.gx, c.gy); got != c.nwse {
			t.Errorf("split(%d,%d) NW–SE = %v, want %v", c.gx, c.gy, got, c.nwse)
		}
	}
}

// TestSplit_GroundHeightPlanes puts a single raised NE vertex (h) on cells with
// each split: NW–SE cell (1,0) and NE–SW cell (0,0) of landblock 0x0000.
func TestSplit_GroundHeightPlanes(t *testing.T) {
	f := newFake(nil, nil)
	b := &dat.LandBlock{ID: 0x0000FFFF}
	b.Height[1*9+1] = 10 // vertex (1,1): NE corner of cell (0,0), NW corner of cell (1,0) → 20 m
	b.Height[2*9+1] = 10 // vertex (2,1): NE corner of cell (1,0) → 20 m
	f.blocks[b.ID] = b
	land, err := NewLand(f)
	if err != nil {
		t.Fatal(err)
	}
	const h = 20
	for _, c := range []struct {
		name string
		x, y float32
		want float32
	}{
		// Cell (0,0), NE–SW diagonal: SW 0, SE 0, NW 0, NE 20.
		// u ≥ v triangle (SW, SE, NE): z = 20·v.  v > u triangle (SW, NW, NE): z = 20·u.
		{"NESW u=.75 v=.75", 18, 18, h * 0.75},
		{"NESW u=.25 v=.25", 6, 6, h * 0.25},
		{"NESW u=.75 v=.25", 18, 6, h * 0.25},
		{"NESW u=.25 v=.75", 6, 18, h * 0.25},
		// Cell (1,0), NW–SE diagonal: SW 0, SE 0, NW 20, NE 20.
		// Lower triangle (SW, SE, NW): z = 20·v; upper (NE, NW, SE): z = 20 − 20·(1−v) = 20·v.
		{"NWSE plane", 24 + 12, 12, h * 0.5},
		{"NWSE corner NW", 24, 24 - 0.001, h * (24 - 0.001) / 24},
	} {
		got := land.GroundHeight(c.x, c.y)
		if !near(got, c.want, 1e-3) {
			t.Errorf("%s: GroundHeight(%v, %v) = %v, want %v", c.name, c.x, c.y, got, c.want)
		}
	}
	// A cell where the two splits disagree: cell (1,0) with only its SE corner
	// raised — vertex (2,0). NW–SE split: at u=.75, v=.75 (upper triangle NE, NW, SE)
	// z = NE + (NW−NE)(1−u) + (SE−NE)(1−v) = 0 + 0 + 20·.25 = 5 (NE–SW would give 0).
	b.Height[1*9+1], b.Height[2*9+1] = 0, 0
	b.Height[2*9+0] = 10
	land, _ = NewLand(f)
	if got := land.GroundHeight(24+18, 18); !near(got, 5, 1e-3) {
		t.Errorf("NW–SE split: GroundHeight = %v, want 5", got)
	}
	// Off the map and missing landblocks are 0.
	if got := land.GroundHeight(-5, 3); got != 0 {
		t.Errorf("off map: %v, want 0", got)
	}
	if got := land.GroundHeight(5000, 5000); got != 0 {
		t.Errorf("missing landblock: %v, want 0", got)
	}
}

func TestA1_TerrainWordDecode(t *testing.T) {
	w := uint16(9<<11 | 13<<2 | 1)
	if TerrainRoad(w) != 1 || TerrainType(w) != 13 || TerrainScene(w) != 9 {
		t.Fatalf("A1: decode(0x%04X) = road %d type %d scene %d, want 1 13 9", w, TerrainRoad(w), TerrainType(w), TerrainScene(w))
	}
	// Bits 7–10 are not part of any field.
	if TerrainType(w|0x0780) != 13 || TerrainScene(w|0x0780) != 9 {
		t.Fatalf("A1: bits 7–10 leaked into the decode")
	}
}

func TestA1_RegionChainSentinels(t *testing.T) {
	f := newFake([]dat.AmbientSoundDesc{{SType: 0x46, Volume: 1, MinRate: 5}}, nil)
	r := f.region
	// Extra terrain types exercising each sentinel / range check.
	r.Terrain.TerrainTypes = append(r.Terrain.TerrainTypes,
		dat.TerrainType{Name: "scene out of range", SceneTypes: []uint32{99}},  // 5
		dat.TerrainType{Name: "stb sentinel", SceneTypes: []uint32{4}},         // 6
		dat.TerrainType{Name: "stb out of range", SceneTypes: []uint32{5}},     // 7
		dat.TerrainType{Name: "second ordinal", SceneTypes: []uint32{1000, 0}}, // 8
	)
	r.Scene.SceneTypes = append(r.Scene.SceneTypes, dat.SceneType{StbIndex: dat.NoIndex}, dat.SceneType{StbIndex: 77})
	land, err := NewLand(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		w    uint16
		want int
	}{
		{"type 1 → desc 0", 1 << 2, 0},
		{"road bits ignored", 1<<2 | 3, 0},
		{"scene sentinel", 0 << 2, -1},
		{"terrain type out of range", 20 << 2, -1},
		{"scene ordinal out of range", 1<<11 | 1<<2, -1},
		{"scene type index out of range", 5 << 2, -1},
		{"stb sentinel", 6 << 2, -1},
		{"stb out of range", 7 << 2, -1},
		{"ordinal 1 of type 8", 1<<11 | 8<<2, 0},
		{"ordinal 0 of type 8 (1000 out of range)", 8 << 2, -1},
		{"missing table", 3 << 2, -1},
		{"zero entries but real table", 4 << 2, 3},
	} {
		if got := land.STBFor(c.w); got != c.want {
			t.Errorf("A1 %s: STBFor(0x%04X) = %d, want %d", c.name, c.w, got, c.want)
		}
	}
	// The failure is cached for good: asking again does not re-read the table.
	land.STBFor(3 << 2)
	land.TableOK(stbMissing)
	if n := f.tableReads[stbMissing]; n != 1 {
		t.Errorf("A1: missing table read %d times, want 1 (stb_not_found cache)", n)
	}
	// No SoundDesc at all → no sound anywhere.
	f2 := newFake(nil, nil)
	f2.region.Sound = nil
	land2, _ := NewLand(f2)
	if got := land2.STBFor(1 << 2); got != -1 {
		t.Errorf("A1: no SoundDesc: STBFor = %d, want -1", got)
	}
}
