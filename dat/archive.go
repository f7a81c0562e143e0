package dat

import (
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"sync"
)

// Dat file names in an Asheron's Call folder.
const (
	PortalFile = "client_portal.dat"
	CellFile   = "client_cell_1.dat"
)

// Archive is a portal + cell pair: the one way the rest of the tool reads game data,
// whether it came from the user's files or the built-in stand-in.
type Archive struct {
	Portal, Cell *File
	Source       string // "Holtburg (stand-in)" or the dat folder

	pmu   sync.Mutex
	probs *Problems // made by Problems
}

// Problems is the archive's collector of data problems: first both files'
// directory problems (found when they opened), then those of every record
// read through the archive's record methods (each type's Problems method:
// values retail data never holds, trailing bytes). Readers that report data
// problems forward these (world.Land does); the records themselves are
// returned as parsed, to be used as retail would.
func (a *Archive) Problems() *Problems {
	a.pmu.Lock()
	defer a.pmu.Unlock()
	if a.probs == nil {
		a.probs = &Problems{}
		a.probs.SetLocator(a.RecordOffset)
		for _, f := range []*File{a.Portal, a.Cell} {
			if f != nil {
				for _, p := range f.dirProbs {
					a.probs.Add(p)
				}
			}
		}
	}
	return a.probs
}

// note adds the problems probs found in record id of f.
func (a *Archive) note(f *File, probs []Problem) {
	if len(probs) == 0 {
		return
	}
	ps := a.Problems()
	for _, p := range probs {
		p.File = f.Name()
		ps.Add(p)
	}
}

// OpenDir opens client_portal.dat and client_cell_1.dat in dir. A missing
// folder or file gives an error that says what was expected where. (The
// programs open data through cli.OpenDataDir, which also keeps every output
// out of the folder.)
func OpenDir(dir string) (*Archive, error) {
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return nil, fmt.Errorf("no folder %s: point -dat at your Asheron's Call folder (the one holding %s and %s)", dir, PortalFile, CellFile)
	}
	open := func(name string) (*File, error) {
		f, err := Open(filepath.Join(dir, name))
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("no %s in %s: point -dat at your Asheron's Call folder", name, dir)
		}
		return f, err
	}
	p, err := open(PortalFile)
	if err != nil {
		return nil, err
	}
	c, err := open(CellFile)
	if err != nil {
		p.Close()
		return nil, err
	}
	a, err := NewArchive(p, c, dir)
	if err != nil {
		p.Close()
		c.Close()
		return nil, err
	}
	return a, nil
}

// RecordOffset is a Locator (Problems.SetLocator): the file holding record
// id — file names it (as opened), or "" to look in the portal dat, then the
// cell dat — and the file offset of the record's first data byte: its first
// block's offset (the directory entry, §2.4) plus the block's 4-byte link
// (§2.3).
func (a *Archive) RecordOffset(file string, id uint32) (string, int64, bool) {
	for _, f := range []*File{a.Portal, a.Cell} {
		if f == nil || (file != "" && file != f.Name()) {
			continue
		}
		if e, err := f.Lookup(id); err == nil {
			return f.Name(), int64(e.Offset) + 4, true
		}
	}
	return "", 0, false
}

// NewArchive pairs a portal and a cell dat after checking each header's
// data_set field matches its role (§2.2: 1 portal, 2 cell), so a portal file
// copied over the cell file (or the other way) is refused, not read as empty.
func NewArchive(portal, cell *File, source string) (*Archive, error) {
	if err := portal.CheckDataSet(DataSetPortal); err != nil {
		return nil, err
	}
	if err := cell.CheckDataSet(DataSetCell); err != nil {
		return nil, err
	}
	return &Archive{Portal: portal, Cell: cell, Source: source}, nil
}

// dataSetNames names the header data_set values (§2.2).
var dataSetNames = map[uint32]string{DataSetPortal: "portal", DataSetCell: "cell", 3: "local/language"}

// CheckDataSet reports a *FormatError at the header's data_set field (byte
// 0x14C) unless it is want.
func (f *File) CheckDataSet(want uint32) error {
	got := f.hdr.DataSet
	if got == want {
		return nil
	}
	name := dataSetNames[got]
	if name == "" {
		name = "unknown"
	}
	return f.errf(0, headerOff+12, fmt.Sprintf("header data_set is %d (%s), want %d (%s): is another dat copied over this one?", got, name, want, dataSetNames[want]), nil)
}

// Names returns the two files' names as opened ("" for a missing one), for
// reports about records that carry no file of their own.
func (a *Archive) Names() (portal, cell string) {
	if a.Portal != nil {
		portal = a.Portal.Name()
	}
	if a.Cell != nil {
		cell = a.Cell.Name()
	}
	return portal, cell
}

// Close closes both files.
func (a *Archive) Close() error {
	return errors.Join(a.Portal.Close(), a.Cell.Close())
}

