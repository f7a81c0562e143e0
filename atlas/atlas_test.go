package atlas

import (
	"bytes"
	"context"
	"errors"
	"image/color"
	"math"
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/world"
)

// flatWorld is a one-landblock world at height 0 (landblock 0x4040): desc 0
// ("west": a bed of volume 0.5 and a one-shot of chance 0.2) on the SW
// vertices with x < 4, desc 1 ("east": a bed of volume 0.8) on the others.
type flatWorld struct{ r *dat.Region }

func newFlat() *flatWorld {
	r := &dat.Region{ID: dat.RegionID, Version: 3,
		Sound: &dat.SoundInfo{STBDescs: []dat.AmbientSTBDesc{
			{STBID: 0x20000001, Sounds: []dat.AmbientSoundDesc{{SType: 0x46, Volume: 0.5, MinRate: 3, MaxRate: 3}, {SType: 0x47, Volume: 0.4, BaseChance: 0.2, MinRate: 2, MaxRate: 5}}},
			{STBID: 0x20000002, Sounds: []dat.AmbientSoundDesc{{SType: 0x46, Volume: 0.8, MinRate: 3, MaxRate: 3}}},
		}},
		Scene: &dat.SceneInfo{SceneTypes: []dat.SceneType{{StbIndex: 0}, {StbIndex: 1}}},
	}
	r.Terrain.TerrainTypes = []dat.TerrainType{{Name: "West", SceneTypes: []uint32{0}}, {Name: "East", SceneTypes: []uint32{1}}}
	return &flatWorld{r}
}

func (f *flatWorld) Region() (*dat.Region, error) { return f.r, nil }
func (f *flatWorld) LandBlock(id uint32) (*dat.LandBlock, error) {
	if id != 0x4040FFFF {
		return nil, dat.ErrNotFound
	}
	l := &dat.LandBlock{ID: id}
	for x := range 9 {
		for y := range 9 {
			if x >= 4 {
				l.Terrain[x*9+y] = 1 << 2 // terrain type 1: "East"
			}
		}
	}
	return l, nil
}
func (f *flatWorld) SoundTable(id uint32) (*dat.SoundTable, error) {
	return &dat.SoundTable{ID: id, Sounds: map[uint32][]dat.SoundData{0x46: {{WaveID: 0x0A000001}}, 0x47: {{WaveID: 0x0A000002}}}}, nil
}
func (f *flatWorld) Wave(id uint32) (*dat.Wave, error) { return nil, dat.ErrNotFound }
func (f *flatWorld) LandBlockIDs() ([]uint32, error)   { return []uint32{0x4040FFFF}, nil }

// expectFlat is A2/A3/A7 worked out independently in float64 for a player at
// the centre of cell (cx, cy) on the flat world: weights of the SW vertices
// within 120 m (1 inside 20 m, else 400/d²), the total, each desc's count.
func expectFlat(cx, cy int) (total, west, east float64) {
	px, py := float64(cx*24+12), float64(cy*24+12)
	for sx := range 8 {
		for sy := range 8 {
			d2 := math.Pow(float64(sx*24)-px, 2) + math.Pow(float64(sy*24)-py, 2)
			if d2 >= 14400 {
				continue
			}
			w := 1.0
			if d2 >= 400 {
				w = 400 / d2
			}
			total += w
			if sx < 4 {
				west += w
			} else {
				east += w
			}
		}
	}
	return
}

