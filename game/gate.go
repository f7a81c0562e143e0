package game

// Open a listening gate in the window (issue 9 item 4): the listener goes to
// the gate's spot with its camera, preferences and emitters; the recording
// loads in the background (progress shown); B switches the speakers between
// our live output (A) and the recording (B) at the same loudness; X runs an
// ABX test whose log is appended to the gate's history.

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"soundworld/audio"
	"soundworld/game/abx"
	"soundworld/gate"
	"soundworld/gate/decode"
	"soundworld/gate/measure"
	"soundworld/internal/cli"
	"soundworld/ui"
	"soundworld/world"
)

// gateWin is the window's issue 9 state (gate*.go, record.go).
type gateWin struct {
	rec  walkRec
	gate *openGate
}

// abDevice is what A/B needs of the device (audio/device.Device).
type abDevice interface {
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
func (g *Game) OpenGate(path string) error {
	f, err := gate.Load(path)
	if err != nil {
		return err
	}
	return g.openGate(f)
}

// openGate opens a gate file already read (-gate, read by the command; the
// Gate panel's path box, read by OpenGate).
func (g *Game) openGate(f *gate.File) error {
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
		if em, err = cli.LoadLayoutFile(f.Resolve(*f.Emitters)); err != nil {
			return fmt.Errorf("%s: emitters: %w", path, err)
		}
	}
	if g.gw.rec.on {
		g.stopRecording() // the placement below is not part of the walk
	}
	g.closeGate()
	g.sim.SetPrefs(prefs)
	g.sim.SetEmitters(em)
	g.sim.SetEye(f.Eye())
	g.sim.SetChase(float32(f.Camera.Chase))
	g.sim.SetPlayer(loc.Loc(), loc.Heading())
	g.snap = g.sim.Tick(0)
	p := g.sim.Listener().Pos
	g.cam.CX, g.cam.CY = float64(p.X), float64(p.Y)
	o := &openGate{file: f, path: path, warn: warn, match: true, abxN: DefaultABXTrials, stage: "starting"}
	g.gw.gate = o
	sc := gate.Scene{Archive: g.cfg.Archive, Bank: audio.NewBank(g.cfg.Archive), X: p.X, Y: p.Y, Place: ptr(loc.Loc()),
		Heading: loc.Heading(), Eye: f.Eye(), Chase: float32(f.Camera.Chase), Prefs: prefs, Emitters: em, Seconds: f.Seconds}
	go o.load(sc)
	g.ui.OpenGatePanel()
	g.setToast(fmt.Sprintf("Gate %q: listener at its /loc; loading %s", f.Name, f.Recording))
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
	retail := f.MeasureRecording(rec.Channels, l, r, ignore).Loudness.Integrated
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

// updateGate runs each frame: hands a loaded recording to the device and
// keeps the device's A/B choice and gain as the panel says.
func (g *Game) updateGate() {
	o := g.gw.gate
	if o == nil {
		return
	}
	o.mu.Lock()
	ready := o.ready
	o.mu.Unlock()
	if ready && !o.loaded {
		o.loaded = true
		if d := g.abDev(); d != nil {
			d.SetB(o.l, o.r)
		}
		gain := o.gainDB
		if math.Abs(gain) < 0.05 {
			gain = 0 // no "-0.0 dB"
		}
		g.setToast(fmt.Sprintf("Gate %q ready: B switches to the recording (gain %+.1f dB), X starts ABX", o.file.Name, gain))
	}
	g.applyAB()
}

// abDev is the device's A/B side, nil when silent.
func (g *Game) abDev() abDevice {
	if g.sound == nil || g.sound.silent() {
		return nil
	}
	d, _ := g.sound.out.(abDevice)
	return d
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

func (g *Game) applyAB() {
	o := g.gw.gate
	d := g.abDev()
	if o == nil || d == nil || !o.loaded {
		return
	}
	d.SetBGain(o.gain())
	d.SelectB(o.hearing() == abx.B)
}

func (g *Game) closeGate() {
	if d := g.abDev(); d != nil {
		d.SetB(nil, nil)
	}
	g.gw.gate = nil
}

// errNoGate says a gate key was pressed with no gate open.
var errNoGate = errors.New("no gate open: soundworld -gate FILE, or the Gate panel's Open")

// ToggleB is the B key: switch between ours (A) and the recording (B); in an
// ABX trial it leaves X and plays the reference.
func (g *Game) ToggleB() error {
	o := g.gw.gate
	if o == nil {
		return errNoGate
	}
	if !o.loaded {
		return fmt.Errorf("gate %q: the recording is still loading", o.file.Name)
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
func (g *Game) PlayX() error {
	o := g.gw.gate
	if o == nil {
		return errNoGate
	}
	if !o.loaded {
		return fmt.Errorf("gate %q: the recording is still loading", o.file.Name)
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
func (g *Game) AnswerX(isB bool) error {
	a := abx.A
	if isB {
		a = abx.B
	}
	o := g.gw.gate
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
	o.logErr = gate.AppendHistory(o.path, h)
	msg := fmt.Sprintf("ABX: %d of %d right, p = %.3g", res.Correct, res.Trials, res.PValue)
	if o.logErr != nil {
		msg += " — history not written: " + o.logErr.Error()
	} else {
		msg += " — appended to " + filepath.Base(o.path) + "'s history"
	}
	g.setToast(msg)
	return nil
}

// SetABXTrials sets the next ABX run's length.
func (g *Game) SetABXTrials(n int) error {
	o := g.gw.gate
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
func (g *Game) SetGainMatch(on bool) {
	if o := g.gw.gate; o != nil {
		o.match = on
		g.applyAB()
	}
}

// GateView is what the Gate panel shows.
func (g *Game) GateView() ui.GateView {
	on, status := g.Recording()
	v := ui.GateView{Position: g.PositionLine(), Recording: on, RecordStatus: status, RecordBad: g.gw.rec.lastErr}
	if g.sound == nil || g.sound.silent() {
		v.Silent = "silent: no sound device — the switch and ABX run but nothing is heard"
		if g.sound != nil && g.sound.notice != "" {
			v.Silent += " (" + g.sound.notice + ")"
		}
	}
	o := g.gw.gate
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

// gateKeys: R records a walk, B switches A/B, X plays an ABX trial's X.
func (g *Game) gateKeys() {
	just := inpututil.IsKeyJustPressed
	var err error
	switch {
	case just(ebiten.KeyR):
		g.ToggleRecording()
	case just(ebiten.KeyB):
		err = g.ToggleB()
	case just(ebiten.KeyX):
		err = g.PlayX()
	}
	if err != nil {
		g.setToast(err.Error())
	}
}

// openStartGate opens -gate FILE when the window starts (a user error if
// the gate cannot be read) and unfolds the Gate panel.
func (g *Game) openStartGate() error {
	if g.cfg.Gate == nil {
		return nil
	}
	if err := g.openGate(g.cfg.Gate); err != nil {
		return cli.UserErr(err)
	}
	return nil
}
