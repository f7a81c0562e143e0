package commands

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/internal/crash"
	"soundworld/internal/outputs"
)

// bugCommands stand in for a bug (only in the child processes of
// TestBug_Exit70): each leaves a temp output behind, then panics on the
// command's goroutine or on one it started.
var bugCommands = []Command{
	{"bug-main", "", func(e *Env, args []string) error {
		leaveTemp(args[0])
		var p *Env
		_ = p.Stdout // nil dereference
		return nil
	}},
	{"bug-goroutine", "", func(e *Env, args []string) error {
		leaveTemp(args[0])
		done := make(chan struct{})
		crash.Go(func() { panic("a worker's bug") })
		<-done // the goroutine's report exits the process
		return nil
	}},
}

func leaveTemp(path string) {
	f, err := outputs.Create(path)
	if err != nil {
		panic(err)
	}
	f.WriteString("half")
}

// Issue 23 item 1: a panic is a bug, not the user's mistake: exit 70 (never
// 2), "internal error (a bug): …" with the stack on stderr, the temp files
// removed, whether it happened on the command's goroutine or another.
func TestBug_Exit70(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	for _, c := range []struct{ cmd, value string }{
		{"bug-main", "invalid memory address or nil pointer dereference"},
		{"bug-goroutine", "a worker's bug"},
	} {
		dir := t.TempDir()
		cmd := childMain(c.cmd, filepath.Join(dir, "out.wav"))
		out, err := cmd.CombinedOutput()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 70 {
			t.Errorf("%s: %v, want exit 70; output:\n%s", c.cmd, err, out)
			continue
		}
		s := string(out)
		if !strings.HasPrefix(s, "soundworld "+c.cmd+": internal error (a bug): ") || !strings.Contains(s, c.value) ||
			!strings.Contains(s, "goroutine ") || !strings.Contains(s, "crash_test.go") {
			t.Errorf("%s: output %q: want the report with the value and the stack", c.cmd, s)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Errorf("%s: left %v, want the temp file removed", c.cmd, ents)
		}
	}
}
