package world

import (
	"encoding/binary"
	"strings"
	"sync"
	"testing"

	"soundworld/dat"
	"soundworld/dat/dattest"
)

var fuzzImages struct {
	once         sync.Once
	portal, cell []byte
}

// shortWaves reads records from the archive (so every fuzzed byte is parsed
// as usual) but hands the Sim at most 4 KiB of each wave's payload: decoding
// and resampling whole stand-in waves made each input take seconds.
type shortWaves struct{ *dat.Archive }

func (s shortWaves) Wave(id uint32) (*dat.Wave, error) {
	w, err := s.Archive.Wave(id)
	if err == nil && len(w.Data) > 4096 {
		c := *w
		c.Data = w.Data[:4096]
		return &c, nil
	}
	return w, err
}

// FuzzSimDamagedArchive builds the stand-in, overwrites bytes of its dats as
// the input says, opens them with dat.NewFile and runs a Sim for a few
// simulated seconds at and around Holtburg: no panic, no hang, and every
// record the Sim skipped is reported as a problem naming a dat file. Waves
// reach the Sim cut to 4 KiB (shortWaves); audio's FuzzDecodeWave covers whole ones.
func FuzzSimDamagedArchive(f *testing.F) {
	fuzzImages.once.Do(func() {
		fuzzImages.portal, fuzzImages.cell = standInImages(f)
	})
	portal, cell := fuzzImages.portal, fuzzImages.cell
	a := openImages(f, portal, cell)
	at := func(fl *dat.File, id uint32) uint32 {
		e, err := fl.Lookup(id)
		if err != nil {
			f.Fatal(err)
		}
		return e.Offset
	}
	root := binary.LittleEndian.Uint32(portal[0x160:])
	reg := at(a.Portal, dat.RegionID)
	lb := at(a.Cell, dat.LandBlockID(0xA9, 0xB4))
	r, _ := a.Region()
	table := at(a.Portal, r.Sound.STBDescs[0].STBID)
	f.Add([]byte{})
	f.Add(dattest.FuzzOp(0, reg+4+72+3, 0x7F))                                       // a height table value → 3e38 or NaN-ish
	f.Add(dattest.FuzzOp(0, reg+4+0x30, 0xFF))                                       // LandDefs scalars
	f.Add(dattest.FuzzOp(1, lb+4+8+2*40+1, 0xFF))                                    // a terrain word's scene index
	f.Add(dattest.FuzzOp(1, lb+4, 0x00))                                             // the landblock's own id
	f.Add(dattest.FuzzOp(0, table+4+8, 0xFF))                                        // a table's root count
	f.Add(dattest.FuzzOp(0, root+4+248, 0x40))                                       // root node entry count
	f.Add(append(dattest.FuzzOp(1, 0x160, 0x01), dattest.FuzzOp(0, 0x144, 0x03)...)) // header fields
	f.Fuzz(func(t *testing.T, ops []byte) {
		a, ok := dattest.Fuzzed(portal, cell, ops)
		if !ok {
			return
		}
		s, err := NewSim(Config{Data: shortWaves{a}, Seed: 7})
		if err != nil {
			if !strings.Contains(err.Error(), dat.PortalFile) && !strings.Contains(err.Error(), dat.CellFile) {
				t.Fatalf("NewSim error names no file: %v", err)
			}
			return
		}
		ps := &dat.Problems{}
		s.SetProblems(ps)
		for i := range 40 {
			if i == 20 {
				s.SetListener(HoltburgX+150, HoltburgY+100, 90)
			}
			s.Tick(0.1)
		}
		if len(s.Land().Errs) > ps.Len() {
			t.Fatalf("%d records skipped, %d problems reported: %v", len(s.Land().Errs), ps.Len(), s.Land().Errs)
		}
		for _, p := range ps.List() {
			if p.File != dat.PortalFile && p.File != dat.CellFile {
				t.Fatalf("problem names no dat file: %v", p)
			}
		}
	})
}
