package datcheck

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/dat/dattest"
)

var (
	imgOnce            sync.Once
	imgPortal, imgCell []byte
	imgErr             error
)

// images returns fresh copies of the stand-in's portal and cell dat images.
func images(t testing.TB) (portal, cell []byte) {
	t.Helper()
	imgOnce.Do(func() {
		imgPortal, imgCell, imgErr = assets.StandInImages()
	})
	if imgErr != nil {
		t.Fatal(imgErr)
	}
	return bytes.Clone(imgPortal), bytes.Clone(imgCell)
}

// open opens the image pair as an archive (dattest.Open).
func open(t testing.TB, portal, cell []byte) *dat.Archive { return dattest.Open(t, portal, cell) }

// entry is id's directory entry in img.
func entry(t testing.TB, img []byte, id uint32) dat.Entry {
	t.Helper()
	return dattest.Entry(t, img, id)
}

// recByte is the file offset of byte off of record id, following its block
// chain (dat-format §2.3: a u32 link, then block_size − 4 payload bytes).
func recByte(t testing.TB, img []byte, id uint32, off int) int {
	t.Helper()
	e := entry(t, img, id)
	bs := int(binary.LittleEndian.Uint32(img[0x144:]))
	cur := int(e.Offset)
	for ; off >= bs-4; off -= bs - 4 {
		cur = int(binary.LittleEndian.Uint32(img[cur:]))
	}
	return cur + 4 + off
}

func put32(b []byte, at int, v uint32) { binary.LittleEndian.PutUint32(b[at:], v) }

// only returns the problems other than the stand-in's deliberate one (the
// "marsh" desc's missing table, A1, docs/fidelity.md).
func only(s *Summary) []dat.Problem {
	var out []dat.Problem
	for _, p := range s.Problems {
		if p.Record == dat.RegionID && p.Kind == dat.KindMissingRecord && strings.Contains(p.What, "0x200000F0") {
			continue
		}
		out = append(out, p)
	}
	return out
}

