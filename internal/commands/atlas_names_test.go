package commands

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// atlas -names: the objects list and its CSV name each object as the
// window does (the user's name for the forge's object id; the stand-in's
// "windmill" for the rest), and the search's hits name their sound ("meadow
// wind" for table 0x20000001's Ambient1, not only the retail SoundType
// name). A bad names file is a usage error naming the file.
func TestAtlas_NamesFile(t *testing.T) {
	dir := t.TempDir()
	nf := filepath.Join(dir, "names.csv")
	if err := os.WriteFile(nf, []byte("id,name\n0xA9B40000,Holtburg forge\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	csvPath := filepath.Join(dir, "objects.csv")
	out, errs, code := runAtlasTest(t, "-objects", "-names", nf, "-csv", csvPath)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	forge := ""
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "0xA9B40000") {
			forge = l
		}
	}
	if !strings.Contains(forge, "Holtburg forge") || !strings.Contains(out, "windmill") {
		t.Errorf("objects list:\n%s\nwant the forge as \"Holtburg forge\" and the windmill named", out)
	}
	b, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	if !strings.HasSuffix(lines[0], ",name") || !strings.Contains(string(b), `0xA9B40000,0x02000001,0x20000010,90.00,20.00,82.50,"42.1N, 33.6E","hook 0x69 Lockpicking (table 0x20000010); hook 0x21 Thump1 (table 0x20000010)",static,"Holtburg forge"`) {
		t.Errorf("objects CSV:\n%s\nwant a name column with \"Holtburg forge\"", b)
	}
	out, errs, code = runAtlasTest(t, "-search", "0x20000001")
	if code != 0 || !strings.Contains(out, "meadow wind") {
		t.Errorf("search 0x20000001: exit %d, %s\n%s\nwant its hits named \"meadow wind\"", code, errs, out)
	}
	bad := filepath.Join(dir, "bad.csv")
	if err := os.WriteFile(bad, []byte("xyz,forge\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code = runAtlasTest(t, "-objects", "-names", bad); code != 2 || !strings.Contains(errs, "bad.csv:1") {
		t.Errorf("bad names file: exit %d, %q; want 2 naming bad.csv:1", code, errs)
	}
}
