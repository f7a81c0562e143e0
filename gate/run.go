package gate

import (
	"context"
	"fmt"
	"io"
	"iter"
	"math"
	"runtime"
	"sync"
	"time"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/dat"
	"soundworld/gate/decode"
	"soundworld/gate/measure"
	"soundworld/internal/fileguard"
	"soundworld/internal/pool"
	"soundworld/names"
	"soundworld/world"
)

// InputError marks a problem with what the user gave (the gate file, the
// recording, the data folder): the command exits 2 for it.
type InputError struct{ Err error }

func (e InputError) Error() string { return e.Err.Error() }
func (e InputError) Unwrap() error { return e.Err }

func inputErr(err error) error {
	if err == nil {
		return nil
	}
	return InputError{err}
}

// Options are a gate run's knobs.
type Options struct {
	Seeds     int    // K, default 20
	FirstSeed uint32 // default 1: seeds FirstSeed .. FirstSeed+K−1
	// Progress, when set, receives a line per finished step.
	Progress io.Writer
	// OnSeed, when set, is called after each seed is rendered and measured.
	OnSeed func(done, total int)
	// Ctx, when set, is checked between seeds: a cancelled run returns its error.
	Ctx context.Context
	// NoObjects renders without the data's object sources (E3,
	// -objects=false); the report says so.
	NoObjects bool
	// Now stamps the result (default time.Now).
	Now func() time.Time
	// Problems, when set, collects the data problems the renders meet (a
	// command prints them as they come); Run makes its own otherwise.
	Problems *dat.Problems
	// Inputs opens the dat folder and the emitter layout the gate file
	// names (the programs give internal/cli.Files); nil: plain reads, the
	// folder not protected from outputs.
	Inputs Inputs
	// Names is the user's names file, id → name (-names; nil: none). The
	// report names each wave by it, else by the stand-in's names (package
	// names), the id beside.
	Names map[uint32]string
}

// Inputs opens what a gate file names by the program's I/O policy (which
// folders are game data, refusing named pipes): the commands' and the
// window's (internal/cli.Files), so the engine opens no data folder itself.
type Inputs interface {
	OpenDataDir(dir string) (*dat.Archive, error)
	LoadLayoutFile(path string) ([]world.Emitter, error)
}

// plainInputs opens a gate's inputs without a program's policy: the dat
// folder with dat.OpenDir (not protected from outputs), the layout with
// fileguard (a named pipe refused).
type plainInputs struct{}

func (plainInputs) OpenDataDir(dir string) (*dat.Archive, error) { return dat.OpenDir(dir) }

