package commands

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/dat"
	"soundworld/internal/capture"
	"soundworld/internal/cli"
	"soundworld/internal/outputs"
	"soundworld/internal/progress"
	"soundworld/names"
	"soundworld/world"
)

// renderStepFrames is the render loop's step (O3).
const renderStepFrames = world.StepFrames

// renderOpts is a parsed render command line.
type renderOpts struct {
	datDir   string
	x, y     float32
	place    *world.Loc // -at: the player's landblock-local position, exact (W6)
	cell     uint32     // -at as a /loc line: its cell (an EnvCell: indoors, A11)
	heading  float32
	walk     *world.Walk
	eye      float32
	chase    float32
	seconds  float64
	seed     uint32
	emitters []world.Emitter
	noObjs   bool // -objects=false: the data's object sources left out (E3)
	prefs    audio.Prefs
	out      string
	events   string
	strict   bool            // any data problem: exit 2, outputs not written
	from     *capture.Replay // -from: render what followed a sidecar's instant (render_from.go)
	fromPath string
	force    bool
	names    map[uint32]string // -names: the events CSV's name column (docs/names.md)
}

const renderUsage = "usage: soundworld render [-dat DIR] (-loc … | -at … | -path FILE) [-heading DEG] [-camera retail|first-person] [-eye H] [-chase M] -seconds S [-seed N] [-emitters FILE] [-objects=false] [-prefs k=v,…] -o out.wav [-events out.csv] [-names FILE] [-strict]\n       soundworld render -from SIDECAR.json [-dat DIR] [-force] -seconds S -o out.wav [-events out.csv]"

// runRender renders what the listener hears to a WAV file (O3).
func runRender(e *Env, args []string) error {
	o, err := parseRender(args, e.Stdout, e.Stderr)
	if err != nil {
		return err
	}
	return renderFiles(e.Ctx, o, e.Stderr)
}

func parseRender(args []string, stdout, stderr io.Writer) (*renderOpts, error) {
	fs := NewFlags("render", renderUsage, stdout, stderr)
	datDir := fs.String("dat", "", datHelp)
	loc := fs.String("loc", "", locHelp)
	at := fs.String("at", "", atHelp)
	pathFile := fs.String("path", "", "listener path file (JSON points walked with linear interpolation)")
	heading := fs.Float64("heading", 0, "compass heading, degrees clockwise from north (W4); ignored with -path")
	eye := fs.Float64("eye", float64(world.DefaultEye), eyeHelp)
	chase := fs.Float64("chase", float64(world.DefaultChase), chaseHelp)
	camera := cli.CameraFlag(fs.FlagSet)
	seconds := fs.Float64("seconds", 0, "length of the render, s (default with -path: the path's last time)")
	seed := fs.Uint64("seed", 1, "seed of the retail random generators (T4)")
	emitters := fs.String("emitters", "", `emitter layout file; "none" for no emitters (default: none — the stand-in's forge is an object of the data, see -objects)`)
	objects := fs.Bool("objects", true, "play the data's own objects (forge, windmill…: sound hooks of Setups placed in the landblocks, E3); -objects=false leaves them out")
	namesFile := fs.String("names", "", cli.NamesFlagHelp)
	prefs := fs.String("prefs", "", "preferences k=v,… (effect_volume, ambient_volume, interface_volume 0..1; effects, ambient, interface, pan, only_when_active, squared on/off)")
	out := fs.String("o", "", "output WAV file (16-bit stereo 44100 Hz)")
	events := fs.String("events", "", "optional event log CSV")
	from := fs.String("from", "", "screenshot or capture sidecar (.json): render what followed its instant")
	force := fs.Bool("force", false, "with -from: reproduce even if the data source differs from the capture's")
	strict := fs.Bool("strict", false, "any data problem (damaged or missing record) fails the render: exit 2, no output written")
	if err := fs.ParseNoArgs(args); err != nil {
		return nil, err
	}
	if *out == "" {
		return nil, fs.Bad("-o is required")
	}
	if err := cli.ApplyCamera(fs.FlagSet, *camera, eye, chase); err != nil {
		return nil, err
	}
	o := &renderOpts{datDir: *datDir, out: *out, events: *events, seconds: *seconds, eye: float32(*eye), strict: *strict}
	var err error
	if o.names, err = cli.LoadNamesFile(*namesFile); err != nil {
		return nil, err
	}
	if *from != "" {
		return fromOpts(fs, o, *from, *force)
	}
	if err := o.setNumbers(*seed, *eye, *chase, *heading); err != nil {
		return nil, err
	}
	if math.IsNaN(o.seconds) || math.IsInf(o.seconds, 0) {
		return nil, userErr(outputs.CheckWAVSeconds("-seconds", o.seconds))
	}
	if err := checkRenderFiles(*datDir, *pathFile, *emitters, *out, *events); err != nil {
		return nil, err
	}
	if *pathFile != "" {
		if *loc != "" || *at != "" {
			return nil, userErr(errors.New("give -path or a position (-loc/-at), not both"))
		}
		if err := o.loadPath(fs, *pathFile); err != nil {
			return nil, err
		}
	} else if err := o.placeAt(fs, *loc, *at); err != nil {
		return nil, err
	}
	if err := outputs.CheckWAVSeconds("-seconds", o.seconds); err != nil {
		return nil, userErr(err)
	}
	p, err := world.ParsePrefs(*prefs, audio.DefaultPrefs())
	if err != nil {
		return nil, userErr(err)
	}
	o.prefs = p
	o.noObjs = !*objects
	if err := o.loadEmitters(*emitters, *datDir); err != nil {
		return nil, err
	}
	return o, nil
}

