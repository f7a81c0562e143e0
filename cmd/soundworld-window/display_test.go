//go:build linux

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"soundworld/internal/childtest"
)

// A DISPLAY that does not open (a stale ssh forwarding, an X server gone) is
// treated like no DISPLAY — never Ebitengine's init panic (a Go panic exits
// 2 with a stack, the code and look of a user's mistake). Here xvfb-run is
// off the PATH, so the program says what to do and exits 2; with xvfb-run it
// re-executes under it as without a DISPLAY.
func TestDisplayThatDoesNotOpen_NoPanic(t *testing.T) {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "DISPLAY=:987", "PATH=/nonexistent", childtest.Env(windowMain, "shot", "-o", t.TempDir()+"/x.png"))
	out, err := cmd.CombinedOutput()
	code := -1
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	}
	s := string(out)
	if code != 2 || strings.Contains(s, "panic") || !strings.Contains(s, "no display (cannot open display :987) and xvfb-run is not installed") {
		t.Errorf("exit %d, output:\n%s\nwant exit 2 naming the display, no panic", code, s)
	}
}

// groupOf lists the processes whose TMPDIR lies in tmp (what the window run
// under xvfb-run started: xvfb-run, Xvfb, the window), and which of them
// runs this test binary.
func groupOf(tmp string) (all, windows []int) {
	self, _ := os.Executable()
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err != nil || !slices.ContainsFunc(bytes.Split(env, []byte{0}), func(kv []byte) bool {
			d, ok := bytes.CutPrefix(kv, []byte("TMPDIR="))
			return ok && (string(d) == tmp || bytes.HasPrefix(d, []byte(tmp+"/")))
		}) {
			continue
		}
		all = append(all, pid)
		if exe, _ := os.Readlink(filepath.Join("/proc", e.Name(), "exe")); exe == self {
			windows = append(windows, pid)
		}
	}
	return all, windows
}

// With no display the window runs itself under xvfb-run; SIGINT or SIGTERM
// then leaves no temp folder (xvfb-run's included: sh skips its EXIT trap
// when a signal ends it), no process (xvfb-run, Xvfb, the window) and no
// output behind, and the exit code is the shell's for that signal.
func TestNoDisplay_SignalLeavesNoTempFolder(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the window under xvfb-run in a child process")
	}
	if _, err := exec.LookPath("xvfb-run"); err != nil {
		t.Skip("xvfb-run is not installed")
	}
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k != "DISPLAY" && k != "TMPDIR" && k != "SOUNDWORLD_XVFB" {
			env = append(env, kv)
		}
	}
	for _, c := range childtest.Stops {
		tmp, out := t.TempDir(), t.TempDir()
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(env, "TMPDIR="+tmp, childtest.Env(windowMain, "shot", "-seconds", "3600", "-o", filepath.Join(out, "x.png")))
		cmd.WaitDelay = 5 * time.Second // a window left running holds stderr open
		errb := childtest.Start(t, cmd)
		// Signalled once the window runs under Xvfb (and 2 s more, so it is
		// likely catching signals; the folders must go either way).
		deadline := time.Now().Add(60 * time.Second)
		for _, w := groupOf(tmp); len(w) == 0 && time.Now().Before(deadline); _, w = groupOf(tmp) {
			time.Sleep(50 * time.Millisecond)
		}
		time.Sleep(2 * time.Second)
		if !childtest.StopWithin(cmd, c.Sig, 15*time.Second) {
			t.Fatalf("%v: still running 15 s after the signal; stderr:\n%s", c.Sig, errb.String())
		}
		if code := cmd.ProcessState.ExitCode(); code != c.Code {
			t.Errorf("%v: exit %d, want %d; stderr:\n%s", c.Sig, code, c.Code, errb.String())
		}
		if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
			t.Errorf("%v: TMPDIR holds %s after the window was stopped", c.Sig, ents[0].Name())
		}
		if ents, _ := os.ReadDir(out); len(ents) != 0 {
			t.Errorf("%v: the output folder holds %s", c.Sig, ents[0].Name())
		}
		if all, _ := groupOf(tmp); len(all) != 0 {
			t.Errorf("%v: processes %v (xvfb-run, Xvfb or the window) still run", c.Sig, all)
			for _, pid := range all {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
		t.Logf("%v: exit %d, %s", c.Sig, cmd.ProcessState.ExitCode(), strings.TrimSpace(errb.String()))
	}
}
