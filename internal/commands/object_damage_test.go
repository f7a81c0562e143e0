package commands

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/internal/damage"
)

// damagedSet writes the damaged stand-in set name (internal/damage) into a
// dat folder and returns the folder.
func damagedSet(t *testing.T, name string) string {
	t.Helper()
	portal, cell, err := assets.StandInImages()
	if err != nil {
		t.Fatal(err)
	}
	sets, err := damage.Sets(portal, cell, damage.Targets{Table: 0x20000001, Wave: 0x0A000001, LandBlock: 0xA9B4FFFF,
		Scene: 0x12000009, Setup: 0x02000030, Animation: 0x03000030, Script: 0x33000001, EnvCell: 0xA9B40101})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sets {
		if s.Name == name {
			dir := t.TempDir()
			writeDatPair(t, dir, s.Portal, s.Cell)
			return dir
		}
	}
	t.Fatalf("no set %q", name)
	return ""
}

// Damaged object records are named problems (file, record,
// field, byte) in probe and dump, -strict makes them exit 2, and dump
// prints a NaN as the string "NaN" instead of failing to encode it.
func TestObjectDamageIsNamed(t *testing.T) {
	for _, c := range []struct{ set, want string }{
		{"values/scene-base-loc-NaN", "client_portal.dat: record 0x12000009: scene object 1 base_loc frame value 0 (x) is not a finite number: NaN at record byte 0x58"},
		{"headers/scene-id", "record 0x12000009: record id mismatch: record holds 0x1200000A"},
		{"values/script-NaN", "record 0x33000001: script entry 0: SoundTweaked hook's probability NaN outside [0, 1] at record byte 0x1C"},
		{"headers/setup-cut-in-half", "record 0x02000030: Setup heights and spheres needs 48 bytes"},
	} {
		dir := damagedSet(t, c.set)
		code, out, errs := runOut("probe", "-dat", dir, "-at", "0xA9B4 84 7.1", "-strict")
		if code != 2 || !strings.Contains(errs, "data problem: ") || !strings.Contains(errs, c.want) {
			t.Errorf("%s: probe -strict: exit %d, stderr %q (stdout %d bytes); want exit 2 naming %q", c.set, code, errs, len(out), c.want)
		}
	}
	for _, c := range []struct{ set, what, id string }{
		{"values/scene-base-loc-NaN", "scene", "0x12000009"},
		{"values/script-NaN", "script", "0x33000001"},
	} {
		dir := damagedSet(t, c.set)
		code, out, errs := runOut("dump", "-dat", dir, c.what, c.id)
		if code != 0 || !strings.Contains(out, `"NaN"`) || !strings.Contains(errs, "not a finite number: NaN") && !strings.Contains(errs, "NaN outside") {
			t.Errorf("dump %s of %s: exit %d, stdout %.200q, stderr %q", c.what, c.set, code, out, errs)
		}
	}
	dir := damagedSet(t, "headers/scene-id")
	if code, _, errs := runOut("dump", "-dat", dir, "scenery", "0xA9B4"); !strings.Contains(errs, "record 0x12000009: record id mismatch") {
		t.Errorf("dump scenery over a scene that holds another id: exit %d, stderr %q; want the problem named", code, errs)
	}
}

// writeDatPair writes the dat images portal and cell as dir's two dat files.
func writeDatPair(t *testing.T, dir string, portal, cell []byte) {
	t.Helper()
	for name, b := range map[string][]byte{dat.PortalFile: portal, dat.CellFile: cell} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