// The stand-in reads clean apart from its one deliberately missing table,
// which is named with the byte of the reference: desc 6's stb_id.
func TestStandInChecksClean(t *testing.T) {
	portal, cell := images(t)
	a := open(t, portal, cell)
	s := Check(a, Options{Workers: 2})
	if p := only(s); len(p) != 0 {
		t.Errorf("stand-in problems: %v", p)
	}
	if len(s.Problems) != 1 {
		t.Fatalf("want exactly the missing marsh table, got %v", s.Problems)
	}
	g, refs, err := dat.ParseRegionRefs(must(a.Portal.Get(dat.RegionID)))
	if err != nil {
		t.Fatal(err)
	}
	var desc int = -1
	for i, d := range g.Sound.STBDescs {
		if d.STBID == assets.MissingTable {
			desc = i
		}
	}
	if p := s.Problems[0]; p.File != dat.PortalFile || p.Off != refs.STBID[desc] || !p.InRecord {
		t.Errorf("missing table problem: %+v, want record byte 0x%X", p, refs.STBID[desc])
	}
	// Every record was read: the counts add up to the directories.
	entries := 0
	for _, f := range s.Files {
		entries += f.Entries
	}
	if s.Records != entries || s.Counts[TypeLandBlock] != 25 || s.Counts[TypeRegion] != 1 || s.Counts[TypeWave] == 0 || s.Counts[TypeSoundTable] == 0 {
		t.Errorf("counts %v, records %d, entries %d", s.Counts, s.Records, entries)
	}
	if s.Bytes != int64(len(portal)+len(cell)) || !(s.Seconds > 0) {
		t.Errorf("bytes %d seconds %v", s.Bytes, s.Seconds)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// want finds a problem on file/record at off of kind whose text holds what.
func want(t *testing.T, s *Summary, file string, rec uint32, off int64, inRecord bool, kind, what string) {
	t.Helper()
	for _, p := range only(s) {
		if p.File == file && p.Record == rec && p.Off == off && p.InRecord == inRecord && p.Kind == kind && strings.Contains(p.What, what) {
			return
		}
	}
	t.Errorf("no %s problem on %s record 0x%08X at 0x%X (in record %v) saying %q; got %v", kind, file, rec, off, inRecord, what, only(s))
}

// damageTargets are the stand-in records the damaged variants break: the
// first readable ambient sound table, its first wave, and Holtburg's
// landblock; a is the undamaged archive.
func damageTargets(t *testing.T) (a *dat.Archive, st *dat.SoundTable, table, wave, lb uint32) {
	t.Helper()
	portal, cell := images(t)
	a = open(t, portal, cell)
	reg, err := a.Region()
	if err != nil {
		t.Fatal(err)
	}
	tables := a.Portal
	for _, d := range reg.Sound.STBDescs {
		if _, err := tables.Lookup(d.STBID); err == nil {
			table = d.STBID
			break
		}
	}
	st, err = a.SoundTable(table)
	if err != nil {
		t.Fatal(err)
	}
	wave = st.Root.Children[0].Data[0].WaveID
	lb = dat.LandBlockID(0xA9, 0xB4)
	return a, st, table, wave, lb
}

// TestDamagedVariants_Directory: a damaged directory entry or block chain
// is a problem naming the record and the byte, and the check reads on.
func TestDamagedVariants_Directory(t *testing.T) {
	_, _, _, wave, lb := damageTargets(t)
	t.Run("broken directory entry", func(t *testing.T) {
		p, c := images(t)
		e := entry(t, c, lb)
		// The entry's id, offset and size are 12 consecutive bytes of a node.
		at := entryBytes(t, c, e.ID, e.Offset, e.Size)
		put32(c, at+4, e.Offset+3) // not block-aligned
		s := Check(open(t, p, c), Options{})
		want(t, s, dat.CellFile, lb, int64(e.Offset+3), false, dat.KindBadChain, "not block-aligned")
	})
	t.Run("bad block link", func(t *testing.T) {
		p, c := images(t)
		e := entry(t, p, wave)
		if e.Size <= 1020 {
			t.Fatalf("wave 0x%08X fits one block; want a chain", wave)
		}
		put32(p, int(e.Offset), 0x80000000|(e.Offset+1024)) // free-block tag
		s := Check(open(t, p, c), Options{})
		want(t, s, dat.PortalFile, wave, int64(e.Offset), false, dat.KindBadChain, "bad block link (free-block tag")
	})
	t.Run("shared block", func(t *testing.T) {
		p, c := images(t)
		a, b := dat.LandBlockID(0xA9, 0xB3), lb
		ea, eb := entry(t, c, a), entry(t, c, b)
		at := entryBytes(t, c, ea.ID, ea.Offset)
		put32(c, at+4, eb.Offset) // A's entry points at B's block
		s := Check(open(t, p, c), Options{Workers: 2})
		want(t, s, dat.CellFile, a, int64(eb.Offset), false, dat.KindBadChain, fmt.Sprintf("shares a block with record 0x%08X", b))
	})
	t.Run("record in a directory block", func(t *testing.T) {
		p, c := images(t)
		e := entry(t, c, lb)
		at := entryBytes(t, c, e.ID, e.Offset)
		root := binary.LittleEndian.Uint32(c[0x160:])
		put32(c, at+4, root)
		s := Check(open(t, p, c), Options{})
		want(t, s, dat.CellFile, lb, int64(root), false, dat.KindBadChain, "runs into a B-tree directory node")
	})
	t.Run("entry version 0", func(t *testing.T) {
		p, c := images(t)
		e := entry(t, c, lb)
		at := entryBytes(t, c, e.Flags, e.ID)
		put32(c, at, e.Flags&0xFFFF)
		s := Check(open(t, p, c), Options{})
		want(t, s, dat.CellFile, lb, -1, false, dat.KindBadDirectory, "record version 0")
	})
}

// TestDamagedVariants_Records: a bad value or reference inside a record is
// a problem at its record byte.
func TestDamagedVariants_Records(t *testing.T) {
	a, st, table, wave, lb := damageTargets(t)
	t.Run("bad wave header", func(t *testing.T) {
		p, c := images(t)
		put32(p, recByte(t, p, wave, 12+4), 3) // nSamplesPerSec = 3 Hz
		s := Check(open(t, p, c), Options{})
		h := binary.LittleEndian.Uint32(p[recByte(t, p, wave, 4):])
		want(t, s, dat.PortalFile, wave, int64(12+h), true, dat.KindBadWave, "does not decode")
	})
	t.Run("NaN region value", func(t *testing.T) {
		p, c := images(t)
		// "Dereth": PString of 8 bytes at 12, LandDefs at 20, table at 52; entry 5 at 72.
		put32(p, recByte(t, p, dat.RegionID, 72), math.Float32bits(float32(math.NaN())))
		s := Check(open(t, p, c), Options{})
		want(t, s, dat.PortalFile, dat.RegionID, 72, true, dat.KindBadRegion, "height table value 5 is not a finite number: NaN")
	})
	t.Run("missing referenced table", func(t *testing.T) {
		p, c := images(t)
		_, refs, _ := dat.ParseRegionRefs(must(a.Portal.Get(dat.RegionID)))
		put32(p, recByte(t, p, dat.RegionID, int(refs.STBID[0])), 0x2000FFF0)
		s := Check(open(t, p, c), Options{})
		want(t, s, dat.PortalFile, dat.RegionID, refs.STBID[0], true, dat.KindMissingRecord, "names sound table 0x2000FFF0, which is not in the portal dat")
	})
	t.Run("missing referenced wave", func(t *testing.T) {
		p, c := images(t)
		// Root: id 4, key 4, count 4, its items, children count 4; first child: key, count, then its first wave id.
		off := 4 + 8 + 16*len(st.Root.Data) + 4 + 8
		if got := binary.LittleEndian.Uint32(p[recByte(t, p, table, off):]); got != wave {
			t.Fatalf("test setup: byte %d of the table holds 0x%08X, not wave 0x%08X", off, got, wave)
		}
		put32(p, recByte(t, p, table, off), 0x0A00FFF0)
		s := Check(open(t, p, c), Options{})
		want(t, s, dat.PortalFile, table, int64(off), true, dat.KindMissingRecord, "names wave 0x0A00FFF0")
	})
	t.Run("NaN table volume", func(t *testing.T) {
		p, c := images(t)
		off := 4 + 8 + 16*len(st.Root.Data) + 4 + 8 + 12 // first child's first item's volume
		put32(p, recByte(t, p, table, off), math.Float32bits(float32(math.NaN())))
		s := Check(open(t, p, c), Options{})
		want(t, s, dat.PortalFile, table, int64(off), true, dat.KindBadTable, "volume NaN outside [0, 10]")
	})
	t.Run("missing EnvCells", func(t *testing.T) {
		p, c := images(t)
		lbi := lb&^0xFFFF | dat.LandBlockInfoL
		info, err := a.LandBlockInfo(lbi)
		if err != nil {
			t.Fatal(err)
		}
		put32(c, recByte(t, c, lbi, 4), info.NumCells+3) // num_cells
		s := Check(open(t, p, c), Options{})
		want(t, s, dat.CellFile, lbi, 4, true, dat.KindMissingRecord, fmt.Sprintf("EnvCell 0x%08X is not in the cell dat (and 2 more)", lb&^0xFFFF|(0x0100+info.NumCells)))
	})
	t.Run("Inf object frame", func(t *testing.T) {
		p, c := images(t)
		lbi := lb&^0xFFFF | dat.LandBlockInfoL
		put32(c, recByte(t, c, lbi, 12+4+8), math.Float32bits(float32(math.Inf(-1)))) // object 0's Z
		s := Check(open(t, p, c), Options{})
		want(t, s, dat.CellFile, lbi, 12+4+8, true, dat.KindBadLandBlock, "object 0 frame value 2 is not a finite number: -Inf")
	})
	t.Run("bad terrain index", func(t *testing.T) {
		p, c := images(t)
		// Vertex 10's terrain word at 8 + 2·10: scene index 31 (bits 11–15).
		at := recByte(t, c, lb, 28)
		w := binary.LittleEndian.Uint16(c[at:])
		binary.LittleEndian.PutUint16(c[at:], w|0xF800)
		s := Check(open(t, p, c), Options{})
		want(t, s, dat.CellFile, lb, 28, true, dat.KindBadReference, "vertex 10 terrain word")
	})
}

// TestDamagedVariants_Files: a cut file or the wrong file in a role is a
// problem of the file, and the other file is still checked.
func TestDamagedVariants_Files(t *testing.T) {
	t.Run("truncation", func(t *testing.T) {
		p, c := images(t)
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, dat.PortalFile), p, 0o644)
		os.WriteFile(filepath.Join(dir, dat.CellFile), c[:len(c)-300], 0o644)
		s, err := CheckDir(dir, Options{})
		if err != nil {
			t.Fatal(err)
		}
		want(t, s, filepath.Join(dir, dat.CellFile), 0, 0x148, false, dat.KindBadFile, "file truncated")
		if s.Counts[TypeWave] == 0 {
			t.Error("the portal file was not checked after the cell file failed to open")
		}
	})
	t.Run("truncation past the header's size", func(t *testing.T) {
		p, c := images(t)
		c = c[:len(c)-1024]
		put32(c, 0x148, uint32(len(c))) // a consistent header: the tail blocks are gone
		s := Check(open(t, p, c), Options{})
		found := false
		for _, q := range only(s) {
			found = found || q.File == dat.CellFile && strings.Contains(q.What, "past end of file")
		}
		if !found {
			t.Errorf("no past-end-of-file problem: %v", only(s))
		}
	})
	t.Run("portal over cell", func(t *testing.T) {
		p, _ := images(t)
		s := Check(open(t, p, p), Options{})
		want(t, s, dat.CellFile, 0, 0x14C, false, dat.KindBadFile, "data_set is 1 (portal), want 2 (cell)")
	})
}

