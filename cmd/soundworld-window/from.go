package main

import (
	"flag"

	"soundworld/internal/capture"
	"soundworld/internal/cli"
)

// The -from flag of the window and shot (issue 10 item 4): reopen the instant
// a screenshot's or capture's sidecar describes.

func (w *windowFlags) registerFrom(fs *flag.FlagSet) {
	fs.StringVar(&w.from, "from", "", "a screenshot or capture sidecar (.json): reopen its instant (its data folder unless -dat; the place, seed, prefs and emitters come from it)")
	fs.BoolVar(&w.force, "force", false, "with -from: reopen even if the data source differs from the capture's")
}

// fromDat reads the sidecar before the data is opened: its data folder is
// the default for -dat. Errors are the user's.
func (w *windowFlags) fromDat() error {
	if w.from == "" {
		return nil
	}
	r, err := capture.ReadSidecar(w.from)
	if err != nil {
		return cli.UserErr(err)
	}
	if w.dat == "" {
		w.dat = r.DatDir
	}
	return nil
}

// given reports whether flag name was set on the command line.
func given(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}
