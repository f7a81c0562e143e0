package commands

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/dat"
)

// Issue 21 item 7: the full-size generated world is one command away
// (`soundworld bigworld -o DIR`, in the README); DIR appears whole, opens as
// a dat folder with all 255 × 255 landblocks, and is never written over.
func TestBigworld_WritesANewDatFolder(t *testing.T) {
	if testing.Short() {
		t.Skip("generates the 19 MB world")
	}
	dir := filepath.Join(t.TempDir(), "big")
	code, out, errs := runOut("bigworld", "-o", dir)
	if code != 0 || !strings.Contains(out, "soundworld -dat "+dir) {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	a, err := dat.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	for _, id := range []uint32{0x0000FFFF, 0xFEFEFFFF, 0xA9B4FFFF} {
		if _, err := a.LandBlock(id); err != nil {
			t.Errorf("landblock 0x%08X: %v", id, err)
		}
	}
	if ents, _ := os.ReadDir(filepath.Dir(dir)); len(ents) != 1 {
		t.Errorf("left %d entries beside the folder, want only it", len(ents))
	}
	if code, _, errs := runOut("bigworld", "-o", dir); code != 2 || !strings.Contains(errs, "already exists") {
		t.Errorf("a second run onto the folder: exit %d, stderr %q; want 2 and a refusal", code, errs)
	}
	if code := run([]string{"bigworld"}); code != 2 {
		t.Errorf("without -o: exit %d, want 2", code)
	}
}
