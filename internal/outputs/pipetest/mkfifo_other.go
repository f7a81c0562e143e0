//go:build !unix

package pipetest

import (
	"fmt"
	"runtime"
)

// Mkfifo: Windows' named pipes live in \\.\pipe\, not among files, so a
// file path cannot be one there (nor in a browser); RefusedAtOnce skips.
func Mkfifo(string) error {
	return fmt.Errorf("no mkfifo on %s", runtime.GOOS)
}
