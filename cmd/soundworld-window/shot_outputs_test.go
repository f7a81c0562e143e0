package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"soundworld/internal/cli"
)

// Issue 12 items 4 and 5 for shot and the window: outputs checked before the
// window opens (shot -o x.json would lose the PNG to its own sidecar; -o inside
// -dat), headings finite, an -emitters named pipe refused at once.
func TestShot_OutputsAndValuesCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	datDir := filepath.Join(dir, "ac")
	os.Mkdir(datDir, 0o755)
	fifo := filepath.Join(dir, "layout.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
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
