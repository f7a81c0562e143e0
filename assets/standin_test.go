package assets

import (
	"bytes"
	"encoding/json"
	"errors"
	"sync"
	"testing"

	"soundworld/dat"
	"soundworld/internal/spectest"
)

var (
	standInOnce sync.Once
	standIn     *dat.Archive
	standInErr  error
)

// archive builds the stand-in once for the tests that only read it.
func archive(t *testing.T) *dat.Archive {
	t.Helper()
	standInOnce.Do(func() { standIn, standInErr = StandIn() })
	if standInErr != nil {
		t.Fatalf("StandIn: %v", standInErr)
	}
	return standIn
}

func TestStandInOpensThroughNewFile(t *testing.T) {
	a := archive(t)
	if a.Source != Name || Name != "Holtburg (stand-in)" {
		t.Errorf("Source = %q, want %q", a.Source, "Holtburg (stand-in)")
	}
	if got, want := a.Portal.Header().BlockSize, uint32(1024); got != want {
		t.Errorf("portal block size: got %v, want %v", got, want)
	}
	if got, want := a.Cell.Header().BlockSize, uint32(256); got != want {
		t.Errorf("cell block size: got %v, want %v", got, want)
	}
	if h := a.Cell.Header(); h.DataSet != dat.DataSetCell || h.DataSubset != 1 {
		t.Errorf("cell header data set/subset: got %v/%v, want 2/1", h.DataSet, h.DataSubset)
	}
}

func TestStandInHas25LandBlocks(t *testing.T) {
	ids, err := archive(t).LandBlockIDs()
	if err != nil {
		t.Fatal(err)
	}
	var want []uint32
	for x := uint32(0xA7); x <= 0xAB; x++ {
		for y := uint32(0xB2); y <= 0xB6; y++ {
			want = append(want, x<<24|y<<16|0xFFFF)
		}
	}
	if len(ids) != len(want) {
		t.Fatalf("landblocks: got %d (%08X), want 25", len(ids), ids)
	}
	for i := range want {
		if ids[i] != want[i] {
			t.Errorf("landblock %d: got 0x%08X, want 0x%08X", i, ids[i], want[i])
		}
	}
}

