// Package listen is the explorer window's listening tools: standing where
// retail stood (a /loc line in, the position as a /loc line out), an opened
// listening gate — the listener at its spot with its camera, preferences and
// emitters, its recording loaded and loudness-matched in the background —
// the A/B switch between our live output (A) and the recording (B), and the
// ABX test whose log is appended to the gate's history. It holds the gate's
// state and asks the window through Config (the Sim, the device, notices);
// it imports nothing of Ebitengine, so its tests run without a display.
package listen

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"soundworld/audio"
	"soundworld/dat"
	"soundworld/explorer/abx"
	"soundworld/gate"
	"soundworld/gate/decode"
	"soundworld/gate/measure"
	"soundworld/internal/crash"
	"soundworld/world"
)

// Config is what the listening tools need of the window.
type Config struct {
	Archive *dat.Archive
	DatDir  string // the window's dat folder; "" for the stand-in
	Sim     *world.Sim
	// Device is the sound device's A/B side, nil when silent.
	Device func() Device
	// Silent says why nothing is heard ("" with a sound device).
	Silent func() string
	// Copy puts text on the clipboard (an error: there is none).
	Copy func(string) error
	// Notice shows a short message (the window's toast).
	Notice func(string)
	// BeforePlace runs before a gate moves the listener (a walk being
	// recorded stops: the placement is not part of it).
	BeforePlace func()
	// Placed runs after the listener was placed (a gate, a /loc line): the
	// window centres the view on the listener and, with snapshot (a gate),
	// takes a new Snapshot at once.
	Placed func(snapshot bool)
	// Opened runs after a gate opened (the window unfolds the Gate panel).
	Opened func()
	// Files opens and writes files by the window's I/O policy
	// (internal/cli.Files); the tools open no data folder or layout and
	// write no file themselves.
	Files Files
}

// Files is what the tools ask of the window's I/O policy: a gate's emitter
// layout read, a file written atomically and never into the game's data
// (the /loc fallback file, the ABX log appended to a gate's history).
type Files interface {
	gate.Inputs
	WriteFile(path string, b []byte) error
}

// Tools is the window's listening tools.
type Tools struct {
	cfg  Config
	gate *openGate
}

// New is the tools with no gate open.
func New(cfg Config) *Tools { return &Tools{cfg: cfg} }

// View is the Gate panel's read-out, built by the window each frame.
type View struct {
	Position     string // the /loc line
	Recording    bool
	RecordStatus string
	RecordBad    bool
	Silent       string // "" with a sound device

	Gate, Path, Stage string
	Progress          float64 // 0..1
	Err               error
	Ready             bool
	Warn              []string
	RetailLUFS        float64
	OursLUFS          float64
	GainDB            float64
	Match             bool
	Hearing           string // "A", "B" or "X"
	Trials            int    // the ABX run's length
	ABX               bool   // a run is going (or finished)
	Trial, Answered   int
	Correct           int
	XPlayed, ABXDone  bool
	Result            string
}

// Device is what A/B needs of the device (audio/device.Device).
type Device interface {
	SetB(l, r []float32)
	SelectB(on bool)
	SetBGain(g float32)
}

// gateSeeds is how many seeds of ours the loudness match renders.
const gateSeeds = 3

// DefaultABXTrials is the ABX run's length unless the panel says otherwise.
const DefaultABXTrials = 10

// openGate is an opened gate and its recording.
type openGate struct {
	file *gate.File
	path string
	warn []string

	mu       sync.Mutex // guards the loader's fields below
	stage    string
	progress float64 // 0..1
	err      error
	ready    bool
	l, r     []float32 // the analysed part of the recording, 44100 Hz stereo
	retail   float64   // LUFS, integrated (ignore ranges left out)
	ours     float64   // LUFS, median of gateSeeds renders
	gainDB   float64   // ours − retail: B's gain when matched

	loaded bool // the device has B (game goroutine)
	match  bool // apply the gain
	listen abx.Side
	abx    *abx.Session
	abxN   int
	abxX   bool // an ABX trial's X is sounding
	result *abx.Log
	logErr error
}

func (o *openGate) set(stage string, p float64) {
	o.mu.Lock()
	o.stage, o.progress = stage, p
	o.mu.Unlock()
}

