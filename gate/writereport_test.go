//go:build !js

package gate

import (
	"os"
	"path/filepath"
	"testing"
)

// runReport runs f with opt and writes its report into dir/report,
// returning the result and the report's HTML and JSON.
func runReport(t *testing.T, f *File, opt Options, dir string) (res *Result, html, js []byte) {
	t.Helper()
	res, err := Run(f, opt)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "report")
	if err := writeReport(out, res); err != nil {
		t.Fatal(err)
	}
	html, _ = os.ReadFile(filepath.Join(out, "report.html"))
	js, _ = os.ReadFile(filepath.Join(out, "report.json"))
	return res, html, js
}

// writeReport writes dir/report.json and dir/report.html as the gate
// command does (its outputs.Group writes them atomically).
func writeReport(dir string, res *Result) error {
	js, err := MarshalResult(res)
	if err != nil {
		return err
	}
	page, err := RenderHTML(res)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "report.json"), js, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "report.html"), page, 0o644)
}
