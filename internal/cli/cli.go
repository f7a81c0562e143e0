// Package cli holds what the two programs, soundworld (the commands) and
// soundworld-window (the explorer), share: opening the data, telling the user's
// mistakes from our failures, and turning errors into exit codes.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/internal/fileguard"
	"soundworld/internal/outputs"
	"soundworld/names"
	"soundworld/world"
)

// ErrUsage marks a bad command line: the command has printed its usage; exit 2.
var ErrUsage = errors.New("usage")

// ErrHelp marks a command line that asked for help (-h): the command has
// printed its usage; exit 0.
var ErrHelp = errors.New("help requested")

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
	for _, name := range []string{dat.PortalFile, dat.CellFile} {
		// A named pipe or a device as a dat file would block or fail late: refuse it now.
		if p := filepath.Join(dir, name); fileExists(p) {
			if err := outputs.CheckInput("-dat", p); err != nil {
				return nil, UserErr(err)
			}
		}
	}
	a, err := OpenDataDir(dir)
	if err != nil {
		return nil, UserErr(err)
	}
	return a, nil
}

// OpenDataDir opens a dat folder and protects it for the rest of the
// process (outputs.Protect): every output check refuses to write inside it,
// whatever datDir its caller knows. A folder that failed to open is not
// protected.
func OpenDataDir(dir string) (*dat.Archive, error) {
	a, err := dat.OpenDir(dir)
	if err != nil {
		return nil, err
	}
	outputs.Protect(dir)
	return a, nil
}