// OpenGate opens a gate file: places the listener, loads the recording in
// the background. Errors (the file, its loc, its emitters) are the user's.
func (g *Tools) OpenGate(path string) error {
	f, err := gate.Load(path)
	if err != nil {
		return err
	}
	return g.Open(f)
}

// Open opens a gate file already read (-gate, read by the command; the
// Gate panel's path box, read by OpenGate).
func (g *Tools) Open(f *gate.File) error {
	path := f.Path()
	var warn []string
	switch {
	case f.Dat == nil && g.cfg.DatDir != "":
		warn = append(warn, "the gate was made on the stand-in; the window shows "+g.cfg.DatDir)
	case f.Dat != nil && g.cfg.DatDir == "":
		warn = append(warn, "the gate names dat folder "+f.Resolve(f.Dat.Folder)+"; the window shows the stand-in (start it with -dat)")
	case f.Dat != nil && !sameDir(f.Resolve(f.Dat.Folder), g.cfg.DatDir):
		warn = append(warn, "the gate names dat folder "+f.Resolve(f.Dat.Folder)+"; the window shows "+g.cfg.DatDir)
	}
	loc, err := world.ParseRetailLoc(f.Loc) // validated by Load
	if err != nil {
		return err
	}
	prefs, err := world.ParsePrefs(f.Prefs, audio.DefaultPrefs())
	if err != nil {
		return err
	}
	var em []world.Emitter
	if f.Emitters != nil {
		if em, err = g.cfg.Files.LoadLayoutFile(f.Resolve(*f.Emitters)); err != nil {
			return fmt.Errorf("%s: emitters: %w", path, err)
		}
	}
	g.cfg.BeforePlace() // a walk being recorded stops: the placement below is not part of it
	g.closeGate()
	sim := g.cfg.Sim
	sim.SetPrefs(prefs)
	sim.Emitters().Set(em)
	sim.SetEye(f.Eye())
	sim.SetChase(f.Chase())
	if err := sim.PlaceAt(loc.Loc(), loc.Cell, loc.Heading()); err != nil { // A11: an indoor /loc
		return fmt.Errorf("%s: %w", path, err)
	}
	g.cfg.Placed(true)
	p := sim.Listener().Pos
	o := &openGate{file: f, path: path, warn: warn, match: true, abxN: DefaultABXTrials, stage: "starting"}
	g.gate = o
	sc := gate.Scene{Archive: g.cfg.Archive, Bank: audio.NewBank(g.cfg.Archive), X: p.X, Y: p.Y, Place: ptr(loc.Loc()),
		Heading: loc.Heading(), Eye: f.Eye(), Chase: f.Chase(), Prefs: prefs, Emitters: em, Seconds: f.Seconds}
	crash.Go(func() { o.load(sc) })
	g.cfg.Opened()
	g.cfg.Notice(fmt.Sprintf("Gate %q: listener at its /loc; loading %s", f.Name, f.Recording))
	return nil
}

func ptr[T any](v T) *T { return &v }

func sameDir(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && filepath.Clean(aa) == filepath.Clean(bb)
}

