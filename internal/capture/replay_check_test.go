package capture

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/world"
)

// goodRecord is a small record a window could make: a tick at 0 s, a drag
// of three frames, a pause, an eye change and a step run.
func goodRecord() (*world.InputLog, float64) {
	x, y := world.HoltburgX, world.HoltburgY
	l := &world.InputLog{
		Start: world.InputStart{Seed: 3, Landblock: 0xA9B4, LX: 84, LY: 7.1, Heading: 10, Eye: 2, Active: true},
		Inputs: world.InputsOf(
			world.Input{Kind: world.InTick, T: 0, N: 1},
			world.Input{Kind: world.InDrag, T: 0, Drag: []float32{x, y, 0, x + 1, y, 0, x + 2, y, 90}},
			world.Input{Kind: world.InTick, T: 0.05, N: 30},
			world.Input{Kind: world.InEye, T: 0.05, Eye: 3},
			world.Input{Kind: world.InStep, T: 0.05, N: 57},
		),
	}
	return l, 1 // 3 + 57 grid steps
}

func writeSidecar(t *testing.T, l *world.InputLog, simTime float64) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{"replay": Replay{SimTime: simTime, Inputs: l}})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "shot.json")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Issue 23 item 2: a replayed sidecar goes through the checks of the flag or
// box that produced each value, and the error names the entry.
func TestReadSidecar_ChecksEveryValue(t *testing.T) {
	l, end := goodRecord()
	if l.End() != end {
		t.Fatalf("fixture: End() = %v, want %v", l.End(), end)
	}
	if _, err := ReadSidecar(writeSidecar(t, l, end)); err != nil {
		t.Fatalf("a good record: %v", err)
	}
	big := float32(1e38)
	for _, c := range []struct {
		name  string
		edit  func(l *world.InputLog) float64 // returns sim_time
		entry string                          // the error names it
		what  string
	}{
		{"listener off the map", func(l *world.InputLog) float64 {
			l.Inputs.Append(world.Input{Kind: world.InListener, T: end, X: big, Y: world.HoltburgY})
			return end
		}, "replay.inputs[5] (listener", "off the map"},
		{"drag frame off the map", func(l *world.InputLog) float64 { edit(l, 1, func(in *world.Input) { in.Drag[3] = -big }); return end }, "inputs[1] (drag", "frame 1: x, y"},
		{"player 1e38", func(l *world.InputLog) float64 {
			l.Inputs.Append(world.Input{Kind: world.InPlayer, T: end, Landblock: 0xA9B4, X: big, Y: 3})
			return end
		}, "inputs[5] (player", "local x, y"},
		{"start off its landblock", func(l *world.InputLog) float64 { l.Start.LX = -big; return end }, "replay.start", "local x, y"},
		{"step n=2e9", func(l *world.InputLog) float64 { edit(l, 4, func(in *world.Input) { in.N = 2e9 }); return end }, "inputs[4] (step", "ticks"},
		{"step n=2e9 with its sim_time", func(l *world.InputLog) float64 { edit(l, 4, func(in *world.Input) { in.N = 2e9 }); return l.End() }, "inputs[4] (step", "ticks"},
		{"negative tick count", func(l *world.InputLog) float64 { edit(l, 2, func(in *world.Input) { in.N = -5 }); return end }, "inputs[2] (tick", "n -5"},
		{"tick dt 1e300", func(l *world.InputLog) float64 { edit(l, 2, func(in *world.Input) { in.Dt = 1e300 }); return end }, "inputs[2] (tick", "dt 1e+300"},
		{"eye 3e38", func(l *world.InputLog) float64 { edit(l, 3, func(in *world.Input) { in.Eye = 3e38 }); return end }, "inputs[3] (eye", "eye 3e+38"},
		{"start eye 3e38", func(l *world.InputLog) float64 { l.Start.Eye = 3e38; return end }, "replay.start", "eye 3e+38"},
		{"chase 3e38", func(l *world.InputLog) float64 {
			l.Inputs.Append(world.Input{Kind: world.InChase, T: end, Chase: 3e38})
			return end
		}, "inputs[5] (chase", "chase 3e+38"},
		{"heading 3e38", func(l *world.InputLog) float64 { l.Start.Heading = 3e38; return end }, "replay.start", "heading 3e+38"},
		{"time that does not add up", func(l *world.InputLog) float64 { edit(l, 3, func(in *world.Input) { in.T = 7 }); return end }, "inputs[3] (eye at t=7", "does not add up"},
		{"sim_time past the ticks", func(l *world.InputLog) float64 { return 1e300 }, "sim_time 1e+300", "does not add up"},
		{"bad prefs", func(l *world.InputLog) float64 {
			l.Inputs.Append(world.Input{Kind: world.InPrefs, T: end, Prefs: "volume=banana"})
			return end
		}, "inputs[5] (prefs", "prefs"},
		{"delete of a missing emitter", func(l *world.InputLog) float64 {
			l.Inputs.Append(world.Input{Kind: world.InDelete, T: end, Index: 4})
			return end
		}, "inputs[5] (delete_emitter", "index 4"},
	} {
		l, _ := goodRecord()
		st := c.edit(l)
		_, err := ReadSidecar(writeSidecar(t, l, st))
		if err == nil || !strings.Contains(err.Error(), "shot.json: ") || !strings.Contains(err.Error(), c.entry) || !strings.Contains(err.Error(), c.what) {
			t.Errorf("%s: %v; want an error naming the file, %q and %q", c.name, err, c.entry, c.what)
		}
	}
}

// edit changes entry i of l's record.
func edit(l *world.InputLog, i int, f func(*world.Input)) {
	in := l.Inputs.At(i)
	f(&in)
	l.Inputs.Set(i, in)
}