// TestA7_ValuesFromIndependentArithmetic: the bed's crossfade volume
// (volume·count/total), the one-shot's play chance (chance·count/total) and the
// desc's share (count/total) agree with float64 arithmetic done here to float32
// precision, on every cell of the flat world.
func TestA7_ValuesFromIndependentArithmetic(t *testing.T) {
	f := newFlat()
	a, err := New(f, f)
	if err != nil {
		t.Fatal(err)
	}
	get := func(sel Selector) *Result {
		r, err := a.Compute(context.Background(), Request{Sel: sel})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	westBed := get(Selector{Kind: BySound, Table: 0x20000001, SType: 0x46})
	shot := get(Selector{Kind: BySound, Table: 0x20000001, SType: 0x47})
	share := get(Selector{Kind: ByDesc, Desc: 1})
	loud := get(Selector{Kind: LoudestBed})
	if westBed.Kind != KindVolume || shot.Kind != KindChance || share.Kind != KindShare {
		t.Fatalf("kinds %v %v %v", westBed.Kind, shot.Kind, share.Kind)
	}
	near := func(got float32, want float64) bool { return math.Abs(float64(got)-want) <= 1e-6*math.Max(1, want) }
	for i := range 64 {
		cx, cy := westBed.Cell(i)
		total, west, east := expectFlat(cx, cy)
		if !near(westBed.Values[i], 0.5*west/total) || !near(shot.Values[i], 0.2*west/total) || !near(share.Values[i], east/total) {
			t.Fatalf("cell (%d,%d): bed %v chance %v share %v; want %v %v %v", cx, cy,
				westBed.Values[i], shot.Values[i], share.Values[i], 0.5*west/total, 0.2*west/total, east/total)
		}
		wantCat, wantV := "0x20000001:Ambient1", 0.5*west/total
		if 0.8*east/total > wantV {
			wantCat, wantV = "0x20000002:Ambient1", 0.8*east/total
		}
		if got := loud.Categories[loud.Cats[i]].String(); got != wantCat || !near(loud.Values[i], wantV) {
			t.Fatalf("cell (%d,%d): loudest %s %v, want %s %v", cx, cy, got, loud.Values[i], wantCat, wantV)
		}
	}
	// Sampling (Step 8) returns exactly the full computation's value of the sampled cell (4,4).
	one, _ := a.Compute(context.Background(), Request{Sel: Selector{Kind: ByDesc, Desc: 1}, Step: 8})
	if one.PerBlock() != 1 || one.Values[0] != share.Values[4*8+4] {
		t.Fatalf("step 8: %d values, %v; want 1, %v", one.PerBlock(), one.Values, share.Values[36])
	}
}

func TestSelectorErrors(t *testing.T) {
	f := newFlat()
	a, _ := New(f, f)
	for _, sel := range []Selector{{Kind: BySound, Table: 0x20000009, SType: 0x46}, {Kind: ByDesc, Desc: 2}, {Kind: ByDesc, Desc: -1}} {
		if _, err := a.Compute(context.Background(), Request{Sel: sel}); err == nil {
			t.Errorf("%s: no error", sel)
		}
	}
	_, err := a.Compute(context.Background(), Request{Sel: Selector{Kind: BySound, Table: 0x20000009, SType: 0x46}})
	if !errors.Is(err, ErrNoSound) || !strings.Contains(err.Error(), "0x20000009:Ambient1") {
		t.Fatalf("err %v", err)
	}
	if _, err := a.Compute(context.Background(), Request{Sel: Selector{Kind: LoudestBed}, Step: 3}); err == nil {
		t.Fatal("step 3 accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := a.Compute(ctx, Request{Sel: Selector{Kind: LoudestBed}}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: err %v", err)
	}
}

func TestParsers(t *testing.T) {
	if s, err := ParseSound("0x20000004:ambient7"); err != nil || s != (Sound{0x20000004, 0x4C}) {
		t.Fatalf("ParseSound: %v %v", s, err)
	}
	if s, err := ParseSound("20000004:0x4C"); err != nil || s != (Sound{0x20000004, 0x4C}) {
		t.Fatalf("ParseSound hex: %v %v", s, err)
	}
	for _, bad := range []string{"0x20000004", "zz:Ambient1", "0x20000004:NoSuchType"} {
		if _, err := ParseSound(bad); err == nil {
			t.Errorf("ParseSound(%q) accepted", bad)
		}
	}
	if r, err := ParseRect("0xABB6..0xA7B2"); err != nil || r != (Rect{0xA7, 0xB2, 0xAB, 0xB6}) {
		t.Fatalf("ParseRect: %v %v", r, err)
	}
	if r, err := ParseRect("A9B4"); err != nil || r != (Rect{0xA9, 0xB4, 0xA9, 0xB4}) || len(r.Blocks()) != 1 {
		t.Fatalf("ParseRect single: %v %v", r, err)
	}
	for _, bad := range []string{"", "0xA9B4..", "0x1A9B4..0xA9B4", "hello"} {
		if _, err := ParseRect(bad); err == nil {
			t.Errorf("ParseRect(%q) accepted", bad)
		}
	}
	for in, want := range map[string]Query{"0x20000003": {Kind: QueryTable, ID: 0x20000003}, "0x0A000010": {Kind: QueryWave, ID: 0x0A000010}, "Waterfall": {Kind: QuerySType, ID: 0x4E}, "0x4e": {Kind: QuerySType, ID: 0x4E}} {
		if q, err := ParseQuery(in); err != nil || q != want {
			t.Errorf("ParseQuery(%q) = %v, %v; want %v", in, q, err, want)
		}
	}
	if _, err := ParseQuery("0x12000001"); err == nil {
		t.Error("a scene id accepted as a search")
	}
}

// FormatValue keeps 8 significant digits: float32(1/3) = 0.333333343… → 0.33333334.
func TestFormatValue(t *testing.T) {
	for v, want := range map[float32]string{1.0 / 3: "0.33333334", 0: "0", 0.35: "0.34999999", 1: "1", 0.029999999: "0.029999999"} {
		if got := FormatValue(v); got != want {
			t.Errorf("FormatValue(%v) = %q, want %q", v, got, want)
		}
	}
}

// standInAtlas is the atlas of the stand-in world.
func standInAtlas(t *testing.T) *Atlas {
	a, _ := standInAtlasSim(t)
	return a
}

// standInAtlasSim is the atlas of the stand-in world and a Sim (seed 1) on
// the same archive, for the probe to check it against.
func standInAtlasSim(t *testing.T) (*Atlas, *world.Sim) {
	t.Helper()
	arch, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	return atlasAndSim(t, arch)
}

// atlasAndSim opens the atlas of arch and a Sim (seed 1) on it.
func atlasAndSim(t *testing.T, arch *dat.Archive) (*Atlas, *world.Sim) {
	t.Helper()
	a, err := Open(arch)
	if err != nil {
		t.Fatal(err)
	}
	s, err := world.NewSim(world.Config{Archive: arch, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return a, s
}

// TestCSV: the header, one row per land cell of each landblock present, cell
// ids and centres, and values matching the result.
func TestCSV(t *testing.T) {
	a := standInAtlas(t)
	r, err := a.Compute(context.Background(), Request{Sel: Selector{Kind: BySound, Table: 0x20000003, SType: 0x4E}})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteCSV(&b, r); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if lines[0] != "landblock,cell,x,y,value" || len(lines) != 1+25*64 {
		t.Fatalf("header %q, %d lines; want 1601", lines[0], len(lines))
	}
	// Holtburg 0xA9B4 is the 13th landblock (x-major from 0xA7B2); cell (3,0) is its id 0x0019.
	row := lines[1+12*64+3*8+0]
	if !strings.HasPrefix(row, "0xA9B4,0xA9B40019,84,12,") {
		t.Fatalf("row %q", row)
	}
	if want := FormatValue(r.Values[12*64+24]); !strings.HasSuffix(row, ","+want) {
		t.Fatalf("row %q, want value %s", row, want)
	}
}

// TestSearch: the frogs (Ambient7) play only around the pond — the marsh's
// table is missing (A1) — ranked by peak, each hit's peak the landblock's
// largest value of the heatmap and its cell count the cells with a chance > 0;
// the wave search finds the same sound; a table search finds both its sounds.
func TestSearch(t *testing.T) {
	a := standInAtlas(t)
	hits, err := a.Search(context.Background(), Query{Kind: QuerySType, ID: 0x4C}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 {
		t.Fatal("no hits")
	}
	heat, _ := a.Compute(context.Background(), Request{Sel: Selector{Kind: BySound, Table: 0x20000004, SType: 0x4C}})
	for i, h := range hits {
		if h.Sound != (Sound{0x20000004, 0x4C}) || h.Kind != KindChance {
			t.Fatalf("hit %d: %v %v", i, h.Sound, h.Kind)
		}
		if i > 0 && h.Peak > hits[i-1].Peak {
			t.Fatalf("not ranked: %v after %v", h.Peak, hits[i-1].Peak)
		}
		bi := -1
		for j, lb := range heat.Blocks {
			if lb == h.Landblock {
				bi = j
			}
		}
		peak, n := float32(0), 0
		for _, v := range heat.Values[bi*64 : bi*64+64] {
			peak = max(peak, v)
			if v > 0 {
				n++
			}
		}
		if h.Peak != peak || h.Cells != n {
			t.Fatalf("0x%04X: peak %v over %d cells, heatmap %v over %d", h.Landblock, h.Peak, h.Cells, peak, n)
		}
	}
	if len(hits) == 25 {
		t.Fatal("the frogs play everywhere: the search found nothing specific")
	}
	// croak-a's wave (sound.txt) is in 0x20000004's Ambient7.
	st, _ := a.data.SoundTable(0x20000004)
	wave := st.Sounds[0x4C][0].WaveID
	byWave, err := a.Search(context.Background(), Query{Kind: QueryWave, ID: wave}, nil, nil)
	if err != nil || len(byWave) < len(hits) {
		t.Fatalf("wave search: %d hits, %v", len(byWave), err)
	}
	byTable, _ := a.Search(context.Background(), Query{Kind: QueryTable, ID: 0x20000003}, nil, nil)
	kinds := map[Kind]bool{}
	for _, h := range byTable {
		kinds[h.Kind] = true
	}
	if !kinds[KindVolume] || !kinds[KindChance] {
		t.Fatalf("table search kinds %v, want the stream's bed and its one-shot", kinds)
	}
	// The marsh desc names 0x200000F0, so the query matches a desc; its table
	// is missing, so it plays nowhere (A1).
	if marsh, err := a.Search(context.Background(), Query{Kind: QueryTable, ID: 0x200000F0}, nil, nil); err != nil || len(marsh) != 0 {
		t.Fatalf("missing table: %d hits, %v; want none", len(marsh), err)
	}
	var b bytes.Buffer
	if err := WriteHitsCSV(&b, hits); err != nil || !strings.HasPrefix(b.String(), "rank,landblock,sound,kind,peak,cells,peak_cell,x,y,map\n1,0x") {
		t.Fatalf("hits CSV %q %v", b.String()[:min(80, b.Len())], err)
	}
}

// TestDraw: north up, missing landblocks hatched, the largest value at the
// top of the ramp, zero values in the "silent" colour.
func TestDraw(t *testing.T) {
	a := standInAtlas(t)
	rc := Rect{0xA6, 0xB1, 0xAC, 0xB7}
	r, err := a.Compute(context.Background(), Request{Sel: Selector{Kind: BySound, Table: 0x20000003, SType: 0x4E}, Blocks: rc.Blocks()})
	if err != nil {
		t.Fatal(err)
	}
	img := Draw(r, rc, Picture{Title: "t", Present: a.Present})
	px := 1024 / (7 * 8) // 18 → clamped to 16
	px = min(px, 16)
	ox, oy := 12, 12+34
	at := func(lb uint16, cx, cy int) color.RGBA { // centre pixel of a cell
		x := ox + ((int(lb>>8)-rc.X0)*8+cx)*px + px/2
		y := oy + ((rc.Y1-int(lb&0xFF))*8+7-cy)*px + px/2
		return img.RGBAAt(x, y)
	}
	if c := at(0xA6B1, 3, 3); c != colHatchA && c != colHatchB {
		t.Fatalf("missing landblock drawn %v", c)
	}
	// The stream's largest value, and a zero, where they are.
	var maxAt, zeroAt [3]int
	best := float32(-1)
	zeroAt[0] = -1
	for bi := range r.Blocks {
		for i := range 64 {
			v := r.Values[bi*64+i]
			if v > best {
				best, maxAt = v, [3]int{bi, i / 8, i % 8}
			}
			if v == 0 && zeroAt[0] < 0 {
				zeroAt = [3]int{bi, i / 8, i % 8}
			}
		}
	}
	if c := at(r.Blocks[maxAt[0]], maxAt[1], maxAt[2]); c != (color.RGBA{253, 231, 37, 255}) { // the ramp's top stop (viridis' yellow)
		t.Fatalf("max cell drawn %v, want the ramp's top {253 231 37}", c)
	}
	if zeroAt[0] < 0 {
		t.Fatal("no silent cell in the stand-in's stream map")
	}
	if c := at(r.Blocks[zeroAt[0]], zeroAt[1], zeroAt[2]); c != colSilent {
		t.Fatalf("silent cell drawn %v", c)
	}
}
