// Command soundworld explores and renders the ambient sound of Asheron's Call.
//
// With no subcommand it opens the explorer window; the subcommands are thin
// layers over the same packages (see README "Commands").
package main

import (
	"errors"
	"fmt"
	"os"
)

// errUsage marks a bad command line: the command has printed its usage; exit 2.
var errUsage = errors.New("usage")

// commands maps a subcommand to its runner. Each lives in cmd_<name>.go.
var commands = map[string]func(args []string) error{
	"dump":   runDump,
	"level":  runLevel,
	"probe":  runProbe,
	"render": runRender,
	"shot":   runShot,
}

func main() {
	os.Exit(run(os.Args[1:]))
}

// run dispatches and turns errors into exit codes: 0 ok, 2 usage or user error, 1 other.
func run(args []string) int {
	runner := runWindow
	if len(args) > 0 {
		if c, ok := commands[args[0]]; ok {
			runner, args = c, args[1:]
		} else if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
			printHelp()
			return 0
		}
	}
	err := runner(args)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errUsage):
		return 2
	default:
		fmt.Fprintln(os.Stderr, "soundworld:", err)
		var ue userError
		if errors.As(err, &ue) {
			return 2
		}
		return 1
	}
}

// userError is a problem with what the user gave us (a missing folder, a bad
// file, a bad value): exit code 2 rather than 1.
type userError struct{ err error }

func (e userError) Error() string { return e.err.Error() }
func (e userError) Unwrap() error { return e.err }

func printHelp() {
	fmt.Print(`soundworld — hear Asheron's Call's world as the retail client plays it

usage:
  soundworld [-dat DIR] [window flags]     open the explorer (built-in stand-in world without -dat)
  soundworld dump   [-dat DIR] region | landblock ID | soundtable ID | wave ID | list TYPE
  soundworld level  -vol V [-master M] -dx E -dy N [-dz U] [-heading DEG] [-ambient] [-nopan]
  soundworld probe  [-dat DIR] (-loc "42.1N, 33.6E" | -at "0xA9B4 84 7.1") [-eye H] [-heading DEG] [-json]
  soundworld render [-dat DIR] (-loc … | -at … | -path FILE) -seconds S -o out.wav [...]
  soundworld shot   [-dat DIR] [placement flags] [-emitters F] [-seconds S] -o out.png

Run "soundworld CMD -h" for a command's flags. See README.md.
`)
}
