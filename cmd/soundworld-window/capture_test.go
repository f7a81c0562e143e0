//go:build !js

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"soundworld/internal/childtest"
	"soundworld/internal/cli"
)

// `soundworld capture` writes one bundle folder with its six files; a -dir
// whose parent is missing is the user's error.
func TestCapture_WritesBundle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the window in a child process")
	}
	dir := t.TempDir()
	windowOK(t, "capture", "-seconds", "2", "-dir", dir)
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 || !strings.HasPrefix(ents[0].Name(), "capture-") || !ents[0].IsDir() {
		t.Fatalf("dir holds %v, want one capture-YYYYMMDD-HHMMSS folder", ents)
	}
	for _, f := range []string{"screenshot.png", "screenshot.json", "audio.wav", "events.csv", "path.json", "README.txt"} {
		if fi, err := os.Stat(filepath.Join(dir, ents[0].Name(), f)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	if code, _ := windowChild(t, "capture", "-seconds", "1", "-dir", filepath.Join(dir, "nope", "deeper")); code != 2 {
		t.Errorf("capture -dir missing: exit %d, want 2", code)
	}
}

// Issue 12 item 4 for capture: -dir goes through the output plan before the
// window opens — refused inside -dat (the -dat folder here holds no dat
// files, so a check made after opening it would fail differently), when it is
// a file, when its parent is missing.
func TestCapture_DirCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	ac := filepath.Join(dir, "ac")
	os.Mkdir(ac, 0o755)
	file := filepath.Join(dir, "f")
	os.WriteFile(file, nil, 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-dat", ac, "-dir", ac}, "-dir " + ac + ": refusing to write inside the game's data folder " + ac},
		{[]string{"-dat", ac, "-dir", filepath.Join(ac, "caps")}, "refusing to write inside the game's data folder"},
		{[]string{"-dir", file}, "-dir " + file + ": is a file; want a folder"},
		{[]string{"-dir", filepath.Join(dir, "no", "caps")}, "does not exist"},
	} {
		err := runCapture(c.args)
		if !cli.IsUserErr(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("capture %q: got %v, want a user error containing %q", c.args, err, c.want)
		}
	}
	if ents, _ := os.ReadDir(ac); len(ents) != 0 {
		t.Errorf("refused captures left %v in the dat folder", ents)
	}
}

// Ctrl-C or SIGTERM during `soundworld capture`: the run's temp folder (the
// picture is made there before the bundle is written) is removed, the
// process exits 130/143 with one line, and no bundle or temp folder is left
// in -dir (issue 12 item 4). The child has its own TMPDIR, so the test sees
// exactly what it leaves behind.
func TestCapture_InterruptLeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the window in a child process")
	}
	for _, c := range childtest.Stops {
		tmp, dir := t.TempDir(), t.TempDir()
		cmd := windowCommand("capture", "-seconds", "3600", "-dir", dir)
		cmd.Env = append(cmd.Env, "TMPDIR="+tmp)
		errb := childtest.Start(t, cmd)
		deadline := time.Now().Add(20 * time.Second)
		for { // wait until the run's temp folder exists
			if ents, _ := os.ReadDir(tmp); len(ents) > 0 || time.Now().After(deadline) {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		time.Sleep(500 * time.Millisecond)
		if !childtest.StopWithin(cmd, c.Sig, 2*time.Second) { // well under outputs.Grace: the window does not watch a context
			t.Fatalf("%s: still running 2 s after the signal", c.Name)
		}
		if code := cmd.ProcessState.ExitCode(); code != c.Code || !strings.Contains(errb.String(), "soundworld capture: interrupted ("+c.Name+")") {
			t.Errorf("%s: exit %d, stderr %q; want %d and one line", c.Name, code, errb.String(), c.Code)
		}
		for _, d := range []string{tmp, dir} {
			if ents, _ := os.ReadDir(d); len(ents) != 0 {
				t.Errorf("%s: left %v in %s", c.Name, ents, d)
			}
		}
	}
}

// Ctrl-C or SIGTERM during a long `soundworld shot`: exit 130/143 with one
// line, and nothing (no picture, sidecar or temp file) in the output folder.
func TestShot_InterruptLeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the window in a child process")
	}
	for _, c := range childtest.Stops {
		dir := t.TempDir()
		var cmd *exec.Cmd
		var errb strings.Builder
		// The signal must reach the shot after it started catching signals;
		// before that the Go runtime's default ends the process by the signal
		// itself. On a loaded machine start-up can take longer than the first
		// wait, so a child that died by the raw signal is started again with a
		// longer wait (2, 8, 20 s); one that never catches it fails below.
		for _, wait := range []time.Duration{2 * time.Second, 8 * time.Second, 20 * time.Second} {
			errb.Reset()
			cmd = windowCommand("shot", "-seconds", "3600", "-o", filepath.Join(dir, "x.png"))
			cmd.Stderr = &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(wait) // the window is running its hour of fixed steps
			if !childtest.StopWithin(cmd, c.Sig, 5*time.Second) {
				t.Fatalf("%s: still running 5 s after the signal", c.Name)
			}
			if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || errb.Len() > 0 {
				break
			}
			t.Logf("%s: the child was not catching signals yet after %v; again with a longer wait", c.Name, wait)
		}
		if code := cmd.ProcessState.ExitCode(); code != c.Code || !strings.Contains(errb.String(), "soundworld shot: interrupted ("+c.Name+")") {
			t.Errorf("%s: exit %d, stderr %q; want %d and one line", c.Name, code, errb.String(), c.Code)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Errorf("%s: left %v in %s", c.Name, ents, dir)
		}
	}
}
