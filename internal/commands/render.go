package commands

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/dat"
	"soundworld/world"
)

// Render loop constants: the Sim ticks at 60 Hz, 735 frames of 44100 Hz per step.
const (
	renderStepFrames = audio.SampleRate / 60
	maxRenderSeconds = 24 * 3600
)

// renderOpts is a parsed render command line.
type renderOpts struct {
	datDir   string
	x, y     float32
	heading  float32
	walk     *world.Walk
	eye      float32
	seconds  float64
	seed     uint32
	emitters []world.Emitter
	prefs    audio.Prefs
	out      string
	events   string
}

const renderUsage = "usage: soundworld render [-dat DIR] (-loc … | -at … | -path FILE) [-heading DEG] [-eye H] -seconds S [-seed N] [-emitters FILE] [-prefs k=v,…] -o out.wav [-events out.csv]"

// runRender renders what the listener hears to a WAV file (O3).
func runRender(e *Env, args []string) error {
	o, err := parseRender(args, e.Stdout, e.Stderr)
	if err != nil {
		return err
	}
	return renderFiles(o, e.Stderr)
}

func parseRender(args []string, stdout, stderr io.Writer) (*renderOpts, error) {
	fs := NewFlags("render", renderUsage, stdout, stderr)
	datDir := fs.String("dat", "", datHelp)
	loc := fs.String("loc", "", locHelp)
	at := fs.String("at", "", atHelp)
	pathFile := fs.String("path", "", "listener path file (JSON points walked with linear interpolation)")
	heading := fs.Float64("heading", 0, "compass heading, degrees clockwise from north (W4); ignored with -path")
	eye := fs.Float64("eye", float64(world.DefaultEye), eyeHelp)
	seconds := fs.Float64("seconds", 0, "length of the render, s (default with -path: the path's last time)")
	seed := fs.Uint64("seed", 1, "seed of the retail random generators (T4)")
	emitters := fs.String("emitters", "", `emitter layout file; "none" for no emitters (default: the stand-in's forge layout without -dat, none with -dat)`)
	prefs := fs.String("prefs", "", "preferences k=v,… (effect_volume, ambient_volume, interface_volume 0..1; effects, ambient, interface, pan, only_when_active, squared on/off)")
	out := fs.String("o", "", "output WAV file (16-bit stereo 44100 Hz)")
	events := fs.String("events", "", "optional event log CSV")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if err := fs.NoArgs(); err != nil {
		return nil, err
	}
	if *out == "" {
		return nil, fs.Bad("-o is required")
	}
	o := &renderOpts{datDir: *datDir, out: *out, events: *events, seconds: *seconds, eye: float32(*eye)}
	if *seed > math.MaxUint32 {
		return nil, userErr(fmt.Errorf("-seed %d: want 0..%d", *seed, uint32(math.MaxUint32)))
	}
	o.seed = uint32(*seed)
	if err := checkEye(*eye); err != nil {
		return nil, err
	}
	if math.IsNaN(*heading) || math.IsInf(*heading, 0) {
		return nil, userErr(fmt.Errorf("-heading %v: not a number", *heading))
	}
	o.heading = float32(*heading)
	if *pathFile != "" {
		if *loc != "" || *at != "" {
			return nil, userErr(errors.New("give -path or a position (-loc/-at), not both"))
		}
		f, err := os.Open(*pathFile)
		if err != nil {
			return nil, userErr(err)
		}
		o.walk, err = world.LoadWalk(f, *pathFile)
		f.Close()
		if err != nil {
			return nil, userErr(err)
		}
		if o.seconds == 0 {
			o.seconds = o.walk.End()
		}
	} else {
		x, y, err := parsePlace(*loc, *at)
		if err != nil {
			return nil, err
		}
		o.x, o.y = x, y
	}
	if !(o.seconds > 0 && o.seconds <= maxRenderSeconds) {
		return nil, userErr(fmt.Errorf("-seconds %v: want a length in (0, %d]", o.seconds, maxRenderSeconds))
	}
	p, err := world.ParsePrefs(*prefs, audio.DefaultPrefs())
	if err != nil {
		return nil, userErr(err)
	}
	o.prefs = p
	switch {
	case *emitters == "none":
	case *emitters != "":
		o.emitters, err = world.LoadLayoutFile(*emitters)
		if err != nil {
			return nil, userErr(err)
		}
	case *datDir == "":
		o.emitters, err = world.LoadLayout(bytes.NewReader(assets.DefaultLayout()), "stand-in default layout")
		if err != nil {
			return nil, err
		}
	}
	for _, p := range []string{o.out, o.events} {
		if p == "" {
			continue
		}
		if err := world.CheckUserPath(p, o.datDir); err != nil {
			return nil, userErr(err)
		}
	}
	return o, nil
}