func TestRegionParsesWithRequiredCounts(t *testing.T) {
	r, err := archive(t).Region()
	if err != nil {
		t.Fatal(err)
	}
	if r.Number != 1 || r.Version != 3 || r.Name != "Dereth" || r.PartsMask != 0x21F {
		t.Errorf("region header: got %d/%d/%q/0x%X, want 1/3/\"Dereth\"/0x21F", r.Number, r.Version, r.Name, r.PartsMask)
	}
	ld := r.LandDefs
	if ld.NumBlockLength != 255 || ld.NumBlockWidth != 255 || ld.SquareLength != 24 || ld.LBlockLength != 8 ||
		ld.VertexPerCell != 1 || ld.MaxObjHeight != 200 || ld.SkyHeight != 1000 || ld.RoadWidth != 5 {
		t.Errorf("LandDefs scalars: got %+v, want 255/255/24/8/1/200/1000/5", ld)
	}
	for i, h := range ld.HeightTable {
		if h != spectest.DerethHeight(i) {
			t.Errorf("height table[%d]: got %v, want %v (spec §4.4)", i, h, spectest.DerethHeight(i))
		}
	}
	gt := r.GameTime
	if gt.ZeroTimeOfYear != 3600 || gt.ZeroYear != 10 || gt.DayLength != 7620 || gt.DaysPerYear != 360 || gt.YearSpec != "P.Y." {
		t.Errorf("GameTime: got %v/%v/%v/%v/%q, want 3600/10/7620/360/\"P.Y.\"", gt.ZeroTimeOfYear, gt.ZeroYear, gt.DayLength, gt.DaysPerYear, gt.YearSpec)
	}
	if len(gt.TimesOfDay) == 0 || len(gt.DaysOfWeek) == 0 || len(gt.Seasons) == 0 {
		t.Errorf("GameTime lists empty: %d times of day, %d weekdays, %d seasons", len(gt.TimesOfDay), len(gt.DaysOfWeek), len(gt.Seasons))
	}
	if r.Sky == nil || len(r.Sky.DayGroups) != 1 {
		t.Errorf("Sky: got %+v, want one day group", r.Sky)
	}
	want := dat.RegionMisc{Version: 1, GameMapID: 0x0600127D, AutotestMapID: 0x06000261, AutotestMapSize: 4, ClearCellID: 0x01000FDE, ClearMonsterID: 0x01001612}
	if r.Misc == nil || *r.Misc != want {
		t.Errorf("RegionMisc: got %+v, want %+v", r.Misc, want)
	}
	if got := len(r.Terrain.TerrainTypes); got != 32 {
		t.Fatalf("terrain types: got %d, want 32", got)
	}
	names := []string{"BarrenRock", "Grassland", "Ice", "LushGrass", "MarshSparseSwamp", "MudRichDirt", "ObsidianPlain",
		"PackedDirt", "PatchyDirt", "PatchyGrassland", "SandYellow", "SandGrey", "SandRockStrewn", "SedimentaryRock",
		"SemiBarrenRock", "Snow", "WaterRunning", "WaterStandingFresh", "WaterShallowSea", "WaterShallowStillSea",
		"WaterDeepSea", "ForestFloor", "FauxWaterRunning", "SeaSlime", "Argila", "Volcano1", "Volcano2", "BlueIce",
		"Moss", "DarkMoss", "Olthoi", "DesolateLands"}
	for i, tt := range r.Terrain.TerrainTypes {
		if tt.Name != names[i] {
			t.Errorf("terrain type %d: got %q, want %q (spec §5.2)", i, tt.Name, names[i])
		}
		if len(tt.SceneTypes) == 0 {
			t.Errorf("terrain type %s has no scene types", tt.Name)
		}
		for _, s := range tt.SceneTypes {
			if int(s) >= len(r.Scene.SceneTypes) {
				t.Errorf("terrain type %s: scene type %d out of range (%d)", tt.Name, s, len(r.Scene.SceneTypes))
			}
		}
	}
	if r.Terrain.LandSurf.Kind != 0 {
		t.Errorf("LandSurf kind: got %d, want 0", r.Terrain.LandSurf.Kind)
	}
	if got := len(r.Sound.STBDescs); got < 5 {
		t.Errorf("ambient STB descs: got %d, want at least 5", got)
	}
	silent := 0
	for _, st := range r.Scene.SceneTypes {
		if st.StbIndex == dat.NoIndex {
			silent++
		} else if int(st.StbIndex) >= len(r.Sound.STBDescs) {
			t.Errorf("scene StbIndex %d out of range (%d descs)", st.StbIndex, len(r.Sound.STBDescs))
		}
	}
	if silent == 0 {
		t.Error("no scene type without sound (StbIndex NoIndex)")
	}
}

