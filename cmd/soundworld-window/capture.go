package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"soundworld/game"
	"soundworld/internal/cli"
	"soundworld/internal/outputs"
)

// runCapture is `soundworld capture`: it runs like shot (S simulated
// seconds in fixed 1/60 s steps, the window's own mix as the audio) and
// writes a capture bundle capture-YYYYMMDD-HHMMSS/ in -dir.
func runCapture(args []string) error {
	fs, w := newWindowFlags("capture", "usage: soundworld capture [-dat DIR] [-loc … | -at …] [-heading DEG] [-camera retail|first-person] [-eye M] [-chase M] [-emitters FILE] [-seconds S] [-size WxH] [-panels …] [-from SIDECAR.json [-force]] [-dir DIR]")
	secs := fs.Float64("seconds", 30, "simulated seconds to run before the capture (the bundle holds the last 30 s)")
	dir := fs.String("dir", ".", "folder the bundle folder is written in")
	size := fs.String("size", "1280x720", "picture size WxH in px")
	if help, err := parseArgs(fs, args); help || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return cli.ErrUsage
	}
	// -dir is checked with the other outputs before any work: a folder
	// (made if missing, in an existing folder), writable, not inside -dat.
	plan := outputs.Plan{DatDir: w.dat}
	plan.OutputDir("-dir", *dir)
	// Ctrl-C or SIGTERM: the fixed-step run does not watch a context, so the
	// scratch folder and any half-written bundle are removed and the process
	// exits 130/143 at once (internal/outputs).
	defer outputs.ExitOnSignal("soundworld capture", os.Stderr)()
	tmp, removeTmp, err := outputs.TempDir("", "soundworld-capture-")
	if err != nil {
		return err
	}
	defer removeTmp()
	c, err := shotConfig(fs, w, *secs, *size, &plan, filepath.Join(tmp, "shot.png"))
	if err != nil {
		return err
	}
	defer c.Archive.Close()
	c.CaptureDir = *dir
	c.Stdout = io.Discard // the picture's own "shot: wrote" line; the bundle's is printed
	if err := game.Run(c); err != nil {
		return cli.DataErr(fmt.Errorf("capture: %w", err))
	}
	return cli.ReportProblems(os.Stderr, "soundworld capture", c.Problems, false)
}
