// Package damage makes damaged copies of a portal + cell dat pair for the
// damage suite: each Set breaks one thing the way a bad disk, a
// bad patch or a hand edit would — the directory, a block chain, a record's
// header, a value retail data never holds, bytes past a record's content —
// by changing bytes of the images in place. Nothing here is committed data:
// the sets are made from the stand-in or the generated world at run time.
package damage

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"soundworld/dat"
)

// Set is one damaged data set.
type Set struct {
	Name         string // e.g. "values/table-probability-NaN"
	Kind         string // directory, chains, headers, values, trailing
	Portal, Cell []byte
}

// Targets name the records a world's sets damage: a table and a wave in
// use at the place the suite runs its commands, and a landblock there.
type Targets struct {
	Table, Wave, LandBlock, LandBlockInfo uint32 // LandBlockInfo 0: none
	// The object records (E3, A11) the object sets hit; 0: none of that kind.
	Scene, Setup, Animation, Script, EnvCell uint32
}

var le = binary.LittleEndian

// errSkip: the damage does not apply to this world (say, a one-node tree).
var errSkip = errors.New("damage: not applicable")

// image is a dat image open for editing: record bytes mapped to file bytes.
type image struct {
	b  []byte
	f  *dat.File
	bs int
}

func open(b []byte, name string) (*image, error) {
	f, err := dat.NewFile(bytes.NewReader(b), int64(len(b)), name)
	if err != nil {
		return nil, err
	}
	return &image{b: b, f: f, bs: int(f.BlockSize())}, nil
}

// entry returns id's directory entry and where its offset field sits in the
// file (searched as the id, offset pair in the image's node bytes).
func (m *image) entry(id uint32) (dat.Entry, int, error) {
	e, err := m.f.Lookup(id)
	if err != nil {
		return e, 0, err
	}
	var pat [8]byte
	le.PutUint32(pat[:], id)
	le.PutUint32(pat[4:], e.Offset)
	at := bytes.Index(m.b, pat[:])
	if at < 0 {
		return e, 0, fmt.Errorf("damage: entry of 0x%08X not found in one block", id)
	}
	return e, at, nil
}

// pos maps record byte k of the chain starting at off to its file byte.
func (m *image) pos(off uint32, k int) int {
	payload := m.bs - 4
	for k >= payload {
		off = le.Uint32(m.b[off:])
		k -= payload
	}
	return int(off) + 4 + k
}

// rec returns a function mapping record byte k of id to its file byte, and
// the record's bytes.
func (m *image) rec(id uint32) (func(k int) int, []byte, error) {
	e, _, err := m.entry(id)
	if err != nil {
		return nil, nil, err
	}
	raw, err := m.f.Read(e)
	if err != nil {
		return nil, nil, err
	}
	return func(k int) int { return m.pos(e.Offset, k) }, raw, nil
}

func (m *image) put32(k int, v uint32) { le.PutUint32(m.b[k:], v) }
func (m *image) putF(k int, v float32) { le.PutUint32(m.b[k:], math.Float32bits(v)) }

// root is the file byte of the root node's record byte k.
func (m *image) root(k int) int { return m.pos(m.f.Header().BTreeRoot, k) }

