// Command webfs exercises, built for js/wasm and run under Node with
// web/swfs.js (scripts/webfs/run.js), the file operations the explorer does
// in the browser — an F12-style atomic file in a new folder, the settings
// file kept in /local, a capture-style folder committed by rename — through
// the same internal/outputs code, and prints what it did; run.js
// checks what the page was handed as downloads and what localStorage kept.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"soundworld/internal/outputs"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "webfs:", err)
		os.Exit(1)
	}
	fmt.Println("webfs: done")
}

func run() error {
	if err := outputs.MkdirChecked("", "screenshots", ""); err != nil {
		return err
	}
	out := filepath.Join("screenshots", "soundworld-x.png")
	if err := outputs.CheckFile("", out, ""); err != nil {
		return err
	}
	if err := outputs.WriteFile(out, func(w *os.File) error { _, err := w.Write([]byte("hello")); return err }); err != nil {
		return err
	}
	if err := os.MkdirAll("/local/soundworld", 0o755); err != nil {
		return err
	}
	if err := outputs.WriteFile("/local/soundworld/window.json", func(w *os.File) error { _, err := w.Write([]byte(`{"panels":[]}`)); return err }); err != nil {
		return err
	}
	b, err := os.ReadFile("/local/soundworld/window.json")
	if err != nil || string(b) != `{"panels":[]}` {
		return fmt.Errorf("settings read back %q, %v", b, err)
	}
	d, err := outputs.CreateDir("capture-1")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(d.Temp(), "README.txt"), []byte("hi"), 0o644); err != nil {
		return err
	}
	return d.Commit()
}
