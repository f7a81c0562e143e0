package commands

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/world"
)

// TestRenderFrom_ObjectMuted: muting the forge (an object source of the
// data, E3) in a session goes into the sidecar's input record, so render
// -from plays it muted from there on: every forge row of the rendered
// event log is silent. Without the mute the same session's forge rows start.
func TestRenderFrom_ObjectMuted(t *testing.T) {
	const forge = "object 0xA9B40000 "
	dir := t.TempDir()
	walk, _ := loadWalk(t, dir)
	rows := func(mute bool) (starts, silent int) {
		sub := t.TempDir()
		sc := windowSession(t, sub, 121, walk, func(k int, s *world.Sim) {
			if mute && k == 60 {
				s.SetObjectMuted(0xA9B40000, true)
			}
		})
		ev := filepath.Join(sub, "ev.csv")
		if err := renderTest(t, "-from", sc, "-seconds", "6", "-o", filepath.Join(sub, "x.wav"), "-events", ev); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(ev)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			if !strings.Contains(line, forge) {
				continue
			}
			switch {
			case strings.Contains(line, ",start,"):
				starts++
			case strings.Contains(line, ",silent,"):
				silent++
			}
		}
		return starts, silent
	}
	if starts, silent := rows(false); starts == 0 || silent != 0 {
		t.Fatalf("unmuted session: forge rows %d started, %d silent; want started only", starts, silent)
	}
	if starts, silent := rows(true); starts != 0 || silent == 0 {
		t.Errorf("muted session: forge rows %d started, %d silent; want silent only", starts, silent)
	}
}
