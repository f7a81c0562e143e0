// Command soundworld hears Asheron's Call's world as the retail client plays it.
//
// The text commands (dump, level, probe, render, …) live in internal/commands,
// one file each; they link no window code, so they run on any machine, display
// or not. The explorer window and `shot` live in the companion program
// soundworld-window (cmd/soundworld-window), which soundworld starts for them.
package main

import (
	"os"

	"soundworld/internal/commands"
)

func main() {
	os.Exit(commands.Main(os.Args[1:]))
}
