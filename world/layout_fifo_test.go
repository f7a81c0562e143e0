package world

import (
	"testing"

	"soundworld/internal/outputs/pipetest"
)

// A named pipe given as a layout (a flag or the Emitters panel's load box)
// is refused at once instead of waiting for a writer forever (issue 12 item 5).
func TestLoadLayoutFile_RefusesNamedPipe(t *testing.T) {
	pipetest.RefusedAtOnce(t, "layout.json", func(p string) error { _, err := LoadLayoutFile(p); return err })
}
