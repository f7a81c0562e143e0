package dat

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// openImage opens img as a dat (the open itself must not fail: a damaged
// directory is a problem, not a refusal).
func openImage(t *testing.T, img []byte) *File {
	t.Helper()
	f, err := NewFile(bytes.NewReader(img), int64(len(img)), "cell.dat")
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	return f
}

// rootKid is the file offset of the root's branch i.
func rootKid(b []byte, i int) uint32 { return get32(b, chainPos(b, rootOff(b), i*4)) }

func TestDirectoryCheckedAtOpen(t *testing.T) {
	base := baseImage(t)
	if get32(base, chainPos(base, rootOff(base), 0)) == 0 {
		t.Fatal("base image: want a two-level B-tree")
	}
	if p := openImage(t, base).DirectoryProblems(); len(p) != 0 {
		t.Fatalf("clean image: directory problems %v", p)
	}
	root := rootOff(base)
	count := func(b []byte, node uint32) int { return chainPos(b, node, 248) }
	cases := []struct {
		name, want string
		mess       func([]byte) []byte
	}{
		{"root emptied", "belong to nothing", func(b []byte) []byte { put32(b, count(b, root), 0); return b }},
		{"root halved", "belong to nothing", func(b []byte) []byte {
			put32(b, count(b, root), get32(b, count(b, root))/2)
			return b
		}},
		{"leaf emptied", "belong to nothing", func(b []byte) []byte { put32(b, count(b, rootKid(b, 0)), 0); return b }},
		{"leaf count past 61", "entry_count > 61", func(b []byte) []byte { put32(b, count(b, rootKid(b, 0)), 62); return b }},
		{"leaf keys swapped", "not ascending", func(b []byte) []byte {
			leaf := rootKid(b, 0)
			p0, p1 := chainPos(b, leaf, 252+4), chainPos(b, leaf, 252+24+4)
			a, c := get32(b, p0), get32(b, p1)
			put32(b, p0, c)
			put32(b, p1, a)
			return b
		}},
		{"leaf outside its range", "outside the range", func(b []byte) []byte {
			// the first leaf's last id moved past the root's first separator
			leaf := rootKid(b, 0)
			n := int(get32(b, count(b, leaf)))
			put32(b, chainPos(b, leaf, 252+(n-1)*24+4), get32(b, chainPos(b, root, 252+4))+1)
			return b
		}},
		{"branch past the end", "past end of file", func(b []byte) []byte {
			put32(b, chainPos(b, root, 4), uint32(len(b)))
			return b
		}},
		{"branch cycles to the root", "reached twice", func(b []byte) []byte { put32(b, chainPos(b, root, 4), root); return b }},
		{"two branches share a node", "reached twice", func(b []byte) []byte {
			put32(b, chainPos(b, root, 4), rootKid(b, 0))
			return b
		}},
		{"free count claims blocks", "claims", func(b []byte) []byte { put32(b, headerOff+28, 5); return b }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := openImage(t, messWith(base, c.mess))
			ps := f.DirectoryProblems()
			if len(ps) == 0 {
				t.Fatal("no directory problem")
			}
			var all []string
			for _, p := range ps {
				if p.Kind != KindBadDirectory || p.File != "cell.dat" {
					t.Errorf("problem %+v: want kind %s in cell.dat", p, KindBadDirectory)
				}
				all = append(all, p.String())
			}
			if s := strings.Join(all, "\n"); !strings.Contains(s, c.want) {
				t.Errorf("problems:\n%s\nwant one saying %q", s, c.want)
			}
		})
	}
}

