//go:build unix

package commands

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Issue 21 item 7: stopping the launcher (SIGTERM or SIGINT cancel its
// context) stops the window and what the window started: a fake
// soundworld-window starts a child the way xvfb-run starts Xvfb and waits;
// after the cancel that child must be gone too (before, only the direct
// child got SIGTERM and the grandchild kept running).
func TestLaunch_StopReachesTheWindowsChildren(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "child.pid")
	script := "#!/bin/sh\nsleep 300 &\necho $! > " + pidFile + "\nwait\n"
	if err := os.WriteFile(filepath.Join(dir, windowProgram), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- launchWindow(&Env{Ctx: ctx, Stdout: io.Discard, Stderr: io.Discard}, nil) }()
	var pid int
	for deadline := time.Now().Add(10 * time.Second); pid == 0 && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		b, _ := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
	}
	if pid == 0 {
		cancel()
		t.Fatal("the fake window never started its child")
	}
	defer syscall.Kill(pid, syscall.SIGKILL)
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the launcher did not return 10 s after the cancel")
	}
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if syscall.Kill(pid, 0) != nil {
			return // gone
		}
	}
	t.Errorf("the window's child (pid %d, as Xvfb under xvfb-run) still runs after the launcher was stopped", pid)
}

// Stopping the launcher (what SIGINT and SIGTERM do: they cancel its
// context) leaves no temp folder: a fake window makes one the way
// xvfb-run does (mktemp -d in TMPDIR, removed by an EXIT trap that sh
// skips when a signal ends it) and is stopped; TMPDIR is empty after.
func TestLaunch_StopLeavesNoTempFolder(t *testing.T) {
	dir, tmp := t.TempDir(), t.TempDir()
	made := filepath.Join(dir, "made")
	script := "#!/bin/sh\nd=$(mktemp -d -t xvfb-run.XXXXXX)\ntrap 'rm -rf \"$d\"' EXIT\necho \"$d\" > " + made + "\nsleep 300 &\nwait\n"
	if err := os.WriteFile(filepath.Join(dir, windowProgram), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("TMPDIR", tmp)
	{
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan int, 1)
		go func() { done <- launchWindow(&Env{Ctx: ctx, Stdout: io.Discard, Stderr: io.Discard}, nil) }()
		var d string
		for deadline := time.Now().Add(10 * time.Second); d == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			b, _ := os.ReadFile(made)
			d = strings.TrimSpace(string(b))
		}
		if d == "" {
			cancel()
			t.Fatal("the fake window never made its temp folder")
		}
		if _, err := os.Stat(d); err != nil {
			t.Fatalf("the fake window's folder %s: %v", d, err)
		}
		cancel() // either signal cancels the command's context (outputs.Catch)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("the launcher did not return 10 s after the cancel")
		}
		if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
			t.Errorf("TMPDIR holds %s after the launcher was stopped", ents[0].Name())
		}
	}
}