// Sets makes every damaged set of the pair portal, cell (their bytes are
// not changed). t names the records the table, wave and landblock sets hit.
func Sets(portal, cell []byte, t Targets) ([]Set, error) {
	type edit struct {
		name, kind string
		cell       bool // edits the cell image (else the portal)
		do         func(m *image) error
	}
	f32, u32 := recF32, recU32 // objects.go
	// Record bytes of the table's first SoundType's first entry (§3.2: id,
	// root key, root data, root children count, child key, child count).
	tableEntry := func(field int) func(raw []byte) (int, error) {
		return func(raw []byte) (int, error) {
			n := int(le.Uint32(raw[8:]))
			k := 12 + 16*n + 4 + 8 + 4*field
			if k+4 > len(raw) {
				return 0, fmt.Errorf("damage: table too small")
			}
			return k, nil
		}
	}
	// Record bytes of the region's first ambient sound's field (0 SoundType,
	// 1 volume, 2 base_chance, 3 min_rate, 4 max_rate) of desc d, sound s.
	regionSound := func(d, s, field int) func(raw []byte) (int, error) {
		return func(raw []byte) (int, error) {
			_, refs, err := dat.ParseRegionRefs(raw)
			if err != nil || d >= len(refs.STBID) {
				return 0, fmt.Errorf("damage: region has no desc %d (%v)", d, err)
			}
			return int(refs.STBID[d]) + 8 + 20*s + 4*field, nil
		}
	}
	heightAt := func(i int) func(raw []byte) (int, error) {
		return func(raw []byte) (int, error) {
			n := int(le.Uint16(raw[12:]))
			return 12 + (2+n+3)&^3 + 32 + 4*i, nil
		}
	}
	// grow makes id's directory size 4 bytes larger (trailing bytes), when
	// its last block has room.
	grow := func(id uint32) func(m *image) error {
		return func(m *image) error {
			e, at, err := m.entry(id)
			if err != nil {
				return err
			}
			if p := m.bs - 4; e.Size%uint32(p) == 0 || e.Size%uint32(p) > uint32(p-4) {
				return fmt.Errorf("damage: record 0x%08X has no room in its last block", id)
			}
			m.put32(at+8, e.Size+4)
			m.put32(m.pos(e.Offset, int(e.Size)), 0xDEADBEEF)
			return nil
		}
	}
	edits := []edit{
		// The directory.
		{"directory/cell-root-emptied", "directory", true, func(m *image) error { m.put32(m.root(248), 0); return nil }},
		{"directory/cell-root-halved", "directory", true, func(m *image) error {
			m.put32(m.root(248), le.Uint32(m.b[m.root(248):])/2)
			return nil
		}},
		{"directory/portal-root-emptied", "directory", false, func(m *image) error { m.put32(m.root(248), 0); return nil }},
		{"directory/cell-keys-swapped", "directory", true, func(m *image) error {
			a, b := m.root(252+4), m.root(252+24+4)
			x, y := le.Uint32(m.b[a:]), le.Uint32(m.b[b:])
			m.put32(a, y)
			m.put32(b, x)
			return nil
		}},
		{"directory/cell-count-past-61", "directory", true, func(m *image) error { m.put32(m.root(248), 62); return nil }},
		{"directory/cell-branch-cycle", "directory", true, func(m *image) error {
			if le.Uint32(m.b[m.root(0):]) == 0 {
				return errSkip // the cell root is a leaf
			}
			m.put32(m.root(4), m.f.Header().BTreeRoot)
			return nil
		}},
		{"directory/cell-branch-past-end", "directory", true, func(m *image) error {
			if le.Uint32(m.b[m.root(0):]) == 0 {
				return errSkip // the cell root is a leaf
			}
			m.put32(m.root(0), uint32(len(m.b)+m.bs)&^uint32(m.bs-1))
			return nil
		}},
		// Block chains.
		{"chains/region-into-btree", "chains", false, func(m *image) error {
			e, _, err := m.entry(dat.RegionID)
			if err != nil {
				return err
			}
			m.put32(int(e.Offset), m.f.Header().BTreeRoot) // the first block's link
			return nil
		}},
		{"chains/table-link-past-end", "chains", false, func(m *image) error {
			_, at, err := m.entry(t.Table)
			if err != nil {
				return err
			}
			m.put32(at+4, uint32(len(m.b)+m.bs)&^uint32(m.bs-1)) // the entry's offset
			return nil
		}},
		{"chains/landblock-into-btree", "chains", true, func(m *image) error {
			_, at, err := m.entry(t.LandBlock)
			if err != nil {
				return err
			}
			m.put32(at+4, m.f.Header().BTreeRoot)
			return nil
		}},
		{"chains/wave-free-tag", "chains", false, func(m *image) error {
			e, _, err := m.entry(t.Wave)
			if err != nil {
				return err
			}
			if le.Uint32(m.b[e.Offset:]) == 0 {
				return fmt.Errorf("damage: wave 0x%08X is one block", t.Wave)
			}
			m.put32(int(e.Offset), le.Uint32(m.b[e.Offset:])|0x80000000)
			return nil
		}},
		// Record headers.
		{"headers/table-children-zeroed", "headers", false, func(m *image) error {
			pos, raw, err := m.rec(t.Table)
			if err != nil {
				return err
			}
			m.put32(pos(12+16*int(le.Uint32(raw[8:]))), 0)
			return nil
		}},
		{"headers/wave-channels", "headers", false, func(m *image) error {
			pos, raw, err := m.rec(t.Wave)
			if err != nil {
				return err
			}
			ch := le.Uint16(raw[12+2:])
			le.PutUint16(m.b[pos(12+2):], 3-ch) // 1 ↔ 2
			return nil
		}},
		{"headers/wave-data-size-short", "headers", false, func(m *image) error {
			pos, raw, err := m.rec(t.Wave)
			if err != nil {
				return err
			}
			m.put32(pos(8), le.Uint32(raw[8:])-64)
			return nil
		}},
		{"headers/region-id", "headers", false, u32(dat.RegionID, 0, dat.RegionID+1)},
		{"headers/table-id", "headers", false, u32(t.Table, 0, t.Table+1)},
		// Values retail data never holds.
		{"values/table-probability-NaN", "values", false, f32(t.Table, tableEntry(2), float32(math.NaN()))},
		{"values/table-priority-Inf", "values", false, f32(t.Table, tableEntry(1), float32(math.Inf(1)))},
		{"values/table-volume-negative", "values", false, f32(t.Table, tableEntry(3), -1)},
		{"values/table-wave-is-a-table", "values", false, u32(t.Table, 0, 0)}, // replaced below
		{"values/region-volume-negative", "values", false, regionF32(regionSound(0, 0, 1), -1)},
		{"values/region-volume-1e30", "values", false, regionF32(regionSound(0, 0, 1), 1e30)},
		{"values/region-base-chance-negative", "values", false, regionF32(regionSound(0, 1, 2), -0.5)},
		{"values/region-base-chance-1e9", "values", false, regionF32(regionSound(0, 1, 2), 1e9)},
		{"values/region-min-rate-zero", "values", false, regionF32(regionSound(0, 0, 3), 0)},
		{"values/region-max-below-min", "values", false, regionF32(regionSound(0, 1, 4), 0.5)},
		{"values/region-soundtype-past-enum", "values", false, regionU32(regionSound(0, 0, 0), 0xFFFFFFFF)},
		{"values/region-desc-names-a-wave", "values", false, regionU32(func(raw []byte) (int, error) {
			k, err := regionSound(0, 0, 0)(raw)
			return k - 8, err
		}, t.Wave)},
		{"values/height-1e30", "values", false, regionF32(heightAt(10), 1e30)},
		{"values/height-minus-1e30", "values", false, regionF32(heightAt(0), -1e30)},
		// Bytes past a record's content.
		{"trailing/table", "trailing", false, grow(t.Table)},
		{"trailing/wave", "trailing", false, grow(t.Wave)},
	}
	// the table's first wave id replaced by a table id
	for i := range edits {
		if edits[i].name == "values/table-wave-is-a-table" {
			edits[i].do = func(m *image) error {
				pos, raw, err := m.rec(t.Table)
				if err != nil {
					return err
				}
				k, err := tableEntry(0)(raw)
				if err != nil {
					return err
				}
				m.put32(pos(k), t.Table)
				return nil
			}
		}
	}
	if t.LandBlockInfo != 0 {
		edits = append(edits,
			edit{"values/landblockinfo-frame-NaN", "values", true, func(m *image) error {
				pos, raw, err := m.rec(t.LandBlockInfo)
				if err != nil {
					return err
				}
				if n := le.Uint32(raw[8:]); n > 0 {
					m.putF(pos(12+4), float32(math.NaN())) // object 0's x
					return nil
				}
				if len(raw) < 16+4+4 {
					return fmt.Errorf("damage: LandBlockInfo 0x%08X places nothing", t.LandBlockInfo)
				}
				m.putF(pos(16+4), float32(math.NaN())) // building 0's x
				return nil
			}},
			edit{"trailing/landblockinfo", "trailing", true, grow(t.LandBlockInfo)})
	}
	for _, o := range objectEdits(t) {
		edits = append(edits, edit(o))
	}
	var sets []Set
	for _, e := range edits {
		s := Set{Name: e.name, Kind: e.kind, Portal: bytes.Clone(portal), Cell: bytes.Clone(cell)}
		b, name := s.Portal, dat.PortalFile
		if e.cell {
			b, name = s.Cell, dat.CellFile
		}
		m, err := open(b, name)
		if err != nil {
			return nil, fmt.Errorf("damage: %s: %w", e.name, err)
		}
		if err := e.do(m); err == errSkip {
			continue
		} else if err != nil {
			return nil, fmt.Errorf("damage: %s: %w", e.name, err)
		}
		sets = append(sets, s)
	}
	return sets, nil
}

