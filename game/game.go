// Package game is the explorer window: an ebiten.Game that wires input, the
// camera, the map (explorer/mapview, drawn by game/mapdraw), the Sim, the audio
// device, the overlays (ambientviz) and the panels (ui). Update hands off — input → Sim.Tick(dt·scale) → voice
// starts to the device — and Draw only reads the Snapshot.
package game

import (
	"io"
	"os"
	"runtime/pprof"
	"time"

	"soundworld/ui/debugui"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/ambientviz"
	"soundworld/ambientviz/geom"
	"soundworld/audio"
	"soundworld/audio/device"
	"soundworld/dat"
	"soundworld/explorer/clock"
	"soundworld/explorer/listen"
	"soundworld/explorer/mapview"
	"soundworld/gate"
	"soundworld/internal/crash"
	"soundworld/names"
	"soundworld/ui"
	"soundworld/world"
)

// Default window size in px.
const (
	Width  = 1280
	Height = 720
	tps    = world.TickRate
)

// Start is a starting placement: the player's feet (world m), compass
// heading (deg), the camera's eye height and chase distance (m, W5). Place,
// when set, is the feet's landblock-local position exactly (W6: -at), and
// wins over X, Y; Cell, when an EnvCell (an indoor /loc line), puts the
// player in it at Place (A11).
type Start struct {
	X, Y, Heading, Eye, Chase float32
	Place                     *world.Loc
	Cell                      uint32
}

// Shot asks for a scripted screenshot: run Seconds of sim time at fixed 1/60 s
// steps with every overlay on and audio off, write Out (PNG) and its .json sidecar, exit.
type Shot struct {
	Seconds float64
	Out     string
	W, H    int // picture size in px; 0 = Width×Height
}

// size is the shot's picture size.
func (s *Shot) size() (int, int) {
	if s.W > 0 && s.H > 0 {
		return s.W, s.H
	}
	return Width, Height
}

// Config is everything the window needs; cmd_window.go and cmd_shot.go fill it.
type Config struct {
	Archive       *dat.Archive
	Source        string // "Holtburg (stand-in)" or the dat folder
	DatDir        string // "" for the stand-in
	Seed          uint32
	Prefs         audio.Prefs
	Emitters      []world.Emitter
	EmittersPath  string // where -emitters came from ("" = none)
	NoObjects     bool   // -objects=false: the data's object sources left out (E3)
	SettingsPath  string // the window's settings file (panel arrangement); "" = none (shot, profile, tests)
	Start         *Start // nil = the Holtburg spawn
	NoAudio       bool
	ProfileFrames int // > 0: print Update/Draw CPU percentiles after N frames and exit
	Shot          *Shot
	Stdout        io.Writer
	Begin         time.Time // process start, for the time-to-first-terrain report
	// Problems, if set, collects every data problem the Sim meets.
	Problems *dat.Problems
	// From is a sidecar whose instant the window reopens (-from), read once
	// by the command (ReadFrom); Force reopens it even when the data source differs.
	From  *From
	Force bool
	// ViewOpts: -zoom, -panels, -overlays, -follow, -center (viewopts.go).
	ViewOpts ViewOpts
	// CaptureDir, with Shot: write a capture bundle there after the picture (soundworld capture).
	CaptureDir string
	// Gate is a listening gate to open at start (-gate, read by the command; gate.go).
	Gate *gate.File
	// QuitAfter > 0 closes the window once the Sim reaches it (s), printing
	// the live clock's account (-quit-after; live.go).
	QuitAfter float64
	// AudioPath is the sound output (-audio: pulse, alsa, oto or none; "" the
	// platform's default, audio/device.DefaultPath).
	AudioPath string
	// LatencyProbes > 0 makes that many timed inputs and prints input →
	// device latency at -quit-after (latency.go).
	LatencyProbes int
	// LiveScript is -live-script's timed calls (livescript.go; the live rig).
	LiveScript []LiveStep
	// Page is the host page's hooks (the browser build; page.go); nil on the desktop.
	Page Page
	// Names is the user's names file, id → name (-names, read by the command; nil: none).
	Names map[uint32]string
}

