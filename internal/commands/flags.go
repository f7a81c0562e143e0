package commands

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"soundworld/dat"
	"soundworld/internal/cli"
)

// The error vocabulary every command shares (internal/cli holds the types, so
// soundworld-window speaks it too).
var (
	errUsage = cli.ErrUsage // bad command line; usage printed; exit 2
	errHelp  = cli.ErrHelp  // -h; usage printed on stdout; exit 0
)

// userErr marks err as the user's: exit code 2 rather than 1.
func userErr(err error) error { return cli.UserErr(err) }

// openArchive opens the user's dat folder, or builds the stand-in world when
// dir is empty. Both go through dat.NewFile: one code path for all data.
func openArchive(dir string) (*dat.Archive, error) { return cli.OpenArchive(dir) }

// Flags is a command's flag set with its usage text: the one way commands
// parse their command line, answer -h and report a bad one.
type Flags struct {
	*flag.FlagSet
	name           string // the command, e.g. "render"
	usage          string // printed before the flag list; starts "usage: soundworld NAME"
	stdout, stderr io.Writer
}

// NewFlags makes the flag set of command name. usage is the text above the
// flag list (the flag list itself comes from the flags' own help strings).
func NewFlags(name, usage string, stdout, stderr io.Writer) *Flags {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	f := &Flags{FlagSet: fs, name: name, usage: usage, stdout: stdout, stderr: stderr}
	fs.Usage = func() {} // Parse prints it, on stdout for -h, on stderr for an error
	return f
}

// Flags is NewFlags on the command's streams.
func (e *Env) Flags(name, usage string) *Flags { return NewFlags(name, usage, e.Stdout, e.Stderr) }

// PrintUsage writes the usage text and the flag list to w.
func (f *Flags) PrintUsage(w io.Writer) {
	fmt.Fprint(w, f.usage)
	if len(f.usage) > 0 && f.usage[len(f.usage)-1] != '\n' {
		fmt.Fprintln(w)
	}
	f.SetOutput(w)
	f.PrintDefaults()
	f.SetOutput(f.stderr)
}

// Parse parses args. It returns nil, errHelp after printing the usage on
// stdout (-h: exit 0), or errUsage after printing the flag package's message
// and the usage on stderr (exit 2).
func (f *Flags) Parse(args []string) error {
	err := f.FlagSet.Parse(args)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		f.PrintUsage(f.stdout)
		return errHelp
	}
	f.PrintUsage(f.stderr)
	return errUsage
}

// Bad reports a bad command line: "soundworld NAME: message", the usage, and
// errUsage (exit 2).
func (f *Flags) Bad(format string, a ...any) error {
	fmt.Fprintf(f.stderr, "soundworld "+f.name+": "+format+"\n", a...)
	f.PrintUsage(f.stderr)
	return errUsage
}

// ParseNoArgs is Parse for a command that takes only flags: an argument
// that is not a flag is Bad ("unexpected argument").
func (f *Flags) ParseNoArgs(args []string) error {
	if err := f.Parse(args); err != nil {
		return err
	}
	if f.NArg() > 0 {
		return f.Bad("unexpected argument %q", f.Arg(0))
	}
	return nil
}

// Require is Bad unless each named flag was given on the command line.
func (f *Flags) Require(names ...string) error {
	set := f.Given()
	for _, n := range names {
		if !set[n] {
			return f.Bad("-%s is required", n)
		}
	}
	return nil
}

// Given reports which flags were set on the command line.
func (f *Flags) Given() map[string]bool {
	set := map[string]bool{}
	f.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	return set
}

// Help strings of the flags several commands share.
const (
	datHelp     = "folder with client_portal.dat and client_cell_1.dat (default: the built-in stand-in)"
	locHelp     = `map coordinates, e.g. "42.1N, 33.6E"`
	atHelp      = `landblock and local metres, e.g. "0xA9B4 84 7.1"`
	eyeHelp     = "camera height above the player's feet, m (W5; default 2.25, retail's home view)"
	headingHelp = "compass heading, degrees clockwise from north (W4)"
)

// parsePlace turns exactly one of -loc and -at into world metres (W1, W3).
func parsePlace(loc, at string) (x, y float32, err error) {
	x, y, given, err := cli.Place(loc, at)
	if err == nil && !given {
		err = userErr(errors.New("give a position: -loc \"42.1N, 33.6E\" or -at \"0xA9B4 84 7.1\""))
	}
	return x, y, err
}

// checkEye validates -eye (m above ground, W5).
func checkEye(h float64) error { return cli.CheckEye(h) }

// checkHeading validates -heading (compass degrees, W4).
func checkHeading(h float64) error { return cli.CheckHeading(h) }

// dataErr makes a damaged or missing record the user's problem (exit 2).
func dataErr(err error) error { return cli.DataErr(err) }
