package capture

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"soundworld/internal/alloctest"
	"soundworld/world"
)

// dragRecord is a drag-heavy session as the window records one: drags of
// frames entries long (a listener move and a grid step a frame), each
// followed by an off-grid tick and an eye change (a pause, a wheel turn).
func dragRecord(drags, frames int) *world.InputLog {
	l := &world.InputLog{Start: world.InputStart{Seed: 7, Landblock: 0xA9B4, LX: 84, LY: 7.1, Eye: 2, Active: true}}
	t, x, y := 0.0, world.HoltburgX, world.HoltburgY
	for d := range drags {
		dr := world.Input{Kind: world.InDrag, T: t}
		for f := range frames {
			x, y = x+0.173, y-0.091
			dr.Drag = append(dr.Drag, x, y, float32((d*7+f)%360))
			t += world.NextStepDt(t)
		}
		l.Inputs.Append(dr, world.Input{Kind: world.InTick, T: t, N: 1, Dt: 0.0137},
			world.Input{Kind: world.InEye, T: t + 0.0137, Eye: 2 + float32(d%5)*0.25})
		t += 0.0137
	}
	return l
}

// Issue 30 item 4: decoding a sidecar allocates at most 4× its size plus
// fixed state (the decoder's and the map of its top-level keys: 64 KiB),
// whatever its record holds. The sidecar is written as the window writes
// one (json.MarshalIndent with one space, game/shot.go); the largest
// accepted sidecar (maxSidecarBytes) is this one scaled, and the ratio does
// not grow with the size (the two sizes below). Worst per byte are the
// shortest entries (a drag of one frame, a tick, an eye change).
func TestReadSidecar_AllocatesLittle(t *testing.T) {
	const fixed = 64 << 10
	for _, c := range []struct {
		name          string
		drags, frames int
	}{
		{"long drags, 1 MB", 60, 300},
		{"long drags, 4 MB", 240, 300},
		{"one-frame drags, 1 MB", 3000, 1},
		{"one-frame drags, 4 MB", 12000, 1},
	} {
		l := dragRecord(c.drags, c.frames)
		b, err := json.MarshalIndent(map[string]any{"format": 1, "replay": Replay{SimTime: l.End(), Inputs: l}}, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(t.TempDir(), "drag.json")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		var sc *Sidecar
		got := alloctest.Bytes(func() { sc, err = ReadSidecarFile(p) })
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !reflect.DeepEqual(sc.Replay.Inputs.Inputs.Slice(), l.Inputs.Slice()) {
			t.Fatalf("%s: the record read back differs from the one written", c.name)
		}
		if lim := 4*uint64(len(b)) + fixed; got > lim {
			t.Errorf("%s: reading a %d-byte sidecar allocated %d bytes (%.2f×), want at most %d (4× + %d)", c.name, len(b), got, float64(got)/float64(len(b)), lim, fixed)
		}
		t.Logf("%s: %d bytes, %d entries, %d allocated (%.2f×)", c.name, len(b), l.Inputs.Len(), got, float64(got)/float64(len(b)))
	}
}

// A drag's frames share one array: growing one drag after reading must not
// write into the next.
func TestReadSidecar_DragsDoNotShareRoom(t *testing.T) {
	l := dragRecord(3, 2)
	p := writeSidecar(t, l, l.End())
	r, err := ReadSidecar(p)
	if err != nil {
		t.Fatal(err)
	}
	in := r.Inputs.Inputs
	d0 := in.At(0).Drag
	_ = append(d0, 1, 2, 3)
	if got, want := in.At(3).Drag, l.Inputs.At(3).Drag; !reflect.DeepEqual(got, want) {
		t.Errorf("appending to drag 0 changed drag 1: %v, want %v", got, want)
	}
}
