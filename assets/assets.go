// Package assets builds the built-in "Holtburg (stand-in)" world: portal and
// cell .dat images made in memory by the dat writer from a readable
// description committed here (holtburg/*.txt, *.map), then opened with
// dat.NewFile — the code path real files take. Everything here is authored by
// the Soundworld project; none of it is retail data. See README.md.
package assets

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"iter"
	"runtime"
	"slices"
	"sync"

	"soundworld/dat"
	"soundworld/internal/pool"
)

// Name is what the UI, README and dumps call the built-in world.
const Name = "Holtburg (stand-in)"

// Ids of records the rest of the tool may want to name.
const (
	ForgeTable   uint32 = 0x20000010 // the blacksmith's sound table (hammer strikes, SoundType 0x69)
	UITable      uint32 = 0x20000011 // environs stingers (SoundType 0x76..0x8A, U1)
	ForgeSetup   uint32 = 0x02000001 // Setup: DefaultSoundTable ForgeTable, DefaultAnimation ForgeAnim (E3)
	MissingTable uint32 = 0x200000F0 // the "marsh" desc's table, deliberately absent (rule A1)
	HammerSType  uint32 = 0x69       // the forge's strike SoundType (105)
)

// ForgeX, ForgeY is where the forge stands in landblock 0xA9B4 (local m), a
// few metres north-east of the Holtburg spawn (84, 7.1).
const ForgeX, ForgeY = 90.0, 20.0

// Stinger is one interface sound in UITable the window can offer to play.
type Stinger struct {
	SType uint32
	Name  string
}

//go:embed holtburg/land.txt holtburg/sound.txt holtburg/terrain.map holtburg/heights.map holtburg/land_height_table.csv layouts/holtburg.json layouts/forge-emitter.json
var files embed.FS

func file(name string) []byte {
	b, err := files.ReadFile(name)
	if err != nil {
		panic("assets: embedded file missing: " + name) // impossible: go:embed checks at build time
	}
	return b
}

// DefaultLayout is the stand-in's default emitter layout file (JSON, the format
// documented in README "Emitter layout files"): empty — the forge is an
// object of the data now (E3, objects.go), not a hand-placed emitter.
func DefaultLayout() []byte { return file("layouts/holtburg.json") }

// ForgeEmitterLayout is a layout with one emitter where the forge stands,
// playing its hammer through the server path every 2–4 s: what the stand-in's
// default layout held before the forge became a data object, kept for tests
// and users who want a placed emitter to compare with.
func ForgeEmitterLayout() []byte { return file("layouts/forge-emitter.json") }

// Holtburg parses the committed description and the height table.
func Holtburg() (*Description, [256]float32, error) {
	const dir = "holtburg/"
	table, err := ParseHeightTable(dir+"land_height_table.csv", file(dir+"land_height_table.csv"))
	if err != nil {
		return nil, table, err
	}
	d, err := ParseDescription(dir+"land.txt", file(dir+"land.txt"), dir+"sound.txt", file(dir+"sound.txt"),
		dir+"terrain.map", file(dir+"terrain.map"), dir+"heights.map", file(dir+"heights.map"))
	return d, table, err
}

// StandInImages are the stand-in world's portal and cell dat files, as bytes
// (tests damage them or write them to a folder): a copy of the process's
// images (built once, standInImages), so the caller may change them.
func StandInImages() (portal, cell []byte, err error) {
	im, err := standInImages()
	if err != nil {
		return nil, nil, err
	}
	return bytes.Clone(im.portal), bytes.Clone(im.cell), nil
}

// StandInHash is the stand-in's content hash, "sha256:" and the hex SHA-256
// of its portal image followed by its cell image: what a sidecar records to
// name the stand-in it ran on.
func StandInHash() (string, error) {
	im, err := standInImages()
	if err != nil {
		return "", err
	}
	return im.hash, nil
}

// images is the stand-in's portal and cell images and their content hash.
type images struct {
	portal, cell []byte
	hash         string
}

// built holds the process's stand-in images once built (or provided): the
// window opens the stand-in and names it in sidecars, and each used to
// synthesise every wave again (about 0.2 s of two cores here, seconds in a
// browser). Never modified once set.
var built struct {
	sync.Mutex
	im *images
}

func standInImages() (*images, error) {
	built.Lock()
	defer built.Unlock()
	if built.im == nil {
		d, table, err := Holtburg()
		if err != nil {
			return nil, err
		}
		p, c, err := d.Images(table)
		if err != nil {
			return nil, err
		}
		built.im = &images{portal: p, cell: c, hash: contentHash(p, c)}
	}
	return built.im, nil
}

