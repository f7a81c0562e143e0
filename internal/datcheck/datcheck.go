// Package datcheck reads every record of a portal + cell dat pair and says
// what is wrong with them (`soundworld check`): the header (data
// set, file size against the bytes on disk), the directory, every block
// chain, the free-block list (well formed, no loop, free_count and free_tail
// true, no block both free and used), every LandBlock, LandBlockInfo,
// Region, SoundTable, Wave (decoded by the audio package within its budget,
// as a play would, short of resampling), Setup and the iteration records,
// plus every reference between them — each table a region desc names, each
// wave a table names, each terrain type and scene index a landblock uses,
// each Setup or GfxObj a LandBlockInfo places, each GfxObj a Setup's part
// list names, each table a Setup names. GfxObj references are checked only
// when the portal dat holds GfxObj records at all (the stand-in and the
// generated world ship none: the tool draws no models). Not read: GfxObj,
// EnvCell and other records' contents, a Setup past its part list and its
// default sound table, the Region's sky-object GfxObjs. Every fault is a
// dat.Problem naming the file, the record and the byte. Records are read by
// N workers, each through its own dat.Scanner over a stretch of the file in
// offset order.
package datcheck

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"soundworld/audio"
	"soundworld/dat"
	"soundworld/internal/pool"
)

// Record type names used in Summary.Counts.
const (
	TypeRegion        = "region"
	TypeSoundTable    = "sound_table"
	TypeWave          = "wave"
	TypeSetup         = "setup"
	TypeLandBlock     = "landblock"
	TypeLandBlockInfo = "landblock_info"
	TypeEnvCell       = "env_cell" // read (block chain), not parsed
	TypeIteration     = "iteration"
	TypeOther         = "other" // any other portal record: read, not parsed
)

// Options tune a check. The zero value is fine.
type Options struct {
	Workers int // parallel readers; ≤ 0 means GOMAXPROCS
	// Progress, if set, is called (never concurrently) as records are done.
	Progress func(Progress)
	// Problems, if set, receives each problem as it is found (use its OnNew
	// for live output); the summary lists them all either way.
	Problems *dat.Problems
	// DecodeWave decodes a wave the way playback would; nil = audio.CheckWave
	// (DecodeWave's formats and budget, without the resampling).
	DecodeWave func(*dat.Wave) error
}

// Progress counts records and record bytes done of the total (both files).
type Progress struct {
	Records, TotalRecords int
	Bytes, TotalBytes     int64
}

// FileSummary describes one checked file.
type FileSummary struct {
	Name      string `json:"name"`
	Role      string `json:"role"` // "portal" or "cell"
	Size      int64  `json:"size"`
	BlockSize uint32 `json:"block_size"`
	DataSet   uint32 `json:"data_set"`
	Entries   int    `json:"entries"`
	Iteration int32  `json:"iteration"` // 0 if the record is missing or bad
}

// Summary is the result of a check.
type Summary struct {
	Files       []FileSummary  `json:"files"`
	Counts      map[string]int `json:"counts"` // records read per type (Type*)
	Records     int            `json:"records"`
	Bytes       int64          `json:"bytes"`        // size of the files
	RecordBytes int64          `json:"record_bytes"` // stored bytes of all records read
	Workers     int            `json:"workers"`
	Seconds     float64        `json:"seconds"`
	Problems    []dat.Problem  `json:"problems"` // by file, record, offset
	// Compressed counts the compressed (non-PCM) waves by format tag, rate
	// and channels as their headers give them (O1), in that order.
	Compressed []CompressedFormat `json:"compressed_waves"`
	Objects    *ObjectStats       `json:"objects,omitempty"` // E3 (objects.go); nil without a portal dat
	// Notes are facts about the data that are not problems: retail reads
	// them as they are (e.g. LandBlockInfo objects outside their landblock,
	// never created, E3 [D4]); sorted.
	Notes    []string      `json:"notes"`
	Duration time.Duration `json:"-"`
}

