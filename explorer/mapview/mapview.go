// Package mapview is the explorer's map, apart from the listener on it: the
// landblock tiles, the whole-world tile pyramid, the heatmap layer (overlay
// 7), landmarks (overlays 8, 9), the sound search and the Atlas panel's
// host. It decides what to read, paint and upload and answers what is under
// the cursor; it never draws (game/mapdraw does, from its textures), so it
// imports nothing of Ebitengine and its tests run without a display.
//
// The window drives it once a frame: Update (requests, uploads, jobs, a
// double-click), then mapdraw's Under and Over, and Hover for the status
// line. What it asks of the window goes through Config's callbacks: Jump
// (move the listener) and Notice (a toast).
package mapview

import (
	"fmt"
	"math"
	"os"
	"strings"
	"sync"
	"time"

	"soundworld/ambientviz/geom"
	"soundworld/atlas"
	"soundworld/dat"
	"soundworld/explorer/terrain"
	"soundworld/internal/crash"
	"soundworld/names"
	"soundworld/world"
)

// Heatmap modes (Toggles.Mode).
const (
	HeatSound      = 0 // one ambient sound: TABLE:STYPE
	HeatDesc       = 1 // one STB desc's share of the weight
	HeatLoudestBed = 2 // the loudest bed, categorical
)

// Toggles is the map's layer state the Atlas panel edits and the map reads.
type Toggles struct {
	Heat, Buildings, Statics bool
	Mode                     int
	Arg                      string // TABLE:STYPE or desc index
	Query                    string
	CSV                      string // export path
}

// SearchRow is one search hit as the panel lists it: a button (rank,
// landblock, peak) and a line under it (the sound, the peak's map coordinates).
type SearchRow struct{ Title, Detail string }

// Config is what the map needs from the window.
type Config struct {
	Archive *dat.Archive
	Region  *dat.Region
	// Problems collects what the atlas' own reads meet (never silent).
	Problems *dat.Problems
	// NewTexture makes the GPU images tiles and chunks are uploaded to.
	NewTexture NewTexture
	// Camera is the window's view now (zoom and place for the status lines).
	Camera func() geom.Camera
	// Jump puts the listener at world (x, y) m (inside the world) and brings
	// the view there: a double-click on the map or a search hit.
	Jump func(x, y float64)
	// Notice shows a short message (the window's toast).
	Notice func(string)
	// Now is the wall clock (time.Now; tests inject).
	Now func() time.Time
	// MaxBlocks bounds the decoded landblocks kept (0: MaxBlocks).
	MaxBlocks int
	// ScanAfterFirstView starts the overview's scan of the cell dat only in
	// the Update after the one that uploaded the first view's tiles, so
	// after the first map is drawn (a browser page runs every goroutine on
	// one thread, and the scan would delay that map); else at New.
	ScanAfterFirstView bool
	// Names names the landmarks under the cursor (nil: by model id).
	Names *names.Book
}

// Input is what Update needs of the frame's mouse: a left press this frame,
// the cursor, and whether a panel has the pointer (then the map sees nothing).
type Input struct {
	Pressed   bool
	X, Y      int
	OverPanel bool
}

// Map is the window's map state.
type Map struct {
	cfg   Config
	Tiles *Tiles
	pyr   *pyramid
	tog   Toggles
	heat  heatState
	lm    *landmarks
	srch  searchState

	amu     sync.Mutex
	at      *atlas.Atlas
	atErr   error
	opening bool

	scanArmed bool // ScanAfterFirstView: the first view is uploaded; the scan starts next Update

	clickAt        time.Time // the frame that saw the last left press on the map (double-click)
	clickX, clickY int
	lastFrame      time.Time // the previous frame's doubleClick call
}

// New starts the map's loaders (tiles, the overview's scan, landmarks).
func New(cfg Config) *Map {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MaxBlocks <= 0 {
		cfg.MaxBlocks = MaxBlocks
	}
	v := &Map{cfg: cfg, Tiles: NewTiles(cfg.Archive, cfg.Region, cfg.NewTexture), pyr: idlePyramid(cfg.Archive, cfg.Region, cfg.NewTexture, cfg.MaxBlocks)}
	if !cfg.ScanAfterFirstView {
		v.pyr.startScan()
	}
	v.lm = newLandmarks(cfg.Archive, v.pyr)
	v.tog = Toggles{Buildings: true, Statics: true, Mode: HeatLoudestBed, CSV: "search.csv"}
	v.heat.init(cfg.NewTexture)
	v.heatFromEnv()
	return v
}

// Toggles is the layer state (the Atlas panel edits it).
func (v *Map) Toggles() *Toggles { return &v.tog }

