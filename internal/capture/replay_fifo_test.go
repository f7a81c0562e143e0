package capture

import (
	"testing"

	"soundworld/internal/outputs/pipetest"
)

// A sidecar that is a named pipe (-from in render, shot, capture and the
// window) is refused at once.
func TestReadSidecar_RefusesNamedPipe(t *testing.T) {
	pipetest.RefusedAtOnce(t, "shot.json", func(p string) error { _, err := ReadSidecar(p); return err })
}
