//go:build !js

package gate

import (
	"os"
	"path/filepath"
)

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
