package commands

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/gate"
	"soundworld/internal/cli"
)

// The exit-code contract (README, `soundworld help`): 1 an I/O failure,
// 2 the user's input, 3 a failing gate, 70 a bug, 130/143 a signal. These
// tests pin the causes the commands could confuse: a write that fails after
// every output check passed is an I/O failure, never the user's mistake.

// fullDisk is the file size limit the children of
// TestExitCodes_FullDiskIsIOFailure run under (RLIMIT_FSIZE): a write past
// it fails with EFBIG as on a full disk, and the earlier bytes stay.
const fullDisk = 32 << 10

// A full disk while the outputs are written: exit 1 naming the write, every
// earlier output as it was (all-or-nothing), no temp file left. atlas's third
// output (the CSV, the largest) is the one that fails, after the PNG and the
// JSON were written to their temp files.
func TestExitCodes_FullDiskIsIOFailure(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	if !canLimitFileSize {
		t.Skip("no RLIMIT_FSIZE on this system")
	}
	gateDir := t.TempDir()
	gateFile := writeGate(t, gateDir, 1)
	gateBefore, _ := os.ReadFile(gateFile)
	for _, c := range []struct {
		name  string
		args  []string
		files []string // previous outputs that must survive, relative to the folder
	}{
		{"render", []string{"render", "-at", "0xA9B4 84 7.1", "-seconds", "2", "-o", "{}/x.wav", "-events", "{}/x.csv"}, []string{"x.wav", "x.csv"}},
		{"atlas", []string{"atlas", "-loudest-bed", "-o", "{}/a.png", "-json", "{}/a.json", "-csv", "{}/a.csv"}, []string{"a.png", "a.json", "a.csv"}},
		{"gate", []string{"gate", "-seeds", "2", "-o", "{}/report", gateFile}, []string{"report/report.json", "report/report.html"}},
		{"bigworld", []string{"bigworld", "-o", "{}/world"}, nil},
	} {
		dir := t.TempDir()
		for _, f := range c.files {
			os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755)
			os.WriteFile(filepath.Join(dir, f), []byte("previous "+f), 0o644)
		}
		args := make([]string, len(c.args))
		for i, a := range c.args {
			args[i] = strings.ReplaceAll(a, "{}", dir)
		}
		cmd := childMain(args...)
		cmd.Env = append(cmd.Env, fmt.Sprintf("SOUNDWORLD_TEST_FSIZE=%d", fullDisk))
		var errb bytes.Buffer
		cmd.Stderr = &errb
		cmd.Run()
		code := cmd.ProcessState.ExitCode()
		if code != 1 || !strings.Contains(errb.String(), "file too large") {
			t.Errorf("%s: exit %d, want 1 naming the failed write; stderr %q", c.name, code, errb.String())
		}
		for _, f := range c.files {
			if b, _ := os.ReadFile(filepath.Join(dir, f)); string(b) != "previous "+f {
				t.Errorf("%s: %s is %d bytes, want the previous contents", c.name, f, len(b))
			}
		}
		if left := tempFiles(t, dir); len(left) > 0 {
			t.Errorf("%s: left %v", c.name, left)
		}
	}
	if b, _ := os.ReadFile(gateFile); !bytes.Equal(b, gateBefore) {
		t.Errorf("gate: the gate file changed (history appended) although the report failed")
	}
	if left := tempFiles(t, gateDir); len(left) > 0 {
		t.Errorf("gate: left %v beside the gate file", left)
	}
}

// tempFiles lists the temp files and folders (".NAME.*.tmp") under dir.
func tempFiles(t *testing.T, dir string) []string {
	t.Helper()
	var left []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(d.Name(), ".tmp") {
			left = append(left, p)
		}
		return nil
	})
	return left
}

// exitOf is the exit code a command's error gives (cli.ExitCodeTo).
func exitOf(err error) int { return cli.ExitCodeTo(io.Discard, "soundworld", err) }

