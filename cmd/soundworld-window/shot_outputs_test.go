//go:build !js

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/dat"
	"soundworld/dat/dattest"
	"soundworld/internal/childtest"
	"soundworld/internal/cli"
	"soundworld/internal/outputs/pipetest"
)

// Issue 12 items 4 and 5 for shot and the window: outputs checked before the
// window opens (shot -o x.json would lose the PNG to its own sidecar; -o inside
// -dat), headings finite, an -emitters named pipe refused at once.
func TestShot_OutputsAndValuesCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	datDir := filepath.Join(dir, "ac")
	os.Mkdir(datDir, 0o755)
	fifo := filepath.Join(dir, "layout.json")
	if err := pipetest.Mkfifo(fifo); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", filepath.Join(dir, "x.json")}, "is also the output -o"},
		{[]string{"-o", filepath.Join(datDir, "x.png"), "-dat", datDir}, "inside the game's data folder"},
		{[]string{"-o", dir}, "is a folder"},
		{[]string{"-o", filepath.Join(dir, "x.png"), "-heading", "NaN"}, "-heading NaN"},
		{[]string{"-o", filepath.Join(dir, "x.png"), "-heading", "1e300"}, "-heading 1e+300"},
		{[]string{"-o", filepath.Join(dir, "x.png"), "-emitters", fifo}, "is a named pipe"},
	} {
		err := runShot(c.args)
		if !cli.IsUserErr(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("shot %q: got %v, want a user error containing %q", c.args, err, c.want)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("refused shots left %v", ents)
	}
}

// Issue 12 item 1 for shot: a damaged landblock is listed on stderr, one line
// per problem, and -strict makes it exit 2; a damaged region record is exit 2.
// The shot runs in a child process (Ebitengine runs one game per process):
// this test binary re-executed as soundworld-window (SOUNDWORLD_WINDOW_MAIN).
func TestShot_DataProblems(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the window in child processes")
	}
	bad := dat.EncodeLandBlock(&dat.LandBlock{ID: 0xA9B4FFFF})[:248] // 4 bytes short
	dir := shotDats(t, bad, nil)
	out := filepath.Join(t.TempDir(), "s.png")
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"shot", "-dat", dir, "-at", "0xA9B4 84 7.1", "-seconds", "0", "-o", out}, 0},
		{[]string{"shot", "-dat", dir, "-at", "0xA9B4 84 7.1", "-seconds", "0", "-o", out, "-strict"}, 2},
	} {
		code, stderr := windowChild(t, c.args...)
		if code != c.code || !strings.Contains(stderr, "soundworld shot: data problem: ") || !strings.Contains(stderr, "record 0xA9B4FFFF") {
			t.Errorf("%q: exit %d, stderr %q; want %d and the landblock's problem", c.args, code, stderr, c.code)
		}
	}
	code, stderr := windowChild(t, "shot", "-dat", shotDats(t, nil, []byte{1, 2, 3}), "-seconds", "0", "-o", out)
	if code != 2 || !strings.Contains(stderr, "0x13000000") {
		t.Errorf("damaged region: exit %d, stderr %q; want 2 naming record 0x13000000", code, stderr)
	}
}

func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv(windowMain); ok {
		os.Exit(run(strings.Split(args, "\x1f")))
	}
	os.Exit(m.Run())
}

// windowMain is the variable that makes TestMain run soundworld-window.
const windowMain = "SOUNDWORLD_WINDOW_MAIN"

// windowCommand is this test binary run as soundworld-window with args.
func windowCommand(args ...string) *exec.Cmd { return childtest.Command(windowMain, args...) }

// windowChild runs this test binary as soundworld-window with args.
func windowChild(t *testing.T, args ...string) (int, string) {
	t.Helper()
	cmd := windowCommand(args...)
	var errb strings.Builder
	cmd.Stderr = &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), errb.String()
}

// windowOK runs soundworld-window with args and fails t unless it exits 0.
func windowOK(t *testing.T, args ...string) {
	t.Helper()
	if code, stderr := windowChild(t, args...); code != 0 {
		t.Fatalf("%q: exit %d: %s", args, code, stderr)
	}
}

// shotDats writes a small portal + cell pair; lbBytes and regionBytes, when
// not nil, replace landblock 0xA9B4FFFF's and the region's records.
func shotDats(t *testing.T, lbBytes, regionBytes []byte) string {
	t.Helper()
	dir := t.TempDir()
	p := dat.NewWriter(1024, dat.DataSetPortal, 0)
	if regionBytes == nil {
		regionBytes = regionRecord()
	}
	p.Add(dat.RegionID, regionBytes)
	c := dat.NewWriter(256, dat.DataSetCell, 1)
	if lbBytes == nil {
		lbBytes = dat.EncodeLandBlock(&dat.LandBlock{ID: 0xA9B4FFFF})
	}
	c.Add(0xA9B4FFFF, lbBytes)
	dattest.WriteDir(t, dir, p, c)
	return dir
}
