package commands

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/dat"
)

// Issue 23: the gate on damaged data names the problem — a line on stderr,
// warnings and data_problems in report.json, a banner on report.html — and
// -strict exits 2 with nothing written (no report, no history line).
func TestGateReportsDataProblems(t *testing.T) {
	dir := t.TempDir()
	p := writeGate(t, dir, 1)
	b, _ := os.ReadFile(p)
	withDat := strings.Replace(string(b), `"dat": null`, fmt.Sprintf(`"dat": {"folder": %q}`, damagedSet(t, "values/region-volume-negative")), 1)
	os.WriteFile(p, []byte(withDat), 0o644)
	const want = "sound desc 0 ambient sound 0: volume -1 outside [0, 10]"

	code, out, errs := runOut("gate", p, "-seeds", "2", "-strict")
	if code != 2 || !strings.Contains(errs, "soundworld gate: data problem: ") || !strings.Contains(errs, want) {
		t.Fatalf("-strict: exit %d\n%s\n%s", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "spawn-report")); err == nil {
		t.Error("-strict wrote the report")
	}
	if b2, _ := os.ReadFile(p); string(b2) != withDat {
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
