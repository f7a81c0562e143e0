package assets

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// TestExportWaves writes every synthesised wave as a .wav file for listening:
//
//	SOUNDWORLD_WAVES_OUT=/tmp/waves go test ./assets -run TestExportWaves
//
// Skipped unless SOUNDWORLD_WAVES_OUT names a folder.
func TestExportWaves(t *testing.T) {
	dir := os.Getenv("SOUNDWORLD_WAVES_OUT")
	if dir == "" {
		t.Skip("set SOUNDWORLD_WAVES_OUT=dir to export the stand-in's waves as .wav files")
	}
	d, _, err := Holtburg()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, ws := range d.Waves {
		w := Synthesize(ws)
		var b []byte
		b = append(b, "RIFF"...)
		b = binary.LittleEndian.AppendUint32(b, uint32(36+len(w.Data)))
		b = append(b, "WAVEfmt "...)
		b = binary.LittleEndian.AppendUint32(b, 16)
		b = append(b, w.Header[:16]...)
		b = append(b, "data"...)
		b = binary.LittleEndian.AppendUint32(b, uint32(len(w.Data)))
		b = append(b, w.Data...)
		name := filepath.Join(dir, ws.Name+".wav")
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %.2f s", name, float64(len(w.Data)/2)/SampleRate)
	}
}