// The same problems and counts whatever the number of workers; progress
// rises to the totals.
func TestWorkersAndProgress(t *testing.T) {
	p, c := images(t)
	put32(p, recByte(t, p, dat.RegionID, 72), math.Float32bits(float32(math.Inf(1))))
	var last Progress
	calls := 0
	s1 := Check(open(t, p, c), Options{Workers: 1, Progress: func(pr Progress) {
		if pr.Records < last.Records || pr.Bytes < last.Bytes {
			t.Errorf("progress went back: %+v after %+v", pr, last)
		}
		last = pr
		calls++
	}})
	if calls == 0 || last.Records != last.TotalRecords || last.Bytes != last.TotalBytes || last.Records != s1.Records {
		t.Errorf("progress ended at %+v after %d calls, %d records", last, calls, s1.Records)
	}
	s4 := Check(open(t, p, c), Options{Workers: 4})
	if len(s1.Problems) != len(s4.Problems) || s1.Records != s4.Records {
		t.Fatalf("1 worker: %d problems %d records; 4 workers: %d, %d", len(s1.Problems), s1.Records, len(s4.Problems), s4.Records)
	}
	for i := range s1.Problems {
		if s1.Problems[i] != s4.Problems[i] {
			t.Errorf("problem %d: %v vs %v", i, s1.Problems[i], s4.Problems[i])
		}
	}
}

