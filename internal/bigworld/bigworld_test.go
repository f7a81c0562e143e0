package bigworld

import (
	"errors"
	"reflect"
	"testing"

	"soundworld/dat"
)

// The Region has the real one's shape (dat-format §3.1; region_dereth.json's
// counts): 32 terrain types, 89 scene types, 33 TMTerrainDescs, 16 times of
// day, 6 weekdays, 12 seasons, 20 sky day groups, mask 0x21F; and it survives
// the project's encoder and parser unchanged.
func TestRegionShape(t *testing.T) {
	var table [256]float32
	for i := range table {
		table[i] = float32(2 * i)
	}
	r := Region(table)
	got := []int{len(r.Terrain.TerrainTypes), len(r.Scene.SceneTypes), len(r.Terrain.LandSurf.TerrainTexes),
		len(r.GameTime.TimesOfDay), len(r.GameTime.DaysOfWeek), len(r.GameTime.Seasons), len(r.Sky.DayGroups), len(r.Sound.STBDescs)}
	want := []int{32, 89, 33, 16, 6, 12, 20, NumDescs}
	if !reflect.DeepEqual(got, want) || r.PartsMask != 0x21F || r.Version != 3 {
		t.Fatalf("shape %v mask %#x version %d, want %v 0x21F 3", got, r.PartsMask, r.Version, want)
	}
	back, err := dat.ParseRegion(dat.EncodeRegion(r))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Scene, r.Scene) || !reflect.DeepEqual(back.Sound, r.Sound) || !reflect.DeepEqual(back.Terrain, r.Terrain) {
		t.Fatal("region does not round-trip through EncodeRegion/ParseRegion")
	}
	// Every scene type a terrain type names exists; every stb index is a desc or none.
	for code, tt := range r.Terrain.TerrainTypes {
		for _, s := range tt.SceneTypes {
			if int(s) >= len(r.Scene.SceneTypes) {
				t.Fatalf("terrain %d names scene type %d of %d", code, s, len(r.Scene.SceneTypes))
			}
		}
	}
	for i, s := range r.Scene.SceneTypes {
		if s.StbIndex != dat.NoIndex && s.StbIndex >= NumDescs {
			t.Fatalf("scene type %d: stb index %d", i, s.StbIndex)
		}
	}
}

// Sound tables have realistic sizes: 6–9 sound types of 1–4 variants, every
// desc's own sound types present, waves from the pool; the missing desc has none.
func TestSoundTableSizes(t *testing.T) {
	tabs := SoundTables()
	if len(tabs) != NumDescs-1 {
		t.Fatalf("%d tables, want %d (all but the missing desc's)", len(tabs), NumDescs-1)
	}
	for _, tb := range tabs {
		i := int(tb.ID - TableBase)
		if i == MissingDesc {
			t.Fatal("the missing desc's table was generated")
		}
		if n := len(tb.Sounds); n < 6 || n > 9 {
			t.Errorf("table %#x: %d sound types, want 6..9", tb.ID, n)
		}
		for st, v := range tb.Sounds {
			if len(v) < 1 || len(v) > 4 {
				t.Errorf("table %#x type %#x: %d variants", tb.ID, st, len(v))
			}
			for _, sd := range v {
				if sd.WaveID < WaveBase || sd.WaveID >= WaveBase+NumWaves {
					t.Errorf("table %#x: wave %#x outside the pool", tb.ID, sd.WaveID)
				}
			}
		}
		for _, s := range descs[i].sounds {
			if tb.Sounds[s.SType] == nil {
				t.Errorf("table %#x lacks its desc's sound type %#x", tb.ID, s.SType)
			}
		}
	}
}

