package world

import (
	"encoding/binary"
	"io"
	"strings"
	"sync"
	"testing"

	"soundworld/dat"
)

var fuzzImages struct {
	once         sync.Once
	portal, cell []byte
}

// patched is a dat image with some bytes overwritten (copy on read, so the
// stand-in's 2.8 MB portal image is never copied per input).
type patched struct {
	base []byte
	set  map[int64]byte
}

func (p *patched) ReadAt(b []byte, off int64) (int, error) {
	if off < 0 || off >= int64(len(p.base)) {
		return 0, io.EOF
	}
	n := copy(b, p.base[off:])
	for at, v := range p.set {
		if at >= off && at < off+int64(n) {
			b[at-off] = v
		}
	}
	if n < len(b) {
		return n, io.EOF
	}
	return n, nil
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

// mutation is one op of a fuzz input: 6 bytes — file (bit 0: 0 portal, 1
// cell), u32 offset (mod the image size), new byte.
func mutation(file byte, off uint32, v byte) []byte {
	return append(binary.LittleEndian.AppendUint32([]byte{file}, off), v)
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
	f.Add(mutation(0, reg+4+72+3, 0x7F))                                 // a height table value → 3e38 or NaN-ish
	f.Add(mutation(0, reg+4+0x30, 0xFF))                                 // LandDefs scalars
	f.Add(mutation(1, lb+4+8+2*40+1, 0xFF))                              // a terrain word's scene index
	f.Add(mutation(1, lb+4, 0x00))                                       // the landblock's own id
	f.Add(mutation(0, table+4+8, 0xFF))                                  // a table's root count
	f.Add(mutation(0, root+4+248, 0x40))                                 // root node entry count
	f.Add(append(mutation(1, 0x160, 0x01), mutation(0, 0x144, 0x03)...)) // header fields
	f.Fuzz(func(t *testing.T, ops []byte) {
		imgs := [2]*patched{{base: portal, set: map[int64]byte{}}, {base: cell, set: map[int64]byte{}}}
		for i := 0; i+6 <= len(ops) && i < 6*64; i += 6 {
			p := imgs[ops[i]&1]
			p.set[int64(binary.LittleEndian.Uint32(ops[i+1:])%uint32(len(p.base)))] = ops[i+5]
		}
		pf, err := dat.NewFile(imgs[0], int64(len(portal)), dat.PortalFile)
		if err != nil {
			return
		}
		cf, err := dat.NewFile(imgs[1], int64(len(cell)), dat.CellFile)
		if err != nil {
			return
		}
		s, err := NewSim(Config{Data: shortWaves{&dat.Archive{Portal: pf, Cell: cf}}, Seed: 7})
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