// Problems reach a caller's collector as they are found.
func TestLiveProblems(t *testing.T) {
	p, c := images(t)
	ps := &dat.Problems{}
	var live []dat.Problem
	var mu sync.Mutex
	ps.OnNew(func(q dat.Problem) { mu.Lock(); live = append(live, q); mu.Unlock() })
	s := Check(open(t, p, c), Options{Problems: ps})
	if len(live) != len(s.Problems) || len(live) == 0 {
		t.Errorf("%d live, %d in the summary", len(live), len(s.Problems))
	}
}

// The 1 MB wave of minimal MP3 frames (≈ 17.5 min at 24 kHz, it
// decoded to 1.18 GB) is a bad_wave problem naming the budget, found from
// go-mp3's header walk (audio.CheckWave), not by decoding it.
func TestMP3BombIsAProblem(t *testing.T) {
	mp3 := make([]byte, 1<<20) // 8 kbit/s 24 kHz mono frames of 24 bytes: FF F3 14 C0, then zeros
	for i := 0; i+24 <= len(mp3); i += 24 {
		copy(mp3[i:], []byte{0xFF, 0xF3, 0x14, 0xC0})
	}
	const id = 0x0A00BEEF
	w := dat.NewPairWriter()
	w.AddPortal(id, dat.EncodeWave(&dat.Wave{ID: id, Format: dat.WaveFormat{Tag: dat.WaveTagMP3, Channels: 1, SamplesPerSec: 24000}, Data: mp3}))
	s := Check(dattest.OpenPair(t, w), Options{})
	for _, q := range s.Problems {
		if q.Record == id && q.Kind == dat.KindBadWave && q.Off == 12+18 && strings.Contains(q.What, "budget") {
			return
		}
	}
	t.Errorf("no over-budget problem for the MP3 bomb: %v", s.Problems)
}

