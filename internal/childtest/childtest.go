// Package childtest is a test helper for the programs' child-process tests
// (interrupts, exit codes): the test binary run again as the program, its
// TestMain taking the arguments from an environment variable, and the
// signals that stop a command with the exit code each gives.
package childtest

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Stop is a signal that stops a command and the exit code it gives (128 +
// the signal's number, as a shell reports it).
type Stop struct {
	Sig  syscall.Signal
	Code int
	Name string
}

// Stops are Ctrl-C and SIGTERM.
var Stops = []Stop{{syscall.SIGINT, 130, "SIGINT"}, {syscall.SIGTERM, 143, "SIGTERM"}}

// Env is the environment entry that hands args to the child's TestMain in
// the variable name (the arguments joined by \x1f).
func Env(name string, args ...string) string {
	return name + "=" + strings.Join(args, "\x1f")
}

// Command is this test binary run as the program with args, in the test's
// environment plus Env(name, args...).
func Command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), Env(name, args...))
	return cmd
}

// Start starts cmd with its standard error collected in the returned
// buffer; the test fails if it cannot start.
func Start(tb testing.TB, cmd *exec.Cmd) *bytes.Buffer {
	tb.Helper()
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	return &errb
}

// StopWithin signals the started cmd and waits at most d for it to end,
// then kills it; it reports whether cmd ended within d.
func StopWithin(cmd *exec.Cmd, sig os.Signal, d time.Duration) bool {
	cmd.Process.Signal(sig)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
		return true
	case <-time.After(d):
		cmd.Process.Kill()
		<-done
		return false
	}
}
