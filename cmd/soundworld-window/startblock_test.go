//go:build !js

package main

import (
	"testing"

	"soundworld/dat"
	"soundworld/dat/dattest"
	"soundworld/world"
)

// cellArchive is an archive whose cell dat holds landblocks lbs (0xXXYY)
// and whose portal dat holds nothing the test reads.
func cellArchive(t *testing.T, lbs ...uint16) *dat.Archive {
	t.Helper()
	open := func(w *dat.Writer, name string) *dat.File {
		img, err := w.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		return dattest.File(t, img, name)
	}
	c := dat.NewWriter(256, dat.DataSetCell, 1)
	for _, lb := range lbs {
		id := uint32(lb)<<16 | dat.LandBlockLow
		c.Add(id, dat.EncodeLandBlock(&dat.LandBlock{ID: id}))
	}
	a, err := dat.NewArchive(open(dat.NewWriter(1024, dat.DataSetPortal, 0), dat.PortalFile), open(c, dat.CellFile), "test")
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// Own game files without a place open at Holtburg's spawn block when they
// hold it, else at the block they hold nearest to it (files
// without Holtburg opened on an empty map).
func TestStartBlock(t *testing.T) {
	home := world.HoltburgSpawn.Landblock // 0xA9B4
	for _, c := range []struct {
		name  string
		lbs   []uint16
		want  uint16
		moved bool
	}{
		{"holds Holtburg", []uint16{0x1010, 0xA9B4, 0xA9B5}, 0xA9B4, false},
		// distances² from (0xA9, 0xB4) = (169, 180): (0xB0,0xB0) 7²+4² = 65;
		// (0xA0,0xA0) 9²+20² = 481; (0x10,0x10) far.
		{"nearest other", []uint16{0x1010, 0xA0A0, 0xB0B0}, 0xB0B0, true},
		{"one block", []uint16{0x0001}, 0x0001, true},
		{"no land", nil, home, false},
	} {
		lb, moved, err := startBlock(cellArchive(t, c.lbs...))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if lb != c.want || moved != c.moved {
			t.Errorf("%s: startBlock = %#04x moved %v, want %#04x moved %v", c.name, lb, moved, c.want, c.moved)
		}
	}
}

// The window's flags: -dat of files without Holtburg and no place start at
// the centre of the nearest block they hold, not at Holtburg's spawn.
func TestWindowConfig_OwnFilesWithoutHoltburg(t *testing.T) {
	dir := t.TempDir()
	p := dat.NewWriter(1024, dat.DataSetPortal, 0)
	p.Add(dat.RegionID, regionRecord())
	c := dat.NewWriter(256, dat.DataSetCell, 1)
	for _, lb := range []uint32{0x1010, 0xB0B0} {
		id := lb<<16 | dat.LandBlockLow
		c.Add(id, dat.EncodeLandBlock(&dat.LandBlock{ID: id}))
	}
	dattest.WriteDir(t, dir, p, c)
	w, _ := windowConfig(t, "-dat", dir)
	cfg, err := w.config()
	if err != nil {
		t.Fatal(err)
	}
	defer cfg.Archive.Close()
	// 0xB0B0's centre: (0xB0·192 + 96, 0xB0·192 + 96) m = (33888, 33888).
	if cfg.Start.X != 33888 || cfg.Start.Y != 33888 || cfg.Start.Place != nil {
		t.Errorf("start %+v, want (33888, 33888) m and no spawn place", *cfg.Start)
	}
}

// regionRecord is a minimal region: Dereth's name, a 2 m height step, one
// grassland terrain type (shotDats and the tests above).
func regionRecord() []byte {
	r := &dat.Region{ID: dat.RegionID, Number: 1, Version: 3, Name: "Dereth", PartsMask: dat.PartSound | dat.PartScene,
		Sound: &dat.SoundInfo{}, Scene: &dat.SceneInfo{SceneTypes: []dat.SceneType{{StbIndex: dat.NoIndex}}}}
	for i := range r.LandDefs.HeightTable {
		r.LandDefs.HeightTable[i] = float32(2 * i)
	}
	r.Terrain.TerrainTypes = []dat.TerrainType{{Name: "Grassland", SceneTypes: []uint32{0}}}
	return dat.EncodeRegion(r)
}