// CompressedFormat is one (tag, rate, channels) of compressed waves (O1):
// retail converts each with ACM to 16-bit mono 11025 Hz in one step, or,
// when that conversion cannot be opened, plays it silent (P6). Converted is
// true when the format is not already 11025 Hz mono.
type CompressedFormat struct {
	Tag       uint16 `json:"tag"`
	Rate      uint32 `json:"rate"`
	Channels  uint16 `json:"channels"`
	Waves     int    `json:"waves"`
	Converted bool   `json:"converted"`
}

// OK reports whether no problem was found.
func (s *Summary) OK() bool { return len(s.Problems) == 0 }

// MBPerSec is the files' size in MB (10⁶ bytes) over the duration.
func (s *Summary) MBPerSec() float64 {
	if s.Duration <= 0 {
		return 0
	}
	return float64(s.Bytes) / 1e6 / s.Duration.Seconds()
}

// file is one dat being checked.
type file struct {
	f       *dat.File
	role    string
	entries []dat.Entry // as walked (ascending id)
	ids     []uint32    // sorted ids, for reference checks
	owners  []uint32    // per block: the record id using it, dirOwner, or 0 (atomic)
}

// dirOwner marks a block of a B-tree node in file.owners.
const dirOwner = 0xFFFFFFFF

// has reports whether id is in f's directory; true when f could not be
// opened at all (that is reported once; its references are not claimed missing).
func (f *file) has(id uint32) bool {
	if f == nil {
		return true
	}
	_, ok := slices.BinarySearch(f.ids, id)
	return ok
}

// checker holds what workers share (read-only once workers start, except
// the collector, the counts under mu, and the progress).
type checker struct {
	portal, cell *file
	region       *dat.Region
	gfxObjs      bool // the portal dat holds GfxObj (0x01) records: references to them are checked
	probs        *dat.Problems
	decode       func(*dat.Wave) error

	mu         sync.Mutex
	counts     map[string]int
	compressed map[CompressedFormat]int // Waves 0 in the key
	notes      []string
	placed     map[uint32]int // model → LandBlockInfo placements created (inside their block), E3
	progress   Progress
	report     func(Progress)
}

// Check reads and cross-checks both files of a. It never stops at a problem:
// it reports what it found and reads on wherever the files still allow.
func Check(a *dat.Archive, opt Options) *Summary {
	start := time.Now()
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	c := &checker{probs: opt.Problems, decode: opt.DecodeWave, counts: map[string]int{}, compressed: map[CompressedFormat]int{}, report: opt.Progress}
	if c.probs == nil {
		c.probs = &dat.Problems{}
	}
	if c.decode == nil {
		c.decode = audio.CheckWave
	}
	var files []*file // those that opened
	if a.Portal != nil {
		c.portal = c.walk(a.Portal, "portal", dat.DataSetPortal)
		files = append(files, c.portal)
		i, _ := slices.BinarySearch(c.portal.ids, 0x01000000)
		c.gfxObjs = i < len(c.portal.ids) && c.portal.ids[i]>>24 == 0x01
		c.checkRegion()
	}
	if a.Cell != nil {
		c.cell = c.walk(a.Cell, "cell", dat.DataSetCell)
		files = append(files, c.cell)
	}
	c.scan(files, workers)
	for _, f := range files {
		c.freeList(f)
	}
	objs := c.objects(a) // E3: hooks' references, script chains, sounding setups (objects.go)
	s := c.summary(files, workers, objs)
	s.Duration = time.Since(start)
	s.Seconds = s.Duration.Seconds()
	return s
}

// scanJob is a stretch of one file's entries, in offset order.
type scanJob struct {
	f  *file
	es []dat.Entry
}

