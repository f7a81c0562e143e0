package gate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/gate/decode"
	"soundworld/world"
)

// smallGate writes a gate over the test scene whose "recording" is seed
// recSeed of it (as a 16-bit WAV), and returns the gate file's path.
func smallGate(t testing.TB, dir string, seconds float64, recSeed uint32, gain float32, extra string) string {
	sc := testScene(t, seconds)
	st, err := Render(sc, recSeed)
	if err != nil {
		t.Fatal(err)
	}
	for i := range st.L {
		st.L[i] *= gain
		st.R[i] *= gain
	}
	os.WriteFile(filepath.Join(dir, "retail.wav"), decode.EncodeWAV([][]float32{st.L, st.R}, 44100, 16, false), 0o644)
	os.WriteFile(filepath.Join(dir, "layout.json"), world.EncodeLayout(sc.Emitters), 0o644)
	loc := world.RetailLocAt(sc.X, sc.Y, 60, 0).String()
	p := filepath.Join(dir, "small.gate.json")
	os.WriteFile(p, []byte(fmt.Sprintf(`{
  "name": "small", "dat": null, "loc": %q, "camera": {"eye": 2, "chase": 0},
  "prefs": "", "emitters": "layout.json", "seconds": %g, "recording": "retail.wav",
  "offset_s": 0, "ignore": [[3, 4]], "notes": "test", "history": []%s
}
`, loc, seconds, extra)), 0o644)
	return p
}

func TestReportFiles(t *testing.T) {
	dir := t.TempDir()
	if d := os.Getenv("GATE_REPORT_DIR"); d != "" { // to look at it: GATE_REPORT_DIR=/tmp/r go test -run TestReportFiles
		dir = d
	}
	f, err := Load(smallGate(t, dir, 20, 99, 1, ""))
	if err != nil {
		t.Fatal(err)
	}
	res, html, js := runReport(t, f, Options{Seeds: 5}, dir)
	table, svg := bytes.Index(html, []byte("<h2>Verdicts</h2>")), bytes.Index(html, []byte("<svg"))
	if table < 0 || svg < table || bytes.Count(html, []byte("<svg")) != 4 {
		t.Fatalf("report.html: verdict table at %d, first svg at %d, %d svgs (want the table first, 4 plots)", table, svg, bytes.Count(html, []byte("<svg")))
	}
	for _, bad := range []string{"<script", "src=\"http", "href=\"http", "<?xml"} {
		if bytes.Contains(html, []byte(bad)) {
			t.Fatalf("report.html is not self-contained: it has %q", bad)
		}
	}
	var back struct {
		Gate    string
		Seeds   []int
		Metrics []struct {
			ID     string
			Retail *float64
			Ours   []*float64
			Bands  []json.RawMessage
		}
		Retail struct{ Onsets struct{ Times []float64 } }
		Ours   []json.RawMessage
	}
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	if back.Gate != "small" || len(back.Seeds) != 5 || len(back.Ours) != 5 || len(back.Metrics) != len(res.Metrics) {
		t.Fatalf("report.json: %+v", back)
	}
	for _, m := range back.Metrics {
		if m.ID == "bed_spectrum" && (len(m.Bands) != 26 || m.Retail != nil) {
			t.Fatalf("bed_spectrum: %d bands, retail %v (want 26, null)", len(m.Bands), m.Retail)
		}
	}
	// NaN becomes null.
	b, err := MarshalResult(&Result{Seeds: []uint32{1}, Metrics: []Metric{{ID: "x", Retail: math.NaN(), Ours: []float64{1, math.Inf(1)}}}})
	if err != nil || !strings.Contains(string(b), `"retail": null`) || !strings.Contains(string(b), "null\n") {
		t.Fatalf("NaN/Inf: %v\n%s", err, b)
	}
}

// align_level: a take recorded 6 dB low passes once aligned (the gain found is
// +6 dB, the loudness verdicts are n/a) and fails without alignment.
func TestAlignLevel(t *testing.T) {
	dir := t.TempDir()
	f, err := Load(smallGate(t, dir, 20, 98, 0.5, `, "align_level": true`))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(f, Options{Seeds: 5})
	if err != nil {
		t.Fatal(err)
	}
	if g := res.Recording.AlignGainDB; g < 5.5 || g > 6.5 || !res.Pass || res.Metrics[0].Status != "n/a" {
		t.Fatalf("aligned: gain %.2f dB (want ≈ 6.02), pass %v, failed %v, loudness %s\n%s", g, res.Pass, res.Failed, res.Metrics[0].Status, describe(res.Metrics))
	}
	f.Align = false
	res, err = Run(f, Options{Seeds: 5})
	if err != nil {
		t.Fatal(err)
	}
	if res.Pass || !contains(res.Failed, "loudness") || !contains(res.Failed, "bed_level") {
		t.Fatalf("not aligned: failed %v, want loudness and bed_level among them", res.Failed)
	}
}
