package dat

import (
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"soundworld/internal/spectest"
)

// Real-data smoke test: skipped unless SOUNDWORLD_DAT names a folder with the
// end-of-retail client_portal.dat and client_cell_1.dat. Expected values are
// the spec's §7 oracles (DRW/ACE test suites, ac-unreal dump), not our output.

// heightTableCSV reads testdata/land_height_table.csv (a copy of
// shared/reference/dat-format/land_height_table.csv: Dereth's EoR table).
func heightTableCSV(t *testing.T) [256]float32 {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "land_height_table.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) != 257 {
		t.Fatalf("height table csv: %d rows, %v", len(rows), err)
	}
	var h [256]float32
	for i, r := range rows[1:] {
		idx, _ := strconv.Atoi(r[0])
		v, err := strconv.ParseFloat(r[1], 32)
		if idx != i || err != nil {
			t.Fatalf("csv row %d: %v", i, r)
		}
		h[i] = float32(v)
	}
	return h
}

// TestHeightTableCSVMatchesFormula: the two independent statements of
// Dereth's table in the spec (§4.4 compact formula, the CSV) agree.
func TestHeightTableCSVMatchesFormula(t *testing.T) {
	h := heightTableCSV(t)
	for i, v := range h {
		if v != spectest.DerethHeight(i) {
			t.Errorf("height[%d]: csv %v, formula %v", i, v, spectest.DerethHeight(i))
		}
	}
}

func near(a, b float32) bool { return math.Abs(float64(a-b)) <= 1e-5*math.Max(1, math.Abs(float64(b))) }

func TestRealData(t *testing.T) {
	dir := os.Getenv("SOUNDWORLD_DAT")
	if dir == "" {
		t.Skip("SOUNDWORLD_DAT not set (a folder with client_portal.dat and client_cell_1.dat)")
	}
	for _, n := range []string{PortalFile, CellFile} {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Skipf("no %s in %s", n, dir)
		}
	}
	checkRealData(t, dir)
}

// TestRealDataCheckerOnStandIns runs the smoke test's checks on a folder the
// writer makes holding the §7 values, so the checker itself is exercised
// (and the whole write → open → parse path with it) without retail files.
func TestRealDataCheckerOnStandIns(t *testing.T) {
	dir := t.TempDir()
	g := sampleRegion()
	g.GameTime.TimesOfDay = make([]TimeOfDay, 16)
	g.GameTime.DaysOfWeek = make([]string, 6)
	g.GameTime.Seasons = make([]Season, 12)
	g.Sky.DayGroups = make([]DayGroup, 20)
	pw := NewWriter(1024, DataSetPortal, 0)
	pw.EnginePackVersion, pw.VersionMinor = 110, 6657
	pw.Add(RegionID, EncodeRegion(g))
	s1 := &SoundTable{ID: 0x200000A8, Sounds: map[uint32][]SoundData{0x1F: {{0x0A000519, 0, 1, 1}, {0x0A00051E, 0, 1, 1}}}}
	s2 := &SoundTable{ID: 0x20000001, Sounds: map[uint32][]SoundData{0x58: {{0x0A000262, 0.7, 1, 1}}, 0x5B: {{0x0A000274, 0.7, 1, 0.8}}}}
	for i := uint32(0); len(s1.Sounds) < 32; i++ {
		s1.Sounds[0x100+i] = nil
	}
	for i := uint32(0); len(s2.Sounds) < 52; i++ {
		s2.Sounds[0x100+i] = nil
	}
	pw.Add(s1.ID, EncodeSoundTable(s1))
	pw.Add(s2.ID, EncodeSoundTable(s2))
	wv := sampleWave()
	wv.Data = make([]byte, 7046)
	pw.Add(0x0A000002, EncodeWave(wv))

	cw := NewWriter(256, DataSetCell, 1)
	cw.EnginePackVersion, cw.VersionMinor = 22, 6657
	cw.Add(0xA9B4FFFF, EncodeLandBlock(&LandBlock{ID: 0xA9B4FFFF, HasObjects: 1}))
	lb := &LandBlock{ID: 0x9AB1FFFF}
	lb.Terrain[0], lb.Terrain[1], lb.Terrain[80] = 9<<11|13<<2, 13<<11|9<<2, 11<<11|13<<2
	lb.Height[0], lb.Height[1], lb.Height[40], lb.Height[79], lb.Height[80] = 120, 139, 93, 93, 110
	cw.Add(lb.ID, EncodeLandBlock(lb))
	cw.Add(0x5262FFFE, EncodeLandBlockInfo(&LandBlockInfo{ID: 0x5262FFFE, NumCells: 74, PackMask: 1, Restrictions: []RestrictionEntry{{0, 0x7526200C}}}))
	cw.Add(0x1455FFFE, EncodeLandBlockInfo(&LandBlockInfo{ID: 0x1455FFFE, NumCells: 5, Buildings: []BuildInfo{{ModelID: 0x010011A9, NumLeaves: 127}}}))
	for name, w := range map[string]*Writer{PortalFile: pw, CellFile: cw} {
		img, err := w.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), img, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	checkRealData(t, dir)
}