func contentHash(portal, cell []byte) string {
	h := sha256.New()
	h.Write(portal)
	h.Write(cell)
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// ProvideImages hands this process stand-in images built by another one —
// the browser page fetches the ones `make web` wrote, so it need not
// synthesise every wave in WebAssembly — and takes them only when their
// content hash is want (the hash the images built from this source have; a
// stale or damaged copy is refused, and the stand-in is then built here).
// hashed is their content hash as the caller computed it (the page uses the
// browser's own SHA-256, far faster than Go's in WebAssembly), or "" to
// compute it here. It must come before the stand-in is first used.
func ProvideImages(portal, cell []byte, hashed, want string) error {
	if hashed == "" {
		hashed = contentHash(portal, cell)
	}
	if hashed != want {
		return fmt.Errorf("assets: the provided stand-in images are not this build's (content hash %s, want %s)", hashed, want)
	}
	built.Lock()
	defer built.Unlock()
	if built.im != nil {
		return errors.New("assets: the stand-in was already built")
	}
	built.im = &images{portal: portal, cell: cell, hash: hashed}
	return nil
}

// StandIn builds the stand-in world's portal and cell dats in memory with the
// dat writer and opens them with dat.NewFile — the same path real files take.
func StandIn() (*dat.Archive, error) {
	im, err := standInImages()
	if err != nil {
		return nil, err
	}
	portal, cell := im.portal, im.cell // read only: dat.File never writes
	p, err := dat.NewFile(bytes.NewReader(portal), int64(len(portal)), "client_portal.dat (stand-in)")
	if err != nil {
		return nil, fmt.Errorf("assets: opening the stand-in portal dat: %w", err)
	}
	c, err := dat.NewFile(bytes.NewReader(cell), int64(len(cell)), "client_cell_1.dat (stand-in)")
	if err != nil {
		return nil, fmt.Errorf("assets: opening the stand-in cell dat: %w", err)
	}
	return &dat.Archive{Portal: p, Cell: c, Source: Name}, nil
}

// Images writes the portal and cell dat images of the description.
func (d *Description) Images(table [256]float32) (portal, cell []byte, err error) {
	w := dat.NewPairWriter()
	w.AddPortal(dat.RegionID, dat.EncodeRegion(d.Region(table)))
	for _, t := range d.SoundTables() {
		w.AddPortal(t.ID, dat.EncodeSoundTable(t))
	}
	for i, rec := range d.encodedWaves() {
		w.AddPortal(d.Waves[i].ID, rec)
	}
	addObjectRecords(w.AddPortal)  // E3: forge, windmill, fountain (objects.go)
	addSceneryRecords(w.AddPortal) // E3: scenes and their Setups (scenery.go)

	for _, lb := range d.LandBlocks(&table) {
		w.AddCell(lb.ID, dat.EncodeLandBlock(lb))
		rooms := interiorCells(lb, &table) // A11: interior.go
		if lb.HasObjects != 0 {
			info := landmarkInfo(lb, &table)
			info.NumCells = uint32(len(rooms))
			w.AddCell(lb.ID&^0xFFFF|dat.LandBlockInfoL, dat.EncodeLandBlockInfo(info))
		}
		for _, c := range rooms {
			w.AddCell(c.ID, dat.EncodeEnvCell(c))
		}
	}
	if portal, cell, err = w.Bytes(); err != nil {
		return nil, nil, fmt.Errorf("assets: %w", err)
	}
	return portal, cell, nil
}

// encodedWaves synthesises and encodes every wave, one goroutine per CPU
// (internal/pool). Each wave depends only on its own row (own seed), so the
// result is the same whatever the scheduling.
func (d *Description) encodedWaves() [][]byte {
	out := make([][]byte, len(d.Waves))
	pool.Run(context.Background(), runtime.GOMAXPROCS(0), len(d.Waves), func(jobs iter.Seq[int]) {
		for i := range jobs {
			out[i] = dat.EncodeWave(Synthesize(d.Waves[i]))
		}
	})
	return out
}

// forgeInfo places the forge Setup on the ground at (ForgeX, ForgeY), facing
// north (identity quaternion).
func forgeInfo(lb *dat.LandBlock, table *[256]float32) *dat.LandBlockInfo {
	z := groundZ(lb, table, ForgeX, ForgeY)
	return &dat.LandBlockInfo{
		ID:        lb.ID&^0xFFFF | dat.LandBlockInfoL,
		Objects:   []dat.Stab{{ID: ForgeSetup, Frame: dat.Frame{X: ForgeX, Y: ForgeY, Z: z, QW: 1}}},
		Buildings: []dat.BuildInfo{},
	}
}

// SoundTables builds every authored sound table: root key 0 with one default
// SoundData {0, 0, 1, 1} as EoR tables have, then one child per SoundType in
// ascending order holding its variants in authored order.
func (d *Description) SoundTables() []*dat.SoundTable {
	waveID := map[string]uint32{}
	for _, w := range d.Waves {
		waveID[w.Name] = w.ID
	}
	var out []*dat.SoundTable
	for _, td := range d.Tables {
		t := &dat.SoundTable{ID: td.ID, Sounds: map[uint32][]dat.SoundData{},
			Root: dat.SoundNode{Data: []dat.SoundData{{WaveID: 0, Priority: 0, Probability: 1, Volume: 1}}}}
		var types []uint32
		for _, e := range td.Entries {
			if _, ok := t.Sounds[e.SType]; !ok {
				types = append(types, e.SType)
			}
			t.Sounds[e.SType] = append(t.Sounds[e.SType], dat.SoundData{WaveID: waveID[e.Wave],
				Priority: e.Priority, Probability: e.Probability, Volume: e.Volume})
		}
		slices.Sort(types)
		for _, st := range types {
			t.Root.Children = append(t.Root.Children, dat.SoundNode{Key: st, Data: t.Sounds[st]})
		}
		out = append(out, t)
	}
	return out
}
