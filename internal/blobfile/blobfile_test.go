package blobfile

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"soundworld/assets"
	"soundworld/assets/standintest"
	"soundworld/dat"
)

// memFetch serves data like a browser File: any in-range slice, counting calls.
func memFetch(t *testing.T, data []byte, calls *int) Fetch {
	return func(off int64, p []byte) error {
		*calls++
		if off < 0 || off+int64(len(p)) > int64(len(data)) {
			t.Errorf("fetch past the file: %d+%d of %d", off, len(p), len(data))
			return io.ErrUnexpectedEOF
		}
		copy(p, data[off:])
		return nil
	}
}

// Every ReadAt gives the file's bytes, across block edges and at the end.
func TestReadAt_SameBytesAsTheFile(t *testing.T) {
	data := make([]byte, 5*BlockSize+123)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	calls := 0
	r := New("x.dat", int64(len(data)), memFetch(t, data, &calls), 2)
	for k := 0; k < 2000; k++ {
		off := rng.Int64N(int64(len(data)) + 10)
		n := rng.IntN(3 * BlockSize)
		p := make([]byte, n)
		got, err := r.ReadAt(p, off)
		want := max(0, min(int64(n), int64(len(data))-off))
		if int64(got) != want {
			t.Fatalf("ReadAt(%d bytes at %d) = %d, want %d", n, off, got, want)
		}
		if !bytes.Equal(p[:got], data[min(off, int64(len(data))):off+want]) {
			t.Fatalf("ReadAt(%d bytes at %d): wrong bytes", n, off)
		}
		if int64(got) < int64(n) && !errors.Is(err, io.EOF) || int64(got) == int64(n) && err != nil {
			t.Fatalf("ReadAt(%d at %d): n %d err %v", n, off, got, err)
		}
	}
	if len(r.blocks) > 2 {
		t.Errorf("%d blocks kept, the cache holds 2", len(r.blocks))
	}
}

// Reads within cached blocks fetch nothing; the least recently used block
// goes first.
func TestReadAt_CachesBlocks(t *testing.T) {
	data := make([]byte, 4*BlockSize)
	calls := 0
	r := New("x.dat", int64(len(data)), memFetch(t, data, &calls), 2)
	p := make([]byte, 10)
	r.ReadAt(p, 0)           // block 0: fetch 1
	r.ReadAt(p, BlockSize+5) // block 1: fetch 2
	r.ReadAt(p, 100)         // block 0 again: cached, now the newer
	if calls != 2 {
		t.Fatalf("%d fetches, want 2", calls)
	}
	r.ReadAt(p, 2*BlockSize) // block 2 evicts block 1 (least recently used)
	r.ReadAt(p, 200)         // block 0: still cached
	if calls != 3 {
		t.Fatalf("%d fetches, want 3 (block 0 kept)", calls)
	}
	r.ReadAt(p, BlockSize) // block 1 was evicted
	if calls != 4 || r.Fetched() != 4*BlockSize {
		t.Fatalf("%d fetches, %d bytes; want 4 and %d", calls, r.Fetched(), 4*BlockSize)
	}
}

// A failing fetch is an error naming the file and the offset, not a panic.
func TestReadAt_FetchErrorNamesFileAndOffset(t *testing.T) {
	r := New("client_cell_1.dat", 3*BlockSize, func(int64, []byte) error { return ErrClosed }, 0)
	_, err := r.ReadAt(make([]byte, 4), BlockSize+7)
	if err == nil || !errors.Is(err, ErrClosed) || !strings.Contains(err.Error(), "client_cell_1.dat") || !strings.Contains(err.Error(), "65536") {
		t.Fatalf("error %v: want one naming the file and block offset 65536", err)
	}
}

