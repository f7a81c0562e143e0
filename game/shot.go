package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/ambientviz"
	"soundworld/audio"
	"soundworld/dat"
	capt "soundworld/internal/capture"
	"soundworld/internal/crash"
	"soundworld/internal/outputs"
	"soundworld/ui"
	"soundworld/world"
)

// Sidecar is the JSON written next to every screenshot: enough to reproduce
// and discuss what the picture shows.
type Sidecar struct {
	Format   int          `json:"format"` // world.FormatVersion; keys: docs/file-formats.md
	Tool     string       `json:"tool"`
	Source   string       `json:"source"`            // "Holtburg (stand-in)" or the dat folder
	DatDir   string       `json:"dat_dir,omitempty"` // the dat folder, if real data
	Dats     []DatInfo    `json:"dats,omitempty"`    // file, iteration
	Listener ListenerInfo `json:"listener"`
	// Player (feet, what the user drags) and Camera (eye height up, -chase
	// back: where the SoundManager listens), landblock-local (W5, W6).
	Player LocInfo `json:"player"`
	Camera LocInfo `json:"camera"`
	// RNG is both retail generators' state after the pictured tick (T4).
	RNG      Snake[*world.RNGState] `json:"rng"`
	Seed     uint32                 `json:"seed"`
	SimTime  float64                `json:"sim_time"` // s
	Prefs    Snake[audio.Prefs]     `json:"prefs"`
	PrefsStr string                 `json:"prefs_string"`
	View     ViewInfo               `json:"view"`
	Snapshot Snake[*world.Snapshot] `json:"snapshot"`
	// Replay gets back to this instant: soundworld -from, shot -from, render -from.
	Replay *capt.Replay `json:"replay,omitempty"`
	// Problems are the data problems the Sim has met so far ([] when none, never null).
	Problems []dat.Problem `json:"problems"`
}

// DatInfo names one dat file and its iteration (patch level).
type DatInfo struct {
	File      string `json:"file"`
	Iteration uint32 `json:"iteration"`
}

// ListenerInfo is the listener in every form a bug report might need.
type ListenerInfo struct {
	CellID    string  `json:"cell_id"`
	Landblock string  `json:"landblock"`
	X         float32 `json:"x"` // world m
	Y         float32 `json:"y"`
	Z         float32 `json:"z"`
	LocalX    float32 `json:"local_x"` // landblock-local m
	LocalY    float32 `json:"local_y"`
	Heading   float32 `json:"heading"` // deg
	Eye       float32 `json:"eye"`     // m
	Chase     float32 `json:"chase"`   // m behind the player (W5)
	CamName   string  `json:"camera"`  // the W5 preset ("retail", "first-person") or "custom (…)"
	Map       string  `json:"map"`     // "42.1N, 33.6E"
	Loc       string  `json:"loc"`     // the player as retail's /loc line (-at and Jump take it back)
}

// LocInfo is a landblock-local position (W6).
type LocInfo struct {
	Landblock string  `json:"landblock"` // 0xXXYY
	X         float32 `json:"x"`         // m within the landblock
	Y         float32 `json:"y"`
	Z         float32 `json:"z"`
}

func locInfo(l world.Loc) LocInfo {
	return LocInfo{fmt.Sprintf("0x%04X", l.Landblock), l.X, l.Y, l.Z}
}

// ViewInfo is the window's view state at capture.
type ViewInfo struct {
	MetresPerPixel float64           `json:"metres_per_pixel"`
	CentreX        float64           `json:"centre_x"`
	CentreY        float64           `json:"centre_y"`
	Layers         ambientviz.Layers `json:"overlays"`
	TimeScale      float64           `json:"time_scale"`
	Paused         bool              `json:"paused"`
	AudioOn        bool              `json:"audio_on"`
	Width          int               `json:"width"` // px
	Height         int               `json:"height"`
	// Panels is the dock layout at capture; FieldErrors the panels' field
	// errors (field key → message), as the user saw them.
	Panels      []ui.PanelRect    `json:"panels,omitempty"`
	FieldErrors map[string]string `json:"field_errors,omitempty"`
	ClockRate   float64           `json:"clock_rate"`       // sim time done / asked over the last second (1 = real time)
	Follow      *bool             `json:"follow,omitempty"` // the camera follows the listener; absent in older sidecars (then on)
	// Selection and MapKey are what the picture shows selected and whether
	// the map key was drawn ("open", "folded"; "" none), so `shot -from`
	// draws them so; absent in older sidecars (a shot then selects the
	// loudest, as a fresh shot does).
	Selection *Selection `json:"selection,omitempty"`
	MapKey    string     `json:"map_key,omitempty"`
}

// Selection is the selected ambient instance, voice slot and emitter (−1: none).
type Selection struct {
	Instance int `json:"instance"`
	Voice    int `json:"voice"`
	Emitter  int `json:"emitter"`
}

// mapWait is what a shot waits for on the map (shotrun.go).
type mapWait struct {
	tilesLoading int  // landblock tiles still to load
	atlasSettled bool // the atlas's background work is done
	settled      bool // every tile and pyramid chunk is in
	camSettled   bool // the view is the one the tiles were asked for
}

// The window as a shot drives it (shotWindow).

func (g *Game) frameNo() int              { return g.frame }
func (g *Game) snapshot() *world.Snapshot { return g.snap }

func (g *Game) fixedStep() *world.Snapshot {
	g.snap = g.sim.Tick(world.NextStepDt(g.sim.Now())) // 1/tps on render's exact grid (O3)
	g.pushStarts()
	return g.snap
}

func (g *Game) refresh() *world.Snapshot {
	g.snap = g.sim.Tick(0)
	return g.snap
}

