package gate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
)

// Issue 23 item 7: the iteration warning said "(<nil>)" when the iteration
// was read and differed; it now says the iteration, or why it cannot be read.
func TestScene_IterationWarningHasNoNil(t *testing.T) {
	portal, cell, err := assets.StandInImages()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, b := range map[string][]byte{dat.PortalFile: portal, dat.CellFile: cell} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := strings.Replace(goodGate, `"dat": null`, `"dat": {"folder": "`+dir+`", "iterations": {"portal": 999999, "cell": 999999}}`, 1)
	f, err := Parse([]byte(src), filepath.Join(dir, "g.gate.json"))
	if err != nil {
		t.Fatal(err)
	}
	_, _, warn, closer, err := f.scene(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer closer()
	if len(warn) != 2 {
		t.Fatalf("warnings %q, want one per dat", warn)
	}
	for _, w := range warn {
		if strings.Contains(w, "<nil>") || !strings.Contains(w, "999999") {
			t.Errorf("warning %q: want the iterations, no <nil>", w)
		}
	}
}
