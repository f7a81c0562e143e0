package game

import (
	"bytes"
	"encoding/binary"
	"path/filepath"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/dat/dattest"
	"soundworld/internal/damage"
)

// A landblock with has_objects whose LandBlockInfo cannot be read
// (its chain points past the end) loses its buildings; the shot's sidecar
// names the record instead of "problems": [].
func TestShotSidecarListsLandBlockInfoProblems(t *testing.T) {
	portal, cell, err := assets.StandInImages()
	if err != nil {
		t.Fatal(err)
	}
	const info = 0xA9B4FFFE // the spawn's landblock: Holtburg's buildings
	e := dattest.Entry(t, cell, info)
	var pat [8]byte
	binary.LittleEndian.PutUint32(pat[:], info)
	binary.LittleEndian.PutUint32(pat[4:], e.Offset)
	at := bytes.Index(cell, pat[:])
	if at < 0 {
		t.Fatal("entry not found")
	}
	binary.LittleEndian.PutUint32(cell[at+4:], uint32(len(cell)+256)&^255) // the entry's first block: past the end
	a, err := damage.Open(portal, cell)
	if err != nil {
		t.Fatal(err)
	}
	_, ps := shotSidecar(t, a, filepath.Join(t.TempDir(), "s.png"))
	for _, p := range ps {
		if p.Record == info && p.File == dat.CellFile {
			return
		}
	}
	t.Errorf("sidecar problems %+v: want LandBlockInfo 0x%08X", ps, uint32(info))
}
