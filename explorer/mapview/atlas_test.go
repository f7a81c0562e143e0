package mapview

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"soundworld/assets"
	"soundworld/atlas"
	"soundworld/names"
)

// settle runs the map's frames until cond holds (or 60 s).
func settle(t testing.TB, m *testMap, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	frame := 0
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("the map did not settle in 60 s")
		}
		frame++
		m.Update(m.cam, frame, Input{})
		time.Sleep(2 * time.Millisecond)
	}
	m.Update(m.cam, frame+1, Input{})
}

// Closer in, landmarks show with their model ids in the hover text, and the
// heatmap (loudest bed) holds the atlas' own values for the screen.
func TestAtlas_StandInHoltburgLayers(t *testing.T) {
	m := standInMap(t)
	m.cam.CX, m.cam.CY = 0xA9*192+96, 0xB4*192
	m.cam.MPP = 0.5
	m.Toggles().Heat = true
	settle(t, m, func() bool {
		_, _, fin := m.Overview()
		return fin && m.LandmarksRead(0xA9B4) && !m.heat.running && m.heat.img != nil
	})
	// The inn (assets.Landmarks[0]): a building with its model id under the cursor.
	inn := assets.Landmarks[0]
	s := m.Hover(m.cam, 0xA9*192+float64(inn.X), 0xB4*192+float64(inn.Y))
	if want := "building 0x01000201 hdg 90° (marker: size not in the data)"; !strings.Contains(s, want) {
		t.Errorf("hover at the inn: %q, want %q", s, want)
	}
	// Statics: the well.
	well := assets.Landmarks[6]
	if s := m.Hover(m.cam, 0xA9*192+float64(well.X), 0xB4*192+float64(well.Y)); !strings.Contains(s, "static 0x01000101") {
		t.Errorf("hover at the well: %q", s)
	}
	if s := m.lm.hover(m.cam, 0xA9*192+float64(well.X), 0xB4*192+float64(well.Y), true, false, nil); strings.Contains(s, "static") {
		t.Errorf("statics off: hover still names %q", s)
	}
	// With the stand-in's names the hover says what the landmark is, id beside.
	m.cfg.Names = names.New(nil, true, nil)
	if s := m.Hover(m.cam, 0xA9*192+float64(inn.X), 0xB4*192+float64(inn.Y)); !strings.Contains(s, "inn (building) 0x01000201") {
		t.Errorf("named hover at the inn: %q", s)
	}
	if s := m.Hover(m.cam, 0xA9*192+float64(well.X), 0xB4*192+float64(well.Y)); !strings.Contains(s, "well (static) 0x01000101") {
		t.Errorf("named hover at the well: %q", s)
	}
	// Heat values are the atlas' for the same cells.
	at := m.atlas()
	r, err := at.Compute(t.Context(), atlas.Request{Sel: atlas.Selector{Kind: atlas.LoudestBed}, Blocks: []uint16{0xA9B4}, Step: 1})
	if err != nil {
		t.Fatal(err)
	}
	hb := m.heat.cache[heatKey{atlas.Selector{Kind: atlas.LoudestBed}, 1}][0xA9B4]
	if hb.vals == nil {
		t.Fatal("0xA9B4 not in the heat cache")
	}
	if !slices.Equal(hb.vals, r.Values) || !slices.Equal(hb.cats, r.Cats) {
		t.Errorf("heat cache for 0xA9B4 differs from atlas.Compute")
	}
	nonzero := 0
	for _, v := range r.Values {
		if v > 0 {
			nonzero++
		}
	}
	if nonzero == 0 {
		t.Fatal("the stand-in's loudest bed is 0 everywhere in 0xA9B4")
	}
}