// The cached world opens through the dat reader: 255×255 landblocks, the
// region, the tables (the missing one absent), landblocks equal to the
// generator's, shared edges, and a varied land: sea, rivers, roads, forests.
func TestCachedWorld(t *testing.T) {
	if testing.Short() {
		t.Skip("generates the full-size world")
	}
	dir, err := Cached()
	if err != nil {
		t.Fatal(err)
	}
	a, err := dat.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	ids, err := a.LandBlockIDs()
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != Blocks*Blocks {
		t.Fatalf("%d landblocks, want %d", len(ids), Blocks*Blocks)
	}
	if ids[0] != 0x0000FFFF || ids[len(ids)-1] != 0xFEFEFFFF {
		t.Fatalf("landblock ids run %#x..%#x, want 0x0000FFFF..0xFEFEFFFF", ids[0], ids[len(ids)-1])
	}
	r, err := a.Region()
	if err != nil || len(r.Sound.STBDescs) != NumDescs {
		t.Fatalf("region: %v", err)
	}
	if _, err := a.SoundTable(TableBase + MissingDesc); !errors.Is(err, dat.ErrNotFound) {
		t.Fatalf("missing desc's table: err %v, want not found", err)
	}
	if _, err := a.SoundTable(TableBase); err != nil {
		t.Fatal(err)
	}
	w, err := New()
	if err != nil {
		t.Fatal(err)
	}
	types := map[int]int{}
	roads := 0
	var withObjects []uint32
	for l, err := range a.LandBlocks() {
		if err != nil {
			t.Fatal(err)
		}
		if l.HasObjects != 0 {
			withObjects = append(withObjects, l.ID)
		}
		bx, by := int(l.ID>>24), int(l.ID>>16&0xFF)
		if bx%37 == 3 && by%41 == 5 {
			if want := w.LandBlock(bx, by); l != *want {
				t.Fatalf("landblock %#x differs from the generator's", l.ID)
			}
		}
		for i, wd := range l.Terrain {
			types[int(wd>>2&31)]++
			if i < 72 && wd&3 != 0 {
				roads++
			}
		}
		// Shared edge: my east column is the west column of the block east of me.
		if bx < Blocks-1 && by%50 == 7 {
			east := w.LandBlock(bx+1, by)
			for y := range 9 {
				if l.Terrain[72+y] != east.Terrain[y] || l.Height[72+y] != east.Height[y] {
					t.Fatalf("landblock %#x: east edge differs from its neighbour's west edge", l.ID)
				}
			}
		}
	}
	for _, tt := range []int{tDeepSea, tShallowSea, tSandYellow, tGrassland, tForest, tWaterRunning, tMarsh, tSnow, tVolcano1, tOlthoi} {
		if types[tt] == 0 {
			t.Errorf("terrain type %d (%s) never generated", tt, terrainNames[tt].name)
		}
	}
	if roads == 0 {
		t.Error("no roads")
	}
	// Towns: a LandBlockInfo exactly where has_objects says, parsed by dat's
	// reader, buildings and statics inside the landblock on its ground.
	infoIDs, err := dat.IDs(a.Cell, 0, 0xFFFFFFFF, func(id uint32) bool { return id&0xFFFF == dat.LandBlockInfoL })
	if err != nil {
		t.Fatal(err)
	}
	if len(infoIDs) != len(withObjects) {
		t.Fatalf("%d LandBlockInfos, %d landblocks with has_objects", len(infoIDs), len(withObjects))
	}
	infos := 0
	for _, id := range withObjects {
		info, err := a.LandBlockInfo(id&^0xFFFF | dat.LandBlockInfoL)
		if err != nil {
			t.Fatalf("landblock %#x has objects: %v", id, err)
		}
		infos++
		if len(info.Buildings) < 4 || len(info.Objects) < 3 {
			t.Fatalf("town %#x: %d buildings, %d statics", id, len(info.Buildings), len(info.Objects))
		}
		for _, b := range info.Buildings {
			f := b.Frame
			if f.X < 0 || f.X >= 192 || f.Y < 0 || f.Y >= 192 || f.Z < 0 || f.Z > 700 {
				t.Fatalf("town %#x: building at %+v", id, f)
			}
		}
	}
	if infos != NumTowns {
		t.Fatalf("%d towns, want %d", infos, NumTowns)
	}
}

// The generator is a pure function of its inputs: the same vertex twice is the same.
func TestDeterministic(t *testing.T) {
	for _, p := range [][2]int{{0, 0}, {2040, 2040}, {1000, 1234}, {333, 1700}, {1650, 380}, {17, 2001}} {
		w1, h1 := vertex(p[0], p[1])
		w2, h2 := vertex(p[0], p[1])
		if w1 != w2 || h1 != h2 {
			t.Fatalf("vertex %v: %#x/%v then %#x/%v", p, w1, h1, w2, h2)
		}
	}
	// Across runs and processes: TestCachedWorld compares landblocks of the
	// cached files (possibly written by an earlier run) with a fresh generation.
}

// heightIndex snaps to the nearest table entry, the lower on a tie, and clamps.
func TestHeightIndex(t *testing.T) {
	var table [256]float32
	for i := range table {
		table[i] = float32(2 * i) // 0, 2, 4, …
	}
	for _, c := range []struct {
		m    float64
		want uint8
	}{{-5, 0}, {0, 0}, {0.9, 0}, {1, 0}, {1.1, 1}, {3, 1}, {509, 254}, {510, 255}, {900, 255}} {
		if got := heightIndex(&table, c.m); got != c.want {
			t.Errorf("heightIndex(%v) = %d, want %d", c.m, got, c.want)
		}
	}
}

// BenchmarkGenerate: the whole world in memory and both dat images.
func BenchmarkGenerate(b *testing.B) {
	for b.Loop() {
		w, err := New()
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := w.Images(); err != nil {
			b.Fatal(err)
		}
	}
}
