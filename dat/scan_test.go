package dat

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// Each offset RegionRefs gives holds the value it names.
func TestRegionRefsPointAtTheValues(t *testing.T) {
	b := EncodeRegion(sampleRegion())
	g, refs, err := ParseRegionRefs(b)
	if err != nil {
		t.Fatal(err)
	}
	at := func(off int64) uint32 { return binary.LittleEndian.Uint32(b[off:]) }
	for i, d := range g.Sound.STBDescs {
		if at(refs.STBID[i]) != d.STBID {
			t.Errorf("STBID[%d] at 0x%X", i, refs.STBID[i])
		}
	}
	for i, s := range g.Scene.SceneTypes {
		if at(refs.StbIndex[i]) != s.StbIndex {
			t.Errorf("StbIndex[%d] at 0x%X", i, refs.StbIndex[i])
		}
	}
	for i, tt := range g.Terrain.TerrainTypes {
		for j, v := range tt.SceneTypes {
			if at(refs.TerrainScenes[i]+4*int64(j)) != v {
				t.Errorf("TerrainScenes[%d][%d]", i, j)
			}
		}
	}
}

// A bad leaf ends Entries but AllEntries reports it and goes on.
func TestAllEntriesGoesOnPastABadNode(t *testing.T) {
	img := baseImage(t)
	f, _ := NewFile(bytes.NewReader(img), int64(len(img)), "b.dat")
	all := 0
	for _, err := range f.Entries(0, 0xFFFFFFFF) {
		if err != nil {
			t.Fatal(err)
		}
		all++
	}
	root := binary.LittleEndian.Uint32(img[0x160:])
	leaf := binary.LittleEndian.Uint32(img[root+4:])    // root's branch[0]
	binary.LittleEndian.PutUint32(img[leaf+4+248:], 99) // entry_count > 61
	f, _ = NewFile(bytes.NewReader(img), int64(len(img)), "b.dat")
	n, bad := 0, 0
	for _, err := range f.Entries(0, 0xFFFFFFFF) {
		if err != nil {
			bad++
			break
		}
		n++
	}
	m, errs := 0, 0
	for _, err := range f.AllEntries() {
		if err != nil {
			errs++
			continue
		}
		m++
	}
	if bad != 1 || errs != 1 || m <= n || m >= all {
		t.Errorf("Entries: %d then %d error; AllEntries: %d entries, %d errors (of %d)", n, bad, m, errs, all)
	}
}

// A node reached twice is reported once, not walked again (no blow-up).
func TestAllEntriesSharedNode(t *testing.T) {
	img := baseImage(t)
	root := binary.LittleEndian.Uint32(img[0x160:])
	b0 := binary.LittleEndian.Uint32(img[root+4:])
	binary.LittleEndian.PutUint32(img[root+4+4:], b0) // branch[1] = branch[0]
	f, _ := NewFile(bytes.NewReader(img), int64(len(img)), "b.dat")
	errs := 0
	for _, err := range f.AllEntries() {
		if err != nil {
			errs++
		}
	}
	if errs == 0 {
		t.Error("a shared node was not reported")
	}
}

func TestScannerReadsLikeRead(t *testing.T) {
	img := baseImage(t)
	f, _ := NewFile(bytes.NewReader(img), int64(len(img)), "b.dat")
	s := f.NewScanner()
	for e, err := range f.Entries(0, 0xFFFFFFFF) {
		if err != nil {
			t.Fatal(err)
		}
		a, err1 := f.Read(e)
		b, err2 := s.Read(e)
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			t.Fatalf("0x%08X: %v %v", e.ID, err1, err2)
		}
	}
}
