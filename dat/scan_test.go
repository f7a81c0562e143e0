package dat

import (
	"bytes"
	"encoding/binary"
	"slices"
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

// ReadBlocksWith hands fn the same bytes ReadBlocks returns and visits the
// same blocks, for a record in one block (passed in place), one spanning
// three blocks and a compressed one (both copied).
func TestScannerReadBlocksWithLikeReadBlocks(t *testing.T) {
	w := NewWriter(256, DataSetCell, 0)
	one := bytes.Repeat([]byte{1}, 252) // exactly one block's payload
	three := bytes.Repeat([]byte{3}, 600)
	for id, rec := range map[uint32][]byte{0x0101FFFF: one, 0x0202FFFF: three} {
		if err := w.Add(id, rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.AddCompressed(0x0303FFFF, three); err != nil {
		t.Fatal(err)
	}
	img, err := w.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	f := openImage(t, img)
	s1, s2 := f.NewScanner(), f.NewScanner()
	seen := map[uint32]bool{}
	for e, err := range f.Entries(0, 0xFFFFFFFF) {
		if err != nil {
			t.Fatal(err)
		}
		var v1, v2 []uint32
		want, err := s1.ReadBlocks(e, func(o uint32) { v1 = append(v1, o) })
		if err != nil {
			t.Fatal(err)
		}
		var got []byte
		err = s2.ReadBlocksWith(e, func(o uint32) { v2 = append(v2, o) }, func(b []byte) { got = bytes.Clone(b) })
		if err != nil || !bytes.Equal(got, want) || !slices.Equal(v1, v2) {
			t.Errorf("0x%08X: err %v, %d bytes want %d, blocks %v want %v", e.ID, err, len(got), len(want), v2, v1)
		}
		seen[e.ID] = true
	}
	if !seen[0x0101FFFF] || !seen[0x0202FFFF] || !seen[0x0303FFFF] {
		t.Fatalf("records read: %v", seen)
	}
	// A first block inside the directory is the same refusal either way.
	e, err := f.Lookup(0x0101FFFF)
	if err != nil {
		t.Fatal(err)
	}
	e.Offset = f.hdr.BTreeRoot
	_, err1 := s1.ReadBlocks(e, nil)
	err2 := s2.ReadBlocksWith(e, nil, func([]byte) { t.Error("fn called on a refused record") })
	if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
		t.Errorf("record in the directory: %v / %v", err1, err2)
	}
}
