package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"soundworld/internal/cli"
	"soundworld/internal/outputs"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/dat"
	"soundworld/game"
	"soundworld/gate"
	"soundworld/ui"
	"soundworld/world"
)

// openArchive opens -dat (cli.OpenArchive; the browser build adds the game
// files opened on the page, page_js.go).
var openArchive = cli.OpenArchive

// page is the browser page's hooks (page_js.go); nil on the desktop.
var page game.Page

// processStart is when main began, for the window's time-to-first-terrain report.
var processStart = time.Now()

// windowFlags are the flags the explorer window and `shot` share.
type windowFlags struct {
	dat, emitters, loc, at, prefs string
	names                         string // -names FILE (package names)
	camera                        string // -camera preset (W5)
	heading, eye, chase           float64
	seed                          uint
	from                          string        // -from SIDECAR (from.go)
	fromSidecar                   *game.From    // -from as read by fromDat
	gate                          *gate.File    // -gate as read by gateDat
	fs                            *flag.FlagSet // the flags registered on (from.go: clashes with -from)
	force, follow                 bool
	objects                       bool          // -objects (E3)
	headingSet                    bool          // -heading given (gate.go: a /loc line's facing otherwise)
	view                          game.ViewOpts // -zoom, -panels, -overlays, -center (from.go)
}

// newWindowFlags is the flag set of one of the window's commands with the
// shared window flags registered; its usage prints the usage line, then
// every flag's default.
func newWindowFlags(name, usage string) (*flag.FlagSet, *windowFlags) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	w := &windowFlags{}
	w.register(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), usage)
		fs.PrintDefaults()
	}
	return fs, w
}

func (w *windowFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&w.dat, "dat", "", "folder with client_portal.dat and client_cell_1.dat (default: the built-in Holtburg (stand-in))")
	fs.StringVar(&w.emitters, "emitters", "", "emitter layout file (JSON; default: none — the stand-in's forge is an object of the data, E3)")
	fs.StringVar(&w.loc, "loc", "", `start at map coordinates, e.g. "42.1N, 33.6E"`)
	fs.StringVar(&w.at, "at", "", `start at a landblock position, e.g. "0xA9B4 84 7.1"`)
	fs.Var(headingFlag{&w.heading, &w.headingSet}, "heading", "start heading, compass degrees clockwise from north (default: a /loc line's facing, else 0)")
	fs.StringVar(&w.camera, "camera", "", cli.CameraHelp)
	fs.Float64Var(&w.eye, "eye", float64(world.DefaultEye), "camera height above the player's feet, m (W5; default 2.25, retail's home view)")
	fs.Float64Var(&w.chase, "chase", float64(world.DefaultChase), "camera distance behind the player along the heading, m (W5; default 2.5, retail's home view)")
	fs.UintVar(&w.seed, "seed", 1, "seed of the retail random generators")
	fs.StringVar(&w.prefs, "prefs", "", "preferences k=v,… (keys: see README; e.g. ambient_volume=0.5,pan=off)")
	fs.StringVar(&w.names, "names", "", cli.NamesFlagHelp)
	fs.BoolVar(&w.objects, "objects", true, "play the data's own objects (forge, windmill…, E3); -objects=false leaves them out")
	w.registerFrom(fs)
}

// checkListener applies -camera and checks -eye, -chase and -heading (W5).
func (w *windowFlags) checkListener() error {
	if err := cli.ApplyCamera(w.fs, w.camera, &w.eye, &w.chase); err != nil {
		return err
	}
	if err := cli.CheckEye(w.eye); err != nil {
		return err
	}
	if !(w.chase >= 0 && w.chase <= 1000) { // NaN fails too
		return cli.UserErr(fmt.Errorf("-chase %v: want metres in 0..1000", w.chase))
	}
	return cli.CheckHeading(w.heading)
}