// An output whose folder passed the checks and is gone when the file is
// created (removed while the command ran): an I/O failure (exit 1), not the
// user's input (2).
func TestExitCodes_OutputGoneAfterTheCheckIsIOFailure(t *testing.T) {
	sub := filepath.Join(t.TempDir(), "sub")
	os.Mkdir(sub, 0o755)
	var errb bytes.Buffer
	o, err := parseRender([]string{"-at", "0xA9B4 84 7.1", "-seconds", "1", "-o", filepath.Join(sub, "x.wav")}, &errb, &errb)
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(sub)
	err = renderFiles(context.Background(), o, &errb)
	if code := exitOf(err); code != 1 {
		t.Errorf("render: %v: exit %d, want 1", err, code)
	}

	// gate: the report folder's parent gone after the seeds were rendered.
	dir := t.TempDir()
	file := filepath.Join(dir, "g.gate.json")
	const body = `{"name": "g", "dat": null, "loc": "0xA9B40019 [84.000000 7.100000 85.005000] 1.000000 0.000000 0.000000 0.000000",
  "camera": {"eye": 2, "chase": 0}, "prefs": "", "emitters": null, "seconds": 10, "recording": "g.wav", "offset_s": 0,
  "ignore": [], "notes": "", "history": []}
`
	os.WriteFile(file, []byte(body), 0o644)
	gone := filepath.Join(dir, "gone")
	err = writeGateOutputs(context.Background(), filepath.Join(gone, "report"), file, []byte("{}"), []byte("<p>report</p>"), gate.History{})
	if code := exitOf(err); code != 1 {
		t.Errorf("gate report: %v: exit %d, want 1", err, code)
	}
	if b, _ := os.ReadFile(file); string(b) != body {
		t.Errorf("gate file changed: %q", b)
	}
}

// A panic inside dump is a bug like any other: Main's report and exit 70,
// not dump's own "internal error" and exit 1. The child's dump writes its
// JSON to a stdout that panics.
func TestExitCodes_DumpPanicIsABug(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	out, err := childMain("bug-dump").CombinedOutput()
	if code := exitCodeOf(err); code != 70 || !strings.Contains(string(out), "internal error (a bug): a writer's bug") {
		t.Errorf("exit %d, want 70 with the crash report; output:\n%s", code, out)
	}
}

// exitCodeOf is a finished child's exit code (0 when err is nil).
func exitCodeOf(err error) int {
	if ee, ok := err.(interface{ ExitCode() int }); ok {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// exitBugCommands join bugCommands in the child processes (TestMain).
var exitBugCommands = []Command{
	{"bug-dump", "", func(e *Env, args []string) error {
		return dump([]string{"region"}, panicWriter{}, e.Stderr)
	}},
}

// panicWriter is a writer with a bug.
type panicWriter struct{}

func (panicWriter) Write([]byte) (int, error) { panic("a writer's bug") }

// A gate file that Load accepts but that appending the run's history line
// would push past the size a gate file may have (4 MiB, so the next Load
// would refuse it) is refused before the first seed renders: exit 2 naming
// the history, not the missing recording the seeds would have met.
func TestGate_HistoryCheckedBeforeTheFirstSeed(t *testing.T) {
	dir := t.TempDir()
	p := writeGate(t, dir, 1)
	b, _ := os.ReadFile(p)
	pad := 4<<20 - len(b) - 40 // just under the limit with the notes filled
	b = bytes.Replace(b, []byte(`"notes": ""`), []byte(`"notes": "`+strings.Repeat("x", pad)+`"`), 1)
	os.WriteFile(p, b, 0o644)
	if len(b) > 4<<20 {
		t.Fatalf("fixture %d bytes: past the limit already", len(b))
	}
	os.Remove(filepath.Join(dir, "spawn.wav")) // the seeds would fail on it
	code, _, errs := runOut("gate", p, "-seeds", "2")
	if code != 2 || !strings.Contains(errs, "history: ") || !strings.Contains(errs, "appending history would make the file") {
		t.Errorf("exit %d, stderr %q; want 2 naming the history", code, errs)
	}
	if after, _ := os.ReadFile(p); !bytes.Equal(after, b) {
		t.Error("the gate file changed")
	}
}
