// Package cli holds what the two programs, soundworld (the commands) and
// soundworld-window (the explorer), share: opening the data, telling the user's
// mistakes from our failures, and turning errors into exit codes.
package cli

import (
	"errors"
	"fmt"
	"os"

	"soundworld/assets"
	"soundworld/dat"
)

// ErrUsage marks a bad command line: the command has printed its usage; exit 2.
var ErrUsage = errors.New("usage")

// userError is a problem with what the user gave us (a missing folder, a bad
// file, a bad value): exit code 2 rather than 1.
type userError struct{ err error }

func (e userError) Error() string { return e.err.Error() }
func (e userError) Unwrap() error { return e.err }

// UserErr marks err as the user's (exit 2); nil stays nil.
func UserErr(err error) error {
	if err == nil {
		return nil
	}
	return userError{err}
}

// OpenArchive opens the user's dat folder, or builds the stand-in world when
// dir is empty. Both go through dat.NewFile: one code path for all data.
func OpenArchive(dir string) (*dat.Archive, error) {
	if dir == "" {
		return assets.StandIn()
	}
	a, err := dat.OpenDir(dir)
	if err != nil {
		return nil, UserErr(err)
	}
	return a, nil
}

// ExitCode reports err on stderr (prefixed with prog) and returns the exit
// code: 0 ok, 2 usage or the user's error, 1 anything else.
func ExitCode(prog string, err error) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, ErrUsage):
		return 2
	}
	fmt.Fprintln(os.Stderr, prog+":", err)
	var ue userError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

// IsUserErr reports whether err (or one it wraps) was marked by UserErr.
func IsUserErr(err error) bool {
	var ue userError
	return errors.As(err, &ue)
}