// scan reads every record of files on workers goroutines (c.record each),
// counting into c.counts; a worker's panic is raised after the pool stops.
func (c *checker) scan(files []*file, workers int) {
	// Jobs: stretches of each file in offset order, so a worker's read-ahead
	// windows serve neighbouring records.
	var jobs []scanJob
	for _, f := range files {
		es := slices.Clone(f.entries)
		slices.SortFunc(es, func(x, y dat.Entry) int { return cmp.Compare(x.Offset, y.Offset) })
		for len(es) > 0 {
			n := min(len(es), 512)
			jobs = append(jobs, scanJob{f, es[:n]})
			es = es[n:]
		}
		c.progress.TotalRecords += len(f.entries)
		for _, e := range f.entries {
			c.progress.TotalBytes += int64(e.Size)
		}
	}
	// A worker's panic is raised here after the pool stops (internal/pool).
	pool.Run(context.Background(), workers, len(jobs), func(next iter.Seq[int]) {
		scanners := map[*file]*dat.Scanner{}
		local := map[string]int{}
		var lb dat.LandBlock // reused for every landblock this worker reads
		for i := range next {
			j := jobs[i]
			sc := scanners[j.f]
			if sc == nil {
				sc = j.f.f.NewScanner()
				scanners[j.f] = sc
			}
			var bytes int64
			for _, e := range j.es {
				c.record(j.f, sc, e, local, &lb)
				bytes += int64(e.Size)
			}
			c.done(len(j.es), bytes)
		}
		c.mu.Lock()
		for k, v := range local {
			c.counts[k] += v
		}
		c.mu.Unlock()
	})
}

// summary is what the check found, in the order a report shows it:
// compressed formats, files, notes and problems sorted (problems by file,
// record, byte).
func (c *checker) summary(files []*file, workers int, objs *ObjectStats) *Summary {
	s := &Summary{Counts: c.counts, Workers: workers, Problems: c.probs.List(), Objects: objs}
	for k, n := range c.compressed {
		k.Waves = n
		s.Compressed = append(s.Compressed, k)
	}
	slices.SortFunc(s.Compressed, func(x, y CompressedFormat) int {
		return cmp.Or(cmp.Compare(x.Tag, y.Tag), cmp.Compare(x.Rate, y.Rate), cmp.Compare(x.Channels, y.Channels))
	})
	order := map[string]int{}
	for i, f := range files {
		order[f.f.Name()] = i
		h := f.f.Header()
		fs := FileSummary{Name: f.f.Name(), Role: f.role, Size: f.f.Size(), BlockSize: h.BlockSize, DataSet: h.DataSet, Entries: len(f.entries)}
		if f.has(dat.IterationID) {
			fs.Iteration, _ = f.f.Iteration()
		}
		s.Files = append(s.Files, fs)
		s.Bytes += fs.Size
	}
	for _, n := range s.Counts {
		s.Records += n
	}
	s.RecordBytes = c.progress.Bytes
	s.Notes = append([]string{}, c.notes...)
	slices.Sort(s.Notes)
	slices.SortStableFunc(s.Problems, func(x, y dat.Problem) int {
		ox, okx := order[x.File]
		oy, oky := order[y.File]
		if !okx { // a file that did not open: first
			ox = -1
		}
		if !oky {
			oy = -1
		}
		return cmp.Or(cmp.Compare(ox, oy), cmp.Compare(x.Record, y.Record), cmp.Compare(x.Off, y.Off))
	})
	return s
}

// CheckDir opens client_portal.dat and client_cell_1.dat in dir and checks
// them. A file that cannot be opened as a dat (truncated, bad header, not a
// regular file) is a problem in the summary, and the other file is still
// checked; only a missing folder or file is an error.
func CheckDir(dir string, opt Options) (*Summary, error) {
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return nil, fmt.Errorf("no folder %s: point -dat at your Asheron's Call folder (the one holding %s and %s)", dir, dat.PortalFile, dat.CellFile)
	}
	if opt.Problems == nil {
		opt.Problems = &dat.Problems{}
	}
	var files [2]*dat.File
	for i, name := range []string{dat.PortalFile, dat.CellFile} {
		path := filepath.Join(dir, name)
		f, err := dat.Open(path)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("no %s in %s: point -dat at your Asheron's Call folder", name, dir)
		}
		if err != nil {
			opt.Problems.AddErr(dat.KindBadFile, path, 0, err)
			continue
		}
		defer f.Close()
		files[i] = f
	}
	return Check(&dat.Archive{Portal: files[0], Cell: files[1], Source: dir}, opt), nil
}

