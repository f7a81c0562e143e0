package gate

import (
	"bytes"
	"testing"
)

// TestE3_GateReportSaysObjects: a gate run with NoObjects (-objects=false)
// records it in report.json ("objects": false) and says so in report.html;
// by default the objects play and the report says "objects on".
func TestE3_GateReportSaysObjects(t *testing.T) {
	dir := t.TempDir()
	f, err := Load(smallGate(t, dir, 20, 99, 1, ""))
	if err != nil {
		t.Fatal(err)
	}
	for _, off := range []bool{true, false} {
		res, html, js := runReport(t, f, Options{Seeds: 2, NoObjects: off}, dir)
		want, wantJS := "objects on", `"objects":true`
		if off {
			want, wantJS = "objects left out (-objects=false)", `"objects":false`
		}
		if res.Objects == off || !bytes.Contains(html, []byte(want)) || !bytes.Contains(bytes.ReplaceAll(js, []byte(" "), nil), []byte(wantJS)) {
			t.Errorf("NoObjects %v: Objects %v, html has %q: %v, json has %s: %v", off, res.Objects, want,
				bytes.Contains(html, []byte(want)), wantJS, bytes.Contains(js, []byte(wantJS)))
		}
	}
}
