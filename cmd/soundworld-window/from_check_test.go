//go:build !js

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/internal/capture"
	"soundworld/world"
)

// Issue 23 item 2: a sidecar whose recorded player is 1e38 m off the map made
// shot -from (and the window's -from) allocate until the OOM killer stopped
// it (drawGrid). Its record is checked when it is read, before any window or
// drawing: exit 2 naming the sidecar and the entry.
func TestShotFrom_OffMapRecordRefused(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		in   world.Input
		want string
	}{
		{"listener +1e38", world.Input{Kind: world.InListener, X: 1e38, Y: 1e38}, "off the map"},
		{"listener -1e38", world.Input{Kind: world.InListener, X: -1e38, Y: 5}, "off the map"},
		{"player 1e38", world.Input{Kind: world.InPlayer, Landblock: 0xA9B4, X: 1e38, Y: 1}, "local x, y"},
		{"chase 3e38", world.Input{Kind: world.InChase, Chase: 3e38}, "chase 3e+38"},
	} {
		l := &world.InputLog{
			Start:  world.InputStart{Seed: 1, Landblock: 0xA9B4, LX: 84, LY: 7.1, Eye: 2, Active: true},
			Inputs: world.InputsOf(world.Input{Kind: world.InTick, N: 1}, c.in, world.Input{Kind: world.InStep, N: 60}),
		}
		b, err := json.Marshal(map[string]any{"replay": capture.Replay{SimTime: 1, Inputs: l}})
		if err != nil {
			t.Fatal(err)
		}
		side := filepath.Join(dir, "bad.json")
		if err := os.WriteFile(side, b, 0o644); err != nil {
			t.Fatal(err)
		}
		png := filepath.Join(dir, "again.png")
		code, errs := windowChild(t, "shot", "-from", side, "-o", png)
		if code != 2 || !strings.Contains(errs, "bad.json: replay.inputs[1]") || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want 2 naming the entry and %q", c.name, code, errs, c.want)
		}
		if _, err := os.Stat(png); !os.IsNotExist(err) {
			t.Errorf("%s: a picture was written", c.name)
		}
	}
}
