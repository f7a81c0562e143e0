package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `soundworld capture` writes one bundle folder with its six files; a
// missing -dir is the user's error.
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
	if code, _ := windowChild(t, "capture", "-seconds", "1", "-dir", filepath.Join(dir, "nope")); code != 2 {
		t.Errorf("capture -dir missing: exit %d, want 2", code)
	}
}
