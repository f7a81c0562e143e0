package outputs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/internal/outputs/pipetest"
)

// RefuseSpecial: a regular file and a missing one pass (the reader reports
// the missing file with its fs.ErrNotExist); a folder and a named pipe are
// refused by name.
func TestRefuseSpecial(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "a.json")
	os.WriteFile(reg, []byte("{}"), 0o644)
	if err := RefuseSpecial("-x", reg); err != nil {
		t.Errorf("regular file: %v", err)
	}
	if err := RefuseSpecial("-x", filepath.Join(dir, "none")); err != nil {
		t.Errorf("missing file: %v, want nil (the reader says it)", err)
	}
	if _, err := os.Open(filepath.Join(dir, "none")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	if err := RefuseSpecial("-x", dir); err == nil || !strings.Contains(err.Error(), "a folder") {
		t.Errorf("folder: %v", err)
	}
	fifo := filepath.Join(dir, "p")
	if pipetest.Mkfifo(fifo) == nil {
		if err := RefuseSpecial("-x", fifo); err == nil || !strings.Contains(err.Error(), "-x "+fifo+": is a named pipe") {
			t.Errorf("named pipe: %v", err)
		}
	}
}
