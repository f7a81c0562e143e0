package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"

	"soundworld/dat"
	"soundworld/internal/capture"
	"soundworld/internal/cli"
	"soundworld/internal/outputs"
	"soundworld/internal/progress"
	"soundworld/names"
	"soundworld/world"
)

// fromOpts completes a `render -from SIDECAR` command line:
// the sidecar's replay record gives the data folder (unless -dat), the seed,
// the listener, the preferences and the emitters, so those flags are refused.
func fromOpts(fs *Flags, o *renderOpts, from string, force bool) (*renderOpts, error) {
	if clash := cli.FromClashes(fs.FlagSet); len(clash) > 0 {
		return nil, fs.Bad(fmt.Sprintf("-from gives the place, seed, prefs and emitters: drop %v", clash))
	}
	if err := outputs.CheckWAVSeconds("-seconds", o.seconds); err != nil {
		return nil, userErr(fmt.Errorf("%w (with -from: how long to render after the capture's instant)", err))
	}
	plan := outputs.Plan{DatDir: o.datDir}
	plan.Input("-from", from)
	plan.Output("-o", o.out)
	plan.Output("-events", o.events)
	if err := plan.Check(); err != nil {
		return nil, userErr(err)
	}
	if err := outputs.CheckInput("-from", from); err != nil { // a named pipe would block
		return nil, userErr(err)
	}
	r, err := capture.ReadSidecar(from)
	if err != nil {
		return nil, userErr(err)
	}
	if o.datDir == "" {
		o.datDir = r.DatDir
	}
	o.from, o.fromPath, o.force = r, from, force
	return o, nil
}

// renderFrom rebuilds the sidecar's instant on archive a and renders what
// followed: o.seconds from the instant, the listener where the record left it.
func renderFrom(ctx context.Context, o *renderOpts, a *dat.Archive, wavOut io.WriteSeeker, events io.Writer, rep *renderReport) error {
	have, err := capture.Identify(a, o.datDir == "")
	if err != nil {
		return err
	}
	warn, err := o.from.Check(have, o.force)
	if err != nil {
		return userErr(fmt.Errorf("%s: %w", o.fromPath, err))
	}
	if warn != "" && rep != nil {
		fmt.Fprintln(rep.stderr, warn)
	}
	s, err := world.NewSim(world.Config{Archive: a, Seed: o.from.Inputs.Start.Seed})
	if err != nil {
		return dataErr(err)
	}
	var csvErr error
	atInstant := func() {
		if events == nil {
			return
		}
		_, csvErr = io.WriteString(events, world.EventsCSVHeader)
		nb := names.New(a, o.datDir == "", o.names)
		s.SetOnEvent(func(ev world.Event) {
			if csvErr == nil {
				_, csvErr = io.WriteString(events, world.EventCSVRow(ev, nb.Play(ev)))
			}
		})
	}
	// A long record takes a while to replay (~1 ms per recorded sim second):
	// the bar counts sim seconds replayed, then rendered.
	var bar *progress.Bar
	end := o.from.Inputs.End() + o.seconds
	if rep != nil && end > 60 {
		bar = progress.New(rep.stderr, progress.Options{Label: "render -from", Total: int64(math.Round(end * 1000)), Unit: "s"})
	}
	err = capture.RenderFrom(ctx, o.from, s, o.seconds, wavOut, atInstant, func(t float64) { bar.Set(int64(math.Round(t * 1000))) })
	bar.Finish(err == nil)
	if errors.Is(err, capture.ErrStopped) {
		return outputs.ErrInterrupted
	}
	var rec *capture.RecordError
	if errors.Is(err, world.ErrTruncated) || errors.As(err, &rec) {
		return userErr(fmt.Errorf("%s: %w", o.fromPath, err))
	}
	if err == nil {
		err = csvErr
	}
	return err
}
