package world

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/dat/dattest"
	"soundworld/internal/damage"
)

// standInImages builds the stand-in's portal and cell dat images.
func standInImages(t testing.TB) (portal, cell []byte) {
	t.Helper()
	portal, cell, err := assets.StandInImages()
	if err != nil {
		t.Fatal(err)
	}
	return portal, cell
}

// recordAt is the file offset of record id's first payload byte in img.
func recordAt(t testing.TB, img []byte, id uint32) int {
	t.Helper()
	return int(dattest.Entry(t, img, id).Offset) + 4
}

func openImages(t testing.TB, portal, cell []byte) *dat.Archive {
	t.Helper()
	a, err := damage.Open(portal, cell)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// A bad landblock under the listener and a bad sound table named by the
// region are skipped as retail skips them (no weight, like missing ones) and
// each is reported once, naming file, record and byte.
func TestSimReportsSkippedRecords(t *testing.T) {
	portal, cell := standInImages(t)
	a := openImages(t, portal, cell)
	reg, err := a.Region()
	if err != nil {
		t.Fatal(err)
	}
	// Damage: the Holtburg landblock's own id, and every ambient table's root count.
	lb := dat.LandBlockID(0xA9, 0xB4)
	binary.LittleEndian.PutUint32(cell[recordAt(t, cell, lb):], 0xA9B3FFFF)
	var tables []uint32
	for _, d := range reg.Sound.STBDescs {
		if d.STBID == assets.MissingTable {
			continue
		}
		at := recordAt(t, portal, d.STBID)
		binary.LittleEndian.PutUint32(portal[at+8:], 0x7FFFFFFF) // root sound data count
		tables = append(tables, d.STBID)
	}
	a = openImages(t, portal, cell)

	ps := &dat.Problems{}
	var live []string
	ps.OnNew(func(p dat.Problem) { live = append(live, p.String()) })
	s, err := NewSim(Config{Archive: a, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s.SetProblems(ps)
	for range 50 {
		s.Tick(0.1)
	}
	if s.Ambient().TotalWeight() != 0 {
		t.Errorf("A1: every table is bad, yet the ambient weight is %v", s.Ambient().TotalWeight())
	}
	got := map[uint32]dat.Problem{}
	for _, p := range ps.List() {
		got[p.Record] = p
	}
	if p, ok := got[lb]; !ok || p.File != dat.CellFile || p.Kind != dat.KindBadLandBlock || !strings.Contains(p.What, "id mismatch") {
		t.Errorf("landblock problem: %+v (all: %v)", p, live)
	}
	// Tables are read lazily: those of the cells around the listener.
	nt := 0
	for _, id := range tables {
		p, ok := got[id]
		if !ok {
			continue
		}
		nt++
		if p.File != dat.PortalFile || p.Kind != dat.KindBadTable || !p.InRecord || p.Off != 8 || !strings.Contains(p.What, "sound data count") {
			t.Errorf("table 0x%08X problem: %+v", id, p)
		}
	}
	if nt == 0 || len(got) != nt+1 {
		t.Errorf("%d table problems of %d in all, want ≥ 1 and the landblock: %v", nt, len(got), live)
	}
	if len(live) != ps.Len() {
		t.Errorf("%d notified, %d listed", len(live), ps.Len())
	}
}

// The stand-in reports nothing but its deliberately missing "marsh" table
// (A1), if the listener comes near the pond.
func TestSimStandInOnlyMissesTheMarshTable(t *testing.T) {
	portal, cell := standInImages(t)
	s, err := NewSim(Config{Archive: openImages(t, portal, cell), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for range 50 {
		s.Tick(0.1)
	}
	s.SetListener(HoltburgX+300, HoltburgY, 0)
	for range 50 {
		s.Tick(0.1)
	}
	for _, p := range s.Problems().List() {
		if p.Record != assets.MissingTable || p.Kind != dat.KindMissingRecord || p.File != dat.PortalFile {
			t.Errorf("clean stand-in: %v", p)
		}
	}
}

// Waves that do not decode play silence, as before, and are reported once
// each through the Sim's audio bank, naming the portal file.
func TestSimReportsBadWaves(t *testing.T) {
	portal, cell := standInImages(t)
	f := dattest.File(t, portal, "img")
	bs := int(f.Header().BlockSize)
	for e, err := range f.Entries(0x0A000000, 0x0AFFFFFF) {
		if err != nil {
			t.Fatal(err)
		}
		at := int(e.Offset) + 4 + 12 + 4 // nSamplesPerSec, in the first block
		if at+4 > int(e.Offset)+bs {
			t.Fatal("wave header not in the first block")
		}
		binary.LittleEndian.PutUint32(portal[at:], 3)
	}
	ps := damagedSimProblems(t, portal, cell, 600)
	n := 0
	for _, p := range ps.List() {
		if p.Kind == dat.KindBadWave {
			n++
			if p.File != dat.PortalFile || p.Record>>24 != 0x0A || !strings.Contains(p.What, "sample rate 3 Hz") {
				t.Errorf("wave problem: %+v", p)
			}
		}
	}
	if n == 0 {
		t.Errorf("no wave problem in 60 s at Holtburg: %v", ps.List())
	}
}

// Issue 12: a wave that parses but does not decode is a problem naming the
// portal file, the wave's record id and the byte where the record's data
// begins in the file (it carried no offset before: "offset ?" in the Data
// problems panel). The expected offset is found by searching the damaged
// image for the record's first block of bytes, not from the directory.
func TestSimBadWaveNamesTheRecordByte(t *testing.T) {
	portal, cell := standInImages(t)
	f := dattest.File(t, portal, "img")
	payload := int(f.Header().BlockSize) - 4
	var ids []uint32
	for e, err := range f.Entries(0x0A000000, 0x0AFFFFFF) {
		if err != nil {
			t.Fatal(err)
		}
		binary.LittleEndian.PutUint32(portal[int(e.Offset)+4+12+4:], 3) // nSamplesPerSec
		ids = append(ids, e.ID)
	}
	want := map[uint32]int64{}
	for _, id := range ids {
		rec, err := f.Get(id) // the damaged bytes (f reads the same slice)
		if err != nil {
			t.Fatal(err)
		}
		head := rec[:min(len(rec), payload)]
		at := bytes.Index(portal, head)
		if at < 0 || bytes.LastIndex(portal, head) != at {
			t.Fatalf("wave 0x%08X: its first block's bytes are not found once in the image", id)
		}
		want[id] = int64(at)
	}
	ps := damagedSimProblems(t, portal, cell, 600)
	n := 0
	for _, p := range ps.List() {
		if p.Kind != dat.KindBadWave {
			continue
		}
		n++
		if w, ok := want[p.Record]; !ok || p.File != dat.PortalFile || p.Off != w || p.InRecord {
			t.Errorf("wave problem %+v: want file %s, record 0x%08X, file byte 0x%X", p, dat.PortalFile, p.Record, w)
		}
		if line := p.String(); !strings.HasSuffix(line, fmt.Sprintf(" at byte 0x%X", want[p.Record])) {
			t.Errorf("line %q does not end with the byte", line)
		}
	}
	if n == 0 {
		t.Errorf("no wave problem in 60 s at Holtburg: %v", ps.List())
	}
}

// A region index that points nowhere (A1: no sound there) is reported when
// problems are collected, naming the region record and the index's byte.
func TestSimReportsRegionIndexOutOfRange(t *testing.T) {
	portal, cell := standInImages(t)
	a := openImages(t, portal, cell)
	b, err := a.Portal.Get(dat.RegionID)
	if err != nil {
		t.Fatal(err)
	}
	_, refs, err := dat.ParseRegionRefs(b)
	if err != nil {
		t.Fatal(err)
	}
	// Scene type 0's stb_index → 999, through the record's block chain.
	off := refs.StbIndex[0]
	e, _ := a.Portal.Lookup(dat.RegionID)
	bs := int64(a.Portal.Header().BlockSize)
	cur := int64(e.Offset)
	for o := off; ; o -= bs - 4 {
		if o < bs-4 {
			binary.LittleEndian.PutUint32(portal[cur+4+o:], 999)
			break
		}
		cur = int64(binary.LittleEndian.Uint32(portal[cur:]))
	}
	ps := damagedSimProblems(t, portal, cell, 0)
	for _, p := range ps.List() {
		if p.Record == dat.RegionID && p.Kind == dat.KindBadReference && p.Off == off && p.File == dat.PortalFile &&
			strings.Contains(p.What, "scene type 0 names sound desc 999 of") {
			return
		}
	}
	t.Errorf("no problem for scene type 0's stb_index at record byte 0x%X: %v", off, ps.List())
}

// A landblock terrain word whose scene index is past its terrain type's
// list (A1: no sound there) is reported when the landblock is loaded.
func TestSimReportsBadTerrainWord(t *testing.T) {
	portal, cell := standInImages(t)
	lb := dat.LandBlockID(0xA9, 0xB4)
	at := recordAt(t, cell, lb) + 8 + 2*10 // vertex 10's word
	w := binary.LittleEndian.Uint16(cell[at:])
	binary.LittleEndian.PutUint16(cell[at:], w|0xF800) // scene index 31
	ps := damagedSimProblems(t, portal, cell, 1)
	for _, p := range ps.List() {
		if p.Record == lb && p.File == dat.CellFile && p.Off == 28 && p.Kind == dat.KindBadReference && strings.Contains(p.What, "vertex 10 terrain word") {
			return
		}
	}
	t.Errorf("no problem for vertex 10 of 0x%08X: %v", lb, ps.List())
}

// Land.SetProblems alone (the atlas) names the portal file in region problems too.
func TestLandSetProblemsNamesTheFile(t *testing.T) {
	portal, cell := standInImages(t)
	a := openImages(t, portal, cell)
	b, _ := a.Portal.Get(dat.RegionID)
	_, refs, err := dat.ParseRegionRefs(b)
	if err != nil {
		t.Fatal(err)
	}
	e, _ := a.Portal.Lookup(dat.RegionID)
	bs := int64(a.Portal.Header().BlockSize)
	cur, o := int64(e.Offset), refs.StbIndex[0]
	for ; o >= bs-4; o -= bs - 4 {
		cur = int64(binary.LittleEndian.Uint32(portal[cur:]))
	}
	binary.LittleEndian.PutUint32(portal[cur+4+o:], 999)
	l, err := NewLand(openImages(t, portal, cell))
	if err != nil {
		t.Fatal(err)
	}
	ps := &dat.Problems{}
	l.SetProblems(ps)
	if list := ps.List(); len(list) != 1 || list[0].File != dat.PortalFile || list[0].Off != refs.StbIndex[0] {
		t.Errorf("problems: %v", list)
	}
}

// damagedSimProblems runs a Sim (seed 1) on the dat images portal, cell
// for ticks ticks of 0.1 s and returns the problems it reported.
func damagedSimProblems(t *testing.T, portal, cell []byte, ticks int) *dat.Problems {
	t.Helper()
	s, err := NewSim(Config{Archive: openImages(t, portal, cell), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	ps := &dat.Problems{}
	s.SetProblems(ps)
	for range ticks {
		s.Tick(0.1)
	}
	return ps
}
