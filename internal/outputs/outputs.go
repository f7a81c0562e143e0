// Package outputs keeps a command's output files safe: every
// path a command will write is checked before any work starts (Plan.Check),
// written through a temp file that becomes the target only on Commit (Create),
// and temp files are removed on error and when the process is interrupted
// (Catch, RemoveTemps). Both programs use it: soundworld's commands and
// soundworld-window's shot.
//
// It imports nothing of soundworld, so any package may use it.
package outputs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"soundworld/internal/fileguard"
)

// Plan lists what one command will read and write. Add every input and output
// flag, then Check before doing any work.
type Plan struct {
	// DatDir is the game-data folder (-dat); outputs inside it are refused.
	DatDir  string
	inputs  []named
	outputs []named
}

type named struct {
	flag, path string
	dir        bool // a folder the command writes into (OutputDir)
}

// Input names a file the command reads (flag as the user typed it, e.g. "-path").
// An empty path is ignored.
func (p *Plan) Input(flag, path string) {
	if path != "" {
		p.inputs = append(p.inputs, named{flag: flag, path: path})
	}
}

// Output names a file the command writes. An empty path is ignored.
func (p *Plan) Output(flag, path string) {
	if path != "" {
		p.outputs = append(p.outputs, named{flag: flag, path: path})
	}
}

// OutputDir names a folder the command writes into (a report folder, the
// folder a capture bundle goes in); it may exist already or be created by the
// command. An empty path is ignored.
func (p *Plan) OutputDir(flag, path string) {
	if path != "" {
		p.outputs = append(p.outputs, named{flag: flag, path: path, dir: true})
	}
}

// Check validates every output: not a .dat file, not inside DatDir (nor a
// folder this process opened as game data, Protect), a name Windows accepts
// (names.go), not a directory or other
// non-regular file, its folder exists and is writable, and no two outputs, nor
// an output and an input, are the same file. An OutputDir is checked as a
// folder (CheckDir). The error names the flag and the path; it is the user's
// (callers mark it so).
func (p *Plan) Check() error {
	type seen struct {
		named
		key string
		fi  os.FileInfo
	}
	var all []seen
	for _, in := range p.inputs {
		fi, _ := os.Stat(in.path)
		all = append(all, seen{in, canonical(in.path), fi})
	}
	nIn := len(all)
	for _, out := range p.outputs {
		check := checkOne
		if out.dir {
			check = checkDir
		}
		if err := check(out, p.DatDir); err != nil {
			return err
		}
		fi, _ := os.Stat(out.path)
		s := seen{out, canonical(out.path), fi}
		for i, o := range all {
			same := o.key == s.key || (o.fi != nil && s.fi != nil && os.SameFile(o.fi, s.fi))
			if !same {
				continue
			}
			if i < nIn {
				return fmt.Errorf("%s %s: is also the input %s; refusing to overwrite what is being read", out.flag, out.path, o.flag)
			}
			return fmt.Errorf("%s %s: is also the output %s; give each output its own file", out.flag, out.path, o.flag)
		}
		all = append(all, s)
	}
	return nil
}

// CheckFile is Check for one output file on its own (flag may be ""): the
// window's outputs (F12, walk files, layouts, fallback files) use it.
func CheckFile(flag, path, datDir string) error {
	return checkOne(named{flag: flag, path: path}, datDir)
}

// CheckDir checks a folder the caller will write into: not inside datDir or
// a protected folder, a folder if it exists (else its parent is one), and
// writable (the folder itself, or the parent it will be made in).
func CheckDir(flag, path, datDir string) error {
	return checkDir(named{flag: flag, path: path, dir: true}, datDir)
}

// MkdirChecked is CheckDir, then makes the folder if it is missing.
func MkdirChecked(flag, path, datDir string) error {
	if err := CheckDir(flag, path, datDir); err != nil {
		return err
	}
	if err := os.Mkdir(path, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return prefix(named{flag: flag, path: path})("%v", unwrapPath(err))
	}
	return nil
}

// CheckPath refuses only what would touch the game's data: a name ending in
// .dat, or a path inside datDir or a protected folder. Every check of this
// package uses it, so the message is the same everywhere.
func CheckPath(flag, path, datDir string) error {
	return checkData(named{flag: flag, path: path}, datDir)
}

// prefix makes errors that start with "FLAG PATH: " (or "PATH: " without a flag).
func prefix(o named) func(format string, a ...any) error {
	head := o.path
	if o.flag != "" {
		head = o.flag + " " + o.path
	}
	return func(format string, a ...any) error {
		return fmt.Errorf("%s: "+format, append([]any{head}, a...)...)
	}
}

