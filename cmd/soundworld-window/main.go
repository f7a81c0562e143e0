// Command soundworld-window is the explorer window of soundworld and its
// `shot` command. It links Ebitengine's window side, which opens the X display
// as the program starts, so it is a program of its own: the text commands in
// soundworld run without a display. soundworld starts this program for
// `soundworld` (no subcommand) and `soundworld shot`.
package main

import (
	"soundworld/internal/cli"
)

// run: "shot" takes a picture; anything else opens the explorer with those flags.
func run(args []string) int {
	if len(args) > 0 && args[0] == "shot" {
		return cli.ExitCode("soundworld shot", runShot(args[1:]))
	}
	if len(args) > 0 && args[0] == "capture" { // capture.go
		return cli.ExitCode("soundworld capture", runCapture(args[1:]))
	}
	return cli.ExitCode("soundworld", runWindow(args))
}