// checkRealData checks the §7 oracle values in the dats in dir.
func checkRealData(t *testing.T, dir string) {
	a, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()

	// §2.2 / §7 header values.
	for _, c := range []struct {
		f                      *File
		bs, set, sub, eng, min uint32
	}{{a.Portal, 1024, 1, 0, 110, 6657}, {a.Cell, 256, 2, 1, 22, 6657}} {
		h := c.f.Header()
		if h.Magic != 0x5442 || h.BlockSize != c.bs || h.DataSet != c.set || h.DataSubset != c.sub || h.EnginePackVersion != c.eng || h.VersionMinor != c.min {
			t.Errorf("%s header: got %+v, want magic 0x5442 block %d set %d subset %d engine %d minor %d", c.f.Name(), h, c.bs, c.set, c.sub, c.eng, c.min)
		}
	}

	r, err := a.Region()
	if err != nil {
		t.Fatal(err)
	}
	if r.Number != 1 || r.Version != 3 || r.Name != "Dereth" || r.PartsMask != 0x21F {
		t.Errorf("region: got number %d version %d name %q mask %#x, want 1 3 Dereth 0x21F", r.Number, r.Version, r.Name, r.PartsMask)
	}
	d := r.LandDefs
	if d.NumBlockLength != 255 || d.NumBlockWidth != 255 || d.SquareLength != 24 || d.LBlockLength != 8 || d.VertexPerCell != 1 || d.MaxObjHeight != 200 || d.SkyHeight != 1000 || d.RoadWidth != 5 {
		t.Errorf("LandDefs: got %v %v %v %v %v %v %v %v, want 255 255 24 8 1 200 1000 5", d.NumBlockLength, d.NumBlockWidth, d.SquareLength, d.LBlockLength, d.VertexPerCell, d.MaxObjHeight, d.SkyHeight, d.RoadWidth)
	}
	if d.HeightTable != heightTableCSV(t) {
		t.Errorf("height table: got %v, want the reference CSV", d.HeightTable)
	}
	g := r.GameTime
	if g.ZeroTimeOfYear != 3600 || g.ZeroYear != 10 || g.DayLength != 7620 || g.DaysPerYear != 360 || g.YearSpec != "P.Y." {
		t.Errorf("GameTime: got %v %v %v %v %q, want 3600 10 7620 360 P.Y.", g.ZeroTimeOfYear, g.ZeroYear, g.DayLength, g.DaysPerYear, g.YearSpec)
	}
	if len(g.TimesOfDay) != 16 || len(g.DaysOfWeek) != 6 || len(g.Seasons) != 12 {
		t.Errorf("GameTime lists: got %d ToD, %d weekdays, %d seasons, want 16 6 12", len(g.TimesOfDay), len(g.DaysOfWeek), len(g.Seasons))
	}
	if r.Sky == nil || len(r.Sky.DayGroups) != 20 || !near(float32(r.Sky.TickSize), 0.8) || r.Sky.LightTickSize != 15 {
		t.Errorf("sky: got %+v, want 20 day groups, tick 0.8, light tick 15", r.Sky)
	}
	if want := (RegionMisc{1, 0x0600127D, 0x06000261, 4, 0x01000FDE, 0x01001612}); r.Misc == nil || *r.Misc != want {
		t.Errorf("RegionMisc: got %+v, want %+v", r.Misc, want)
	}

	if lb, err := a.LandBlock(0xA9B4FFFF); err != nil || lb.HasObjects != 1 {
		t.Errorf("0xA9B4FFFF: got %+v %v, want has_objects 1", lb, err)
	}
	lb, err := a.LandBlock(0x9AB1FFFF)
	if err != nil {
		t.Fatal(err)
	}
	type tw struct{ road, typ, scen uint8 }
	word := func(i int) tw { w := lb.Terrain[i]; return tw{RoadBits(w), TerrainCode(w), SceneryIndex(w)} }
	if lb.HasObjects != 0 || word(0) != (tw{0, 13, 9}) || word(1) != (tw{0, 9, 13}) || word(80) != (tw{0, 13, 11}) {
		t.Errorf("0x9AB1FFFF: got has_objects %d, words %v %v %v, want 0, {0 13 9} {0 9 13} {0 13 11}", lb.HasObjects, word(0), word(1), word(80))
	}
	for i, h := range map[int]uint8{0: 120, 1: 139, 40: 93, 79: 93, 80: 110} {
		if lb.Height[i] != h {
			t.Errorf("0x9AB1FFFF height[%d]: got %d, want %d", i, lb.Height[i], h)
		}
	}

	st, err := a.SoundTable(0x200000A8)
	if err != nil {
		t.Fatal(err)
	}
	if sw := st.Sounds[0x1F]; len(st.Sounds) != 32 || len(sw) != 2 || sw[0].WaveID != 0x0A000519 || sw[1].WaveID != 0x0A00051E {
		t.Errorf("0x200000A8: got %d types, Swoosh2 %+v, want 32, waves 0x0A000519 0x0A00051E", len(st.Sounds), sw)
	}
	st, err = a.SoundTable(0x20000001)
	if err != nil {
		t.Fatal(err)
	}
	check := func(typ uint32, want SoundData) {
		got := st.Sounds[typ]
		if len(got) != 1 || got[0].WaveID != want.WaveID || !near(got[0].Priority, want.Priority) || !near(got[0].Probability, want.Probability) || !near(got[0].Volume, want.Volume) {
			t.Errorf("0x20000001 type %#x: got %+v, want [%+v]", typ, got, want)
		}
	}
	if len(st.Sounds) != 52 {
		t.Errorf("0x20000001: got %d types, want 52", len(st.Sounds))
	}
	check(0x58, SoundData{0x0A000262, 0.7, 1, 1})   // ShieldUp
	check(0x5B, SoundData{0x0A000274, 0.7, 1, 0.8}) // EnchantDown

	w, err := a.Wave(0x0A000002)
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Header) != 18 || len(w.Data) != 7046 {
		t.Errorf("0x0A000002: got H %d D %d, want 18 7046", len(w.Header), len(w.Data))
	}

	if l, err := a.LandBlockInfo(0x5262FFFE); err != nil || l.NumCells != 74 || len(l.Objects) != 0 || len(l.Buildings) != 0 ||
		len(l.Restrictions) != 1 || l.Restrictions[0] != (RestrictionEntry{0, 0x7526200C}) {
		t.Errorf("0x5262FFFE: got %+v %v, want 74 cells, no objects/buildings, restriction {0 → 0x7526200C}", l, err)
	}
	if l, err := a.LandBlockInfo(0x1455FFFE); err != nil || l.NumCells != 5 || len(l.Buildings) != 1 || l.Buildings[0].ModelID != 0x010011A9 || l.Buildings[0].NumLeaves != 127 {
		t.Errorf("0x1455FFFE: got %+v %v, want 5 cells, 1 building 0x010011A9 with 127 leaves", l, err)
	}
}
