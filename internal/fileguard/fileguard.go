// Package fileguard is a reader's own guard: a path that exists and is not a
// regular file (a named pipe would block the open forever, a device never
// end) is refused before it is opened. Engines that read a file by path
// (gate files, recordings) use it; the programs' I/O policy (which folders
// are game data, atomic writes) stays in internal/outputs, which builds on
// it.
package fileguard

import (
	"fmt"
	"os"
)

// RefuseSpecial refuses a path that exists and is not a regular file, naming
// what it is; a missing file is left to the open, which reports it with its
// fs.ErrNotExist. what names the input ("recording", "-gate").
func RefuseSpecial(what, path string) error {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("%s %s: is %s; want a regular file", what, path, Kind(fi))
	}
	return nil
}

// Kind names a file's type for a message ("a named pipe").
func Kind(fi os.FileInfo) string {
	m := fi.Mode()
	switch {
	case m.IsDir():
		return "a folder"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	case m.IsRegular():
		return "a file"
	}
	return "not a regular file"
}

// Open opens path for reading after RefuseSpecial.
func Open(what, path string) (*os.File, error) {
	if err := RefuseSpecial(what, path); err != nil {
		return nil, err
	}
	return os.Open(path)
}