// A record the damaged directory lost is named as such (bad_directory), not
// as a record that was never there.
func TestLostRecordIsADirectoryProblem(t *testing.T) {
	base := baseImage(t)
	root := rootOff(base)
	img := messWith(base, func(b []byte) []byte { put32(b, chainPos(b, root, 248), 0); return b })
	f := openImage(t, img)
	_, err := f.Get(cLB) // 0xA9B4FFFF sorts last: under the dropped branches
	if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "damaged directory") {
		t.Fatalf("Get: %v, want not found in a damaged directory", err)
	}
	if p := ProblemOf(KindBadLandBlock, "", cLB, err); p.Kind != KindBadDirectory {
		t.Errorf("problem kind %s, want %s", p.Kind, KindBadDirectory)
	}
	// A clean directory's miss stays a missing record.
	_, err = openImage(t, base).Get(0x0A00FFFF)
	if p := ProblemOf(KindBadWave, "", 0x0A00FFFF, err); p.Kind != KindMissingRecord {
		t.Errorf("clean miss: kind %s, want %s", p.Kind, KindMissingRecord)
	}
}

// A record whose chain is cross-linked into a B-tree node is refused where
// it runs in, through both read paths (the chain and the single-block scan).
func TestChainIntoDirectoryIsRefused(t *testing.T) {
	base := baseImage(t)
	root := rootOff(base)
	for _, id := range []uint32{cRegion, cLB} {
		img := messWith(base, func(b []byte) []byte {
			if id == cRegion { // the region's first link now points at the root node
				put32(b, int(get32(b, entryField(b, id, 2))), root)
			} else { // the landblock's entry points at the root node
				put32(b, entryField(b, id, 2), root)
			}
			return b
		})
		f := openImage(t, img)
		_, err := f.Get(id)
		if err == nil || !strings.Contains(err.Error(), "runs into a B-tree directory node") {
			t.Errorf("record 0x%08X: Get: %v, want a chain into the directory", id, err)
		}
		if id == cLB {
			a := &Archive{Cell: f}
			for _, err := range a.LandBlocks() {
				if err == nil || !strings.Contains(err.Error(), "runs into a B-tree directory node") {
					t.Errorf("LandBlocks: %v, want a chain into the directory", err)
				}
				break
			}
		}
	}
}

// prefetchRecorder is a ReaderAt that records what the directory check
// asks it to prefetch.
type prefetchRecorder struct {
	*bytes.Reader
	asked [][]int64
	span  int64
}

func (p *prefetchRecorder) Prefetch(offs []int64, n int64) {
	p.asked = append(p.asked, append([]int64(nil), offs...))
	p.span = n
}

// A Prefetcher reader (blobfile over a browser File) is handed each
// internal node's children before the open-time check reads them: every
// node the check reads below the root was prefetched first, exactly once,
// and the open finds the same directory as over a plain reader.
func TestNewFile_PrefetchesChildren(t *testing.T) {
	img := baseImage(t)
	plain, err := NewFile(bytes.NewReader(img), int64(len(img)), "cell.dat")
	if err != nil {
		t.Fatal(err)
	}
	rec := &prefetchRecorder{Reader: bytes.NewReader(img)}
	f, err := NewFile(rec, int64(len(img)), "cell.dat")
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.asked) == 0 {
		t.Fatal("no prefetch asked: the test image needs an internal node")
	}
	got := map[int64]int{}
	for _, offs := range rec.asked {
		for _, o := range offs {
			got[o]++
		}
	}
	for off := range f.nodes {
		if off == f.hdr.BTreeRoot {
			continue
		}
		if got[int64(off)] != 1 {
			t.Errorf("node 0x%X was prefetched %d times, want once", off, got[int64(off)])
		}
	}
	if len(got) != len(f.nodes)-1 {
		t.Errorf("prefetched %d offsets, the check read %d nodes below the root", len(got), len(f.nodes)-1)
	}
	if rec.span != 16<<10 {
		t.Errorf("prefetch span %d, want the check's 16 KiB read", rec.span)
	}
	if f.DirectoryEntries() != plain.DirectoryEntries() || len(f.DirectoryProblems()) != len(plain.DirectoryProblems()) {
		t.Errorf("with prefetch: %d entries, %d problems; plain: %d, %d", f.DirectoryEntries(), len(f.DirectoryProblems()), plain.DirectoryEntries(), len(plain.DirectoryProblems()))
	}
}