func (g *Game) mapWait() mapWait {
	return mapWait{tilesLoading: g.mapv.Tiles.Loading(), atlasSettled: g.mapv.AtlasSettled(), settled: g.mapv.Settled(), camSettled: g.cam == g.askedCam}
}

// writeShot is the scripted shot's capture: the picture and its sidecar.
func (g *Game) writeShot(screen *ebiten.Image, out string) error {
	if err := writePair(out, capture(screen), g.sidecar()); err != nil {
		return err
	}
	fmt.Fprintf(g.cfg.Stdout, "shot: wrote %s and %s (sim %.2f s, %s)\n", out, SidecarPath(out), g.snap.Time, g.cfg.Source)
	return nil
}

// sidecar describes the current state.
func (g *Game) sidecar() Sidecar {
	follow := g.st.Follow
	s := g.snap
	l := s.Listener
	lx, ly := world.Local(l.Pos.X, l.Pos.Y)
	lb, _ := world.Landblock(l.Pos.X, l.Pos.Y)
	sc := Sidecar{
		Format: world.FormatVersion, Tool: "soundworld", Source: g.cfg.Source, DatDir: g.cfg.DatDir,
		Listener: ListenerInfo{
			CellID: fmt.Sprintf("0x%08X", s.CellID), Landblock: fmt.Sprintf("0x%04X", lb),
			X: l.Pos.X, Y: l.Pos.Y, Z: l.Pos.Z, LocalX: lx, LocalY: ly, Heading: l.Heading, Eye: l.Eye,
			Chase: l.Chase, CamName: world.CameraName(l.Eye, l.Chase),
			Map: world.FormatMap(l.Pos.X, l.Pos.Y), Loc: world.RetailLocOf(s.Player, l.Heading).String(),
		},
		Seed: g.sim.Seed(), SimTime: s.Time, Prefs: Snake[audio.Prefs]{s.Prefs}, PrefsStr: world.FormatPrefs(s.Prefs),
		View: ViewInfo{MetresPerPixel: g.cam.MPP, CentreX: g.cam.CX, CentreY: g.cam.CY, Layers: g.st.Layers,
			TimeScale: g.st.TimeScale, Paused: g.st.Paused, AudioOn: g.st.AudioOn, Width: g.cam.W, Height: g.cam.H,
			Panels: g.ui.PanelRects(), FieldErrors: g.st.FieldErr, ClockRate: g.clk.Rate(), Follow: &follow,
			Selection: &Selection{g.st.Selected, g.st.SelectedVoice, g.st.SelectedEmitter}, MapKey: g.hudNow().mapKeyState()},
		Snapshot: Snake[*world.Snapshot]{s},
		Player:   locInfo(s.Player), Camera: locInfo(s.Camera), RNG: Snake[*world.RNGState]{s.RNG},
		Replay: g.meters.replayRecord(g.snap), Problems: g.sim.Problems().List(),
	}
	for _, f := range []*dat.File{g.cfg.Archive.Portal, g.cfg.Archive.Cell} {
		if f == nil {
			continue
		}
		d := DatInfo{File: f.Name()}
		if n, err := f.Iteration(); err == nil {
			d.Iteration = uint32(n)
		}
		sc.Dats = append(sc.Dats, d)
	}
	return sc
}

// capture copies the screen's pixels (valid only inside Draw).
func capture(screen *ebiten.Image) *image.RGBA {
	b := screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	screen.ReadPixels(img.Pix)
	for i := 3; i < len(img.Pix); i += 4 { // the screen is opaque; drop stray alpha
		img.Pix[i] = 0xff
	}
	return img
}

// writePair writes out (PNG) and its sidecar out.json, each atomically and
// each checked first (outputs.CheckFile: never inside sc.DatDir, the data
// folder the picture was made from, or any folder opened as game data).
func writePair(out string, img image.Image, sc Sidecar) error {
	datDir := sc.DatDir
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	js, err := json.MarshalIndent(sc, "", " ")
	if err != nil {
		return fmt.Errorf("screenshot sidecar: %w", err)
	}
	if err := writeAtomic(SidecarPath(out), nil, datDir); err != nil { // both checked before either is written
		return err
	}
	if err := writeAtomic(out, buf.Bytes(), datDir); err != nil {
		return err
	}
	return writeAtomic(SidecarPath(out), append(js, '\n'), datDir)
}

// SidecarPath is the JSON path beside a PNG: shot.png → shot.json.
func SidecarPath(png string) string {
	return strings.TrimSuffix(png, filepath.Ext(png)) + ".json"
}

// writeAtomic checks path as an output (in datDir's terms) and, unless b is
// nil (check only), writes it atomically.
func writeAtomic(path string, b []byte, datDir string) error {
	if err := outputs.CheckFile("", path, datDir); err != nil || b == nil {
		return err
	}
	return outputs.WriteFile(path, func(w *os.File) error { _, err := w.Write(b); return err })
}

// shotDir is where F12 writes (relative to the working folder).
var shotDir = "screenshots"

// saveScreenshot is F12: screenshots/soundworld-YYYYMMDD-HHMMSS.png + .json.
func (g *Game) saveScreenshot(screen *ebiten.Image) {
	img, sc := capture(screen), g.sidecar()
	out := filepath.Join(shotDir, "soundworld-"+time.Now().Format("20060102-150405")+".png")
	datDir := g.cfg.DatDir
	go func() {
		defer crash.Recover()
		err := outputs.MkdirChecked("", shotDir, datDir)
		if err == nil {
			err = writePair(out, img, sc)
		}
		// setToast from another goroutine would race; hand the result back.
		g.shotDone <- shotResult{out, err}
	}()
}

type shotResult struct {
	path string
	err  error
}