// Game is the explorer window.
type Game struct {
	cfg       Config
	rooms     []world.Footprint // A11: where dragging and walking enter an EnvCell (indoor.go)
	sim       *world.Sim
	region    *dat.Region
	ui        *ui.UI
	panels    *panelHost  // what the panels ask of the window (host.go)
	names     *names.Book // the one name lookup (package names)
	st        *ui.State
	cam       geom.Camera
	snap      *world.Snapshot
	sess      *device.Session // the live hand-off: device, its clock, anchors, lead, focus mute (live.go)
	walk      walkRec         // recording a walk into a path file (record.go)
	listening *listen.Tools   // /loc in and out, the opened gate, A/B and ABX (explorer/listen)
	meters    profHooks       // the meters' source, the sidecar's replay record, captures, -from (profhooks.go)
	lat       *latencyProbe   // -latency-probe (latency.go)
	script    []LiveStep      // -live-script's calls still to make (livescript.go)
	scriptT0  float64         // wall s when the script's clock started
	// scriptStarted: the script's clock runs (the sound started).
	scriptStarted bool
	mapv          *mapview.Map // tiles, overview pyramid, heatmap, landmarks, search (explorer/mapview)
	aud           auditions    // the Sounds panel's player and catalogue (audition.go)

	captured     debugui.InputCapturingState
	prevCaptured debugui.InputCapturingState // the last frame's (see input)
	drag         dragMode
	dragIdx      int
	pan          panDrag   // right/middle-button drag of the map (pan.go)
	frames       frameGate // one Update of work per rendered frame
	handOver     bool      // this frame only hands the last one to the page (presentFirst)
	lastMX       int
	lastMY       int
	focused      bool

	toast      string
	toastUntil float64 // wall-clock s (wallNow) the toast shows until
	frame      int
	shotReq    bool // F12 pressed: capture at the end of the next Draw
	stingers   []ui.Stinger
	stingerTbl uint32

	// step advances the Sim for a frame: by the clock with the user's input
	// (advance), or a wrapper's own (shotRun's fixed steps, profileRun).
	step func()
	// pinView, if set, reports that the view is re-centred this frame on the
	// listener or -center's place (a shot, while its steps run or pinned).
	pinView      func() bool
	noInput      bool        // the keys and the mouse are not read (profileRun measures without them)
	pin          viewPin     // where the first frames put the camera (-center, -from; viewopts.go)
	askedCam     geom.Camera // the view this Update asked tiles and pyramid chunks for (the view pin may move cam after)
	firstTerrain time.Duration
	shotDone     chan shotResult
	hud          hud    // banners, scale bar, status bar (draw.go)
	redraw       redraw // what a frame draws again on the kept screen (redraw.go)
	mode         mode   // a person's window, a shot or a profile run: decided once, in New (mode.go)

	clk       *clock.Clock          // real time → 1/60 s Sim ticks
	wall      clock.Source          // s since the window opened (the clock's source while the device is not the clock)
	held      func(ebiten.Key) bool // key state (ebiten.IsKeyPressed; tests inject)
	focus     func() bool           // window focus for G4 (focusPoll's; tests inject: Xvfb's focus is not theirs to rely on)
	focusPoll *focusPoller          // reads ebiten.IsFocused off the game goroutine (focus.go)
	start     time.Time
	// walkX, walkY is the walked position in world m at full precision.
	walkX, walkY float64
}

// New builds the window's state: the Sim, the map cache, the panels.
func New(cfg Config) (*Game, error) {
	cfg = withDefaults(cfg)
	reg, err := cfg.Archive.Region()
	if err != nil {
		return nil, err
	}
	sim, err := newSim(cfg)
	if err != nil {
		return nil, err
	}
	g := &Game{cfg: cfg, sim: sim, region: reg, focused: true, shotDone: make(chan shotResult, 4), mode: modeOf(cfg)}
	lis := sim.Listener()
	g.st = ui.NewState()
	var settingsErr error
	if cfg.SettingsPath != "" && g.mode.readsSettings() {
		settingsErr = ui.LoadSettings(cfg.SettingsPath, g.st)
	}
	g.walk = newWalkRec(g)
	g.addPanels()
	lx, ly := float64(lis.Pos.X)/geom.BlockSize, float64(lis.Pos.Y)/geom.BlockSize
	g.mapv.Tiles.Want(int(lx)-2, int(ly)-2, int(lx)+2, int(ly)+2, lx, ly) // paint while the window opens
	g.cam = geom.Camera{CX: float64(lis.Pos.X), CY: float64(lis.Pos.Y), MPP: geom.FitMPP(3*geom.BlockSize, Width, Height), W: Width, H: Height}
	if g.mode == modeShot {
		g.cam.W, g.cam.H = cfg.Shot.size()
	}
	g.rooms = standInFootprints(cfg.DatDir == "")
	g.openSound()
	if g.mode.allPanels() {
		g.ui.OpenAll() // measured with every panel open
	}
	if g.mode.scripted() {
		g.st.Layers = ambientviz.All
		g.st.Follow = true
	}
	if settingsErr != nil {
		g.setToast("Settings ignored: " + settingsErr.Error())
	}
	g.startClocks()
	if err := g.initProfilerView(); err != nil {
		return nil, err
	}
	g.startLatencyProbe(cfg.LatencyProbes)
	g.script = cfg.LiveScript
	if err := g.startGate(cfg.Gate); err != nil { // -gate
		return nil, err
	}
	g.snap = sim.Tick(0)
	return g, nil
}