// The search panel's host: a SoundType search over the stand-in ranks
// landblocks by peak (highest first), a hit asks to jump to its peak cell's
// centre, the CSV export writes a header and one row per hit; bad
// queries and an export before any result are errors, not silence.
func TestAtlas_SearchJumpExport(t *testing.T) {
	v := standInMap(t)
	if err := v.ExportSearch(filepath.Join(t.TempDir(), "x.csv")); err == nil {
		t.Error("export before a search: no error")
	}
	if err := v.Search("0x12345678"); err == nil {
		t.Error("search 0x12345678 (neither a table nor a wave): no error")
	}
	if err := v.Search("Ambient1"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		v.srch.mu.Lock()
		running := v.srch.running
		v.srch.mu.Unlock()
		if !running {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("search did not finish in 30 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
	v.cfg.Names = names.New(nil, true, nil)
	st, lines := v.SearchLines(5)
	hits := v.srch.hits
	if v.srch.err != nil || len(hits) == 0 || len(lines) != min(5, len(hits)) {
		t.Fatalf("status %q, %d hits, %d lines, err %v", st, len(hits), len(lines), v.srch.err)
	}
	// Each hit names its sound as the stand-in does, the table and SoundType beside.
	for _, l := range lines {
		if !strings.HasPrefix(l.Detail, "meadow wind (0x20000001:Ambient1)") && !strings.HasPrefix(l.Detail, "rock gusts (0x20000006:Ambient1)") {
			t.Errorf("hit detail %q, want the stand-in's name for the Ambient1 it found", l.Detail)
		}
	}
	for i := 1; i < len(hits); i++ {
		if hits[i].Peak > hits[i-1].Peak {
			t.Fatalf("hit %d peak %v above hit %d's %v", i, hits[i].Peak, i-1, hits[i-1].Peak)
		}
	}
	// Jump: to the peak cell's centre (cell index → 24 m cells + 12 m).
	h := hits[0]
	v.JumpToHit(0)
	wx := float32(h.Landblock>>8)*192 + h.Cell.X
	wy := float32(h.Landblock&0xFF)*192 + h.Cell.Y
	if len(v.jumps) != 1 || float32(v.jumps[0][0]) != wx || float32(v.jumps[0][1]) != wy {
		t.Errorf("after the jump: jumps %v, want one to the peak cell centre (%v, %v)", v.jumps, wx, wy)
	}
	if int(h.Cell.X-12)%24 != 0 || int(h.Cell.Y-12)%24 != 0 {
		t.Errorf("peak cell centre (%v, %v) is not a cell centre", h.Cell.X, h.Cell.Y)
	}
	out := filepath.Join(t.TempDir(), "hits.csv")
	if err := v.ExportSearch(out); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, c := range string(b) {
		if c == '\n' {
			rows++
		}
	}
	if !strings.Contains(string(b), "rank,landblock,sound,kind,peak,cells,peak_cell,x,y,map\n") || rows != len(hits)+1 {
		t.Errorf("CSV: %d lines for %d hits:\n%s", rows, len(hits), b)
	}
	if len(v.notices) != 1 || !strings.Contains(v.notices[0], out) {
		t.Errorf("notices %q, want one naming %s", v.notices, out)
	}
	if err := v.ExportSearch(t.TempDir()); err == nil {
		t.Error("export onto a directory: no error")
	}
}

// The heatmap selector rejects what the region lacks (and leaves the layer
// as it was), and takes a desc the region has, turning the layer on.
func TestAtlas_HeatSelector(t *testing.T) {
	m := standInMap(t)
	m.atlas()
	settle(t, m, func() bool { return m.atlas() != nil })
	for _, c := range []struct {
		mode int
		arg  string
	}{{HeatSound, "0x20000001:0x7FFF"}, {HeatSound, "banana"}, {HeatDesc, "99"}, {HeatDesc, "x"}} {
		if err := m.SetHeatmap(c.mode, c.arg); err == nil {
			t.Errorf("SetHeatmap(%d, %q): no error", c.mode, c.arg)
		}
	}
	if err := m.SetHeatmap(HeatDesc, "0"); err != nil || !m.Toggles().Heat {
		t.Errorf("SetHeatmap(desc 0): %v, heat on %v", err, m.Toggles().Heat)
	}
}

// Moving the view to other landblocks stops the running heat job (if it is
// still running) and starts one for the new view; what was done stays cached
// and the new view ends up complete.
func TestAtlas_HeatJobFollowsTheView(t *testing.T) {
	v := standInMap(t)
	v.cam.MPP = 0.25 // 320 × 180 m: at most 3 × 2 landblocks
	v.cam.CX, v.cam.CY = 0xA7*192+96, 0xB2*192+96
	settle(t, v, func() bool { return v.atlas() != nil })
	v.tog.Heat = true
	v.heat.update(v.Map, v.cam)
	if !v.heat.running {
		t.Fatal("no job for the first view")
	}
	gen, first := v.heat.gen, v.heat.jobView
	v.cam.CX, v.cam.CY = 0xAB*192+96, 0xB6*192+96 // the stand-in's other corner
	v.heat.update(v.Map, v.cam)
	if v.heat.gen != gen+1 || v.heat.jobView == first || !v.heat.running {
		t.Errorf("after the move: job generation %d (was %d), view %+v (was %+v)", v.heat.gen, gen, v.heat.jobView, first)
	}
	settle(t, v, func() bool { return !v.heat.running })
	m := v.heat.cache[heatKey{v.heat.sel, 1}]
	hv, _ := viewOf(v.cam)
	for bx := hv.bx0; bx <= hv.bx1; bx++ {
		for by := hv.by0; by <= hv.by1; by++ {
			if lb := uint16(bx<<8 | by); v.atlas().Present(lb) && m[lb].vals == nil {
				t.Errorf("landblock 0x%04X on screen not computed", lb)
			}
		}
	}
}
