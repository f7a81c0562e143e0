package commands

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/dat"
	"soundworld/dat/dattest"
)

// Issue 23 item 7: `dump soundtable` of a table holding NaN (and ±Inf)
// prints the record — the values as "NaN", "+Inf" — instead of failing
// with `json: unsupported value` (exit 1).
func TestDump_SoundTableNaN(t *testing.T) {
	dir := writeDats(t, nil)
	p := filepath.Join(dir, dat.PortalFile)
	img, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	f := dattest.File(t, img, p)
	e, err := f.Lookup(0x20000042)
	if err != nil {
		t.Fatal(err)
	}
	rec := img[e.Offset : int(e.Offset)+int(e.Size)+64]
	one := binary.LittleEndian.AppendUint32(nil, math.Float32bits(1))     // the probabilities
	eight := binary.LittleEndian.AppendUint32(nil, math.Float32bits(0.8)) // the first volume
	i, j := bytes.Index(rec, one), bytes.Index(rec, eight)
	if i < 0 || j < 0 {
		t.Fatal("fixture: the table's 1.0 and 0.8 not found")
	}
	binary.LittleEndian.PutUint32(rec[i:], math.Float32bits(float32(math.NaN())))
	binary.LittleEndian.PutUint32(rec[j:], math.Float32bits(float32(math.Inf(1))))
	if err := os.WriteFile(p, img, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runOut("dump", "-dat", dir, "soundtable", "0x20000042")
	if code != 0 || !strings.Contains(out, `"NaN"`) || !strings.Contains(out, `"+Inf"`) {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s\nwant the table with \"NaN\" and \"+Inf\"", code, errs, out)
	}
}

// Issue 23 item 7: with the region unreadable, `dump landblock` says why its
// heights are "unknown" (the region record and the reason).
func TestDump_LandblockHeightsUnknownSayWhy(t *testing.T) {
	dir := writeDatsWith(t, nil, []byte{1, 2, 3})
	m := dumpJSON(t, "-dat", dir, "landblock", "0xA9B4FFFF")
	note, _ := m["height_m_note"].(string)
	if !strings.Contains(note, "unknown") || !strings.Contains(note, "0x13000000") {
		t.Errorf("height_m_note %q: want the reason naming the region record", note)
	}
	if rows, _ := m["height_m"].([]any); len(rows) != 9 || rows[0].([]any)[0] != "unknown" {
		t.Errorf("height_m %v: want \"unknown\" cells", m["height_m"])
	}
	clean := dumpJSON(t, "-dat", writeDats(t, nil), "landblock", "0xA9B4FFFF")
	if _, ok := clean["height_m_note"]; ok {
		t.Errorf("a readable region still has a note: %v", clean["height_m_note"])
	}
}

// Issue 23 item 7: `level -vol -1` is refused (exit 2) like -master -1.
func TestLevel_NegativeVolumeRefused(t *testing.T) {
	code, _, errs := runOut("level", "-vol", "-1", "-dx", "1", "-dy", "1")
	if code != 2 || !strings.Contains(errs, "-vol -1") {
		t.Errorf("exit %d, stderr %q; want 2 naming -vol", code, errs)
	}
	if code, _, errs := runOut("level", "-vol", "0", "-dx", "1", "-dy", "1"); code != 0 {
		t.Errorf("-vol 0: exit %d (%q), want 0", code, errs)
	}
}

// Issue 23 item 7 (decision): `render -o -` wrote a file named "-"; "-" is
// refused as an output name everywhere (exit 2), nothing is written.
func TestOutputDash_Refused(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, args := range [][]string{
		{"render", "-at", "0xA9B4 84 7.1", "-seconds", "1", "-o", "-"},
		{"render", "-at", "0xA9B4 84 7.1", "-seconds", "1", "-o", "x.wav", "-events", "-"},
		{"atlas", "-loudest-bed", "-json", "-"},
	} {
		code, _, errs := runOut(args...)
		if code != 2 || !strings.Contains(errs, "standard output is not an output") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and the reason", args, code, errs)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("written: %v", ents)
	}
}
