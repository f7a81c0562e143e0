package gate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/gate/decode"
	"soundworld/internal/outputs/pipetest"
)

// A named pipe given as a gate file (soundworld gate, -gate, the Gate
// panel's path box) is refused at once; a file past the size limit is
// refused without reading more than the limit.
func TestLoad_RefusesNamedPipeAndHugeFile(t *testing.T) {
	pipetest.RefusedAtOnce(t, "x.gate.json", func(p string) error { _, err := Load(p); return err })
	dir := t.TempDir()
	big := filepath.Join(dir, "big.gate.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 40); err != nil { // a sparse 1 TiB file: reading it whole would never end
		f.Close()
		t.Skip("no sparse files here:", err)
	}
	f.Close()
	if _, err := Load(big); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("1 TiB gate file: got %v, want it refused as too large", err)
	}
}

// A gate's recording that is a named pipe is refused at once (decode.File).
func TestRecording_RefusesNamedPipe(t *testing.T) {
	pipetest.RefusedAtOnce(t, "retail.wav", func(p string) error { _, err := decode.File(p); return err })
}
