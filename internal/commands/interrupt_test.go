//go:build unix

package commands

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"soundworld/internal/bigworld/bigtest"
	"soundworld/internal/childtest"
)

// Ctrl-C or SIGTERM while atlas writes its three outputs: exit 130/143 with
// the one line, no temp file left, and the earlier PNG, JSON and CSV all as
// they were (issue 23 item 5: all old or all new, never a mix).
//
// The child runs a 32 × 32 landblock region of the full-size generated
// world (a 3.6 MB CSV). When the first output's temp file appears the test
// stops it (SIGSTOP) and looks: only if an output's temp file is there and
// every target still holds its old bytes is it mid-write; then the signal is sent and the child
// continued. A child caught outside that moment (before its signal handler,
// or already renaming) is run again, up to five times.
func TestAtlas_InterruptMidWriteKeepsEarlierFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes over the generated world")
	}
	world := bigtest.Dir(t)
	names := []string{"a.png", "a.json", "a.csv"}
	for _, c := range childtest.Stops {
		midWrite := false
		for try := 1; try <= 5 && !midWrite; try++ {
			dir := t.TempDir()
			for _, n := range names {
				os.WriteFile(filepath.Join(dir, n), []byte("previous "+n), 0o644)
			}
			cmd := childMain("atlas", "-dat", world, "-loudest-bed", "-region", "0x4040..0x5F5F",
				"-o", filepath.Join(dir, "a.png"), "-json", filepath.Join(dir, "a.json"), "-csv", filepath.Join(dir, "a.csv"))
			errb := childtest.Start(t, cmd)
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			exited := func() bool {
				select {
				case <-done:
					return true
				default:
					return false
				}
			}
			for outputTemps(dir) == 0 && !exited() {
				time.Sleep(time.Millisecond)
			}
			if exited() {
				t.Logf("%s try %d: the atlas finished before it was caught writing (exit %d); again", c.Name, try, cmd.ProcessState.ExitCode())
				continue
			}
			cmd.Process.Signal(syscall.SIGSTOP)
			waitStopped(cmd.Process.Pid)
			midWrite = outputTemps(dir) > 0 && allPrevious(dir, names)
			cmd.Process.Signal(c.Sig)
			cmd.Process.Signal(syscall.SIGCONT)
			endWithin30s(t, cmd, done, c.Name)
			if !midWrite {
				t.Logf("%s try %d: stopped outside the write (renaming already); again", c.Name, try)
				continue
			}
			if code := cmd.ProcessState.ExitCode(); code != c.Code || !strings.HasSuffix(errb.String(), "soundworld atlas: interrupted ("+c.Name+"); unfinished outputs removed, earlier files untouched\n") {
				t.Errorf("%s: exit %d, stderr %q; want %d and the one line", c.Name, code, errb.String(), c.Code)
			}
			if !allPrevious(dir, names) {
				t.Errorf("%s: an earlier output was replaced", c.Name)
			}
			if left := tempFiles(t, dir); len(left) > 0 {
				t.Errorf("%s: left %v", c.Name, left)
			}
		}
		if !midWrite {
			t.Errorf("%s: never caught the atlas while it wrote its outputs in five tries", c.Name)
		}
	}
}

// outputTemps counts the temp files of the outputs a.* in dir (".a.png.*.tmp"
// …), not the output check's own probe of the folder.
func outputTemps(dir string) int {
	n := 0
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".a.") && strings.HasSuffix(e.Name(), ".tmp") {
			n++
		}
	}
	return n
}

// allPrevious reports whether every file names in dir still holds "previous NAME".
func allPrevious(dir string, names []string) bool {
	for _, n := range names {
		if b, err := os.ReadFile(filepath.Join(dir, n)); err != nil || string(b) != "previous "+n {
			return false
		}
	}
	return true
}

// waitStopped waits (up to 2 s) until process pid is stopped, as Linux's
// /proc/PID/stat shows it (state T); elsewhere it waits 50 ms.
func waitStopped(pid int) {
	stat := fmt.Sprintf("/proc/%d/stat", pid)
	if _, err := os.Stat(stat); err != nil {
		time.Sleep(50 * time.Millisecond)
		return
	}
	for end := time.Now().Add(2 * time.Second); time.Now().Before(end); time.Sleep(time.Millisecond) {
		b, _ := os.ReadFile(stat)
		// "PID (COMM) STATE …": the state follows the last ')'.
		if i := bytes.LastIndexByte(b, ')'); i >= 0 && i+2 < len(b) && (b[i+2] == 'T' || b[i+2] == 't') {
			return
		}
	}
}

// Ctrl-C or SIGTERM while the gate renders its seeds: exit 130/143 with the
// one line, no report folder, the gate file's bytes (its history) as they
// were, no temp file. A child killed by the raw signal (it had not started
// catching it yet on a loaded machine) is run again with a longer wait.
func TestGate_InterruptLeavesGateFileAndNoReport(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	for _, c := range childtest.Stops {
		dir := t.TempDir()
		file := writeGate(t, dir, 1)
		before, _ := os.ReadFile(file)
		report := filepath.Join(dir, "report")
		var errb bytes.Buffer
		var cmd *exec.Cmd
		for _, wait := range []time.Duration{time.Second, 4 * time.Second, 10 * time.Second} {
			errb.Reset()
			cmd = childMain("gate", "-seeds", "1000", "-o", report, file)
			cmd.Stderr = &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(wait) // rendering its thousand seeds
			cmd.Process.Signal(c.Sig)
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			endWithin30s(t, cmd, done, c.Name)
			if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
				break
			}
			t.Logf("%s: the child was not catching signals yet after %v; again", c.Name, wait)
		}
		if code := cmd.ProcessState.ExitCode(); code != c.Code || !strings.HasSuffix(errb.String(), "soundworld gate: interrupted ("+c.Name+"); unfinished outputs removed, earlier files untouched\n") {
			t.Errorf("%s: exit %d, stderr %q; want %d and the one line", c.Name, code, errb.String(), c.Code)
		}
		if b, _ := os.ReadFile(file); !bytes.Equal(b, before) {
			t.Errorf("%s: the gate file changed", c.Name)
		}
		if _, err := os.Stat(report); err == nil {
			t.Errorf("%s: the report folder was made", c.Name)
		}
		if left := tempFiles(t, dir); len(left) > 0 {
			t.Errorf("%s: left %v", c.Name, left)
		}
	}
}

// endWithin30s waits for done (cmd has ended) at most 30 s after the
// signal name; then it kills cmd and fails the test.
func endWithin30s(t *testing.T, cmd *exec.Cmd, done <-chan struct{}, name string) {
	t.Helper()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%s: still running 30 s after the signal", name)
	}
}