// checkData is CheckPath.
func checkData(o named, datDir string) error {
	bad := prefix(o)
	if !o.dir && strings.EqualFold(filepath.Ext(o.path), ".dat") {
		return bad("refusing to write a .dat file (game data is read-only)")
	}
	for _, d := range append([]string{datDir}, protectedDirs()...) {
		if d != "" && inside(o.path, d) {
			return bad("refusing to write inside the game's data folder %s", d)
		}
	}
	return nil
}

// checkOne checks one output path on its own.
func checkOne(o named, datDir string) error {
	bad := prefix(o)
	// "-" is not standard output here (a decision, README "Outputs"): a WAV's
	// header holds its length and is written last (it needs a seekable
	// file), and every output is committed by a rename. A file named "-"
	// would surprise; refuse it.
	if o.path == "-" {
		return bad("standard output is not an output here (a WAV needs a seekable file; outputs are committed by rename): give a file name (./- for a file named -)")
	}
	if err := checkData(o, datDir); err != nil {
		return err
	}
	if strings.HasSuffix(o.path, string(filepath.Separator)) || strings.HasSuffix(o.path, "/") {
		return bad("is a folder name; want a file")
	}
	if err := portableName(o); err != nil {
		return err
	}
	if fi, err := os.Stat(o.path); err == nil {
		switch {
		case fi.IsDir():
			return bad("is a folder; want a file")
		case !fi.Mode().IsRegular():
			return bad("exists and is %s; want a regular file", fileguard.Kind(fi))
		}
	}
	return writableFolder(o, filepath.Dir(canonical(o.path))) // a symlink is written through (Create)
}

// checkDir checks one output folder on its own.
func checkDir(o named, datDir string) error {
	bad := prefix(o)
	if err := checkData(o, datDir); err != nil {
		return err
	}
	if err := portableName(o); err != nil {
		return err
	}
	fi, err := os.Stat(o.path)
	switch {
	case err == nil && !fi.IsDir():
		return bad("is %s; want a folder", fileguard.Kind(fi))
	case err == nil:
		return writableFolder(o, o.path)
	case !errors.Is(err, os.ErrNotExist):
		return bad("%v", unwrapPath(err))
	}
	return writableFolder(o, filepath.Dir(filepath.Clean(o.path)))
}

// writableFolder checks that dir is an existing folder o can be written in.
func writableFolder(o named, dir string) error {
	bad := prefix(o)
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		return bad("folder %s does not exist", dir)
	case !fi.IsDir():
		return bad("%s is not a folder", dir)
	}
	// Writable: the portable test is to try (the temp file is what Create makes anyway).
	f, err := os.CreateTemp(dir, ".soundworld-check-*.tmp")
	if err != nil {
		return bad("cannot write in folder %s: %v", dir, unwrapPath(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// canonical is path made absolute with its folder's symlinks resolved, and
// the file's own symlink followed even when its target does not exist yet,
// so two spellings of one file compare equal.
func canonical(path string) string {
	for range 16 { // symlink hops
		ap, err := filepath.Abs(path)
		if err != nil {
			return filepath.Clean(path)
		}
		if rp, err := filepath.EvalSymlinks(filepath.Dir(ap)); err == nil {
			ap = filepath.Join(rp, filepath.Base(ap))
		}
		fi, err := os.Lstat(ap)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			return ap
		}
		t, err := os.Readlink(ap)
		if err != nil {
			return ap
		}
		if !filepath.IsAbs(t) {
			t = filepath.Join(filepath.Dir(ap), t)
		}
		path = t
	}
	return filepath.Clean(path)
}

// inside reports whether path is dir or lies within it.
func inside(path, dir string) bool {
	ad, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	if rd, err := filepath.EvalSymlinks(ad); err == nil {
		ad = rd
	}
	rel, err := filepath.Rel(ad, canonical(path))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// unwrapPath drops *PathError's "op path:" prefix (the caller names the path).
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// CheckInput refuses an input that is not a regular file (a folder, a named
// pipe, a device): reading one would fail late or block forever. A missing
// file is reported too. flag names the input for the message.
func CheckInput(flag, path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("%s %s: %v", flag, path, unwrapPath(err))
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s %s: is %s; want a regular file", flag, path, fileguard.Kind(fi))
	}
	return nil
}

// RefuseSpecial is CheckInput for readers that report a missing file
// themselves (keeping its fs.ErrNotExist): it refuses only a path that exists
// and is not a regular file (a named pipe would block the open forever).
func RefuseSpecial(flag, path string) error { return fileguard.RefuseSpecial(flag, path) }
