// Package commands holds soundworld's text commands, one file each
// (dump.go, level.go, probe.go, render.go, …), sharing one flag and error
// vocabulary (flags.go, and internal/cli's user errors and exit codes).
//
// To add a command: write NAME.go with a func(e *Env, args []string) error
// that parses its flags with e.Flags (or NewFlags), and add one line to
// table below. Exit codes, everywhere: 0 ok (and -h / help), 2 a usage or
// user error, 1 anything else (an I/O failure), 3 a gate that fails, 70 an
// internal error (a bug: a panic, internal/crash); 130/143 when interrupted
// by SIGINT/SIGTERM.
//
// The explorer window and `shot` live in the companion program
// soundworld-window (window.go starts it): Ebitengine's window side opens the
// X display as a program starts, and the text commands must not depend on it.
package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"soundworld/internal/cli"
	"soundworld/internal/crash"
	"soundworld/internal/outputs"
)

// Env is what a command gets from the program: its output streams and a
// context that is cancelled on SIGINT/SIGTERM.
type Env struct {
	Ctx    context.Context
	Stdout io.Writer
	Stderr io.Writer
}

// Command is one subcommand: soundworld NAME [args].
type Command struct {
	Name string
	// Synopsis is the command's line in `soundworld help` (after "soundworld NAME").
	Synopsis string
	Run      func(e *Env, args []string) error
}

// table lists every command, in the order `soundworld help` shows them.
// New commands add one line here and one file NAME.go.
var table = []Command{
	{"dump", "[-dat DIR] region | landblock ID | soundtable ID | wave ID | setup ID | animation ID | script ID | motiontable ID | scene ID | scenery LB | list TYPE", runDump},
	{"level", "-vol V [-master M] -dx E -dy N [-dz U] [-heading DEG] [-ambient] [-nopan]", runLevel},
	{"probe", `[-dat DIR] (-loc "42.1N, 33.6E" | -at "0xA9B4 84 7.1") [-eye H] [-heading DEG] [-json] [-strict]`, runProbe},
	{"render", "[-dat DIR] (-loc … | -at … | -path FILE) -seconds S -o out.wav [...]", runRender},
	{"check", "[-dat DIR] [-json] [-workers N]", runCheck},
	{"shot", "[-dat DIR] [placement flags] [-emitters F] [-seconds S] -o out.png", runShot},
	{"atlas", "[-dat DIR] (-sound TABLE:STYPE | -desc N | -loudest-bed | -search Q) [-region LB..LB] [-o atlas.png] [-json F] [-csv F]", runAtlas},
	{"gate", "GATE.gate.json [-seeds K] [-o DIR]", runGate},
	{"capture", "[shot flags: placement, -seconds S, -from SIDECAR, -panels …] [-dir DIR]: a capture bundle folder", runCapture},
	{"sounds", "[-dat DIR] [-names FILE] [-json]: every wave, sound table, SoundType and object sound source", runSounds},
	{"bigworld", "-o DIR: write the generated full-size world (255×255 landblocks) as a dat folder", runBigworld},
}

// lookup finds a command by name.
func lookup(name string) (Command, bool) {
	for _, c := range table {
		if c.Name == name {
			return c, true
		}
	}
	return Command{}, false
}

// Main runs soundworld with the process's arguments and streams and returns
// the exit code. SIGINT/SIGTERM cancel the command's context; the command
// returns, its temp files are removed (outputs), one line says so, and the
// exit code is 130/143.
//
// A panic (a bug, on this goroutine or any started under crash.Recover)
// prints "PROG: internal error (a bug): …" with the stack, removes the temp
// files and exits 70 (internal/crash).
func Main(args []string) int {
	prog := "soundworld"
	if len(args) > 0 {
		if _, ok := lookup(args[0]); ok {
			prog += " " + args[0]
		}
	}
	crash.Setup(prog, func() { outputs.RemoveTemps() })
	defer crash.Recover()
	in := outputs.Catch(context.Background(), prog, os.Stderr)
	code := Run(&Env{Ctx: in.Context(), Stdout: os.Stdout, Stderr: os.Stderr}, args)
	in.Stop()
	if in.Signal() != nil {
		outputs.RemoveTemps()
		if code == 0 { // the signal came after the outputs were committed
			fmt.Fprintln(os.Stderr, in.MessageLate(prog))
		} else {
			fmt.Fprintln(os.Stderr, in.Message(prog))
		}
		return in.Code()
	}
	return code
}

// Run dispatches args to a command and turns its error into the exit code:
// 0 ok, 2 usage or user error, 1 other. No command (or window flags) opens
// the explorer in soundworld-window.
func Run(e *Env, args []string) int {
	if len(args) == 1 && isVersionFlag(args[0]) {
		printVersion(e.Stdout)
		return 0
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") && !isHelpFlag(args[0]) {
		return launchWindow(e, args)
	}
	name := args[0]
	if isHelpFlag(name) || name == "help" {
		return help(e, args[1:])
	}
	c, ok := lookup(name)
	if !ok {
		fmt.Fprintf(e.Stderr, "soundworld: unknown command %q (see soundworld help)\n", name)
		return 2
	}
	return exitCode(e, name, c.Run(e, args[1:]))
}

// exitCode reports err and turns it into the exit code (cli.ExitCodeTo), or
// passes on a code already reported (exitStatus).
func exitCode(e *Env, name string, err error) int {
	var st exitStatus
	switch {
	case errors.As(err, &st):
		return int(st)
	case errors.Is(err, outputs.ErrInterrupted):
		return 1 // Main reports the signal and exits 130/143
	}
	return cli.ExitCodeTo(e.Stderr, "soundworld "+name, err)
}

func isVersionFlag(s string) bool { return s == "-version" || s == "--version" || s == "version" }

func isHelpFlag(s string) bool {
	return s == "-h" || s == "-help" || s == "--help"
}

// help is `soundworld help [CMD]`: the overview, or exactly what `soundworld
// CMD -h` prints (it runs that), exit 0.
func help(e *Env, args []string) int {
	switch {
	case len(args) == 0:
		printHelp(e.Stdout)
		return 0
	case len(args) > 1:
		fmt.Fprintln(e.Stderr, "usage: soundworld help [COMMAND]")
		return 2
	}
	c, ok := lookup(args[0])
	if !ok {
		fmt.Fprintf(e.Stderr, "soundworld help: unknown command %q\n", args[0])
		printHelp(e.Stderr)
		return 2
	}
	return exitCode(e, c.Name, c.Run(e, []string{"-h"}))
}

func printHelp(w io.Writer) {
	fmt.Fprint(w, `soundworld — hear Asheron's Call's world as the retail client plays it

usage:
  soundworld [-dat DIR] [window flags]     open the explorer (built-in stand-in world without -dat)
  soundworld -version                      the version and the commit it was built from
`)
	width := 0
	for _, c := range table {
		width = max(width, len(c.Name))
	}
	for _, c := range table {
		fmt.Fprintf(w, "  soundworld %-*s %s\n", width, c.Name, c.Synopsis)
	}
	fmt.Fprint(w, `
The explorer and shot run the companion program soundworld-window, built next
to soundworld by "make build". Run "soundworld help CMD" (or "soundworld CMD -h")
for a command's flags. Exit codes: 0 ok, 2 a bad command line or a problem with
what you gave (files, values, damaged data), 1 anything else (reading or
writing failed), 3 a gate that fails, 70 an internal error (a bug: please
report it), 130/143 when interrupted. See README.md.
`)
}
