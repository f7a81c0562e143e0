package mapview

import (
	"testing"
	"time"

	"soundworld/ambientviz/geom"
	"soundworld/assets"
	"soundworld/dat"
)

// standInMap is the map over the stand-in with in-memory textures, its
// view c (Camera answers it), jumps and notices recorded.
type testMap struct {
	*Map
	cam     geom.Camera
	jumps   [][2]float64
	notices []string
}

func standInMap(t testing.TB) *testMap {
	t.Helper()
	a, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	return newTestMap(t, a)
}

func newTestMap(t testing.TB, a *dat.Archive) *testMap {
	t.Helper()
	return newTestMapWith(t, a, func(*Config) {})
}

// newTestMapWith is newTestMap with the map's Config changed by opt first.
func newTestMapWith(t testing.TB, a *dat.Archive, opt func(*Config)) *testMap {
	t.Helper()
	reg, err := a.Region()
	if err != nil {
		t.Fatal(err)
	}
	tm := &testMap{}
	cfg := Config{
		Archive: a, Region: reg, Problems: &dat.Problems{}, NewTexture: newFakeTex,
		Camera: func() geom.Camera { return tm.cam },
		Jump:   func(x, y float64) { tm.jumps = append(tm.jumps, [2]float64{x, y}) },
		Notice: func(s string) { tm.notices = append(tm.notices, s) },
	}
	opt(&cfg)
	tm.Map = New(cfg)
	t.Cleanup(tm.Close)
	// The window's opening view: 3 landblocks across 1280×720 around Holtburg.
	tm.cam = geom.Camera{CX: 0xA9*192 + 96, CY: 0xB4*192 + 96, MPP: geom.FitMPP(3*geom.BlockSize, 1280, 720), W: 1280, H: 720}
	return tm
}

// whole is the view of the whole world (255 landblocks) in 1280×720.
func whole(c geom.Camera) geom.Camera {
	c.CX, c.CY = 255*192/2, 255*192/2
	c.MPP = 255 * 192 / 720.0
	return c
}

// Lazy map loading: landblocks that do not exist in the cell dat are asked for
// once and remembered as missing; existing ones are painted and kept.
func TestTiles_LazyLoadAndMissing(t *testing.T) {
	m := standInMap(t)
	tl := m.Tiles
	// 0xA7B2 is the stand-in's south-west corner: its west and south neighbours do not exist.
	tl.Want(0xA6, 0xB1, 0xA8, 0xB3, 0xA7, 0xB2)
	deadline := time.Now().Add(10 * time.Second)
	for tl.Loading() > 0 && time.Now().Before(deadline) {
		tl.Collect(0)
		time.Sleep(5 * time.Millisecond)
	}
	if !tl.missing[0xA6B1] || !tl.missing[0xA7B1] || tl.imgs[0xA7B2] == nil || tl.blocks[0xA8B3] == nil {
		t.Errorf("got missing 0xA6B1 %v 0xA7B1 %v, loaded 0xA7B2 %v 0xA8B3 %v; want true true true true",
			tl.missing[0xA6B1], tl.missing[0xA7B1], tl.imgs[0xA7B2] != nil, tl.blocks[0xA8B3] != nil)
	}
	n := len(tl.req)
	tl.Want(0xA6, 0xB1, 0xA8, 0xB3, 0xA7, 0xB2)
	if len(tl.req) != n || tl.Loading() != 0 {
		t.Errorf("asking again: got %d new requests, want none (known or missing)", len(tl.req)-n)
	}
}

// Until the first view's tiles are all back the window has nothing else to
// show, so Update uploads every finished tile at once; after that at most
// TileUploads a frame (a jump into a town finishes a dozen within one
// frame), and the rest in the frames after.
func TestTiles_UploadsAFewPerFrame(t *testing.T) {
	m := standInMap(t)
	tl := m.Tiles
	tl.Want(0xA7, 0xB2, 0xAB, 0xB6, 0xA9, 0xB4) // the stand-in's 5×5 landblocks
	deadline := time.Now().Add(10 * time.Second)
	waitPainted := func(n int) {
		for len(tl.res) < n && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if len(tl.res) < n {
			t.Fatalf("only %d tiles painted in 10 s", len(tl.res))
		}
	}
	waitPainted(3 * TileUploads)
	waiting := len(tl.res)
	m.Update(m.cam, 1, Input{})
	if got := len(tl.imgs); got < waiting {
		t.Errorf("the first view's first frame, with %d tiles waiting, uploaded %d, want all", waiting, got)
	}
	for f := 2; tl.Loading() > 0 && time.Now().Before(deadline); f++ {
		m.Update(m.cam, f, Input{})
		time.Sleep(time.Millisecond)
	}
	if len(tl.imgs) != 25 {
		t.Fatalf("after the frames that followed: %d tiles, want the stand-in's 25", len(tl.imgs))
	}
	// The view opened: drop 12 tiles (as Evict does) and ask for them again.
	n := 0
	for k := range tl.imgs {
		if n == 3*TileUploads {
			break
		}
		delete(tl.imgs, k)
		delete(tl.blocks, k)
		n++
	}
	tl.Want(0xA7, 0xB2, 0xAB, 0xB6, 0xA9, 0xB4)
	waitPainted(3 * TileUploads)
	before := len(tl.imgs)
	m.Update(m.cam, 100, Input{})
	if got := len(tl.imgs) - before; got != TileUploads {
		t.Errorf("a later frame, with %d tiles waiting, uploaded %d, want %d", 3*TileUploads, got, TileUploads)
	}
	for f := 101; tl.Loading() > 0 && time.Now().Before(deadline); f++ {
		m.Update(m.cam, f, Input{})
		time.Sleep(time.Millisecond)
	}
	if len(tl.imgs) != 25 {
		t.Errorf("after the frames that followed: %d tiles, want the stand-in's 25", len(tl.imgs))
	}
}