// withDefaults fills what cfg leaves out: stdout, the default preferences,
// a problem list for the window's banner and panel.
func withDefaults(cfg Config) Config {
	if cfg.Stdout == nil {
		cfg.Stdout = os.Stdout
	}
	if cfg.Prefs == (audio.Prefs{}) {
		cfg.Prefs = audio.DefaultPrefs()
	}
	if cfg.Problems == nil {
		cfg.Problems = &dat.Problems{}
	}
	return cfg
}

// newSim is the window's Sim: recording its inputs (for sidecars), its data
// problems into cfg.Problems, the player at cfg.Start (the Holtburg spawn
// when nil).
func newSim(cfg Config) (*world.Sim, error) {
	sim, err := world.NewSim(world.Config{Archive: cfg.Archive, Seed: cfg.Seed, Prefs: cfg.Prefs, Emitters: cfg.Emitters, NoObjects: cfg.NoObjects})
	if err != nil {
		return nil, err
	}
	sim.RecordInputs() // every input since the last reset, for sidecars
	sim.SetProblems(cfg.Problems)
	if s := cfg.Start; s != nil {
		if s.Place != nil {
			if err := sim.PlaceAt(*s.Place, s.Cell, s.Heading); err != nil { // A11: an EnvCell puts the player indoors
				return nil, err
			}
		} else {
			sim.SetListener(s.X, s.Y, s.Heading)
		}
		sim.SetEye(s.Eye)
		sim.SetChase(s.Chase)
	}
	return sim, nil
}

// addPanels makes the panels and their hosts: the names, the stingers, the
// panels' host, the listening tools (Gate), the data problems, the map
// (Atlas) and the Sounds panel.
func (g *Game) addPanels() {
	cfg := g.cfg
	g.names = names.New(cfg.Archive, cfg.DatDir == "", cfg.Names)
	g.stingerTbl, g.stingers = findStingers(cfg.Archive, cfg.DatDir == "")
	g.panels = &panelHost{sim: g.sim, st: g.st, win: g, archive: cfg.Archive, datDir: cfg.DatDir, names: g.names,
		stingerTbl: g.stingerTbl, stingers: g.stingers, walk: &g.walk}
	g.ui = ui.New(g.panels, g.st)
	g.ui.SetNames(g.names)
	g.listening = g.newListening()
	g.panels.listening = g.listening
	g.ui.AddGate(gateHost{g.listening, &g.walk})
	g.ui.AddProblems(cfg.Problems)
	g.mapv = g.newMap()
	g.ui.AddAtlas(g.mapv, g.mapv.Toggles())
	g.ui.AddSounds(newSoundsHost(g))
}

// openSound opens the sound device, or leaves the speakers off: in a shot,
// with -no-audio, and in a browser page until its first gesture.
func (g *Game) openSound() {
	switch {
	case g.mode.soundless() || g.cfg.NoAudio:
		g.st.AudioOn = false
	case g.cfg.Page != nil:
		// A browser page opens the device on the user's first gesture
		// (PageHost.StartSound): browsers start Web Audio only then, and
		// creating the AudioContext would delay the first map by seconds.
		// Until then the wall clock drives the Sim.
		g.st.AudioOn = false
	default:
		g.openDevice()
	}
}

// startClocks starts the window's wall clock, the Sim's clock on it, the
// clock's step (advance), and the key and focus readers.
func (g *Game) startClocks() {
	g.start = time.Now()
	g.wall = func() float64 { return time.Since(g.start).Seconds() }
	g.clk = clock.New(g.wall)
	g.step = g.advance
	g.held = ebiten.IsKeyPressed
	g.focusPoll = newFocusPoller(ebiten.IsFocused)
	g.focus = g.focusPoll.focused
}

// Title is the window title: the tool and the data source.
func (g *Game) Title() string { return "soundworld — " + g.cfg.Source }