// heatFromEnv turns the heatmap on from SOUNDWORLD_HEATMAP ("loudest",
// "desc:N" or "TABLE:STYPE") — for shots and -profile-frames, which have no
// panel to click. A bad value is a notice (the layer stays off).
func (v *Map) heatFromEnv() {
	e := os.Getenv("SOUNDWORLD_HEATMAP")
	if e == "" {
		return
	}
	mode, arg := HeatSound, e
	switch {
	case e == "loudest":
		mode = HeatLoudestBed
	case strings.HasPrefix(e, "desc:"):
		mode, arg = HeatDesc, strings.TrimPrefix(e, "desc:")
	}
	v.tog.Mode, v.tog.Arg = mode, arg
	if err := v.SetHeatmap(mode, arg); err != nil {
		v.cfg.Notice("SOUNDWORLD_HEATMAP: " + err.Error())
	}
}

// Close ends the map's goroutines.
func (v *Map) Close() {
	v.Tiles.Close()
	v.pyr.close()
	v.lm.close()
	v.heat.stopJob()
	v.srch.cancelRun()
}

// atlas returns the atlas once it is open (nil before), opening it in the
// background on first use.
func (v *Map) atlas() *atlas.Atlas {
	v.amu.Lock()
	defer v.amu.Unlock()
	if v.at == nil && !v.opening && v.atErr == nil {
		v.opening = true
		go func() {
			defer crash.Recover()
			a, err := atlas.Open(v.cfg.Archive)
			if err == nil {
				// What the atlas' own reads meet (a landblock the heatmap or
				// a search reads, its terrain words) shows with the Sim's
				// problems (never silent; the collector dedups).
				a.Land().SetProblems(v.cfg.Problems)
			}
			v.amu.Lock()
			v.at, v.atErr, v.opening = a, err, false
			v.amu.Unlock()
		}()
	}
	return v.at
}

// Update runs once per frame after the panels, for the view c: tile uploads
// and eviction, pyramid requests and uploads, heatmap and landmark jobs,
// and a double-click on the map (in).
func (v *Map) Update(c geom.Camera, frame int, in Input) {
	t := v.Tiles
	t.Hold = !UseTiles(c)
	t.Collect(TileUploads)
	t.Evict(c.CX/geom.BlockSize, c.CY/geom.BlockSize)
	if v.scanArmed {
		v.pyr.startScan()
	}
	v.scanArmed = t.opened
	x0, y0, x1, y1 := c.Visible()
	l := terrain.LevelFor(c.MPP)
	v.pyr.want(l, x0, y0, x1, y1, c.CX, c.CY, frame)
	v.pyr.collect(3)
	v.pyr.evict()
	if v.tog.Heat {
		v.heat.hold = !v.pyr.scanDone.Load() // one scan of the cell dat at a time
		v.heat.update(v, c)
	}
	if v.tog.Buildings || v.tog.Statics {
		v.lm.want(c)
	}
	if x, y, ok := v.doubleClick(c, in); ok {
		v.jumpTo(x, y)
	}
}

// UseTiles reports whether the map draws the full 256 px tiles at c's zoom
// (pyramid level 0); further out the pyramid draws and no tile is requested.
func UseTiles(c geom.Camera) bool { return terrain.LevelFor(c.MPP) == 0 }

// doubleClick: a second left press on the map within 0.6 s (wall clock, so
// a slow machine's frame rate does not shorten it) and 6 px of the first
// is a jump to its world place (ok). Ebiten polls the button once a frame,
// so a press happened somewhere between the frame before the one that saw
// it and that one: the pair is judged by the shortest gap the frames allow,
// from the first press's frame to the frame before the second's (one frame
// of leeway: 17 ms at 60 FPS; at 7 frames a second a 0.4 s double-click
// can be seen up to 0.7 s apart).
func (v *Map) doubleClick(c geom.Camera, in Input) (x, y float64, ok bool) {
	now := v.cfg.Now()
	prev := v.lastFrame
	v.lastFrame = now
	if in.OverPanel || !in.Pressed {
		return 0, 0, false
	}
	if prev.IsZero() {
		prev = now
	}
	if prev.Sub(v.clickAt) <= 600*time.Millisecond && math.Hypot(float64(in.X-v.clickX), float64(in.Y-v.clickY)) <= 6 {
		v.clickAt = time.Time{}
		x, y = c.ToWorld(float64(in.X), float64(in.Y))
		return x, y, true
	}
	v.clickAt, v.clickX, v.clickY = now, in.X, in.Y
	return 0, 0, false
}

// jumpTo asks the window to put the listener at world (x, y), clamped into the world.
func (v *Map) jumpTo(x, y float64) {
	const edge = terrain.WorldBlocks*192 - 0.01
	v.cfg.Jump(math.Min(math.Max(x, 0), edge), math.Min(math.Max(y, 0), edge))
}

// ToggleLayer flips layer 7 (heatmap), 8 (buildings) or 9 (statics) (the overlay keys go on from 6).
func (v *Map) ToggleLayer(n int) {
	switch n {
	case 7:
		v.tog.Heat = !v.tog.Heat
	case 8:
		v.tog.Buildings = !v.tog.Buildings
	case 9:
		v.tog.Statics = !v.tog.Statics
	}
}

