// Command soundworld hears Asheron's Call's world as the retail client plays it.
//
// This program holds the text commands (dump, level, probe, render); they link
// no window code, so they run on any machine, display or not. The explorer
// window and `shot` live in the companion program soundworld-window
// (cmd/soundworld-window), which soundworld starts for them: Ebitengine's
// window side opens the X display as the program starts, before main, and a
// text command must not depend on that.
package main

import (
	"fmt"
	"os"

	"soundworld/internal/cli"
)

// commands maps a subcommand to its runner. Each lives in cmd_<name>.go.
var commands = map[string]func(args []string) error{
	"dump":   runDump,
	"level":  runLevel,
	"probe":  runProbe,
	"render": runRender,
}

func main() {
	os.Exit(run(os.Args[1:]))
}

// run dispatches and turns errors into exit codes: 0 ok, 2 usage or user error, 1 other.
func run(args []string) int {
	if len(args) > 0 {
		if c, ok := commands[args[0]]; ok {
			return cli.ExitCode("soundworld", c(args[1:]))
		}
		switch args[0] {
		case "help", "-h", "-help", "--help":
			printHelp()
			return 0
		}
	}
	// No subcommand (the explorer), "shot", or window flags: the window program.
	return launchWindow(args)
}

func printHelp() {
	fmt.Print(`soundworld — hear Asheron's Call's world as the retail client plays it

usage:
  soundworld [-dat DIR] [window flags]     open the explorer (built-in stand-in world without -dat)
  soundworld dump   [-dat DIR] region | landblock ID | soundtable ID | wave ID | setup ID | list TYPE
  soundworld level  -vol V [-master M] -dx E -dy N [-dz U] [-heading DEG] [-ambient] [-nopan]
  soundworld probe  [-dat DIR] (-loc "42.1N, 33.6E" | -at "0xA9B4 84 7.1") [-eye H] [-heading DEG] [-json]
  soundworld render [-dat DIR] (-loc … | -at … | -path FILE) -seconds S -o out.wav [...]
  soundworld shot   [-dat DIR] [placement flags] [-emitters F] [-seconds S] -o out.png

The explorer and shot run the companion program soundworld-window, built next
to soundworld by "make build". Run "soundworld CMD -h" for a command's flags.
See README.md.
`)
}