// config turns the flags into a game.Config: opens the data, loads emitters,
// parses the placement and the preferences. Errors are the user's (exit 2).
func (w *windowFlags) config() (game.Config, error) {
	var c game.Config
	x, y, given, err := cli.Place(w.loc, w.at)
	if err != nil {
		return c, err
	}
	if !given { // default: Holtburg's spawn
		x, y = world.HoltburgX, world.HoltburgY
	}
	if err := w.checkListener(); err != nil {
		return c, err
	}
	if w.emitters != "" { // a named pipe would block the window forever
		if err := outputs.CheckInput("-emitters", w.emitters); err != nil {
			return c, cli.UserErr(err)
		}
	}
	if err := w.fromDat(); err != nil {
		return c, err
	}
	a, err := openArchive(w.dat)
	if err != nil {
		return c, err
	}
	c.Archive, c.DatDir, c.Source = a, w.dat, assets.Name
	if w.dat != "" {
		c.Source = w.dat
	}
	if w.seed > 1<<32-1 {
		return c, cli.UserErr(fmt.Errorf("-seed %d: want 0..4294967295", w.seed))
	}
	c.Seed = uint32(w.seed)
	c.NoObjects = !w.objects
	if c.Names, err = cli.LoadNamesFile(w.names); err != nil {
		return c, err
	}
	if c.Prefs, err = world.ParsePrefs(w.prefs, audio.DefaultPrefs()); err != nil {
		return c, cli.UserErr(fmt.Errorf("-prefs: %w", err))
	}
	switch {
	case w.emitters != "":
		if c.Emitters, err = cli.LoadLayoutFile(w.emitters); err != nil {
			return c, cli.UserErr(err)
		}
		c.EmittersPath = w.emitters
	case w.dat == "":
		if c.Emitters, err = world.LoadLayout(bytes.NewReader(assets.DefaultLayout()), "assets/layouts/holtburg.json"); err != nil {
			return c, err
		}
	}
	x, y, spawn, err := w.start(a, x, y, !given)
	if err != nil {
		return c, err
	}
	c.Start = &game.Start{X: x, Y: y, Heading: w.startHeading(), Eye: float32(w.eye), Chase: float32(w.chase)}
	switch { // W6: -at and the spawn keep landblock-local metres exactly, as render does
	case w.at != "":
		l, err := cli.AtPlace(w.at)
		if err != nil {
			return c, err
		}
		c.Start.Place, c.Start.Cell = &l, cli.AtCell(w.at) // A11: an indoor /loc line starts in its EnvCell
	case spawn:
		sp := world.HoltburgSpawn
		c.Start.Place = &sp
	}
	c.Stdout, c.Begin = os.Stdout, processStart
	c.From, c.Force = w.fromSidecar, w.force
	if c.ViewOpts, err = w.viewOpts(); err != nil {
		return c, err
	}
	return c, nil
}

// start is where the window opens: (x, y) as placed, or without a place
// (spawn) Holtburg's spawn — but own game files (-dat, no -from) that do
// not hold it open at the centre of startBlock's block (spawn false).
func (w *windowFlags) start(a *dat.Archive, x, y float32, spawn bool) (float32, float32, bool, error) {
	if !spawn || w.dat == "" || w.fromSidecar != nil {
		return x, y, spawn, nil
	}
	lb, moved, err := startBlock(a)
	if err != nil {
		return x, y, true, cli.DataErr(err)
	}
	if !moved {
		return x, y, true, nil
	}
	x, y = world.WorldPos(lb, world.BlockSize/2, world.BlockSize/2)
	return x, y, false, nil
}

