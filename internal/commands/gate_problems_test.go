package commands

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/internal/damage"
)

// Issue 23: the gate on damaged data names the problem — a line on stderr,
// warnings and data_problems in report.json, a banner on report.html — and
// -strict exits 2 with nothing written (no report, no history line).
func TestGateReportsDataProblems(t *testing.T) {
	dir := t.TempDir()
	p := writeGate(t, dir, 1)
	portal, cell, err := assets.StandInImages()
	if err != nil {
		t.Fatal(err)
	}
	sets, err := damage.Sets(portal, cell, damage.Targets{Table: 0x20000001, Wave: 0x0A000001, LandBlock: 0xA9B4FFFF})
	if err != nil {
		t.Fatal(err)
	}
	var set *damage.Set
	for i := range sets {
		if sets[i].Name == "values/region-volume-negative" {
			set = &sets[i]
		}
	}
	if set == nil {
		t.Fatal("no region-volume set")
	}
	datDir := filepath.Join(dir, "dat")
	os.Mkdir(datDir, 0o755)
	os.WriteFile(filepath.Join(datDir, dat.PortalFile), set.Portal, 0o644)
	os.WriteFile(filepath.Join(datDir, dat.CellFile), set.Cell, 0o644)
	b, _ := os.ReadFile(p)
	os.WriteFile(p, []byte(strings.Replace(string(b), `"dat": null`, `"dat": {"folder": "dat"}`, 1)), 0o644)
	const want = "sound desc 0 ambient sound 0: volume -1 outside [0, 10]"

	code, out, errs := runOut("gate", p, "-seeds", "2", "-strict")
	if code != 2 || !strings.Contains(errs, "soundworld gate: data problem: ") || !strings.Contains(errs, want) {
		t.Fatalf("-strict: exit %d\n%s\n%s", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "spawn-report")); err == nil {
		t.Error("-strict wrote the report")
	}
	if b2, _ := os.ReadFile(p); string(b2) != strings.Replace(string(b), `"dat": null`, `"dat": {"folder": "dat"}`, 1) {
		t.Error("-strict changed the gate file (history)")
	}

	code, out, errs = runOut("gate", p, "-seeds", "2")
	if code == 2 || !strings.Contains(errs, want) || !strings.Contains(errs, "1 data problem") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	rj, err := os.ReadFile(filepath.Join(dir, "spawn-report", "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Warnings     []string      `json:"warnings"`
		DataProblems []dat.Problem `json:"data_problems"`
	}
	if err := json.Unmarshal(rj, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.DataProblems) != 1 || rep.DataProblems[0].Record != dat.RegionID || !strings.Contains(strings.Join(rep.Warnings, "\n"), "data problem: ") {
		t.Errorf("report.json: warnings %q, data_problems %v", rep.Warnings, rep.DataProblems)
	}
	html, _ := os.ReadFile(filepath.Join(dir, "spawn-report", "report.html"))
	if !strings.Contains(string(html), `class="banner"`) || !strings.Contains(string(html), "1 data problem(s)") {
		t.Error("report.html has no data-problem banner")
	}
}
