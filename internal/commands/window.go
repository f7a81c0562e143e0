package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"soundworld/internal/cli"
	"soundworld/internal/outputs"
)

// windowProgram is the companion program holding the explorer and `shot`.
const windowProgram = "soundworld-window"

// runShot is `soundworld shot`: soundworld-window takes the picture (it
// parses and checks the flags, and answers -h).
func runShot(e *Env, args []string) error {
	if code := launchWindow(e, append([]string{"shot"}, args...)); code != 0 {
		return exitStatus(code)
	}
	return nil
}

// exitStatus carries an exit code already reported (a child program's)
// through a command's error; Run exits with it and prints nothing more.
type exitStatus int

func (c exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(c)) }

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
func launchWindow(e *Env, args []string) int {
	p, err := findWindow()
	if err != nil {
		return cli.ExitCodeTo(e.Stderr, "soundworld", err)
	}
	ctx := e.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	// SIGINT or SIGTERM sent to soundworld cancels ctx; the window's whole
	// process group (the window, and xvfb-run with its Xvfb when there was no
	// display) then gets SIGTERM, and a kill after 2 s. A terminal's Ctrl-C
	// reaches soundworld, which passes it on so.
	cmd := exec.CommandContext(ctx, p, args...)
	cmd.Cancel = func() error {
		if runtime.GOOS == "windows" { // no SIGTERM there: the window is ended outright
			return cmd.Process.Kill()
		}
		return cmd.Process.Signal(syscall.SIGTERM)
	}
	ownGroup(cmd) // on Unix: SIGTERM to the window's whole process group
	cmd.WaitDelay = 2 * time.Second
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, e.Stdout, e.Stderr
	var head headBuf // the start of its stderr: a crash before its main (window_crash.go)
	if runtime.GOOS == "windows" {
		cmd.Stderr = io.MultiWriter(e.Stderr, &head)
	}
	// The window's temp folder is one of ours, removed when it ends however
	// it ends: xvfb-run (a sh script) makes its xvfb-run.XXXXXX there and
	// removes it in an EXIT trap, which sh does not run when a signal ends it.
	// (outputs.TempDir: removed on a signal's forced exit too.)
	if tmp, remove, err := outputs.TempDir("", "soundworld-window-"); err == nil {
		defer remove()
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	}
	err = cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal()) // as a shell reports it: SIGINT 130, SIGTERM 143
		}
		code, msg := windowCrash(ee.ExitCode(), head.bytes())
		if msg != "" {
			fmt.Fprintln(e.Stderr, msg)
		}
		return code
	}
	return cli.ExitCodeTo(e.Stderr, "soundworld", err)
}
