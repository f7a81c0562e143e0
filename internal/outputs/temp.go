package outputs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// File is an output being written: a temp file ".NAME.*.tmp" beside the
// target that becomes the target on Commit (rename) or vanishes on Abort. The
// target is never touched before the rename. Live temp files are remembered
// so that RemoveTemps can delete them when the process is interrupted.
type File struct {
	*os.File
	path string
	done bool
}

// live holds the names of temp files not yet committed or aborted.
var live = struct {
	sync.Mutex
	names map[string]bool
}{names: map[string]bool{}}

// Create starts writing path.
func Create(path string) (*File, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	live.Lock()
	live.names[f.Name()] = true
	live.Unlock()
	if err := f.Chmod(0o644); err != nil { // CreateTemp makes 0600; outputs are ordinary files
		forget(f.Name())
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &File{File: f, path: path}, nil
}

func forget(name string) {
	live.Lock()
	delete(live.names, name)
	live.Unlock()
}

// Path is the target the file becomes on Commit.
func (f *File) Path() string { return f.path }

// Commit syncs, closes and renames the temp file onto the target.
func (f *File) Commit() error {
	if f.done {
		return errors.New("outputs: already finished")
	}
	f.done = true
	defer forget(f.File.Name())
	err := f.File.Sync()
	if cerr := f.File.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.File.Name(), f.path)
	}
	if err != nil {
		os.Remove(f.File.Name())
		return fmt.Errorf("%s: %w", f.path, err)
	}
	return nil
}

// Abort discards the temp file; after Commit it does nothing.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.File.Close()
	os.Remove(f.File.Name())
	forget(f.File.Name())
}

// RemoveTemps deletes every temp file not yet committed or aborted (the
// interrupted process's half-written outputs) and returns how many.
func RemoveTemps() int {
	live.Lock()
	defer live.Unlock()
	n := 0
	for name := range live.names {
		if os.Remove(name) == nil {
			n++
		}
		delete(live.names, name)
	}
	return n
}

// WriteFile writes path atomically with write (Create, write, Commit; Abort on error).
func WriteFile(path string, write func(f *os.File) error) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	if err := write(f.File); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}