// load decodes the recording, cuts the gate's part, measures it and renders
// gateSeeds seeds of ours for the loudness match (gate/measure's BS.1770
// integrated loudness, the gate command's align_level rule: B's gain is the
// median of ours minus retail's).
func (o *openGate) load(sc gate.Scene) {
	fail := func(err error) {
		o.mu.Lock()
		o.err, o.stage = err, "failed"
		o.mu.Unlock()
	}
	f := o.file
	o.set("decoding "+f.Recording, 0.05)
	rec, err := decode.Range(f.Resolve(f.Recording), f.OffsetS, f.Seconds) // only the gate's part
	if err != nil {
		fail(fmt.Errorf("recording: %w", err))
		return
	}
	from, to := 0, len(rec.L)
	if to-from < decode.Rate {
		fail(fmt.Errorf("recording %s: %.1f s after offset_s %g; want at least 1 s", f.Recording, float64(to-from)/decode.Rate, f.OffsetS))
		return
	}
	l, r := rec.L[from:to], rec.R[from:to]
	var ignore []measure.Range
	for _, s := range f.Ignore {
		if a, b := s[0]-f.OffsetS, s[1]-f.OffsetS; b > 0 {
			ignore = append(ignore, measure.Range{From: math.Max(a, 0), To: b})
		}
	}
	o.set("measuring the recording", 0.25)
	retail := f.MeasureRecording(rec.Channels, l, r, measure.Native{}, ignore).Loudness.Integrated
	sc.Seconds = float64(to-from) / decode.Rate
	var ours []float64
	for i := 0; i < gateSeeds; i++ {
		o.set(fmt.Sprintf("rendering ours, seed %d of %d", i+1, gateSeeds), 0.35+0.6*float64(i)/gateSeeds)
		st, err := gate.Render(sc, uint32(i+1))
		if err != nil {
			fail(err)
			return
		}
		ours = append(ours, measure.Measure(st.L, st.R, nil).Loudness.Integrated)
	}
	sort.Float64s(ours)
	med := ours[len(ours)/2]
	gain := math.Round((med-retail)*100) / 100 // dB to 0.01 (no "-0.0" for equal levels)
	if gain == 0 {
		gain = 0 // not −0
	}
	if !(retail > measure.Silence) || math.IsNaN(gain) || math.IsInf(gain, 0) {
		gain = 0 // a silent recording (or silent ours): nothing to match
	}
	o.mu.Lock()
	o.l, o.r, o.retail, o.ours, o.gainDB = l, r, retail, med, gain
	o.ready, o.stage, o.progress = true, "ready", 1
	o.mu.Unlock()
}

// Update runs each frame: hands a loaded recording to the device and
// keeps the device's A/B choice and gain as the panel says.
func (g *Tools) Update() {
	o := g.gate
	if o == nil {
		return
	}
	o.mu.Lock()
	ready := o.ready
	o.mu.Unlock()
	if ready && !o.loaded {
		o.loaded = true
		if d := g.cfg.Device(); d != nil {
			d.SetB(o.l, o.r)
		}
		gain := o.gainDB
		if math.Abs(gain) < 0.05 {
			gain = 0 // no "-0.0 dB"
		}
		g.cfg.Notice(fmt.Sprintf("Gate %q ready: B switches to the recording (gain %+.1f dB), X starts ABX", o.file.Name, gain))
	}
	g.applyAB()
}

// hearing is what the speakers play now: A, B, or during an ABX trial X.
func (o *openGate) hearing() abx.Side {
	if o.abx != nil && o.abxX && o.abx.Playing() {
		return o.abx.X()
	}
	return o.listen
}

func (o *openGate) gain() float32 {
	if !o.match {
		return 1
	}
	return float32(math.Pow(10, o.gainDB/20))
}

func (g *Tools) applyAB() {
	o := g.gate
	d := g.cfg.Device()
	if o == nil || d == nil || !o.loaded {
		return
	}
	d.SetBGain(o.gain())
	d.SelectB(o.hearing() == abx.B)
}

func (g *Tools) closeGate() {
	if d := g.cfg.Device(); d != nil {
		d.SetB(nil, nil)
	}
	g.gate = nil
}

// errNoGate says a gate key was pressed with no gate open.
var errNoGate = errors.New("no gate open: soundworld -gate FILE, or the Gate panel's Open")

// loadedGate is the open gate once its recording has loaded, else an error
// saying which is missing.
func (g *Tools) loadedGate() (*openGate, error) {
	o := g.gate
	if o == nil {
		return nil, errNoGate
	}
	if !o.loaded {
		return nil, fmt.Errorf("gate %q: the recording is still loading", o.file.Name)
	}
	return o, nil
}

// ToggleB is the B key: switch between ours (A) and the recording (B); in an
// ABX trial it leaves X and plays the reference.
func (g *Tools) ToggleB() error {
	o, err := g.loadedGate()
	if err != nil {
		return err
	}
	if o.abxX {
		o.abxX = false
	} else {
		o.listen = 1 - o.listen
	}
	g.applyAB()
	return nil
}

// PlayX is the X key: start an ABX run if none is going, then play this
// trial's X (A or B at random, the same side until answered).
func (g *Tools) PlayX() error {
	o, err := g.loadedGate()
	if err != nil {
		return err
	}
	if o.abx == nil || o.abx.Done() {
		s, err := abx.New(o.abxN, nil, nil)
		if err != nil {
			return err
		}
		o.abx, o.result, o.logErr = s, nil, nil
	}
	o.abx.X()
	o.abxX = true
	g.applyAB()
	return nil
}

