package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"soundworld/internal/cli"
)

// windowProgram is the companion program holding the explorer and `shot`.
const windowProgram = "soundworld-window"

// findWindow looks for soundworld-window beside this executable, then on PATH.
func findWindow() (string, error) {
	name := windowProgram
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if self, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(self), name)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	return "", cli.UserErr(fmt.Errorf("the explorer window and shot are the companion program %s, which is not beside soundworld nor on PATH.\n"+
		"  build both with `make build`, or: go build -o %s ./cmd/%s", windowProgram, windowProgram, windowProgram))
}

// launchWindow runs soundworld-window with args, passing the terminal through,
// and returns its exit code.
func launchWindow(args []string) int {
	p, err := findWindow()
	if err != nil {
		return cli.ExitCode("soundworld", err)
	}
	cmd := exec.Command(p, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err = cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	return cli.ExitCode("soundworld", err)
}
