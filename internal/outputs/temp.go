package outputs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// File is an output being written: a temp file ".NAME.*.tmp" beside the
// target that becomes the target on Commit (rename) or vanishes on Abort. The
// target is never touched before the rename. Live temp files are remembered
// so that RemoveTemps can delete them when the process is interrupted.
//
// An output that is a symbolic link is written through to the file it
// points to (a decision, README "Outputs"): the temp file is made beside
// that file and renamed onto it, so the link stays a link and the data
// reaches the real file (a gate file's history too). A dangling link
// creates its target.
type File struct {
	*os.File
	path   string // as the user named it (messages)
	target string // path with its symlinks followed: what the rename replaces
	done   bool
}

// live holds the names of temp files (false) and temp folders (true) not
// yet committed or aborted.
var live = struct {
	sync.Mutex
	names map[string]bool
}{names: map[string]bool{}}

// Create starts writing path.
func Create(path string) (*File, error) {
	target := canonical(path)
	f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return nil, err
	}
	live.Lock()
	live.names[f.Name()] = false
	live.Unlock()
	if err := f.Chmod(0o644); err != nil { // CreateTemp makes 0600; outputs are ordinary files
		forget(f.Name())
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &File{File: f, path: path, target: target}, nil
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
	if err := f.finish(); err != nil {
		return err
	}
	return f.rename()
}

// finish syncs and closes the temp file (the first half of Commit).
func (f *File) finish() error {
	if f.done {
		return errors.New("outputs: already finished")
	}
	f.done = true
	err := f.File.Sync()
	if cerr := f.File.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.File.Name())
		forget(f.File.Name())
		return fmt.Errorf("%s: %w", f.path, err)
	}
	return nil
}

// rename puts the finished temp file in place (the second half of Commit).
func (f *File) rename() error {
	defer forget(f.File.Name())
	if err := os.Rename(f.File.Name(), f.target); err != nil {
		os.Remove(f.File.Name())
		return fmt.Errorf("%s: %w", f.path, err)
	}
	return nil
}

// drop removes a finished temp file that will not be renamed.
func (f *File) drop() {
	os.Remove(f.File.Name())
	forget(f.File.Name())
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
	for name, dir := range live.names {
		remove := os.Remove
		if dir {
			remove = os.RemoveAll
		}
		if remove(name) == nil {
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

// Dir is an output folder being written: a temp folder ".NAME.*.tmp" beside
// the target, filled by the caller, that becomes the target on Commit
// (rename; the target must not exist) or vanishes on Abort. RemoveTemps
// deletes it when the process is interrupted.
type Dir struct {
	tmp, path string
	done      bool
}

// CreateDir starts writing the folder path.
func CreateDir(path string) (*Dir, error) {
	tmp, err := os.MkdirTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	live.Lock()
	live.names[tmp] = true
	live.Unlock()
	return &Dir{tmp: tmp, path: path}, nil
}

// Temp is the temp folder to write into.
func (d *Dir) Temp() string { return d.tmp }

// Commit makes the temp folder world-readable (MkdirTemp makes it private)
// and renames it onto the target, which must not exist.
func (d *Dir) Commit() error {
	if d.done {
		return errors.New("outputs: already finished")
	}
	d.done = true
	defer forget(d.tmp)
	if _, err := os.Lstat(d.path); err == nil {
		os.RemoveAll(d.tmp)
		return fmt.Errorf("%s already exists", d.path)
	}
	err := os.Chmod(d.tmp, 0o755)
	if err == nil {
		err = os.Rename(d.tmp, d.path)
	}
	if err != nil {
		os.RemoveAll(d.tmp)
		return fmt.Errorf("%s: %w", d.path, err)
	}
	return nil
}

// Abort removes the temp folder; after Commit it does nothing.
func (d *Dir) Abort() {
	if d.done {
		return
	}
	d.done = true
	os.RemoveAll(d.tmp)
	forget(d.tmp)
}

// TempDir makes a private scratch folder (os.MkdirTemp(dir, pattern)) that
// RemoveTemps deletes with everything in it if the process is interrupted;
// call the returned remove when done with it.
func TempDir(dir, pattern string) (path string, remove func(), err error) {
	path, err = os.MkdirTemp(dir, pattern)
	if err != nil {
		return "", nil, err
	}
	live.Lock()
	live.names[path] = true
	live.Unlock()
	return path, func() { os.RemoveAll(path); forget(path) }, nil
}

// ExitOnSignal is Catch for a program that cannot stop on a cancelled
// context (the window's fixed-step runs): the first SIGINT or SIGTERM removes
// the temp files and folders at once, prints Message(prog) on stderr and
// exits with Code. Call the returned stop when the work is done.
func ExitOnSignal(prog string, stderr io.Writer) (stop func()) {
	in := Catch(context.Background(), prog, stderr)
	go func() {
		<-in.Context().Done()
		if in.Signal() == nil {
			return // stopped
		}
		RemoveTemps()
		fmt.Fprintln(stderr, in.Message(prog))
		os.Exit(in.Code())
	}()
	return in.Stop
}