// AnswerX records "X is a" for this trial; after the last trial the score,
// its p-value and the trial log are appended to the gate's history.
func (g *Tools) AnswerX(isB bool) error {
	a := abx.A
	if isB {
		a = abx.B
	}
	o := g.gate
	if o == nil || o.abx == nil {
		return errors.New("ABX: press X to start a run")
	}
	if err := o.abx.Answer(a); err != nil {
		return err
	}
	o.abxX = false
	g.applyAB()
	if !o.abx.Done() {
		return nil
	}
	res := o.abx.Result(o.match, o.gainDB)
	o.result = &res
	extra, _ := json.Marshal(res)
	h := gate.History{Time: time.Now().UTC().Format(time.RFC3339), Pass: !res.Heard, Failed: []string{}, Extra: extra}
	if res.Heard {
		h.Failed = []string{"abx"}
	}
	b, err := gate.WithHistory(o.path, h)
	if err == nil {
		err = g.cfg.Files.WriteFile(o.path, b)
	}
	o.logErr = err
	msg := fmt.Sprintf("ABX: %d of %d right, p = %.3g", res.Correct, res.Trials, res.PValue)
	if o.logErr != nil {
		msg += " — history not written: " + o.logErr.Error()
	} else {
		msg += " — appended to " + filepath.Base(o.path) + "'s history"
	}
	g.cfg.Notice(msg)
	return nil
}

// SetABXTrials sets the next ABX run's length.
func (g *Tools) SetABXTrials(n int) error {
	o := g.gate
	if o == nil {
		return errNoGate
	}
	if n < 1 || n > abx.MaxTrials {
		return fmt.Errorf("ABX trials %d: want 1..%d", n, abx.MaxTrials)
	}
	o.abxN = n
	return nil
}

// SetGainMatch turns the loudness match on or off.
func (g *Tools) SetGainMatch(on bool) {
	if o := g.gate; o != nil {
		o.match = on
		g.applyAB()
	}
}

// View is what the Gate panel shows of the position and the gate (the
// window adds the walk recording's lines).
func (g *Tools) View() View {
	v := View{Position: g.PositionLine(), Silent: g.cfg.Silent()}
	o := g.gate
	if o == nil {
		return v
	}
	o.mu.Lock()
	v.Gate, v.Path, v.Stage, v.Progress, v.Err = o.file.Name, o.path, o.stage, o.progress, o.err
	v.Ready = o.ready
	v.RetailLUFS, v.OursLUFS, v.GainDB = o.retail, o.ours, o.gainDB
	o.mu.Unlock()
	v.Warn = o.warn
	v.Match, v.Hearing, v.Trials = o.match, o.listen.String(), o.abxN
	if o.abxX {
		v.Hearing = "X"
	}
	if s := o.abx; s != nil {
		v.ABX = true
		v.Trial, v.Answered, v.Correct, v.XPlayed, v.ABXDone = len(s.Trials)+1, len(s.Trials), s.Score(), s.Playing(), s.Done()
	}
	if r := o.result; r != nil {
		v.Result = fmt.Sprintf("%d of %d right, p = %.3g: ", r.Correct, r.Trials, r.PValue)
		if r.Heard {
			v.Result += "a difference was heard (p < 0.05)"
		} else {
			v.Result += "no difference shown (p ≥ 0.05)"
		}
		if o.logErr != nil {
			v.Result += "; history NOT written: " + o.logErr.Error()
		} else {
			v.Result += "; appended to the gate's history"
		}
	}
	return v
}

// Start opens -gate's file when the window starts (the window reports an
// error as the user's); a nil f opens nothing.
func (g *Tools) Start(f *gate.File) error {
	if f == nil {
		return nil
	}
	return g.Open(f)
}

// ABXTrial is the X of the running ABX trial (ok false when none is running).
func (g *Tools) ABXTrial() (x abx.Side, ok bool) {
	if o := g.gate; o != nil && o.abx != nil && !o.abx.Done() {
		return o.abx.X(), true
	}
	return 0, false
}