// done adds a finished job to the progress and reports it.
func (c *checker) done(records int, bytes int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.progress.Records += records
	c.progress.Bytes += bytes
	if c.report != nil {
		c.report(c.progress)
	}
}

func (c *checker) add(p dat.Problem) { c.probs.Add(p) }

// problem adds a problem in f at a record byte (off < 0: no offset).
func (c *checker) problem(f *file, id uint32, off int64, kind, format string, a ...any) {
	c.add(dat.Problem{File: f.f.Name(), Record: id, Off: off, InRecord: off >= 0, Kind: kind, What: fmt.Sprintf(format, a...)})
}

// walk checks the header's role and walks the whole directory of f.
func (c *checker) walk(df *dat.File, role string, dataSet uint32) *file {
	f := &file{f: df, role: role}
	if err := df.CheckDataSet(dataSet); err != nil {
		c.probs.AddErr(dat.KindBadFile, df.Name(), 0, err)
	}
	if p, ok := df.TrailingBytes(); ok {
		c.add(p)
	}
	for _, p := range df.DirectoryProblems() { // B-tree invariants, block accounting (at open)
		c.add(p)
	}
	f.entries = make([]dat.Entry, 0, df.DirectoryEntries())
	for e, err := range df.AllEntries() {
		if err != nil {
			c.probs.AddErr(dat.KindBadDirectory, df.Name(), 0, err)
			continue
		}
		f.entries = append(f.entries, e)
	}
	// Blocks: each belongs to at most one node or record (§2.3 chains never share).
	f.owners = make([]uint32, df.Size()/df.BlockSize())
	dir := df.DirectoryBlocks()
	slices.Sort(dir)
	for i, b := range dir {
		if i > 0 && dir[i-1] == b {
			continue // one node met twice is reported by the walk
		}
		f.owners[int64(b)/df.BlockSize()] = dirOwner
	}
	f.ids = make([]uint32, len(f.entries))
	for i, e := range f.entries {
		f.ids[i] = e.ID
	}
	slices.Sort(f.ids)
	for i := 1; i < len(f.ids); i++ {
		if f.ids[i] == f.ids[i-1] {
			c.add(dat.Problem{File: df.Name(), Record: f.ids[i], Off: -1, Kind: dat.KindBadDirectory, What: "id listed twice in the directory"})
		}
	}
	if !f.has(dat.IterationID) {
		c.add(dat.Problem{File: df.Name(), Record: dat.IterationID, Off: -1, Kind: dat.KindMissingRecord, What: "no iteration record"})
	}
	return f
}

