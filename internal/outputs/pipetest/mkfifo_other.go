//go:build !unix

package pipetest

import (
	"fmt"
	"runtime"
)

// mkfifo: Windows' named pipes live in \\.\pipe\, not among files, so a
// file path cannot be one there (nor in a browser); RefusedAtOnce skips.
func mkfifo(string) error {
	return fmt.Errorf("no mkfifo on %s", runtime.GOOS)
}