// renderFiles runs the render into the -o (and -events) files, each written atomically.
func renderFiles(o *renderOpts, progress io.Writer) error {
	wav, err := world.CreateAtomic(o.out)
	if err != nil {
		return userErr(err)
	}
	defer wav.Abort()
	var ev *world.AtomicFile
	var evw *bufio.Writer
	if o.events != "" {
		if ev, err = world.CreateAtomic(o.events); err != nil {
			return userErr(err)
		}
		defer ev.Abort()
		evw = bufio.NewWriter(ev)
	}
	var evOut io.Writer
	if evw != nil {
		evOut = evw
	}
	if err := render(o, wav, evOut, progress); err != nil {
		return err
	}
	if err := wav.Commit(); err != nil {
		return err
	}
	if ev != nil {
		if err := evw.Flush(); err != nil {
			return err
		}
		return ev.Commit()
	}
	return nil
}

// render is the fixed-rate loop (O3): Sim.Tick → Mixer.Apply(TakeStarts) →
// Mixer.Render → WAVWriter. The first step ticks 0 s (placement at t = 0); each
// later step advances 735 frames. Same inputs and seed → identical bytes.
func render(o *renderOpts, wavOut io.WriteSeeker, events io.Writer, progress io.Writer) error {
	a, err := openArchive(o.datDir)
	if err != nil {
		return err
	}
	defer a.Close()
	return renderWith(o, a, nil, wavOut, events, progress)
}

// renderWith renders over an open archive; bank may be nil (a fresh one) or a
// bank over the same archive whose decoded waves are reused.
func renderWith(o *renderOpts, a *dat.Archive, bank *audio.Bank, wavOut io.WriteSeeker, events io.Writer, progress io.Writer) error {
	s, err := world.NewSim(world.Config{Archive: a, Seed: o.seed, Prefs: o.prefs, Emitters: o.emitters, Bank: bank})
	if err != nil {
		return err
	}
	s.SetPrefs(o.prefs) // also when every pref is off (Config treats the zero value as defaults)
	s.SetEye(o.eye)
	var csvErr error
	if events != nil {
		_, csvErr = io.WriteString(events, "time_s,source,table,stype,wave,slot,priority,db,pan,outcome\n")
		s.SetOnPlay(func(p audio.Play) {
			if csvErr == nil {
				_, csvErr = io.WriteString(events, csvRow(p))
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
	showProgress := progress != nil && o.seconds > 5
	nextReport := int64(0)
	for done := int64(0); done < total; {
		n := min(int64(renderStepFrames), total-done)
		t := float64(done) / audio.SampleRate
		if o.walk != nil {
			s.SetListener(o.walk.At(t))
		} else {
			s.SetListener(o.x, o.y, o.heading)
		}
		dt := 0.0
		if done > 0 {
			dt = t - s.Now()
		}
		s.Tick(dt)
		mx.Apply(s.Manager().TakeStarts())
		mx.Render(buf[:2*n])
		if err := ww.Write(buf[:2*n]); err != nil {
			return err
		}
		if csvErr != nil {
			return csvErr
		}
		done += n
		if showProgress && done >= nextReport {
			fmt.Fprintf(progress, "\rrender: %.0f / %.0f s", float64(done)/audio.SampleRate, o.seconds)
			nextReport += total / 20
		}
	}
	if showProgress {
		fmt.Fprintln(progress)
	}
	return ww.Close()
}

// csvRow formats one decision for the -events log.
func csvRow(p audio.Play) string {
	return strconv.FormatFloat(p.Time, 'f', 6, 64) + "," + p.Source.String() + "," +
		fmt.Sprintf("0x%08X,0x%02X,0x%08X,%d,", p.Table, p.SType, p.Wave, p.Slot) +
		strconv.FormatFloat(float64(p.Priority), 'g', -1, 32) + "," +
		strconv.Itoa(p.DB) + "," + strconv.Itoa(p.Pan) + "," + p.Outcome.String() + "\n"
}
