package main

import (
	"flag"
	"fmt"
	"math"
	"os"

	"soundworld/dat"
	"soundworld/game"
	"soundworld/internal/cli"
	"soundworld/internal/outputs"
)

// runShot runs the window for S simulated seconds (fixed 1/60 s steps) with
// every overlay on and audio off, writes out.png and out.json, and exits 0.
func runShot(args []string) error {
	fs, w := newWindowFlags("shot", "usage: soundworld shot [-dat DIR] [-loc … | -at …] [-heading DEG] [-camera retail|first-person] [-eye M] [-chase M] [-emitters FILE] [-seconds S] [-size WxH] [-strict] [-zoom M] [-panels all|none|LIST] [-overlays LIST] [-follow=false -center LOC] [-from SIDECAR.json [-force]] -o out.png")
	secs := fs.Float64("seconds", 3, "simulated seconds to run before the picture")
	out := fs.String("o", "", "output PNG (its JSON sidecar goes beside it)")
	strict := fs.Bool("strict", false, "any data problem (damaged or missing record) is exit 2 (the picture is still written)")
	size := fs.String("size", "1280x720", "picture size WxH in px (panels dock to it), e.g. 900x600 or 1920x1080")
	if help, err := parseArgs(fs, args); help || err != nil {
		return err
	}
	if *out == "" || fs.NArg() > 0 {
		fs.Usage()
		return cli.ErrUsage
	}
	// Every output is checked before any work (internal/outputs):
	// `shot -o x.json` would lose the PNG to its own sidecar.
	plan := outputs.Plan{DatDir: w.dat}
	plan.Output("-o", *out)
	plan.Output("-o's sidecar", game.SidecarPath(*out))
	c, err := shotConfig(fs, w, *secs, *size, &plan, *out)
	if err != nil {
		return err
	}
	defer c.Archive.Close()
	// Ctrl-C or SIGTERM: the picture's temp file (if the write has begun) is
	// removed and shot exits 130/143 with one line.
	defer outputs.ExitOnSignal("soundworld shot", os.Stderr)()
	if err := game.Run(c); err != nil {
		return cli.DataErr(fmt.Errorf("shot: %w", err)) // a damaged region is exit 2
	}
	if _, err := os.Stat(*out); err != nil {
		return fmt.Errorf("shot: no picture was written: %w", err)
	}
	return cli.ReportProblems(os.Stderr, "soundworld shot", c.Problems, *strict)
}

// shotConfig is what shot and capture share: -seconds (0 by default with
// -from: the sidecar's instant), -size, the emitters input added to plan and
// plan checked before any work, then the window config for a fixed-step run
// to out with audio off and data problems collected. The caller closes
// c.Archive.
func shotConfig(fs *flag.FlagSet, w *windowFlags, secs float64, size string, plan *outputs.Plan, out string) (game.Config, error) {
	if w.from != "" && !given(fs, "seconds") {
		secs = 0 // -from: the picture of the sidecar's instant
	}
	if !(secs >= 0 && secs <= 3600) || math.IsNaN(secs) {
		return game.Config{}, cli.UserErr(fmt.Errorf("-seconds %v: want 0..3600", secs))
	}
	sw, sh, err := parseSize(size)
	if err != nil {
		return game.Config{}, cli.UserErr(err)
	}
	plan.Input("-emitters", w.emitters)
	if err := plan.Check(); err != nil {
		return game.Config{}, cli.UserErr(err)
	}
	c, err := w.config()
	if err != nil {
		return game.Config{}, err
	}
	c.Shot = &game.Shot{Seconds: secs, Out: out, W: sw, H: sh}
	c.NoAudio = true
	c.Problems = &dat.Problems{}
	return c, nil
}

// parseSize reads "WxH" in px, each 320..4096.
func parseSize(s string) (int, int, error) {
	var w, h int
	var rest string
	if n, _ := fmt.Sscanf(s+" ", "%dx%d%s", &w, &h, &rest); n != 2 || w < 320 || h < 240 || w > 4096 || h > 4096 {
		return 0, 0, fmt.Errorf("-size %q: want WxH in px, 320x240..4096x4096 (e.g. 900x600)", s)
	}
	return w, h, nil
}
