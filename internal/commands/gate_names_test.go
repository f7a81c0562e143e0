package commands

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gate -names: report.json gives each one-shot wave its name from the
// names file, and report.html shows the name beside the id; without the
// file the stand-in's own names ("chirp-a") are used.
func TestGate_NamesInReport(t *testing.T) {
	dir := t.TempDir()
	p := writeGate(t, dir, 1)
	var rows strings.Builder
	for w := 0x0A000001; w <= 0x0A000052; w++ {
		fmt.Fprintf(&rows, "0x%08X,user wave %d\n", w, w&0xFF)
	}
	nf := filepath.Join(dir, "names.csv")
	if err := os.WriteFile(nf, []byte(rows.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, named := range []bool{true, false} {
		args := []string{"gate", p, "-seeds", "3", "-o", filepath.Join(dir, fmt.Sprint("r", named))}
		if named {
			args = append(args, "-names", nf)
		}
		if code, out, errs := runOut(args...); code != 0 && code != 3 {
			t.Fatalf("%v: exit %d\n%s\n%s", args, code, out, errs)
		}
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprint("r", named), "report.json"))
		if err != nil {
			t.Fatal(err)
		}
		var r struct {
			OneShots []struct {
				Wave uint32
				Name string
			} `json:"one_shots"`
		}
		if err := json.Unmarshal(b, &r); err != nil || len(r.OneShots) == 0 {
			t.Fatalf("report.json: %v, %d one-shot waves; want some at the spawn", err, len(r.OneShots))
		}
		html, _ := os.ReadFile(filepath.Join(dir, fmt.Sprint("r", named), "report.html"))
		for _, c := range r.OneShots {
			want := fmt.Sprintf("user wave %d", c.Wave&0xFF)
			if !named {
				want = map[uint32]string{0x0A000003: "chirp-a", 0x0A000004: "chirp-b", 0x0A000005: "trill-a"}[c.Wave]
			}
			if want != "" && c.Name != want {
				t.Errorf("names file %v: wave 0x%08X named %q; want %q", named, c.Wave, c.Name, want)
			}
			shown := fmt.Sprintf("%s <code>0x%08X</code>", c.Name, c.Wave)
			if c.Name == fmt.Sprintf("wave 0x%08X", c.Wave) {
				shown = fmt.Sprintf("<td><code>0x%08X</code>", c.Wave) // no name: the id alone
			}
			if !strings.Contains(string(html), shown) {
				t.Errorf("report.html does not show %q beside 0x%08X", c.Name, c.Wave)
			}
		}
	}
}
