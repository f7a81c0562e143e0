package main

import (
	"soundworld/dat"
	"soundworld/internal/cli"
)

// errUsage marks a bad command line: the command has printed its usage; exit 2.
var errUsage = cli.ErrUsage

// userErr marks err as the user's: exit code 2 rather than 1.
func userErr(err error) error { return cli.UserErr(err) }

// isUserErr reports whether err was marked by userErr.
func isUserErr(err error) bool { return cli.IsUserErr(err) }

// openArchive opens the user's dat folder, or builds the stand-in world when
// dir is empty. Both go through dat.NewFile: one code path for all data.
func openArchive(dir string) (*dat.Archive, error) { return cli.OpenArchive(dir) }
