package main

import (
	"flag"
	"fmt"
	"strings"

	"soundworld/game"
	"soundworld/internal/cli"
)

// The -from flag of the window and shot: reopen the instant
// a screenshot's or capture's sidecar describes.

func (w *windowFlags) registerFrom(fs *flag.FlagSet) {
	w.fs = fs
	fs.StringVar(&w.from, "from", "", "a screenshot or capture sidecar (.json): reopen its instant (its data folder unless -dat; the place, seed, prefs and emitters come from it)")
	fs.BoolVar(&w.force, "force", false, "with -from: reopen even if the data source differs from the capture's")
	// Report options.
	fs.Float64Var(&w.view.Zoom, "zoom", 0, "metres per pixel (0.25..4; default: three landblocks fit)")
	fs.StringVar(&w.view.Panels, "panels", "", `panels open: all, none or a comma list (Controls,Emitters,Stingers,Voices,Ambient,Timeline,Meters,Events)`)
	fs.StringVar(&w.view.Overlays, "overlays", "", "map overlays: all, none or a comma list (rings,cells,rose,shells,spawns,emitters)")
	fs.BoolVar(&w.follow, "follow", true, "the camera follows the listener (-follow=false with -center keeps it still)")
	fs.StringVar(&w.view.Center, "center", "", `centre of the view ("42.1N, 33.6E" or "0xA9B4 84 7.1"; default: the listener)`)
}

// viewOpts are the report options as the window takes them.
func (w *windowFlags) viewOpts() (game.ViewOpts, error) {
	v := w.view
	v.NoFollow = !w.follow
	if err := v.Check(); err != nil {
		return v, cli.UserErr(err)
	}
	return v, nil
}

// fromDat reads the sidecar before the data is opened: its data folder is
// the default for -dat. Errors are the user's.
func (w *windowFlags) fromDat() error {
	if w.from == "" {
		return nil
	}
	// The sidecar gives the place, seed, prefs and emitters: a flag that
	// would silently lose to it is refused, as render -from does.
	if clash := cli.FromClashes(w.fs); len(clash) > 0 {
		return cli.UserErr(fmt.Errorf("-from gives the place, seed, prefs and emitters: drop %s", strings.Join(clash, " ")))
	}
	f, err := game.ReadFrom(w.from) // the one read of the sidecar: the window takes it as a value
	if err != nil {
		return cli.UserErr(err)
	}
	w.fromSidecar = f
	if w.dat == "" {
		w.dat = f.Replay.DatDir
	}
	return nil
}

// given reports whether flag name was set on the command line.
func given(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}