// The stand-in's dats read through the reader open with dat.NewFile and give
// the same records as read from memory: the browser's code path.
func TestStandIn_ThroughDatNewFile(t *testing.T) {
	portal, cell, err := assets.StandInImages()
	if err != nil {
		t.Fatal(err)
	}
	var pc, cc int
	pf, err := dat.NewFile(New(dat.PortalFile, int64(len(portal)), memFetch(t, portal, &pc), 8), int64(len(portal)), dat.PortalFile)
	if err != nil {
		t.Fatal(err)
	}
	cf, err := dat.NewFile(New(dat.CellFile, int64(len(cell)), memFetch(t, cell, &cc), 8), int64(len(cell)), dat.CellFile)
	if err != nil {
		t.Fatal(err)
	}
	a, err := dat.NewArchive(pf, cf, "blob")
	if err != nil {
		t.Fatal(err)
	}
	ref := standintest.Archive(t)
	want, err := ref.LandBlockIDs()
	if err != nil {
		t.Fatal(err)
	}
	got, err := a.LandBlockIDs()
	if err != nil || len(got) != len(want) || len(got) == 0 {
		t.Fatalf("landblocks %d (%v), want %d", len(got), err, len(want))
	}
	for _, id := range want {
		x, err1 := a.LandBlock(id)
		y, err2 := ref.LandBlock(id)
		if err1 != nil || err2 != nil || x.Height != y.Height || x.Terrain != y.Terrain {
			t.Fatalf("landblock %08X differs (%v, %v)", id, err1, err2)
		}
	}
}

// Prefetch starts the blocks' fetches side by side and returns at once;
// reads of those blocks then wait for them instead of fetching again; it
// starts at most half the cache's blocks, and a failed prefetch is the
// read's error, naming the file and offset.
func TestPrefetch_FetchesSideBySide(t *testing.T) {
	data := make([]byte, 12*BlockSize)
	for i := range data {
		data[i] = byte(i / BlockSize)
	}
	var mu sync.Mutex
	calls, active, most := map[int64]int{}, 0, 0
	release := make(chan struct{})
	fetch := func(off int64, p []byte) error {
		mu.Lock()
		calls[off/BlockSize]++
		active++
		most = max(most, active)
		mu.Unlock()
		<-release
		mu.Lock()
		active--
		mu.Unlock()
		if off == 9*BlockSize {
			return ErrClosed
		}
		copy(p, data[off:])
		return nil
	}
	r := New("cell.dat", int64(len(data)), fetch, 8)
	r.Prefetch([]int64{0, 2*BlockSize + 10, 4 * BlockSize}, 16<<10)
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := active
		mu.Unlock()
		if n == 3 || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	close(release)
	p := make([]byte, 1)
	for _, b := range []int64{0, 2, 4} {
		if _, err := r.ReadAt(p, b*BlockSize+5); err != nil || p[0] != byte(b) {
			t.Errorf("block %d: read %d, %v; want %d", b, p[0], err, b)
		}
	}
	mu.Lock()
	if most != 3 || calls[0] != 1 || calls[2] != 1 || calls[4] != 1 {
		t.Errorf("got %d fetches at once (want 3) and fetches per block %v (want one each of 0, 2, 4)", most, calls)
	}
	mu.Unlock()

	// At most half the cache (4 of 8 blocks): 5..8 start, 9.. do not.
	r.Prefetch([]int64{5 * BlockSize, 6 * BlockSize, 7 * BlockSize, 8 * BlockSize, 9 * BlockSize, 10 * BlockSize}, 1)
	r.Prefetch(nil, 0)
	for _, b := range []int64{5, 6, 7, 8} {
		if _, err := r.ReadAt(p, b*BlockSize); err != nil {
			t.Errorf("block %d: %v", b, err)
		}
	}
	mu.Lock()
	if calls[9] != 0 || calls[10] != 0 {
		t.Errorf("blocks past half the cache were prefetched: %v", calls)
	}
	mu.Unlock()
	r.Prefetch([]int64{9 * BlockSize}, 1)
	_, err := r.ReadAt(p, 9*BlockSize)
	if !errors.Is(err, ErrClosed) || !strings.Contains(err.Error(), "cell.dat") || !strings.Contains(err.Error(), "offset 589824") {
		t.Errorf("a failed prefetch read back as %v; want ErrClosed naming cell.dat and offset 589824", err)
	}
}