// LoadLayoutFile reads an emitter layout file (E2); errors name the file,
// line and field. A named pipe or device is refused at once (it would block).
func LoadLayoutFile(path string) ([]world.Emitter, error) {
	f, err := fileguard.Open("layout", path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return world.LoadLayout(f, path)
}

// NamesFlagHelp is the -names flag's help, the same in every program.
const NamesFlagHelp = "a names file: CSV rows id,name or JSON {\"0xID\": \"name\"} (docs/names.md); its names replace ids on the map, in the panels, atlas search, events CSV and reports"

// maxNamesFile bounds a names file (bytes): a world database export of
// every object name is a few MB.
const maxNamesFile = 64 << 20

// LoadNamesFile reads a user's names file (package names' format); "" is
// none. Errors are the user's and name the file and line.
func LoadNamesFile(path string) (map[uint32]string, error) {
	if path == "" {
		return nil, nil
	}
	if err := outputs.CheckInput("-names", path); err != nil {
		return nil, UserErr(err)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, UserErr(err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxNamesFile+1))
	if err != nil {
		return nil, UserErr(fmt.Errorf("%s: %w", path, err))
	}
	if len(b) > maxNamesFile {
		return nil, UserErr(fmt.Errorf("%s: larger than %d MB; a names file is id,name rows", path, maxNamesFile>>20))
	}
	m, err := names.Parse(path, b)
	if err != nil {
		return nil, UserErr(err)
	}
	return m, nil
}

// SaveLayout writes emitters to path atomically (E2). It refuses to write
// into the game's data — a path ending in .dat, inside datDir (if given) or
// a folder opened as game data — and a path that is a folder or in a missing
// or read-only one (outputs.CheckFile, the check every output goes through).
func SaveLayout(path string, es []world.Emitter, datDir string) error {
	if err := outputs.CheckFile("", path, datDir); err != nil {
		return err
	}
	return outputs.WriteFile(path, func(f *os.File) error {
		_, err := f.Write(world.EncodeLayout(es))
		return err
	})
}

// ExitCode reports err on stderr (prefixed with prog) and returns the exit
// code: 0 ok (or help asked for), 2 usage or the user's error, 1 anything else.
func ExitCode(prog string, err error) int { return ExitCodeTo(os.Stderr, prog, err) }

// ExitCodeTo is ExitCode reporting on w.
func ExitCodeTo(w io.Writer, prog string, err error) int {
	switch {
	case err == nil, errors.Is(err, ErrHelp):
		return 0
	case errors.Is(err, ErrUsage):
		return 2
	}
	fmt.Fprintln(w, prog+":", err)
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

// Place turns at most one of -loc ("42.1N, 33.6E") and -at ("0xA9B4 84 7.1",
// or retail's /loc line pasted as is: "0xA9B40019 [84.000000 7.100000
// 85.005000] 1.000000 0.000000 0.000000 0.000000") into world metres (W1,
// W3); given is false when neither was set. Errors are the user's.
func Place(loc, at string) (x, y float32, given bool, err error) {
	switch {
	case loc != "" && at != "":
		return 0, 0, false, UserErr(errors.New("give -loc or -at, not both"))
	case loc != "":
		x, y, err = world.ParseMap(loc)
	case world.IsRetailLoc(at):
		var l world.RetailLoc
		if l, err = world.ParseRetailLoc(at); err == nil {
			x, y = l.World()
		}
	case at != "":
		x, y, err = world.ParseAt(at)
		// World metres are float32: a local position just short of 192 m in the
		// last landblock (0xFFxx or 0xxxFF) rounds to 49 152 m, off the map.
		if _, ok := world.Landblock(x, y); err == nil && !ok {
			err = fmt.Errorf("-at %q: rounds off the map (world metres are float32; the map ends at %d m)", at, 256*world.BlockSize)
		}
	default:
		return 0, 0, false, nil
	}
	if err != nil {
		return 0, 0, false, UserErr(err)
	}
	return x, y, true, nil
}

// AtLoc is -at's landblock-local position kept exactly (W6): the short form
// "0xA9B4 84 7.1" (world.ParseAtLoc) or retail's /loc line (its cell's
// landblock and x, y). Errors are the user's.
func AtLoc(at string) (world.Loc, error) {
	if world.IsRetailLoc(at) {
		l, err := world.ParseRetailLoc(at)
		if err != nil {
			return world.Loc{}, UserErr(err)
		}
		return l.Loc(), nil
	}
	l, err := world.ParseAtLoc(at)
	return l, UserErr(err)
}

// AtCell is the cell of a retail /loc line given to -at (an EnvCell id puts
// the player indoors, A11); 0 for the short forms, which name no cell.
func AtCell(at string) uint32 {
	if !world.IsRetailLoc(at) {
		return 0
	}
	l, err := world.ParseRetailLoc(at)
	if err != nil {
		return 0
	}
	return l.Cell
}

// AtPlace is -at's position as every program keeps it (W6): the
// landblock-local position exactly (AtLoc), refused as Place refuses it
// when its float32 world metres fall off the map. The window's -at and its
// Jump box use it, so the same text gives the same position as render.
func AtPlace(at string) (world.Loc, error) {
	l, err := AtLoc(at)
	if err != nil {
		return world.Loc{}, err
	}
	if _, _, _, err := Place("", at); err != nil {
		return world.Loc{}, err
	}
	return l, nil
}

// AtHeading is the compass heading (W4) a retail /loc line given to -at
// carries (Frame::get_heading of its quaternion); ok is false for the short
// forms, which carry none. Callers use it when -heading was not given.
func AtHeading(at string) (heading float32, ok bool) {
	if !world.IsRetailLoc(at) {
		return 0, false
	}
	l, err := world.ParseRetailLoc(at)
	if err != nil {
		return 0, false
	}
	return l.Heading(), true
}

// CheckEye validates -eye, the listener's height above the ground in m (W5).
func CheckEye(h float64) error {
	if !(h >= 0 && h <= 1000) { // NaN fails too
		return UserErr(fmt.Errorf("-eye %v: want metres in 0..1000", h))
	}
	return nil
}

// CameraHelp is -camera's help (W5).
const CameraHelp = "camera preset: retail (retail's home view, 2.25 m up and 2.5 m behind; the default) or first-person (1.5 m up, 0 behind); -eye and -chase override its values"

// CameraFlag registers -camera on fs (W5; CameraHelp).
func CameraFlag(fs *flag.FlagSet) *string { return fs.String("camera", "", CameraHelp) }

// ApplyCamera applies -camera NAME after fs.Parse: the preset's eye and
// chase replace *eye and *chase unless -eye or -chase was given. No -camera
// leaves both as parsed (their defaults are the retail preset's).
func ApplyCamera(fs *flag.FlagSet, name string, eye, chase *float64) error {
	if name == "" {
		return nil
	}
	p, err := world.CameraPresetNamed(name)
	if err != nil {
		return UserErr(fmt.Errorf("-camera: %w", err))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["eye"] {
		*eye = float64(p.Eye)
	}
	if !set["chase"] {
		*chase = float64(p.Chase)
	}
	return nil
}

// fileExists reports whether something (of any type) is at path.
func fileExists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// CheckHeading validates -heading: finite compass degrees within −360..360
// (W4; 1e300 would become ±Inf as float32, then NaN).
func CheckHeading(h float64) error {
	if !(h >= -360 && h <= 360) { // NaN fails too
		return UserErr(fmt.Errorf("-heading %v: want compass degrees in -360..360", h))
	}
	return nil
}

// DataErr makes a damaged or missing record the user's problem (exit 2, the
// documented code): the message names the file, the record and the byte.
func DataErr(err error) error {
	var fe *dat.FormatError
	if errors.Is(err, dat.ErrNotFound) || errors.As(err, &fe) {
		return UserErr(err)
	}
	return err
}

// ReportProblems prints each data problem on w, one line each
// ("PROG: data problem: …"), then a count line, and returns the -strict
// error (exit 2) when strict and any were met. Used by shot; the text
// commands print theirs as they go (internal/commands).
func ReportProblems(w io.Writer, prog string, ps *dat.Problems, strict bool) error {
	list := ps.List()
	for _, p := range list {
		fmt.Fprintf(w, "%s: data problem: %s\n", prog, p)
	}
	return ProblemsSummary(w, prog, len(list), strict)
}

// ProblemsSummary ends a report of n data problems (both programs' one
// wording): nothing when n is 0; with strict the -strict error (exit 2);
// else a count line on w saying the result is what retail plays.
func ProblemsSummary(w io.Writer, prog string, n int, strict bool) error {
	if n == 0 {
		return nil
	}
	plural := "s"
	if n == 1 {
		plural = ""
	}
	if strict {
		return UserErr(fmt.Errorf("%d data problem%s (-strict)", n, plural))
	}
	fmt.Fprintf(w, "%s: %d data problem%s; the result is what retail plays with them (skipped records are silent); -strict makes this exit 2\n", prog, n, plural)
	return nil
}

// FromClashes are the flags of fs that -from SIDECAR replaces (the
// sidecar's replay record gives the place, camera, seed, prefs, emitters
// and whether objects play), as "-name", in the order given: render, shot, capture and the
// window refuse them next to -from rather than silently ignore them.
func FromClashes(fs *flag.FlagSet) []string {
	var clash []string
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "loc", "at", "path", "heading", "camera", "eye", "chase", "seed", "emitters", "prefs", "objects":
			clash = append(clash, "-"+f.Name)
		}
	})
	return clash
}

// Files is the programs' I/O policy for the engines that open or write
// files by name (gate.Inputs, listen.Files): the data folder opened as game
// data (kept out of outputs' reach), named pipes refused, every write
// atomic and never inside DatDir or a folder opened as game data.
type Files struct {
	DatDir string // the window's -dat folder; "" for the stand-in
}

// OpenDataDir is OpenDataDir.
func (Files) OpenDataDir(dir string) (*dat.Archive, error) { return OpenDataDir(dir) }

// LoadLayoutFile is LoadLayoutFile.
func (Files) LoadLayoutFile(path string) ([]world.Emitter, error) { return LoadLayoutFile(path) }

// WriteFile writes b to path atomically (temp + rename), refusing a path
// inside the game's data (outputs.CheckFile).
func (f Files) WriteFile(path string, b []byte) error {
	if err := outputs.CheckFile("", path, f.DatDir); err != nil {
		return err
	}
	return outputs.WriteFile(path, func(w *os.File) error {
		_, err := w.Write(b)
		return err
	})
}