// checkRegion parses the region and checks its own references: each desc's
// sound table is in the portal dat, each scene type's desc index and each
// terrain type's scene type indices are in range (or the 0xFFFFFFFF none).
func (c *checker) checkRegion() {
	p := c.portal
	if !p.has(dat.RegionID) {
		c.problem(p, dat.RegionID, -1, dat.KindMissingRecord, "no region record (nothing can be played)")
		return
	}
	b, err := p.f.Get(dat.RegionID)
	if err != nil {
		return // the record pass reports the chain
	}
	g, refs, err := dat.ParseRegionRefs(b)
	if err != nil {
		c.probs.AddErr(dat.KindBadRegion, p.f.Name(), dat.RegionID, err)
		return
	}
	if g.ID != dat.RegionID { // the commands refuse it (dat.Archive.Region)
		c.problem(p, dat.RegionID, 0, dat.KindBadRegion, "record id mismatch: record holds 0x%08X", g.ID)
		return
	}
	c.note(p, g.Problems(b))
	c.region = g
	if g.Sound != nil {
		for i, d := range g.Sound.STBDescs {
			if !p.has(d.STBID) {
				c.problem(p, dat.RegionID, refs.STBID[i], dat.KindMissingRecord, "sound desc %d names sound table 0x%08X, which is not in the portal dat", i, d.STBID)
			}
		}
	}
	nDesc := 0
	if g.Sound != nil {
		nDesc = len(g.Sound.STBDescs)
	}
	nScene := 0
	if g.Scene != nil {
		nScene = len(g.Scene.SceneTypes)
		for i, s := range g.Scene.SceneTypes {
			if s.StbIndex != dat.NoIndex && uint64(s.StbIndex) >= uint64(nDesc) {
				c.problem(p, dat.RegionID, refs.StbIndex[i], dat.KindBadReference, "scene type %d names sound desc %d of %d", i, s.StbIndex, nDesc)
			}
		}
	}
	for i, t := range g.Terrain.TerrainTypes {
		for j, s := range t.SceneTypes {
			if s != dat.NoIndex && uint64(s) >= uint64(nScene) {
				c.problem(p, dat.RegionID, refs.TerrainScenes[i]+4*int64(j), dat.KindBadReference, "terrain type %d (%s) scene %d names scene type %d of %d", i, t.Name, j, s, nScene)
			}
		}
	}
}

// record reads and checks one record.
func (c *checker) record(f *file, sc *dat.Scanner, e dat.Entry, counts map[string]int, lb *dat.LandBlock) {
	typ := typeOf(f.role, e.ID)
	counts[typ]++
	if e.Flags>>16 == 0 { // §2.4: the record version (RE: the client refuses 0)
		c.add(dat.Problem{File: f.f.Name(), Record: e.ID, Off: -1, Kind: dat.KindBadDirectory,
			What: fmt.Sprintf("directory entry flags 0x%08X: record version 0, which the retail client refuses to load", e.Flags)})
	}
	claim := func(off uint32) { c.claim(f, e.ID, off) }
	if typ == TypeLandBlock { // half the records of a world: parsed in place into the worker's lb
		var perr error
		if err := sc.ReadBlocksWith(e, claim, func(b []byte) { perr = dat.ParseLandBlockInto(lb, b) }); err != nil {
			c.bad(f, e, dat.KindBadChain, err)
		} else if perr != nil {
			c.bad(f, e, dat.KindBadLandBlock, perr)
		} else {
			if lb.ID != e.ID {
				c.mismatch(f, e, dat.KindBadLandBlock, lb.ID)
			}
			c.landBlock(f, lb)
		}
		return
	}
	b, err := sc.ReadBlocks(e, claim)
	if err != nil {
		c.bad(f, e, dat.KindBadChain, err)
		return
	}
	switch typ {
	case TypeRegion:
		if e.ID == dat.RegionID {
			return // checkRegion
		}
		parsed(c, f, e, b, dat.KindBadRegion, dat.ParseRegion, func(g *dat.Region) uint32 { return g.ID })
	case TypeSoundTable:
		c.soundTable(f, e, b)
	case TypeWave:
		c.wave(f, e, b)
	case TypeSetup:
		c.setup(f, e, b)
	case TypeLandBlockInfo:
		l, ok := parsed(c, f, e, b, dat.KindBadLandBlock, dat.ParseLandBlockInfo, func(l *dat.LandBlockInfo) uint32 { return l.ID })
		if !ok {
			return
		}
		c.note(f, l.Problems(b))
		c.landBlockInfo(f, l)
	case TypeIteration:
		if _, err := dat.ParseIteration(b); err != nil {
			c.bad(f, e, dat.KindBadRecord, err)
		}
	default: // the object records (dat.CheckOf): as the commands validate them
		rc, ok := dat.CheckOf(f.role, e.ID)
		if !ok {
			return
		}
		got, probs, err := rc.Validate(b)
		if err != nil {
			c.bad(f, e, rc.Kind, err)
			return
		}
		if got != e.ID {
			c.mismatch(f, e, rc.Kind, got)
		}
		c.note(f, probs)
	}
}