// record reads id from f and parses it, checking the record's own id equals
// id and naming the file and id in any error; check (if set) lists the
// parsed record's problems, noted in a.Problems.
func record[T any](a *Archive, f *File, id uint32, parse func([]byte) (*T, error), recID func(*T) uint32, check func(*T, []byte) []Problem) (*T, error) {
	b, err := f.Get(id)
	if err != nil {
		return nil, err
	}
	v, err := parse(b)
	if err != nil {
		return nil, withRecord(err, f.Name(), id)
	}
	if got := recID(v); got != id {
		return nil, &FormatError{File: f.Name(), ID: id, Off: 0, InRecord: true, Msg: "record id mismatch: record holds", Val: got}
	}
	if check != nil {
		a.note(f, check(v, b))
	}
	return v, nil
}

// Region reads and parses 0x13000000 from the portal dat.
func (a *Archive) Region() (*Region, error) {
	return record(a, a.Portal, RegionID, ParseRegion, func(v *Region) uint32 { return v.ID }, (*Region).Problems)
}

// LandBlock reads 0xXXYYFFFF from the cell dat.
func (a *Archive) LandBlock(id uint32) (*LandBlock, error) {
	return record(a, a.Cell, id, ParseLandBlock, func(v *LandBlock) uint32 { return v.ID }, nil)
}

// LandBlockInfo reads 0xXXYYFFFE from the cell dat.
func (a *Archive) LandBlockInfo(id uint32) (*LandBlockInfo, error) {
	return record(a, a.Cell, id, ParseLandBlockInfo, func(v *LandBlockInfo) uint32 { return v.ID }, (*LandBlockInfo).Problems)
}

// SoundTable reads a 0x20xxxxxx record from the portal dat.
func (a *Archive) SoundTable(id uint32) (*SoundTable, error) {
	return record(a, a.Portal, id, ParseSoundTable, func(v *SoundTable) uint32 { return v.ID }, (*SoundTable).Problems)
}

// Wave reads a 0x0Axxxxxx record from the portal dat.
func (a *Archive) Wave(id uint32) (*Wave, error) {
	return record(a, a.Portal, id, ParseWave, func(v *Wave) uint32 { return v.ID }, (*Wave).Problems)
}

// Setup reads a 0x02xxxxxx record's default sound table.
func (a *Archive) Setup(id uint32) (*Setup, error) {
	return record(a, a.Portal, id, ParseSetup, func(v *Setup) uint32 { return v.ID }, (*Setup).Problems)
}

// LandBlockIDs lists every 0xXXYYFFFF id in the cell dat, ascending.
func (a *Archive) LandBlockIDs() ([]uint32, error) {
	return IDs(a.Cell, 0, 0xFFFFFFFF, func(id uint32) bool { return id&0xFFFF == LandBlockLow })
}

// LandBlockInfoIDs lists every 0xXXYYFFFE id (LandBlockInfo) in the cell
// dat, ascending.
func (a *Archive) LandBlockInfoIDs() ([]uint32, error) {
	return IDs(a.Cell, 0, 0xFFFFFFFF, func(id uint32) bool { return id&0xFFFF == LandBlockInfoL })
}

// LandBlocks yields every landblock of the cell dat in ascending id order,
// by value (no allocation per landblock; keep a copy if you need one). It
// reads each record straight from the directory walk — no per-id lookup, no
// copy of the record bytes — the fast way to scan the whole world. It stops
// after yielding an error.
func (a *Archive) LandBlocks() iter.Seq2[LandBlock, error] {
	return func(yield func(LandBlock, error) bool) {
		f := a.Cell
		var l LandBlock
		var ws windows // private read-ahead: no lock per record
		for e, err := range f.Entries(0, 0xFFFFFFFF) {
			if err != nil {
				yield(LandBlock{}, err)
				return
			}
			if e.ID&0xFFFF != LandBlockLow {
				continue
			}
			var perr error
			parse := func(b []byte) { perr = parseLandBlockInto(&l, b) } // (exactly 252 bytes: nothing else to check)
			ok, err := f.withBlock(&ws, e, parse)
			if err == nil && !ok {
				var b []byte
				if b, err = f.Read(e); err == nil {
					parse(b)
				}
			}
			if err == nil && perr == nil && l.ID != e.ID {
				perr = &FormatError{InRecord: true, Msg: "record id mismatch: record holds", Val: l.ID}
			}
			if err != nil {
				yield(LandBlock{}, err)
				return
			}
			if perr != nil {
				yield(LandBlock{}, withRecord(perr, f.Name(), e.ID))
				return
			}
			if !yield(l, nil) {
				return
			}
		}
	}
}

// IDs lists the ids in [lo, hi] of f that keep accepts (nil keep = all), ascending.
func IDs(f *File, lo, hi uint32, keep func(uint32) bool) ([]uint32, error) {
	var ids []uint32
	for e, err := range f.Entries(lo, hi) {
		if err != nil {
			return nil, err
		}
		if keep == nil || keep(e.ID) {
			ids = append(ids, e.ID)
		}
	}
	return ids, nil
}