// Run opens the window and runs until it is closed (or the shot/profile is done).
func Run(cfg Config) error {
	g, err := New(cfg)
	if err != nil {
		return err
	}
	defer g.close()
	ebiten.SetWindowTitle(g.Title())
	ebiten.SetWindowSize(g.cam.W, g.cam.H) // Width×Height, or a shot's -size
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetTPS(g.mode.tps())
	ebiten.SetScreenClearedEveryFrame(false) // Draw clears what it draws again (redraw.go)
	if g.mode.scripted() {
		ebiten.SetVsyncEnabled(false)
	}
	if p := os.Getenv("SOUNDWORLD_CPUPROFILE"); p != "" && g.mode == modeProfile {
		f, err := os.Create(p)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	g.frames.live = true
	return g.mode.run(g)
}

func (g *Game) close() {
	g.focusPoll.close()
	g.mapv.Close()
	g.sess.Close()
}

// guarded is the Game as ebiten runs it: Ebitengine calls Update, Draw and
// Layout on goroutines of its own, where a panic would pass by main's
// crash.Recover; each runs under its own, so a bug in a frame is reported as
// one (exit 70) like anywhere else.
type guarded struct{ g ebiten.Game }

func (w guarded) Update() error {
	defer crash.Recover()
	return w.g.Update()
}

func (w guarded) Draw(screen *ebiten.Image) {
	defer crash.Recover()
	w.g.Draw(screen)
}

func (w guarded) Layout(ow, oh int) (int, int) {
	defer crash.Recover()
	return w.g.Layout(ow, oh)
}

// Layout keeps one logical pixel per screen pixel (shotRun and profileRun
// ask for their fixed sizes).
func (g *Game) Layout(w, h int) (int, int) {
	g.cam.W, g.cam.H = w, h
	g.frames.laidOut++ // ebiten lays out once per frame, before the frame's Updates
	return w, h
}

// frameGate lets one Update per rendered frame do the work. When frames are
// slower than 60 Hz ebiten calls Update several times per frame with the
// same input (it reads the mouse and keys once a frame): a drag that follows
// "last Update's pointer" would follow a position seen after the release
// (X11 reports the button late), and the work would be repeated for
// nothing. The Sim does not need the extra calls: its clock catches up from
// real time.
type frameGate struct {
	live    bool // running under ebiten.RunGame (tests call Update directly: every call works)
	laidOut int  // Layout calls (one per frame)
	updated int  // laidOut at the last Update that worked
}

// fresh reports whether this Update is the first of its frame.
func (f *frameGate) fresh() bool {
	if !f.live || f.laidOut != f.updated {
		f.updated = f.laidOut
		return true
	}
	return false
}

// Update runs one frame: panels, input, the Sim, the audio hand-off.
func (g *Game) Update() error {
	if !g.frames.fresh() {
		return nil // a second Update in the same frame (frameGate)
	}
	g.frame++
	if g.cfg.QuitAfter > 0 && g.sim.Now() >= g.cfg.QuitAfter {
		g.printLive()
		return ebiten.Termination
	}
	if g.cfg.Page != nil {
		if err := g.cfg.Page.Frame(PageHost{g}); err != nil {
			return err
		}
	}
	if g.handOver = g.presentFirst(); g.handOver {
		return nil
	}
	g.focused = g.focus()
	g.sim.SetActive(g.focused) // G4: the manager refuses new starts when unfocused
	g.updateLatencyProbe()     // -latency-probe (latency.go)
	g.runLiveScript()          // -live-script (livescript.go)

	select {
	case r := <-g.shotDone:
		if r.err != nil {
			g.setToast("Screenshot failed: " + r.err.Error())
		} else {
			g.setToast(saved(r.path) + " (+ .json)")
		}
	default:
	}
	g.ui.SetScreen(g.cam.W, g.cam.H)
	mapBefore := g.ui.Arrangement().Map
	c, err := g.ui.Update(g.snap)
	if err != nil {
		return err
	}
	if g.ui.TakeChanged() && g.cfg.SettingsPath != "" {
		if err := g.ui.SaveSettings(g.cfg.SettingsPath); err != nil {
			g.setToast("Settings not saved: " + err.Error())
		}
	}
	g.prevCaptured, g.captured = g.captured, c
	g.requestTiles()
	g.askedCam = g.cam // the view the tiles and the pyramid are asked for (updateMap, below)
	g.updateMap()
	g.listening.Update() // a loaded recording to the device, A/B

	g.step()
	g.pushStarts()
	g.coverSim() // O5: the device may render up to here; lost or back is said at once (live.go)
	switch {
	case g.frame == 1 || g.pinView != nil && g.pinView():
		g.cam = g.pin.place(g.cam, g.mapRect(), g.snap.Listener.Pos) // the listener (or -center's place) in the map area, not the window; a shot's -center or -from view stays while its panels settle
	case g.st.Follow && g.drag != dragListener:
		g.cam = keepInView(g.cam, g.mapRect(), g.snap.Listener.Pos, followBox)
	case g.ui.Arrangement().Map != mapBefore: // resized or a panel folded: keep the listener on the map
		g.cam = keepInView(g.cam, g.mapRect(), g.snap.Listener.Pos, 1)
	}
	return nil
}

// presentFirst reports whether this frame only hands the first one over:
// in a page, Ebitengine runs the first frame in the task that starts the
// program, and the browser shows a canvas only when an animation-frame
// callback returns; that callback is the second frame, whose Update and
// Draw (the Sim catching up on the first frame's wall time, first uses of
// panels and shaders: about a second with software WebGL) would delay the
// first picture. So the second frame does nothing (the screen is kept, the
// clock owes its time to the next frame's ticks) and the browser shows
// the first at once. The desktop shows every frame as it is drawn.
func (g *Game) presentFirst() bool {
	return g.cfg.Page != nil && g.frame == 2
}

// pageStarting reports a page's first two frames, before the first picture
// is on screen (presentFirst): the window's own mix (the meters and a
// capture's audio before the page's first click; nobody hears it) starts
// after them, so the first frame is not held back by resampling the waves
// its first tick started. Its first seconds then go unmetered, as after a
// -from jump.
func (g *Game) pageStarting() bool {
	return g.cfg.Page != nil && g.frame <= 2
}

// advance runs the Sim by the clock: as many 1/60 s ticks as real time ×
// the time scale asks for since the last Update (several when frames are
// slow, bounded after a stall), and walks the listener by the real time that
// passed. Ticks alternate with hand-offs to the device so each voice start is
// judged against the snapshot of its own tick.
func (g *Game) advance() {
	n := g.clk.Advance(g.st.TimeScale, g.st.Paused)
	if m, ok := g.deviceTicks(); ok { // O5: the device's frames are the one clock; G6 (live.go)
		n = m
		g.clk.Used(n) // "cannot keep up" reads the ticks that run
	}
	if !g.noInput {
		g.input(g.clk.RealDelta())
	}
	if n == 0 {
		if s, ok := g.walk.held(g.snap); ok { // recording a walk: no off-grid tick (record.go)
			g.snap = s
			return
		}
		g.snap = g.sim.Tick(0) // listener moves show while paused or between ticks
		return
	}
	for i := 0; i < n; i++ {
		g.snap = g.sim.Tick(world.NextStepDt(g.sim.Now())) // clock.Step on render's exact grid (O3)
		if i < n-1 {
			g.pushStarts()
		}
	}
}

// pushStarts hands the manager's voice starts to the device, minus display-side
// mutes (the Sim already decided; muting only silences the speakers).
func (g *Game) pushStarts() {
	starts := g.sim.Manager().TakeStarts()
	g.meters.feedLocal(starts, g.snap, g.mutedSound, g.pageStarting()) // no device: the meters' own mix (profhooks.go)
	if g.sess == nil || !g.st.AudioOn || len(starts) == 0 {
		return
	}
	out := starts[:0]
	for _, s := range starts {
		if s.Wave != 0 && s.Slot >= 0 && s.Slot < len(g.snap.Voices) {
			v := g.snap.Voices[s.Slot]
			if g.mutedSound(v.Table, v.SType) {
				continue
			}
		}
		out = append(out, s)
	}
	g.sess.Push(g.sim.Now(), out) // inputs' starts at the next period, late ones logged (audio/device.Session)
}

// mutedSound reports whether every ambient instance playing (table, stype) is
// filtered out by mute/solo (sounds that are not ambient are never muted).
func (g *Game) mutedSound(table, stype uint32) bool {
	found := false
	for _, in := range g.snap.Instances {
		if in.STBID == table && in.Desc.SType == stype {
			found = true
			if g.st.Audible(ui.InstKey{Stb: in.Stb, Index: in.Index}) {
				return false
			}
		}
	}
	return found
}

// toastSeconds is how long a toast shows, in wall-clock seconds (not
// frames: at a low frame rate a frame count would keep it up for a minute).
const toastSeconds = 4

func (g *Game) setToast(s string) {
	g.toast, g.toastUntil = s, g.wallNow()+toastSeconds
}

// wallNow is the window's wall clock in s since it started (0 before it has one).
func (g *Game) wallNow() float64 {
	if g.wall == nil {
		return 0
	}
	return g.wall()
}