// bad is record e of f failing to read or parse (a problem of kind).
func (c *checker) bad(f *file, e dat.Entry, kind string, err error) {
	c.probs.AddErr(kind, f.f.Name(), e.ID, err)
}

// mismatch is record e of f holding another id, got.
func (c *checker) mismatch(f *file, e dat.Entry, kind string, got uint32) {
	c.problem(f, e.ID, 0, kind, "record id mismatch: record holds 0x%08X", got)
}

// parsed parses record e of f (bytes b) with parse: a parse error is a
// problem of kind (ok false), and a record holding another id than e's a
// mismatch.
func parsed[T any](c *checker, f *file, e dat.Entry, b []byte, kind string, parse func([]byte) (*T, error), id func(*T) uint32) (v *T, ok bool) {
	v, err := parse(b)
	if err != nil {
		c.bad(f, e, kind, err)
		return nil, false
	}
	if got := id(v); got != e.ID {
		c.mismatch(f, e, kind, got)
	}
	return v, true
}

// soundTable checks sound table record e (bytes b) and the waves it names.
func (c *checker) soundTable(f *file, e dat.Entry, b []byte) {
	t, ok := parsed(c, f, e, b, dat.KindBadTable, dat.ParseSoundTable, func(t *dat.SoundTable) uint32 { return t.ID })
	if !ok {
		return
	}
	c.note(f, t.Problems(b))
	off := int64(4)
	c.tableWaves(f, e.ID, &t.Root, &off)
}

// wave checks wave record e (bytes b): it parses and decodes, and its
// format is counted when compressed.
func (c *checker) wave(f *file, e dat.Entry, b []byte) {
	w, ok := parsed(c, f, e, b, dat.KindBadWave, dat.ParseWave, func(w *dat.Wave) uint32 { return w.ID })
	if !ok {
		return
	}
	c.note(f, w.Problems(b))
	if err := c.decode(w); err != nil {
		c.problem(f, e.ID, int64(12+len(w.Header)), dat.KindBadWave, "wave does not decode: %v", err)
	}
	if comp, conv := audio.Compressed(w); comp {
		k := CompressedFormat{Tag: w.Format.Tag, Rate: w.Format.SamplesPerSec, Channels: w.Format.Channels, Converted: conv}
		c.mu.Lock()
		c.compressed[k]++
		c.mu.Unlock()
	}
}

// setup checks Setup record e (bytes b): its default sound table is in the
// portal dat, and its parts.
func (c *checker) setup(f *file, e dat.Entry, b []byte) {
	s, ok := parsed(c, f, e, b, dat.KindBadSetup, dat.ParseSetup, func(s *dat.Setup) uint32 { return s.ID })
	if !ok {
		return
	}
	if t := s.DefaultSoundTable; t != 0 && !c.portal.has(t) {
		c.problem(f, e.ID, int64(len(b)-8), dat.KindMissingRecord, "default sound table 0x%08X is not in the portal dat", t)
	}
	c.note(f, s.Problems(b))
	c.setupParts(f, e.ID, b)
}

// note adds a record's own problems (its type's Problems method, the
// validation the commands run on every record they read) found in f.
func (c *checker) note(f *file, probs []dat.Problem) {
	for _, p := range probs {
		p.File = f.f.Name()
		c.add(p)
	}
}

// claim records that block off belongs to record id; a block already used
// by another record or by the directory is a problem. Whoever comes second,
// the problem is the same: on the lower id, naming the other.
func (c *checker) claim(f *file, id uint32, off uint32) {
	if id == 0 || id == dirOwner {
		return // not trackable under this encoding
	}
	slot := &f.owners[int64(off)/f.f.BlockSize()]
	if atomic.CompareAndSwapUint32(slot, 0, id) {
		return
	}
	other := atomic.LoadUint32(slot)
	switch {
	case other == id:
	case other == dirOwner:
		c.add(dat.Problem{File: f.f.Name(), Record: id, Off: int64(off), Kind: dat.KindBadChain, What: "record's block is also a B-tree directory block"})
	default:
		c.add(dat.Problem{File: f.f.Name(), Record: min(id, other), Off: int64(off), Kind: dat.KindBadChain,
			What: fmt.Sprintf("shares a block with record 0x%08X", max(id, other))})
	}
}