// startBlock is the landblock own game files open at without a place:
// Holtburg's spawn block when the cell dat holds it (found by one directory
// lookup), else the block it holds nearest to Holtburg (moved true; the
// whole directory is listed only then), whose centre the window opens at.
func startBlock(a *dat.Archive) (lb uint16, moved bool, err error) {
	home := world.HoltburgSpawn.Landblock
	_, err = a.Cell.Lookup(uint32(home)<<16 | dat.LandBlockLow)
	if err == nil || !errors.Is(err, dat.ErrNotFound) {
		return home, false, err
	}
	ids, err := a.LandBlockIDs()
	if err != nil {
		return home, false, err
	}
	if len(ids) == 0 {
		return home, false, nil // no land at all: the window says so
	}
	dist := func(b uint16) int {
		dx, dy := int(b>>8)-int(home>>8), int(b&0xFF)-int(home&0xFF)
		return dx*dx + dy*dy
	}
	best := uint16(ids[0] >> 16)
	for _, id := range ids[1:] {
		if b := uint16(id >> 16); dist(b) < dist(best) {
			best = b
		}
	}
	return best, true, nil
}

// parseArgs parses a command's flags: -h prints the usage and is done (help
// true, exit 0); a bad flag is a usage error (exit 2; flag printed why).
func parseArgs(fs *flag.FlagSet, args []string) (help bool, err error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return true, nil
		}
		return false, cli.ErrUsage
	}
	return false, nil
}

// runWindow opens the explorer (`soundworld` with no subcommand).
func runWindow(args []string) error {
	fs, w := newWindowFlags("soundworld", "usage: soundworld [-dat DIR] [-emitters FILE] [-loc … | -at …] [-heading DEG] [-camera retail|first-person] [-eye M] [-chase M] [-seed N] [-prefs k=v,…] [-objects=false] [-gate FILE] [-noaudio] [-settings FILE] [-profile-frames N] [-quit-after S [-latency-probe N]]")
	noAudio := fs.Bool("noaudio", false, "run without opening the sound device")
	audioPath := fs.String("audio", game.DefaultAudioPath, "the sound output: alsa (our own ALSA writer, Linux only), pulse (our own writer on a PulseAudio or PipeWire-pulse server), oto, or none")
	settings := fs.String("settings", "", "the window's settings file (panel arrangement; default $XDG_CONFIG_HOME/soundworld/window.json)")
	gateFile := fs.String("gate", "", gateHelp) // gate.go
	prof := fs.Int("profile-frames", 0, "print frames per second and per-frame Update/Draw CPU percentiles for N frames (every overlay on, 1280×720), then exit")
	probes := fs.Int("latency-probe", 0, "with -quit-after: make N timed inputs (a stinger each) and print input → device latency, median and p95")
	script := fs.String("live-script", "", "with -quit-after: timed calls \"SECONDS VERB [ARG]; …\" (jump LOC, pause, resume, scale X, sidecar PATH) at wall seconds after the sound starts (scripts/live-smoke.sh)")
	quit := fs.Float64("quit-after", 0, "close the window once the Sim reaches S s, printing the live clock's account (anchors, late starts, underruns; scripts/live-smoke.sh)")
	if help, err := parseArgs(fs, args); help || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "soundworld: unknown command %q (see soundworld help)\n", fs.Arg(0))
		return cli.ErrUsage
	}
	if err := w.gateDat(*gateFile); err != nil {
		return err
	}
	c, err := w.config()
	if err != nil {
		return err
	}
	defer c.Archive.Close()
	c.Gate = w.gate
	c.NoAudio, c.ProfileFrames = *noAudio, *prof
	if !(*quit >= 0) {
		return cli.UserErr(fmt.Errorf("-quit-after %v: want seconds ≥ 0", *quit))
	}
	c.QuitAfter, c.LatencyProbes = *quit, max(0, *probes)
	if !slices.Contains(game.AudioPaths, *audioPath) {
		return cli.UserErr(fmt.Errorf("-audio %q: want %s", *audioPath, strings.Join(game.AudioPaths, ", ")))
	}
	c.AudioPath = *audioPath
	c.SettingsPath = *settings
	c.Page = page
	if c.LiveScript, err = game.ParseLiveScript(*script); err != nil {
		return cli.UserErr(err)
	}
	if c.SettingsPath == "" {
		c.SettingsPath, _ = ui.SettingsPath() // "" if there is no config folder: arrangement not kept
	}
	return cli.DataErr(game.Run(c)) // a damaged region record is exit 2
}