// TestA1_EveryDescTableExistsExceptTheMissingOne: every AmbientSTBDesc's sound
// table is in the portal dat, except MissingTable (rule A1's missing-table case),
// which exists in exactly one desc and must NOT be readable.
func TestA1_EveryDescTableExistsExceptTheMissingOne(t *testing.T) {
	a := archive(t)
	r, err := a.Region()
	if err != nil {
		t.Fatal(err)
	}
	missing := 0
	for i, d := range r.Sound.STBDescs {
		st, err := a.SoundTable(d.STBID)
		if d.STBID == MissingTable {
			missing++
			if !errors.Is(err, dat.ErrNotFound) {
				t.Errorf("A1: desc %d table 0x%08X: got err %v, want ErrNotFound", i, d.STBID, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("A1: desc %d table 0x%08X: %v", i, d.STBID, err)
			continue
		}
		for _, s := range d.Sounds {
			if len(st.Sounds[s.SType]) == 0 {
				t.Errorf("desc %d: SoundType 0x%X has no variant in table 0x%08X", i, s.SType, d.STBID)
			}
			if s.Volume < 0.1 || s.Volume > 1 || s.MinRate < 2 || s.MaxRate > 40 || s.MaxRate < s.MinRate ||
				(s.BaseChance != 0 && (s.BaseChance < 0.05 || s.BaseChance > 0.5)) {
				t.Errorf("desc %d: %+v outside retail-like authoring ranges", i, s)
			}
			if s.SType < 0x46 || s.SType > 0x4E {
				t.Errorf("desc %d: SoundType 0x%X, want Ambient1..8 or Waterfall (0x46..0x4E)", i, s.SType)
			}
		}
	}
	if missing != 1 {
		t.Errorf("A1: descs naming the missing table: got %d, want 1", missing)
	}
}

// TestA5_MultiEntryDescMixesBedAndOneShots: at least one desc carries a
// continuous bed (base_chance 0) and intermittent one-shots together.
func TestA5_MultiEntryDescMixesBedAndOneShots(t *testing.T) {
	r, err := archive(t).Region()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range r.Sound.STBDescs {
		cont, inter := 0, 0
		for _, s := range d.Sounds {
			if s.IsContinuous() {
				cont++
			} else {
				inter++
			}
		}
		if cont > 0 && inter > 0 {
			return
		}
	}
	t.Error("A5: no AmbientSTBDesc with both a continuous bed and an intermittent sound")
}

func TestSoundTablesAndWaves(t *testing.T) {
	a := archive(t)
	d, _, err := Holtburg()
	if err != nil {
		t.Fatal(err)
	}
	two := false
	for _, td := range d.Tables {
		st, err := a.SoundTable(td.ID)
		if err != nil {
			t.Errorf("table 0x%08X: %v", td.ID, err)
			continue
		}
		for stype, vs := range st.Sounds {
			if len(vs) < 1 || len(vs) > 4 {
				t.Errorf("table 0x%08X type 0x%X: %d entries, want 1..4", td.ID, stype, len(vs))
			}
			two = two || len(vs) == 3 // two pickable variants and the pad
			for _, v := range vs {
				if v.Priority < 0 || v.Priority > 1 || v.Probability <= 0 || v.Probability > 1 || v.Volume < 0.5 || v.Volume > 1 {
					t.Errorf("table 0x%08X type 0x%X: %+v outside retail-like ranges", td.ID, stype, v)
				}
				checkWave(t, a, v.WaveID)
			}
		}
	}
	if !two {
		t.Error("T1: no SoundType with exactly 2 variants")
	}
	forge, err := a.SoundTable(ForgeTable)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(forge.Sounds[HammerSType]); got != 4 {
		t.Errorf("forge table SoundType 0x69: got %d entries, want 3 variants and the pad", got)
	}
	ui, err := a.SoundTable(UITable)
	if err != nil {
		t.Fatal(err)
	}
	if len(ui.Sounds) != len(Stingers()) {
		t.Errorf("UI table: got %d SoundTypes, want %d (Stingers)", len(ui.Sounds), len(Stingers()))
	}
	for _, s := range Stingers() {
		if s.SType < 0x76 || s.SType > 0x8A || len(ui.Sounds[s.SType]) == 0 {
			t.Errorf("stinger %s 0x%X: not a UI_ 0x76..0x8A type in UITable", s.Name, s.SType)
		}
	}
	setup, err := a.Setup(ForgeSetup)
	if err != nil {
		t.Fatal(err)
	}
	if setup.DefaultSoundTable != ForgeTable {
		t.Errorf("forge Setup default sound table: got 0x%08X, want 0x%08X", setup.DefaultSoundTable, ForgeTable)
	}
}

// TestT1_StandInEveryWaveReachable: every wave the stand-in authors can be
// picked. T1 picks idx = (int)((n − 1)·u) with u ≤ 0.99999988 (T4's cap), so
// of n > 1 entries only 0..n−2 are reachable; the stand-in ends each
// multi-variant SoundType with a pad (a copy of the entry before it) so no
// authored wave sits in the unreachable last place.
func TestT1_StandInEveryWaveReachable(t *testing.T) {
	a := archive(t)
	d, _, err := Holtburg()
	if err != nil {
		t.Fatal(err)
	}
	const uMax = float32(0.99999988) // T4: the largest unit value RollDice can return
	reach := map[uint32]bool{}
	for _, td := range d.Tables {
		st, err := a.SoundTable(td.ID)
		if err != nil {
			continue // the missing marsh table (A1) names no wave
		}
		for stype, vs := range st.Sounds {
			n := len(vs)
			last := int(float32(n-1) * uMax) // the highest index a pick can reach
			for i := 0; i <= last; i++ {
				reach[vs[i].WaveID] = true
			}
			if n > 1 && vs[n-1] != vs[n-2] {
				t.Errorf("table 0x%08X type 0x%X: last entry %+v is not a pad (a copy of the entry before it)", td.ID, stype, vs[n-1])
			}
		}
	}
	for _, w := range d.Waves {
		if !reach[w.ID] {
			t.Errorf("wave %s 0x%08X: no sound-table entry T1 can pick", w.Name, w.ID)
		}
	}
}

// checkWave: the wave exists and is 16-bit PCM mono 22050 Hz, at most 4 s.
func checkWave(t *testing.T, a *dat.Archive, id uint32) {
	t.Helper()
	w, err := a.Wave(id)
	if err != nil {
		t.Errorf("wave 0x%08X: %v", id, err)
		return
	}
	f := w.Format
	if f.Tag != dat.WaveTagPCM || f.Channels != 1 || f.SamplesPerSec != 22050 || f.BitsPerSample != 16 ||
		f.BlockAlign != 2 || f.AvgBytesPerSec != 44100 {
		t.Errorf("wave 0x%08X format: got %+v, want PCM mono 22050 Hz 16-bit", id, f)
	}
	if secs := float64(len(w.Data)) / 44100; secs > 4 || len(w.Data) == 0 || len(w.Data)%2 != 0 {
		t.Errorf("wave 0x%08X: %d data bytes (%.2f s), want 0 < length ≤ 4 s of whole samples", id, len(w.Data), secs)
	}
}

// TestSharedEdgesAgree: the vertex on the edge between two neighbouring
// landblocks has the same terrain word and height in both records.
func TestSharedEdgesAgree(t *testing.T) {
	a := archive(t)
	lbs := map[[2]int]*dat.LandBlock{}
	for x := 0xA7; x <= 0xAB; x++ {
		for y := 0xB2; y <= 0xB6; y++ {
			lb, err := a.LandBlock(dat.LandBlockID(uint8(x), uint8(y)))
			if err != nil {
				t.Fatal(err)
			}
			lbs[[2]int{x, y}] = lb
		}
	}
	checked := 0
	for k, lb := range lbs {
		if east, ok := lbs[[2]int{k[0] + 1, k[1]}]; ok {
			for y := range 9 {
				i, j := 8*9+y, 0*9+y // our east edge x=8, their west edge x=0
				if lb.Terrain[i] != east.Terrain[j] || lb.Height[i] != east.Height[j] {
					t.Errorf("0x%08X/0x%08X east edge y=%d: terrain %04X/%04X height %d/%d", lb.ID, east.ID, y, lb.Terrain[i], east.Terrain[j], lb.Height[i], east.Height[j])
				}
				checked++
			}
		}
		if north, ok := lbs[[2]int{k[0], k[1] + 1}]; ok {
			for x := range 9 {
				i, j := x*9+8, x*9+0 // our north edge y=8, their south edge y=0
				if lb.Terrain[i] != north.Terrain[j] || lb.Height[i] != north.Height[j] {
					t.Errorf("0x%08X/0x%08X north edge x=%d: terrain %04X/%04X height %d/%d", lb.ID, north.ID, x, lb.Terrain[i], north.Terrain[j], lb.Height[i], north.Height[j])
				}
				checked++
			}
		}
	}
	if checked != 2*4*5*9 {
		t.Errorf("edge vertices checked: got %d, want %d", checked, 2*4*5*9)
	}
}

// TestSpawnCellIsTownRoad: Holtburg's spawn cell 0xA9B40019 (cx 3, cy 0) has
// PackedDirt (town) at its south-west vertex and a road within the cell.
func TestSpawnCellIsTownRoad(t *testing.T) {
	lb, err := archive(t).LandBlock(0xA9B4FFFF)
	if err != nil {
		t.Fatal(err)
	}
	cell := 0x19 - 1
	cx, cy := cell/8, cell%8
	if cx != 3 || cy != 0 {
		t.Fatalf("cell 0x19: got (%d,%d), want (3,0)", cx, cy)
	}
	w := lb.Terrain[cx*9+cy]
	if typ := (w >> 2) & 0x1F; typ != 7 {
		t.Errorf("spawn cell SW vertex terrain type: got %d, want 7 PackedDirt", typ)
	}
	road := false
	for _, v := range [][2]int{{cx, cy}, {cx + 1, cy}, {cx, cy + 1}, {cx + 1, cy + 1}} {
		road = road || lb.Terrain[v[0]*9+v[1]]&3 != 0
	}
	if !road {
		t.Error("no road bits at any corner of the spawn cell")
	}
	if lb.HasObjects != 1 {
		t.Errorf("0xA9B4 has_objects: got %d, want 1", lb.HasObjects)
	}
}

func TestTerrainHasTheAuthoredFeatures(t *testing.T) {
	a := archive(t)
	count := map[uint16]int{}
	roads := 0
	minH, maxH := float32(1e9), float32(0)
	for x := 0xA7; x <= 0xAB; x++ {
		for y := 0xB2; y <= 0xB6; y++ {
			lb, err := a.LandBlock(dat.LandBlockID(uint8(x), uint8(y)))
			if err != nil {
				t.Fatal(err)
			}
			for i, w := range lb.Terrain {
				count[(w>>2)&0x1F]++
				if w&3 != 0 {
					roads++
				}
				h := spectest.DerethHeight(int(lb.Height[i]))
				minH, maxH = min(minH, h), max(maxH, h)
			}
		}
	}
	for typ, name := range map[uint16]string{1: "Grassland", 3: "LushGrass", 21: "ForestFloor", 16: "WaterRunning", 17: "WaterStandingFresh", 0: "BarrenRock", 4: "MarshSparseSwamp"} {
		if count[typ] == 0 {
			t.Errorf("no %s vertex", name)
		}
	}
	if roads == 0 {
		t.Error("no road vertices")
	}
	if minH < 50 || maxH > 150 || maxH-minH < 40 {
		t.Errorf("heights %v..%v m: want Holtburg-like land within 50..150 m with rises of 40 m or more", minH, maxH)
	}
}

func TestForgeIsPlacedNearSpawn(t *testing.T) {
	lbi, err := archive(t).LandBlockInfo(0xA9B4FFFE)
	if err != nil {
		t.Fatal(err)
	}
	if len(lbi.Objects) == 0 || lbi.Objects[0].ID != ForgeSetup { // then Holtburg's statics (landmarks.go)
		t.Fatalf("0xA9B4FFFE objects: got %+v, want the forge Setup 0x%08X first", lbi.Objects, ForgeSetup)
	}
	f := lbi.Objects[0].Frame
	if f.X != 90 || f.Y != 20 || f.Z < 50 || f.Z > 150 || f.QW != 1 {
		t.Errorf("forge frame: got %+v, want (90, 20, ground) facing north", f)
	}
}

// The default layout is empty (the forge is a data object now, E3); the
// forge emitter survives as ForgeEmitterLayout for comparison.
func TestDefaultLayoutIsEmpty(t *testing.T) {
	if got := string(bytes.TrimSpace(DefaultLayout())); got != `{"emitters":[]}` {
		t.Errorf("DefaultLayout: got %s, want no emitters", got)
	}
	want := `{"emitters":[{"name":"forge","landblock":"0xA9B4","x":90.0,"y":20.0,"z":null,"sound_table":"0x20000010","stype":105,"volume":1.0,"interval":[2.0,4.0],"path":"server"}]}`
	if got := string(bytes.TrimSpace(ForgeEmitterLayout())); got != want {
		t.Errorf("ForgeEmitterLayout:\ngot  %s\nwant %s", got, want)
	}
	var v map[string]any
	if err := json.Unmarshal(DefaultLayout(), &v); err != nil {
		t.Errorf("DefaultLayout is not JSON: %v", err)
	}
}

func TestHeightTableCSVIsTheRealTable(t *testing.T) {
	_, table, err := Holtburg()
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range table {
		if h != spectest.DerethHeight(i) {
			t.Errorf("height table[%d]: got %v, want %v", i, h, spectest.DerethHeight(i))
		}
	}
}

// TestStandInIsDeterministic: two builds give identical dat images.
func TestStandInIsDeterministic(t *testing.T) {
	d, table, err := Holtburg()
	if err != nil {
		t.Fatal(err)
	}
	p1, c1, err := d.Images(table)
	if err != nil {
		t.Fatal(err)
	}
	p2, c2, err := d.Images(table)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(p1, p2) || !bytes.Equal(c1, c2) {
		t.Error("two builds of the stand-in differ")
	}
}

// BenchmarkStandIn measures the whole build: parse, synthesis, writing
// (StandIn itself builds once per process).
func BenchmarkStandIn(b *testing.B) {
	for b.Loop() {
		d, table, err := Holtburg()
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := d.Images(table); err != nil {
			b.Fatal(err)
		}
	}
}

// TestU1_StandInUITableHoldsAll21 checks that the stand-in's UI table holds
// every environs stinger SoundType 0x76 … 0x8A (U1) and nothing else, each
// named as in the description's SoundType names (ACE's Sound enum), each with a
// wave of its own whose samples differ from every other stinger's.
func TestU1_StandInUITableHoldsAll21(t *testing.T) {
	a, err := StandIn()
	if err != nil {
		t.Fatal(err)
	}
	ui, err := a.SoundTable(UITable)
	if err != nil {
		t.Fatal(err)
	}
	ss := Stingers()
	if len(ss) != 21 || len(ui.Sounds) != 21 {
		t.Fatalf("U1: %d stingers, %d SoundTypes in the UI table; want 21 and 21", len(ss), len(ui.Sounds))
	}
	seen := map[string]uint32{}
	for i, s := range ss {
		if s.SType != uint32(0x76+i) || soundTypeNames[s.Name] != s.SType {
			t.Errorf("U1: stinger %d = %+v, want SoundType 0x%X named as in the description", i, s, 0x76+i)
		}
		vs := ui.Sounds[s.SType]
		if len(vs) != 1 || vs[0].WaveID == 0 || vs[0].Probability != 1 {
			t.Fatalf("U1: %s: variants %+v, want one playable variant", s.Name, vs)
		}
		checkWave(t, a, vs[0].WaveID)
		w, err := a.Wave(vs[0].WaveID)
		if err != nil {
			t.Fatal(err)
		}
		key := string(w.Data)
		if other, dup := seen[key]; dup {
			t.Errorf("U1: %s plays the same samples as SoundType 0x%X", s.Name, other)
		}
		seen[key] = s.SType
	}
}
