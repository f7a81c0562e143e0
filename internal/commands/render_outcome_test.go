package commands

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/internal/damage"
)

// damagedStandIn writes the stand-in's portal and cell dats to a folder with
// every wave's sample rate set to 3 Hz (refused: the wave does not decode).
func damagedStandIn(t *testing.T) string {
	t.Helper()
	portal, cell, err := assets.StandInImages()
	if err != nil {
		t.Fatal(err)
	}
	if err := damage.WavesUndecodable(portal); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeDatPair(t, dir, portal, cell)
	return dir
}

// Issue 12 item 1: a play that is silent because its wave does not decode
// says bad_wave in the render events log, not plain silent.
func TestRenderEvents_BadWaveOutcome(t *testing.T) {
	dir := damagedStandIn(t)
	out := t.TempDir()
	csv := filepath.Join(out, "ev.csv")
	code, _, errs := runOut("render", "-dat", dir, "-at", "0xA9B4 84 7.1", "-seconds", "30", "-o", filepath.Join(out, "o.wav"), "-events", csv)
	if code != 0 {
		t.Fatalf("render: exit %d, stderr %q", code, errs)
	}
	b, err := os.ReadFile(csv)
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSpace(string(b)), "\n")
	bad := 0
	if !strings.Contains(rows[0], ",outcome,") {
		t.Fatalf("header %q", rows[0])
	}
	col := strings.Count(rows[0][:strings.Index(rows[0], ",outcome,")+1], ",")
	for _, r := range rows[1:] {
		switch f := strings.Split(r, ","); f[col] {
		case "bad_wave":
			bad++
		case "start", "evict":
			t.Errorf("row %q: a voice started with every wave damaged", r)
		}
	}
	if bad == 0 {
		t.Errorf("no bad_wave row in %d rows:\n%s", len(rows)-1, strings.Join(rows[:min(len(rows), 12)], "\n"))
	}
	if !strings.Contains(errs, "data problem: ") {
		t.Errorf("stderr %q: want the waves' problems", errs)
	}
}