// typeOf classifies an id by the file's role (dat-format §1, §3.6).
func typeOf(role string, id uint32) string {
	if id == dat.IterationID {
		return TypeIteration
	}
	if role == "cell" {
		switch id & 0xFFFF {
		case dat.LandBlockLow:
			return TypeLandBlock
		case dat.LandBlockInfoL:
			return TypeLandBlockInfo
		}
		return TypeEnvCell
	}
	switch id >> 24 {
	case 0x13:
		return TypeRegion
	case 0x20:
		return TypeSoundTable
	case 0x0A:
		return TypeWave
	case 0x02:
		return TypeSetup
	}
	return TypeOther
}

// tableWaves checks that every wave a sound table node names is in the portal
// dat (its values: SoundTable.Problems); off walks the node's bytes (§3.2:
// key, count, 16-byte items, count, children).
func (c *checker) tableWaves(f *file, id uint32, n *dat.SoundNode, off *int64) {
	*off += 8 // key, data count
	for _, d := range n.Data {
		if d.WaveID != 0 && !c.portal.has(d.WaveID) {
			c.problem(f, id, *off, dat.KindMissingRecord, "sound type 0x%X names wave 0x%08X, which is not in the portal dat", n.Key, d.WaveID)
		}
		*off += 16
	}
	*off += 4 // children count
	for i := range n.Children {
		c.tableWaves(f, id, &n.Children[i], off)
	}
}

// landBlock checks each terrain word against the region (terrain type and
// scene index in range, §3.4) and that has_objects has its LandBlockInfo.
// Only the first bad vertex of a landblock is named, with a count of the rest.
func (c *checker) landBlock(f *file, l *dat.LandBlock) {
	if l.HasObjects != 0 && !f.has(l.ID&^0xFFFF|dat.LandBlockInfoL) {
		c.problem(f, l.ID, 4, dat.KindMissingRecord, "has_objects is set but LandBlockInfo 0x%08X is not in the cell dat", l.ID&^0xFFFF|dat.LandBlockInfoL)
	}
	if c.region == nil {
		return
	}
	if first, _, what := dat.BadTerrainWord(l, c.region); first >= 0 {
		c.problem(f, l.ID, dat.TerrainWordOffset(first), dat.KindBadReference, "%s", what)
	}
}

// landBlockInfo checks that its num_cells EnvCells exist and that each
// placed model (objects and buildings, §3.5) is in the portal dat (Setups;
// GfxObjs when it holds any). Frames and id types: LandBlockInfo.Problems.
func (c *checker) landBlockInfo(f *file, l *dat.LandBlockInfo) {
	// §3.5: the interior cells are 0xXXYY0100 + i, i < num_cells.
	missing, first := 0, uint32(0)
	for i := range min(l.NumCells, 0xFF00) { // ids past 0xXXYYFFFF do not exist
		if id := l.ID&^0xFFFF | (0x0100 + i); !f.has(id) {
			if missing++; missing == 1 {
				first = id
			}
		}
	}
	if missing > 0 {
		more := ""
		if missing > 1 {
			more = fmt.Sprintf(" (and %d more)", missing-1)
		}
		c.problem(f, l.ID, 4, dat.KindMissingRecord, "num_cells is %d but EnvCell 0x%08X is not in the cell dat%s", l.NumCells, first, more)
	}
	off := int64(12)
	for i, o := range l.Objects {
		c.model(f, l.ID, off, "object", o.ID, true)
		c.outsideNote(l.ID, "object", i, o.ID, o.Frame)
		c.countPlaced(o.ID, o.Frame)
		off += 32
	}
	off += 4 // num_buildings, pack_mask
	for i, b := range l.Buildings {
		c.model(f, l.ID, off, "building", b.ModelID, true)
		c.outsideNote(l.ID, "building", i, b.ModelID, b.Frame)
		c.countPlaced(b.ModelID, b.Frame)
		off += 4 + 28 + 4 + 4
		for _, p := range b.Portals {
			off += 8 + 2*int64(len(p.Stabs))
			off += (4 - off%4) % 4
		}
	}
}

