//go:build !js

package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"soundworld/internal/commands"
)

// Issue 17 item 5: `soundworld capture -seconds N` holds exactly the last
// min(N, 30) s of the mixed stream (every frame, not one slice per drawn
// frame), sample for sample what render gives for that span at the same
// place and seed: 3 s gives render's 3 s; 31.5 s gives render's frames
// [1.5 s, 31.5 s).
func TestCapture_LastSecondsAreTheRender(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the window in a child process")
	}
	for _, secs := range []float64{3, 31.5} {
		dir := t.TempDir()
		s := strconv.FormatFloat(secs, 'g', -1, 64)
		windowOK(t, "capture", "-seconds", s, "-dir", dir)
		ents, _ := os.ReadDir(dir)
		if len(ents) != 1 {
			t.Fatalf("capture -seconds %s: dir holds %v", s, ents)
		}
		got := wavData(t, filepath.Join(dir, ents[0].Name(), "audio.wav"))
		out := filepath.Join(dir, "render.wav")
		e := &commands.Env{Ctx: context.Background(), Stdout: io.Discard, Stderr: io.Discard}
		if code := commands.Run(e, []string{"render", "-at", "0xA9B4 84 7.1", "-seed", "1", "-seconds", s, "-o", out}); code != 0 {
			t.Fatalf("render: exit %d", code)
		}
		want := wavData(t, out)
		span := min(secs, 30)
		if wantBytes := int(span*44100) * 4; len(got) != wantBytes {
			t.Errorf("-seconds %s: audio.wav holds %d frames, want %d (%.1f s)", s, len(got)/4, wantBytes/4, span)
			continue
		}
		tail := want[len(want)-len(got):] // the render's last span s
		if !bytes.Equal(got, tail) {
			i := 0
			for i < len(got) && got[i] == tail[i] {
				i++
			}
			t.Errorf("-seconds %s: audio.wav differs from render's last %.1f s from frame %d", s, span, i/4)
		}
	}
}

// wavData is a 16-bit WAV's data chunk.
func wavData(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for p := 12; p+8 <= len(b); {
		id, n := string(b[p:p+4]), int(binary.LittleEndian.Uint32(b[p+4:]))
		p += 8
		if id == "data" {
			return b[p:min(len(b), p+n)]
		}
		p += n + n&1
	}
	t.Fatalf("%s: no data chunk", path)
	return nil
}