// Zoomed out to the pyramid the map draws no tiles: finished tiles wait
// painted (their landblocks readable) but not uploaded, and do not count as
// loading; back at tile zoom they are uploaded TileUploads a frame.
func TestTiles_HeldWhileZoomedOut(t *testing.T) {
	m := standInMap(t)
	tl := m.Tiles
	opening := m.cam
	m.Update(opening, 1, Input{}) // frame 1 at tile zoom (nothing painted yet)
	tl.Want(0xA7, 0xB2, 0xAB, 0xB6, 0xA9, 0xB4)
	all := whole(opening)
	deadline := time.Now().Add(10 * time.Second)
	f := 2
	for ; (tl.Loading() > 0 || len(tl.held)+len(tl.imgs) < 25) && time.Now().Before(deadline); f++ {
		m.Update(all, f, Input{})
		time.Sleep(2 * time.Millisecond)
	}
	uploaded := len(tl.imgs)
	if uploaded != 0 || len(tl.held) != 25 || tl.Loading() != 0 {
		t.Fatalf("zoomed out: %d uploaded, %d held, %d loading; want none uploaded, 25 held, none loading",
			uploaded, len(tl.held), tl.Loading())
	}
	for k := range tl.held {
		if m.Block(k) == nil {
			t.Errorf("held tile %04X: its landblock is not readable", k)
		}
	}
	m.Update(opening, f, Input{})
	if got := len(tl.imgs) - uploaded; got != TileUploads {
		t.Errorf("back at tile zoom, one frame uploaded %d, want %d", got, TileUploads)
	}
	if tl.Loading() == 0 {
		t.Errorf("back at tile zoom with tiles still held: Loading() 0, want them counted")
	}
	for f++; tl.Loading() > 0 && time.Now().Before(deadline); f++ {
		m.Update(opening, f, Input{})
	}
	if len(tl.imgs) != 25 || len(tl.held) != 0 {
		t.Errorf("after the frames that followed: %d uploaded, %d held; want 25, 0", len(tl.imgs), len(tl.held))
	}
}

// ScanAfterFirstView (a browser page): the overview's scan of the cell dat
// waits until the Update after the one that uploaded the first view's tiles,
// so the first map is drawn before it; without the option it starts at New.
func TestMap_ScanAfterFirstView(t *testing.T) {
	a, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	m := newTestMapWith(t, a, func(c *Config) { c.ScanAfterFirstView = true })
	cam := m.cam
	m.Tiles.Want(0xA7, 0xB2, 0xAB, 0xB6, 0xA9+0.5, 0xB4+0.5)
	started := func() bool { return !m.pyr.started.IsZero() }
	time.Sleep(50 * time.Millisecond) // a scan started by New would have begun by now
	if started() || m.pyr.listed.Load() {
		t.Fatal("the scan started before the first view was uploaded")
	}
	m.Update(cam, 1, Input{}) // waits for and uploads the first view's tiles
	if len(m.Tiles.Images()) == 0 {
		t.Fatal("the first Update uploaded no tile")
	}
	if started() {
		t.Fatal("the scan started in the Update that uploaded the first view (before its frame is drawn)")
	}
	m.Update(cam, 2, Input{})
	if !started() {
		t.Fatal("the scan did not start in the Update after the first view's")
	}
	deadline := time.Now().Add(20 * time.Second)
	for _, _, fin := m.pyr.progress(); !fin && time.Now().Before(deadline); _, _, fin = m.pyr.progress() {
		m.Update(cam, 3, Input{})
		time.Sleep(5 * time.Millisecond)
	}
	if _, _, fin := m.pyr.progress(); !fin {
		t.Error("the deferred scan did not finish")
	}
	if d := newTestMap(t, a); d.pyr.started.IsZero() {
		t.Error("without ScanAfterFirstView the scan did not start at New")
	}
}