// checkRenderFiles checks every output before any input is read or any
// work starts: distinct from each other and the inputs, writable, not in
// the data folder.
func checkRenderFiles(datDir, pathFile, emitters, out, events string) error {
	plan := outputs.Plan{DatDir: datDir}
	plan.Input("-path", pathFile)
	if emitters != "none" {
		plan.Input("-emitters", emitters)
	}
	plan.Output("-o", out)
	plan.Output("-events", events)
	if err := plan.Check(); err != nil {
		return userErr(err)
	}
	return nil
}

// setNumbers checks and sets -seed, -eye, -chase and -heading.
func (o *renderOpts) setNumbers(seed uint64, eye, chase, heading float64) error {
	if seed > math.MaxUint32 {
		return userErr(fmt.Errorf("-seed %d: want 0..%d", seed, uint32(math.MaxUint32)))
	}
	o.seed = uint32(seed)
	if err := checkEye(eye); err != nil {
		return err
	}
	if err := checkChase(chase); err != nil {
		return err
	}
	o.chase = float32(chase)
	if err := checkHeading(heading); err != nil {
		return err
	}
	o.heading = float32(heading)
	return nil
}

// loadPath reads -path's walk; its end is the length unless -seconds was
// given, and W5: its camera, eye and chase count unless given on the
// command line (-camera counts for both).
func (o *renderOpts) loadPath(fs *Flags, pathFile string) error {
	if err := outputs.CheckInput("-path", pathFile); err != nil {
		return userErr(err)
	}
	f, err := os.Open(pathFile)
	if err != nil {
		return userErr(err)
	}
	o.walk, err = world.LoadWalk(f, pathFile)
	f.Close()
	if err != nil {
		return userErr(err)
	}
	if o.seconds == 0 {
		o.seconds = o.walk.End()
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if o.walk.Eye != nil && !set["eye"] && !set["camera"] {
		o.eye = *o.walk.Eye
	}
	if o.walk.Chase != nil && !set["chase"] && !set["camera"] {
		o.chase = *o.walk.Chase
	}
	return nil
}

// placeAt sets the listener's place from -loc or -at (a retail /loc line
// brings its cell and, unless -heading was given, its facing).
func (o *renderOpts) placeAt(fs *Flags, loc, at string) error {
	x, y, err := parsePlace(loc, at)
	if err != nil {
		return err
	}
	o.x, o.y = x, y
	if at == "" {
		return nil
	}
	l, err := cli.AtLoc(at) // also retail's /loc line
	if err != nil {
		return userErr(err)
	}
	o.place, o.cell = &l, cli.AtCell(at)
	if h, ok := cli.AtHeading(at); ok && !fs.Given()["heading"] {
		o.heading = h // the /loc line's facing, unless -heading was given
	}
	return nil
}

// loadEmitters reads -emitters ("none": no emitters); without it the
// stand-in plays its default layout, a user's data none.
func (o *renderOpts) loadEmitters(emitters, datDir string) error {
	var err error
	switch {
	case emitters == "none":
	case emitters != "":
		if err := outputs.CheckInput("-emitters", emitters); err != nil {
			return userErr(err)
		}
		if o.emitters, err = cli.LoadLayoutFile(emitters); err != nil {
			return userErr(err)
		}
	case datDir == "":
		if o.emitters, err = world.LoadLayout(bytes.NewReader(assets.DefaultLayout()), "stand-in default layout"); err != nil {
			return err
		}
	}
	return nil
}

// renderFiles runs the render into the -o (and -events) files, each written
// through a temp file, the two renamed into place together at the end
// (outputs.Group): on an error or an interrupt the temp files go and the
// targets stay as they were. The paths passed the output checks when the
// options were parsed, so a file that cannot be created now is an I/O
// failure (exit 1: the disk, or the folder gone meanwhile), not the user's.
func renderFiles(ctx context.Context, o *renderOpts, stderr io.Writer) error {
	outs := outputs.NewGroup(ctx)
	defer outs.Abort()
	wav, err := outs.Create(o.out)
	if err != nil {
		return err
	}
	var evw *bufio.Writer
	if o.events != "" {
		ev, err := outs.Create(o.events)
		if err != nil {
			return err
		}
		evw = bufio.NewWriter(ev)
	}
	var evOut io.Writer
	if evw != nil {
		evOut = evw
	}
	rep := &renderReport{stderr: stderr, problems: newDataProblems("render")}
	if err := render(ctx, o, wav, evOut, rep); err != nil {
		return err
	}
	if err := rep.problems.report(stderr, o.strict); err != nil {
		return err
	}
	if evw != nil {
		if err := evw.Flush(); err != nil {
			return err
		}
	}
	return outs.Commit()
}

// render is the fixed-rate loop (O3): Sim.Tick → Mixer.Apply(TakeStarts) →
// Mixer.Render → WAVWriter. The first step ticks 0 s (placement at t = 0); each
// later step advances 735 frames. Same inputs and seed → identical bytes.
func render(ctx context.Context, o *renderOpts, wavOut io.WriteSeeker, events io.Writer, rep *renderReport) error {
	a, err := openArchive(o.datDir)
	if err != nil {
		return err
	}
	defer a.Close()
	if o.from != nil {
		return renderFrom(ctx, o, a, wavOut, events, rep)
	}
	return renderWith(ctx, o, a, nil, wavOut, events, rep)
}

// renderReport is where a render reports as it goes: progress and each data
// problem as first met, on stderr. A nil *renderReport reports nothing.
type renderReport struct {
	stderr   io.Writer
	problems *dataProblems
}

// renderWith renders over an open archive; bank may be nil (a fresh one) or a
// bank over the same archive whose decoded waves are reused.
func renderWith(ctx context.Context, o *renderOpts, a *dat.Archive, bank *audio.Bank, wavOut io.WriteSeeker, events io.Writer, rep *renderReport) error {
	s, err := world.NewSim(world.Config{Archive: a, Seed: o.seed, Prefs: o.prefs, Emitters: o.emitters, Bank: bank, NoObjects: o.noObjs})
	if err != nil {
		return dataErr(err)
	}
	var bar *progress.Bar
	if rep != nil {
		if o.seconds > 5 {
			bar = progress.New(rep.stderr, progress.Options{Label: "render", Total: int64(math.Round(o.seconds * 1000)), Unit: "s"})
		}
		rep.problems.live(func(line string) {
			if bar != nil {
				bar.Println(line)
			} else {
				fmt.Fprintln(rep.stderr, line)
			}
		})
		s.SetProblems(rep.problems.ps)
	}
	ok := false
	defer func() { bar.Finish(ok) }()
	s.SetPrefs(o.prefs) // also when every pref is off (Config treats the zero value as defaults)
	s.SetEye(o.eye)
	s.SetChase(o.chase)
	var csvErr error
	if events != nil {
		_, csvErr = io.WriteString(events, world.EventsCSVHeader)
		nb := names.New(a, o.datDir == "", o.names)
		s.SetOnEvent(func(ev world.Event) {
			if csvErr == nil {
				_, csvErr = io.WriteString(events, world.EventCSVRow(ev, nb.Play(ev)))
			}
		})
	}
	ww, err := audio.NewWAVWriter(wavOut)
	if err != nil {
		return err
	}
	mx := audio.NewMixer(s.Bank())
	total := int64(math.Round(o.seconds * audio.SampleRate))
	buf := make([]float32, 2*renderStepFrames)
	var wc world.WalkCursor // a recorded walk's camera/prefs changes
	err = world.RenderSteps(s, total, func(t float64) error {
		if ctx.Err() != nil {
			return outputs.ErrInterrupted
		}
		return o.placeListener(s, &wc, t)
	}, func(starts []audio.VoiceStart, done int64, n int) error {
		mx.Apply(starts)
		mx.Render(buf[:2*n])
		if err := ww.Write(buf[:2*n]); err != nil {
			return err
		}
		if csvErr != nil {
			return csvErr
		}
		bar.Set((done + int64(n)) * 1000 / audio.SampleRate)
		return nil
	})
	if err != nil {
		return err
	}
	if err := ww.Close(); err != nil {
		return err
	}
	ok = true
	return nil
}

// placeListener puts the listener where it is at t s: on the walk, at the
// /loc place (indoors too) or at -loc's point.
func (o *renderOpts) placeListener(s *world.Sim, wc *world.WalkCursor, t float64) error {
	switch {
	case o.walk != nil:
		if err := wc.Place(s, o.walk, t); err != nil { // A11: a walk's EnvCell the data lacks
			return userErr(err)
		}
	case o.place != nil:
		if err := s.PlaceAt(*o.place, o.cell, o.heading); err != nil { // A11
			return userErr(err)
		}
	default:
		s.SetListener(o.x, o.y, o.heading)
	}
	return nil
}

// chaseHelp is -chase's help (render, probe).
const chaseHelp = "camera distance behind the player along the heading, m (W5; default 2.5, retail's home view)"

// checkChase validates -chase (m behind the player, W5): finite, 0..1000.
func checkChase(m float64) error {
	if !(m >= 0 && m <= 1000) {
		return userErr(fmt.Errorf("-chase %v: want metres in 0..1000", m))
	}
	return nil
}
