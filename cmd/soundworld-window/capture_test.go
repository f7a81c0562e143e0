package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/internal/cli"
)

// `soundworld capture` writes one bundle folder with its six files; a -dir
// whose parent is missing is the user's error.
func TestCapture_WritesBundle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the window in a child process")
	}
	dir := t.TempDir()
	if code, stderr := windowChild(t, "capture", "-seconds", "2", "-dir", dir); code != 0 {
		t.Fatalf("capture: exit %d: %s", code, stderr)
	}
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