// outsideNote notes a LandBlockInfo object or building whose origin lies
// outside its landblock: retail never creates it (E3 [D4],
// dat.OriginInBlock). A note, not a problem: the data is what retail reads.
func (c *checker) outsideNote(lbi uint32, what string, i int, model uint32, fr dat.Frame) {
	if dat.OriginInBlock(fr.X, fr.Y) {
		return
	}
	n := fmt.Sprintf("LandBlockInfo 0x%08X %s %d (model 0x%08X) at (%g, %g): origin outside its landblock, never created (E3)", lbi, what, i, model, fr.X, fr.Y)
	c.mu.Lock()
	c.notes = append(c.notes, n)
	c.mu.Unlock()
}

// countPlaced counts a LandBlockInfo placement retail creates (E3: inside
// its block), by model, for the objects' motion-table count.
func (c *checker) countPlaced(model uint32, fr dat.Frame) {
	if !dat.OriginInBlock(fr.X, fr.Y) {
		return
	}
	c.mu.Lock()
	if c.placed == nil {
		c.placed = map[uint32]int{}
	}
	c.placed[model]++
	c.mu.Unlock()
}

// freeList checks f's free-block list (dat.File.FreeList) and that no block
// on it is used by a record or a directory node (read after every record's
// chain has claimed its blocks).
func (c *checker) freeList(f *file) {
	blocks, probs := f.f.FreeList()
	for _, p := range probs {
		c.add(p)
	}
	for _, b := range blocks {
		i := int64(b) / f.f.BlockSize()
		if i >= int64(len(f.owners)) {
			continue
		}
		switch owner := atomic.LoadUint32(&f.owners[i]); owner {
		case 0:
		case dirOwner:
			c.add(dat.Problem{File: f.f.Name(), Off: int64(b), Kind: dat.KindBadFreeList, What: "a B-tree directory block is on the free list"})
		default:
			c.add(dat.Problem{File: f.f.Name(), Record: owner, Off: int64(b), Kind: dat.KindBadFreeList, What: "record's block is also on the free list"})
		}
	}
}

// setupParts checks a Setup's part list (§3.7): each part is a GfxObj id
// (0x01…) in the portal dat (when it holds GfxObjs).
func (c *checker) setupParts(f *file, id uint32, b []byte) {
	parts, err := dat.SetupParts(b)
	if err != nil {
		c.probs.AddErr(dat.KindBadSetup, f.f.Name(), id, err)
		return
	}
	for i, g := range parts {
		c.model(f, id, dat.SetupPartsOffset(i), fmt.Sprintf("part %d", i), g, false)
	}
}

// model checks one model reference at a record byte: a GfxObj (0x01…), or
// when setupOK a Setup (0x02…), that is in the portal dat. GfxObjs are
// looked up only when the portal dat holds any.
func (c *checker) model(f *file, id uint32, off int64, what string, ref uint32, setupOK bool) {
	switch {
	case ref>>24 == 0x01:
		if c.gfxObjs && !c.portal.has(ref) {
			c.problem(f, id, off, dat.KindMissingRecord, "%s GfxObj 0x%08X is not in the portal dat", what, ref)
		}
	case ref>>24 == 0x02 && setupOK:
		if !c.portal.has(ref) {
			c.problem(f, id, off, dat.KindMissingRecord, "%s Setup 0x%08X is not in the portal dat", what, ref)
		}
	case setupOK: // neither: LandBlockInfo.Problems names it
	default:
		c.problem(f, id, off, dat.KindBadReference, "%s 0x%08X is not a GfxObj (0x01…) id", what, ref)
	}
}