// Block is landblock key's terrain if the tiles or the pyramid have read it (never reads).
func (v *Map) Block(key uint16) *dat.LandBlock {
	if b := v.Tiles.blocks[key]; b != nil {
		return b
	}
	return v.pyr.cached(key)
}

// Hover is what the status line adds for the cursor at world (x, y):
// "no data" for a landblock missing from the cell dat, the heatmap's value,
// the nearest landmark with its model id.
func (v *Map) Hover(c geom.Camera, x, y float64) string {
	p, ok := terrain.Locate(x, y)
	if !ok {
		return ""
	}
	s := ""
	if v.pyr.listed.Load() && !v.pyr.present[p.LandblockKey()] {
		s += "  [no data: landblock not in the cell dat]"
	}
	if v.tog.Heat {
		s += v.heat.hover(p)
	}
	if v.tog.Buildings || v.tog.Statics {
		s += v.lm.hover(c, x, y, v.tog.Buildings, v.tog.Statics, v.cfg.Names)
	}
	return s
}

// AtlasStatus is the Atlas panel's status lines (ui.AtlasHost).
func (v *Map) AtlasStatus() []string {
	done, total, fin := v.pyr.progress()
	var out []string
	switch {
	case !v.pyr.listed.Load():
		out = append(out, "overview: listing the cell dat…")
	case fin:
		out = append(out, fmt.Sprintf("overview: %d landblocks in %.2f s", total, float64(v.pyr.scanTime.Load())/1e9))
	default:
		out = append(out, fmt.Sprintf("overview: %d / %d landblocks", done, total))
	}
	mpp := v.cfg.Camera().MPP
	out = append(out, fmt.Sprintf("zoom %.2f m/px, pyramid level %d", mpp, terrain.LevelFor(mpp)))
	if v.tog.Heat {
		out = append(out, v.heat.status())
	}
	return out
}

// jumpToCell puts the listener at the centre of landblock lb's cell (cx, cy).
func (v *Map) jumpToCell(lb uint16, x, y float32) {
	wx, wy := world.WorldPos(lb, x, y)
	v.jumpTo(float64(wx), float64(wy))
}

// Settled reports that the map has nothing in flight: every requested tile
// is in, the overview is complete, no pyramid chunk is pending and the
// heatmap's job (if on) is done — so a shot captures a finished picture.
func (v *Map) Settled() bool {
	return v.Tiles.Loading() == 0 && v.AtlasSettled()
}

// AtlasSettled is Settled without the tiles: the atlas layers alone.
func (v *Map) AtlasSettled() bool {
	_, _, fin := v.pyr.progress()
	return fin && v.pyr.pending() == 0 && (!v.tog.Heat || !v.heat.running && v.atlas() != nil)
}

// Progress is the overview's progress text while it builds (show), with the
// landblocks painted so far of total.
func (v *Map) Progress() (s string, done, total int64, show bool) {
	done, total, fin := v.pyr.progress()
	if fin {
		return "", done, total, false
	}
	if total == 0 {
		return "Overview: listing the cell dat…", done, total, true
	}
	return fmt.Sprintf("Overview: %d / %d landblocks painted", done, total), done, total, true
}

// Listed reports that the cell dat's landblocks are known (Present answers).
func (v *Map) Listed() bool { return v.pyr.listed.Load() }

// Present reports that landblock key is in the cell dat (false before Listed).
func (v *Map) Present(key uint16) bool { return v.pyr.present[key] }

// Chunk is pyramid chunk k's texture if uploaded (nil if not), marked drawn at frame.
func (v *Map) Chunk(k terrain.ChunkKey, frame int) Texture {
	img := v.pyr.imgs[k]
	if img != nil {
		v.pyr.used[k] = frame
	}
	return img
}

// HeatImage is the heatmap's image and where it goes (nil: nothing to draw).
func (v *Map) HeatImage() (Texture, HeatPlace) { return v.heat.image() }

// HeatKey is the heatmap key's content.
func (v *Map) HeatKey() HeatKey { return v.heat.legend() }

// Landmarks calls fn for every landmark of the landblocks on c's screen:
// world position (m), heading (deg), model id, building or not.
func (v *Map) Landmarks(c geom.Camera, fn func(x, y, h float64, model uint32, building bool)) {
	v.lm.each(c, fn)
}

// Overview is the coarse scan's progress: landblocks painted, in the cell
// dat, and whether the whole overview is uploaded.
func (v *Map) Overview() (done, total int64, finished bool) { return v.pyr.progress() }

// LandmarksRead reports that landblock lb's buildings and statics have been
// read (or found to be none).
func (v *Map) LandmarksRead(lb uint16) bool {
	v.lm.mu.Lock()
	defer v.lm.mu.Unlock()
	_, ok := v.lm.infos[lb]
	return ok
}
