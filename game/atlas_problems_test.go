package game

import (
	"encoding/binary"
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/dat/dattest"
)

// The window's atlas reports what its own reads meet (bad data is never
// silent): a bad terrain word in a landblock two away from the listener —
// outside the Sim's 3 × 3 — shows in the window's data problems once the
// whole-world heatmap has read it (the atlas' one-scan path).
func TestAtlas_WindowReportsBadTerrainWord(t *testing.T) {
	portal, cell, err := assets.StandInImages()
	if err != nil {
		t.Fatal(err)
	}
	lb := dat.LandBlockID(0xAB, 0xB6) // the stand-in's north-east corner; the listener starts in 0xA9B4
	e := dattest.Entry(t, cell, lb)
	at := int(e.Offset) + 4 + 8 + 2*10 // vertex 10's word: record byte 28 (dat-format §3.4)
	binary.LittleEndian.PutUint16(cell[at:], binary.LittleEndian.Uint16(cell[at:])|0xF800)
	g := atlasGame(t, dattest.Open(t, portal, cell), "damaged stand-in")
	found := func() bool {
		for _, p := range g.cfg.Problems.List() {
			if p.Record == lb && p.File == dat.CellFile && p.Off == 28 && strings.Contains(p.What, "vertex 10 terrain word") {
				return true
			}
		}
		return false
	}
	if found() {
		t.Fatal("reported before the atlas read 0xABB6: the test would not tell")
	}
	whole(g)
	g.mapv.Toggles().Heat = true
	settle(t, g, func() bool { return g.mapv.AtlasSettled() && heatImage(g) })
	if !found() {
		t.Errorf("the window's problems lack vertex 10 of 0x%08X: %v", lb, g.cfg.Problems.List())
	}
}