// regionU32 sets a u32 of the region at the record byte at gives.
func regionU32(at func(raw []byte) (int, error), v uint32) func(m *image) error {
	return func(m *image) error {
		pos, raw, err := m.rec(dat.RegionID)
		if err != nil {
			return err
		}
		k, err := at(raw)
		if err != nil {
			return err
		}
		m.put32(pos(k), v)
		return nil
	}
}

// regionF32 sets a float of the region at the record byte at gives.
func regionF32(at func(raw []byte) (int, error), v float32) func(m *image) error {
	return regionU32(at, math.Float32bits(v))
}

// WavesUndecodable sets the sample rate of every wave in the portal image
// to 3 Hz, in place: no wave decodes (audio refuses the rate), so every
// play is silent for a reason the tools must name.
func WavesUndecodable(portal []byte) error {
	m, err := open(portal, dat.PortalFile)
	if err != nil {
		return err
	}
	for e, err := range m.f.Entries(0x0A000000, 0x0AFFFFFF) {
		if err != nil {
			return err
		}
		m.put32(m.pos(e.Offset, 12+4), 3) // nSamplesPerSec: WAVEFORMATEX (record byte 12) after its tag and channels (dat-format §3.3)
	}
	return nil
}

// Open opens a pair of images as an archive named like the real files.
func Open(portal, cell []byte) (*dat.Archive, error) {
	p, err := dat.NewFile(bytes.NewReader(portal), int64(len(portal)), dat.PortalFile)
	if err != nil {
		return nil, err
	}
	c, err := dat.NewFile(bytes.NewReader(cell), int64(len(cell)), dat.CellFile)
	if err != nil {
		return nil, err
	}
	return dat.NewArchive(p, c, "damaged")
}
