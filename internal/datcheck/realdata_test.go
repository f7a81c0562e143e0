package datcheck

import (
	"os"
	"testing"
)

// TestRealData checks a real end-of-retail install when SOUNDWORLD_DAT
// names one (never in CI: the game files are not ours to ship). A clean
// install should check clean; every problem is logged.
func TestRealData(t *testing.T) {
	dir := os.Getenv("SOUNDWORLD_DAT")
	if dir == "" {
		t.Skip("SOUNDWORLD_DAT not set (a folder with client_portal.dat and client_cell_1.dat)")
	}
	s, err := CheckDir(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d records %v in %.1f s (%.0f MB/s)", s.Records, s.Counts, s.Seconds, s.MBPerSec())
	for _, p := range s.Problems {
		t.Errorf("%s", p)
	}
}
