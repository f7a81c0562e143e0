package gate

import (
	"os"
	"path/filepath"
	"soundworld/gate/decode"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A named pipe given as a gate file (soundworld gate, -gate, the Gate
// panel's path box) is refused at once; a file past the size limit is
// refused without reading more than the limit.
func TestLoad_RefusesNamedPipeAndHugeFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "x.gate.json")
	if err := syscall.Mkfifo(fifo, 0o644); err == nil {
		done := make(chan error, 1)
		go func() { _, err := Load(fifo); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "named pipe") {
				t.Errorf("named pipe: got %v, want it refused", err)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("Load blocked on a named pipe")
		}
	}
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
	fifo := filepath.Join(t.TempDir(), "retail.wav")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	done := make(chan error, 1)
	go func() { _, err := decode.File(fifo); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "named pipe") {
			t.Errorf("got %v, want the named pipe refused", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("decode.File blocked on a named pipe")
	}
}