func (plainInputs) LoadLayoutFile(path string) ([]world.Emitter, error) {
	f, err := fileguard.Open("layout", path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return world.LoadLayout(f, path)
}

// Recording describes the retail recording as analysed.
type Recording struct {
	Path        string  `json:"path"`
	Format      string  `json:"format"`
	SourceRate  int     `json:"source_rate_hz"`
	Channels    int     `json:"channels"`
	ChannelMode string  `json:"channel_mode"`  // how they are measured (mono: dual or single)
	Seconds     float64 `json:"seconds"`       // whole file (−1: unknown)
	From        float64 `json:"analysed_from"` // s of the recording (offset_s)
	To          float64 `json:"analysed_to"`
	AlignGainDB float64 `json:"align_gain_db"` // applied to the recording (0 unless align_level)
}

// Result is a gate run: every number the report shows.
type Result struct {
	Gate      string    `json:"gate"`
	File      string    `json:"file"`
	Time      string    `json:"time"`
	Loc       string    `json:"loc"`
	Heading   float32   `json:"heading_deg"`
	Source    string    `json:"data"`
	Seconds   float64   `json:"seconds"`
	Seeds     []uint32  `json:"seeds"`
	Recording Recording `json:"recording"`
	Pass      bool      `json:"pass"`
	Failed    []string  `json:"failed"`
	Warnings  []string  `json:"warnings"` // incl. one "data problem: …" line per data problem
	// DataProblems are the damaged, missing or out-of-range records the
	// renders met (the numbers are what retail plays with them).
	DataProblems []dat.Problem    `json:"data_problems"`
	Metrics      []Metric         `json:"metrics"`
	Retail       measure.Result   `json:"retail"`
	Ours         []measure.Result `json:"ours"`
	Ignore       []Span           `json:"ignore"`  // in analysis time (recording time − offset_s)
	Objects      bool             `json:"objects"` // the data's object sources played (E3); false with -objects=false
	// OneShots: per wave, our renders' one-shot starts on each side and how
	// many the detector found (summed over the seeds).
	OneShots []OneShotClass `json:"one_shots"`
	// Noise is the noise the recording adds to each channel on its own, dB
	// (both channels' squares per sample; NaN: none found): what buries
	// one-shots (OneShotClass.Buried).
	Noise float64 `json:"noise_db"`
}

// Run renders the gate's K seeds, decodes and measures the recording and
// gives every metric its verdict.
func Run(f *File, opt Options) (*Result, error) {
	if err := opt.defaults(); err != nil {
		return nil, err
	}
	progress := func(format string, a ...any) {
		if opt.Progress != nil {
			fmt.Fprintf(opt.Progress, format+"\n", a...)
		}
	}
	sc, src, warn, closer, err := f.scene(opt.Inputs)
	if err != nil {
		return nil, err
	}
	defer closer()
	sc.NoObjects = opt.NoObjects
	res := &Result{Objects: !opt.NoObjects, Gate: f.Name, File: f.path, Time: opt.Now().UTC().Format(time.RFC3339), Loc: f.Loc,
		Heading: sc.Heading, Source: src, Seconds: f.Seconds, Warnings: warn}
	rec, ignore, err := f.recording(&sc, res, progress)
	if err != nil {
		return nil, err
	}

	// Ours: K seeds, rendered and measured on every core (the Bank is safe for
	// concurrent use; each seed has its own Sim and Mixer); only the
	// measurements are kept, in seed order.
	ps := opt.Problems
	if ps == nil {
		ps = &dat.Problems{}
	}
	sc.Problems = ps
	if err := renderSeeds(sc, res, opt, progress); err != nil {
		return nil, err
	}
	book := names.New(sc.Archive, f.Dat == nil, opt.Names)
	for i := range res.OneShots {
		res.OneShots[i].Name = book.Wave(res.OneShots[i].Wave)
	}
	res.DataProblems = ps.List()
	for _, p := range res.DataProblems {
		res.Warnings = append(res.Warnings, "data problem: "+p.String())
	}
	f.measureRetail(res, rec, ignore)
	res.Noise = recordingNoise(res.Retail, res.Ours)
	res.Metrics = append(Judge(res.Retail, res.Ours, res.OneShots, f.Align), MeterMetrics(res.Retail, res.Ours, f.Align, f.MeterVerdicts)...)
	res.Pass = true
	res.Failed = []string{}
	for _, m := range res.Metrics {
		if !m.Pass() {
			res.Pass = false
			res.Failed = append(res.Failed, m.ID)
		}
	}
	return res, nil
}

// defaults fills the options a caller left zero (20 seeds from seed 1, the
// wall clock) and refuses a seed count outside 2..1000.
func (opt *Options) defaults() error {
	if opt.Seeds == 0 {
		opt.Seeds = 20
	}
	if opt.Seeds < 2 || opt.Seeds > 1000 {
		return inputErr(fmt.Errorf("-seeds %d: want 2..1000", opt.Seeds))
	}
	if opt.FirstSeed == 0 {
		opt.FirstSeed = 1
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	return nil
}

// recording decodes [offset, offset + seconds) of the gate's recording into
// res.Recording, shortens the analysis (sc and res) to what the file holds,
// and gives the ignore ranges in analysis time.
func (f *File) recording(sc *Scene, res *Result, progress func(string, ...any)) (*decode.Audio, []measure.Range, error) {
	recPath := f.Resolve(f.Recording)
	progress("gate: decoding %s", recPath)
	rec, err := decode.Range(recPath, f.OffsetS, f.Seconds)
	if err != nil {
		return nil, nil, inputErr(fmt.Errorf("recording (%s): %w", f.path, err))
	}
	for _, w := range rec.Warnings {
		res.Warnings = append(res.Warnings, fmt.Sprintf("recording %s %s", f.Recording, w))
	}
	from := int(math.Round(f.OffsetS * decode.Rate))
	to := from + len(rec.L)
	if to-from < 5*decode.Rate {
		return nil, nil, inputErr(fmt.Errorf("%s: the recording %s has %.1f s after offset_s %g; want at least 5 s", f.path, recPath, float64(max(0, to-from))/decode.Rate, f.OffsetS))
	}
	if got := float64(to-from) / decode.Rate; got < f.Seconds-0.05 {
		res.Warnings = append(res.Warnings, fmt.Sprintf("the recording has %.1f s after offset_s, not %g: analysed what there is (ours too)", got, f.Seconds))
		sc.Seconds = got
		res.Seconds = got
	}
	res.Recording = Recording{Path: f.Recording, Format: rec.Format, SourceRate: rec.SourceRate, Channels: rec.Channels,
		ChannelMode: f.ChannelMode(rec.Channels), Seconds: rec.FileSeconds, From: float64(from) / decode.Rate, To: float64(to) / decode.Rate}
	var ignore []measure.Range
	for _, s := range f.Ignore {
		a, b := s[0]-f.OffsetS, s[1]-f.OffsetS
		if b > 0 {
			ignore = append(ignore, measure.Range{From: math.Max(a, 0), To: b})
			res.Ignore = append(res.Ignore, Span{math.Max(a, 0), b})
		}
	}
	return rec, ignore, nil
}

// measureRetail measures the recording into res.Retail; with alignment on,
// again after scaling it by the gain that puts its integrated loudness on
// our seeds' median (res.Recording.AlignGainDB).
func (f *File) measureRetail(res *Result, rec *decode.Audio, ignore []measure.Range) {
	rl, rr := rec.L, rec.R
	nat := measure.Native{L: rec.NativeL, R: rec.NativeR, Rate: rec.SourceRate}
	res.Retail = f.MeasureRecording(rec.Channels, rl, rr, nat, ignore)
	if !f.Align {
		return
	}
	ours := make([]float64, len(res.Ours))
	for i, o := range res.Ours {
		ours[i] = o.Loudness.Integrated
	}
	g := measure.Quantile(ours, 0.5) - res.Retail.Loudness.Integrated
	if res.Retail.Loudness.Integrated <= measure.Silence || math.IsNaN(g) {
		return
	}
	k := float32(math.Pow(10, g/20))
	scaled := func(x []float32) []float32 {
		y := make([]float32, len(x))
		for j, v := range x {
			y[j] = v * k
		}
		return y
	}
	nk := measure.Native{L: scaled(nat.L), R: scaled(nat.R), Rate: nat.Rate}
	res.Retail = f.MeasureRecording(rec.Channels, scaled(rl), scaled(rr), nk, ignore)
	res.Recording.AlignGainDB = g
}

// scene builds what to render from the gate file: the data (the stand-in or
// the dat folder), the place and heading from the /loc line, the camera, the
// preferences and the emitters. Warnings note what differs from the file.
func (f *File) scene(in Inputs) (sc Scene, source string, warn []string, closer func(), err error) {
	if in == nil {
		in = plainInputs{}
	}
	var a *dat.Archive
	if f.Dat == nil {
		a, err = assets.StandIn()
		if err != nil {
			return sc, "", nil, nil, err
		}
	} else {
		a, err = in.OpenDataDir(f.Resolve(f.Dat.Folder))
		if err != nil {
			return sc, "", nil, nil, inputErr(fmt.Errorf("%s:%d: field \"dat\": %w", f.path, lineOf(f.raw, "dat"), err))
		}
		for _, rd := range []struct {
			role string
			df   *dat.File
		}{{"portal", a.Portal}, {"cell", a.Cell}} { // a slice: the warnings in one order
			role, df := rd.role, rd.df
			want, ok := f.Dat.Iterations[role]
			if !ok {
				continue
			}
			switch got, err := df.Iteration(); {
			case err != nil:
				warn = append(warn, fmt.Sprintf("the %s dat's iteration cannot be read (%v); the gate was recorded with %d", role, err, want))
			case got != want:
				warn = append(warn, fmt.Sprintf("the %s dat's iteration is %d, the gate was recorded with %d", role, got, want))
			}
		}
	}
	closer = func() { a.Close() }
	fail := func(e error) (Scene, string, []string, func(), error) {
		a.Close()
		return Scene{}, "", nil, nil, e
	}
	loc, _ := world.ParseRetailLoc(f.Loc) // validated by Parse
	x, y := loc.World()
	place := loc.Loc()
	prefs, _ := world.ParsePrefs(f.Prefs, audio.DefaultPrefs()) // validated by Parse
	var em []world.Emitter
	if f.Emitters != nil {
		em, err = in.LoadLayoutFile(f.Resolve(*f.Emitters))
		if err != nil {
			return fail(inputErr(fmt.Errorf("%s:%d: field \"emitters\": %w", f.path, lineOf(f.raw, "emitters"), err)))
		}
	}
	sc = Scene{Archive: a, Bank: audio.NewBank(a), X: x, Y: y, Place: &place, Cell: loc.Cell, Heading: loc.Heading(), Eye: f.Eye(), Chase: f.Chase(),
		Prefs: prefs, Emitters: em, Seconds: f.Seconds}
	return sc, a.Source, warn, closer, nil
}

// renderSeeds fills res.Ours and res.Seeds for seeds FirstSeed … FirstSeed+K−1.
func renderSeeds(sc Scene, res *Result, opt Options, progress func(string, ...any)) error {
	k := opt.Seeds
	res.Ours = make([]measure.Result, k)
	res.Seeds = make([]uint32, k)
	workers := min(runtime.GOMAXPROCS(0), k)
	cls := map[uint32]*OneShotClass{}
	errs := make([]error, k)
	var mu sync.Mutex
	bands := ownBands(sc.Bank) // called under mu only
	done := 0
	ctx := opt.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	// A worker's panic (a bug) is raised on this goroutine (internal/pool).
	cancelled := pool.Run(ctx, workers, k, func(jobs iter.Seq[int]) {
		for i := range jobs {
			seed := opt.FirstSeed + uint32(i)
			m, plays, mix, err := renderSeed(sc, seed)
			if err != nil {
				errs[i] = err
				continue
			}
			res.Ours[i], res.Seeds[i] = m, seed
			mu.Lock()
			addClasses(cls, plays, m.Onsets.Times, ownLevels(sc.Bank), mix)
			addOwnBands(cls, plays, bands)
			done++
			progress("gate: seed %d rendered and measured (%d/%d)", seed, done, k)
			if opt.OnSeed != nil {
				opt.OnSeed(done, k)
			}
			mu.Unlock()
		}
	})
	res.OneShots = sortedClasses(cls)
	if cancelled != nil {
		return cancelled
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// renderSeed renders and measures one seed of sc, with its one-shot
// starts (the plays that are not beds) and the render's level before each
// (mixLevels).
func renderSeed(sc Scene, seed uint32) (measure.Result, []audio.Play, []float64, error) {
	var plays []audio.Play
	st, err := RenderStems(sc, seed, 1, func(p audio.Play) int {
		if p.Source != audio.SourceBed {
			plays = append(plays, p)
		}
		return 0
	})
	if err != nil {
		return measure.Result{}, nil, nil, err
	}
	return measure.Measure(st[0].L, st[0].R, nil), plays, mixLevels(st[0].L, st[0].R, plays), nil
}

// ownLevels is a play's OwnLevel from bank's waves (NaN: a wave bank
// cannot give, or no bank).
func ownLevels(bank *audio.Bank) func(audio.Play) float64 {
	return func(p audio.Play) float64 {
		w, err := bank.Samples(p.Wave)
		if err != nil {
			return math.NaN()
		}
		return OwnLevel(w, p)
	}
}
