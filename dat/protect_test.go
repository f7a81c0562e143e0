package dat

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/internal/outputs"
)

// Issue 12 item 4: a folder opened as game data is protected for the rest of
// the process — an output check that knows no -dat (the window's panels)
// still refuses to write inside it. A folder that failed to open is not.
func TestOpenDir_ProtectsTheFolder(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	for name, set := range map[string]uint32{PortalFile: DataSetPortal, CellFile: DataSetCell} {
		img, err := NewWriter(256, set, 1).Bytes()
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name), img, 0o644)
	}
	out := filepath.Join(dir, "events.csv")
	if err := outputs.CheckFile("", out, ""); err != nil {
		t.Fatalf("before OpenDir: %v", err)
	}
	a, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	if err := outputs.CheckFile("", out, ""); err == nil || !strings.Contains(err.Error(), "refusing to write inside the game's data folder "+dir) {
		t.Errorf("after OpenDir: %v, want the data-folder refusal", err)
	}
	if _, err := OpenDir(other); err == nil {
		t.Fatal("an empty folder opened")
	}
	if err := outputs.CheckFile("", filepath.Join(other, "x.csv"), ""); err != nil {
		t.Errorf("a folder that did not open is refused: %v", err)
	}
}
