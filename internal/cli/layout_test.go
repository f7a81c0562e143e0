package cli

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/audio"
	"soundworld/dat"
	"soundworld/internal/outputs"
	"soundworld/internal/outputs/pipetest"
	"soundworld/world"
)

// E2's file side: layouts are saved atomically, never into game data, and
// read back as saved; a named pipe given as a layout (a flag or the Emitters
// panel's load box) is refused at once instead of waiting for a writer forever.

func TestE2_SaveLayoutAtomicRoundTrip(t *testing.T) {
	dir := t.TempDir()
	z := float32(7.25)
	es := []world.Emitter{
		{Name: "forge \"one\"", Landblock: 0xA9B4, X: 90, Y: 7.1, SoundTable: 0x20000010, SType: 0x69, Volume: 1, Interval: [2]float32{2, 4}},
		{Name: "bell", Landblock: 0x0001, X: 0.5, Y: 191.5, Z: &z, SoundTable: 0x20000011, SType: 0x77, Volume: 2.5, Interval: [2]float32{0, 0}, Path: audio.PathHook},
	}
	path := filepath.Join(dir, "layout.json")
	if err := SaveLayout(path, es, ""); err != nil {
		t.Fatal(err)
	}
	got, err := LoadLayoutFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Name != es[0].Name || got[0].Y != 7.1 || got[1].Z == nil || *got[1].Z != 7.25 ||
		got[1].Path != audio.PathHook || got[1].Volume != 2.5 || got[1].Landblock != 1 {
		t.Fatalf("E2: round trip %+v, want %+v", got, es)
	}
	b, _ := os.ReadFile(path)
	if !strings.Contains(string(b), `"y":7.1,`) || !strings.Contains(string(b), `"z":null`) {
		t.Fatalf("E2: saved numbers not short: %s", b)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("E2: temp files left behind: %v", ents)
	}
}

func TestE2_NeverIntoGameData(t *testing.T) {
	dir := t.TempDir()
	datDir := filepath.Join(dir, "ac")
	os.Mkdir(datDir, 0o755)
	for _, p := range []string{filepath.Join(dir, "client_portal.dat"), filepath.Join(dir, "x.DAT"), filepath.Join(datDir, "layout.json"), filepath.Join(datDir, "sub", "l.json")} {
		if err := SaveLayout(p, nil, datDir); err == nil {
			t.Errorf("E2: SaveLayout(%s) accepted, want a refusal", p)
		}
	}
	if err := SaveLayout(filepath.Join(dir, "ac-layout.json"), nil, datDir); err != nil {
		t.Errorf("E2: a sibling of the dat folder must be allowed: %v", err)
	}
}

func TestE2_AtomicAbortLeavesTarget(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.json")
	os.WriteFile(p, []byte("old"), 0o644)
	err := outputs.WriteFile(p, func(w *os.File) error {
		w.Write([]byte("new"))
		return errors.New("boom")
	})
	if err == nil {
		t.Fatalf("E2: the write error was lost")
	}
	if b, _ := os.ReadFile(p); string(b) != "old" {
		t.Fatalf("E2: failed write changed the target to %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("E2: temp file left: %v", ents)
	}
}

func TestLoadLayoutFile_RefusesNamedPipe(t *testing.T) {
	pipetest.RefusedAtOnce(t, "layout.json", func(p string) error { _, err := LoadLayoutFile(p); return err })
}

// Issue 12 item 4: a folder opened as game data is protected for the rest of
// the process — an output check that knows no -dat (the window's panels)
// still refuses to write inside it. A folder that failed to open is not.
func TestOpenDataDir_ProtectsTheFolder(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	for name, set := range map[string]uint32{dat.PortalFile: dat.DataSetPortal, dat.CellFile: dat.DataSetCell} {
		img, err := dat.NewWriter(256, set, 1).Bytes()
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name), img, 0o644)
	}
	out := filepath.Join(dir, "events.csv")
	if err := outputs.CheckFile("", out, ""); err != nil {
		t.Fatalf("before OpenDataDir: %v", err)
	}
	a, err := OpenDataDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	if err := outputs.CheckFile("", out, ""); err == nil || !strings.Contains(err.Error(), "refusing to write inside the game's data folder "+dir) {
		t.Errorf("after OpenDataDir: %v, want the data-folder refusal", err)
	}
	if _, err := OpenDataDir(other); err == nil {
		t.Fatal("an empty folder opened")
	}
	if err := outputs.CheckFile("", filepath.Join(other, "x.csv"), ""); err != nil {
		t.Errorf("a folder that did not open is refused: %v", err)
	}
}
