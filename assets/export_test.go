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

// Stingers lists UITable's sound types in ascending order: all 21 environs
// stingers UI_Roar 0x76 … UI_Thunder6 0x8A (U1), each a distinct synthesised
// sound. (world.EnvironsStingers adds each one's AdminEnvirons code.)
func Stingers() []Stinger {
	names := []string{"UI_Roar", "UI_Bell", "UI_Chant1", "UI_Chant2", "UI_DarkWhispers1", "UI_DarkWhispers2",
		"UI_DarkLaugh", "UI_DarkWind", "UI_DarkSpeech", "UI_Drums", "UI_GhostSpeak", "UI_Breathing", "UI_Howl",
		"UI_LostSouls", "UI_Squeal", "UI_Thunder1", "UI_Thunder2", "UI_Thunder3", "UI_Thunder4", "UI_Thunder5", "UI_Thunder6"}
	out := make([]Stinger, len(names))
	for i, n := range names {
		out[i] = Stinger{SType: uint32(0x76 + i), Name: n}
	}
	return out
}
