package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/internal/outputs"
	"soundworld/world"
)

// Issue 12 item 4 for the Events panel's "copy CSV" without a clipboard tool:
// the fallback file is refused inside a folder the process opened as game
// data (the panel knows no -dat; cli.OpenDataDir protects the folder) with the
// one message of internal/outputs, and written atomically elsewhere.
func TestCopyCSV_FallbackRefusesDatFolder(t *testing.T) {
	oldTools, oldDir := clipTools, csvDir
	defer func() { clipTools, csvDir = oldTools, oldDir }()
	clipTools = nil
	ac := t.TempDir()
	outputs.Protect(ac)
	for _, dir := range []string{filepath.Join(ac, "screenshots"), ac} {
		csvDir = dir
		note := copyCSV(nil, nil)
		if !strings.Contains(note, "copy failed: ") || !strings.Contains(note, "refusing to write inside the game's data folder "+ac) {
			t.Errorf("csvDir %s: %q, want the data-folder refusal", dir, note)
		}
	}
	if ents, _ := os.ReadDir(ac); len(ents) != 0 {
		t.Errorf("left %v in the data folder", ents)
	}
	csvDir = filepath.Join(t.TempDir(), "screenshots")
	note := copyCSV(nil, nil)
	ents, _ := os.ReadDir(csvDir)
	if len(ents) != 1 || !strings.Contains(note, "wrote 0 rows to "+filepath.Join(csvDir, ents[0].Name())) {
		t.Fatalf("outside: %q, folder holds %v", note, ents)
	}
	if b, _ := os.ReadFile(filepath.Join(csvDir, ents[0].Name())); string(b) != world.EventsCSVHeader {
		t.Errorf("fallback file %q, want the header", b)
	}
}