// TestO1_CheckListsCompressedWaves: check counts compressed (non-PCM) waves
// by (tag, rate, channels) from their headers and marks the formats that are
// not already 11025 Hz mono (O1: retail converts them with ACM, or plays them
// silent); PCM waves are not listed.
func TestO1_CheckListsCompressedWaves(t *testing.T) {
	w := dat.NewPairWriter()
	for i, f := range []dat.WaveFormat{
		{Tag: dat.WaveTagMP3, Channels: 2, SamplesPerSec: 22050},
		{Tag: dat.WaveTagMP3, Channels: 1, SamplesPerSec: 11025},
		{Tag: dat.WaveTagMP3, Channels: 2, SamplesPerSec: 22050},
		{Tag: dat.WaveTagMP3, Channels: 1, SamplesPerSec: 22050},
		{Tag: dat.WaveTagPCM, Channels: 1, SamplesPerSec: 22050, BitsPerSample: 16, BlockAlign: 2},
	} {
		id := 0x0A000100 + uint32(i)
		w.AddPortal(id, dat.EncodeWave(&dat.Wave{ID: id, Format: f, Data: []byte{0, 0, 0, 0}}))
	}
	s := Check(dattest.OpenPair(t, w), Options{DecodeWave: func(*dat.Wave) error { return nil }})
	want := []CompressedFormat{
		{Tag: dat.WaveTagMP3, Rate: 11025, Channels: 1, Waves: 1, Converted: false},
		{Tag: dat.WaveTagMP3, Rate: 22050, Channels: 1, Waves: 1, Converted: true},
		{Tag: dat.WaveTagMP3, Rate: 22050, Channels: 2, Waves: 2, Converted: true},
	}
	if fmt.Sprint(s.Compressed) != fmt.Sprint(want) {
		t.Errorf("O1: compressed waves: got %+v, want %+v", s.Compressed, want)
	}
}

// entryBytes is where a directory entry's consecutive u32 fields (the words,
// little-endian) stand in the image; the test fails if they do not.
func entryBytes(t *testing.T, image []byte, words ...uint32) int {
	t.Helper()
	var pat []byte
	for _, w := range words {
		pat = binary.LittleEndian.AppendUint32(pat, w)
	}
	at := bytes.Index(image, pat)
	if at < 0 {
		t.Fatal("entry not found in the node bytes")
	}
	return at
}
