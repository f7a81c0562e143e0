package game

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"soundworld/audio"
	"soundworld/ui"
	"soundworld/world"
)

// F12/shot: the PNG and its sidecar are written (atomically, readable) and the
// sidecar names the source, the listener and carries the Snapshot.
func TestScreenshotPairAndSidecar(t *testing.T) {
	g := standInGame(t)
	g.snap = g.sim.Tick(1)
	dir := t.TempDir()
	out := filepath.Join(dir, "x.png")
	img := pixelsOf(t, g)
	if err := writePair(out, img, g.sidecar()); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(out)
	if err != nil || fi.Size() == 0 || fi.Mode().Perm()&0o044 == 0 {
		t.Fatalf("png: got %v %v, want a non-empty world-readable file", fi, err)
	}
	b, err := os.ReadFile(SidecarPath(out))
	if err != nil {
		t.Fatal(err)
	}
	var sc Sidecar
	if err := json.Unmarshal(b, &sc); err != nil {
		t.Fatalf("sidecar does not parse: %v", err)
	}
	if sc.Source != "Holtburg (stand-in)" || sc.Listener.CellID != "0xA9B40019" || sc.Listener.Map != "42.1N, 33.6E" {
		t.Errorf("sidecar got source %q cell %q map %q, want the stand-in, 0xA9B40019, 42.1N, 33.6E", sc.Source, sc.Listener.CellID, sc.Listener.Map)
	}
	if sc.Snapshot == nil || sc.Snapshot.Time != 1 || sc.SimTime != 1 || len(sc.Dats) != 2 {
		t.Errorf("sidecar got snapshot %v sim time %v dats %v, want the snapshot at 1 s and two dats", sc.Snapshot != nil, sc.SimTime, sc.Dats)
	}
	if got := SidecarPath("a/b.png"); got != "a/b.json" {
		t.Errorf("SidecarPath got %q, want a/b.json", got)
	}
}

// Mute/solo are display- and speaker-side: a muted ambient sound's starts are
// filtered, the Sim's decisions are not.
func TestMuteFiltersOnlyAmbientSounds(t *testing.T) {
	g := &Game{st: ui.NewState(1, 2), snap: &world.Snapshot{Instances: []world.Instance{
		{Stb: 0, Index: 0, STBID: 0x20000001},
		{Stb: 0, Index: 1, STBID: 0x20000001},
	}}}
	g.snap.Instances[0].Desc.SType = 0x46
	g.snap.Instances[1].Desc.SType = 0x47
	g.st.Mute[ui.InstKey{Stb: 0, Index: 0}] = true
	if !g.mutedSound(0x20000001, 0x46) || g.mutedSound(0x20000001, 0x47) || g.mutedSound(0x20000010, 0x69) {
		t.Errorf("mute: got %v %v %v, want true false false", g.mutedSound(0x20000001, 0x46), g.mutedSound(0x20000001, 0x47), g.mutedSound(0x20000010, 0x69))
	}
	g.st.Mute = map[ui.InstKey]bool{}
	g.st.Solo[ui.InstKey{Stb: 0, Index: 1}] = true
	if !g.mutedSound(0x20000001, 0x46) || g.mutedSound(0x20000001, 0x47) {
		t.Errorf("solo: got %v %v, want true false", g.mutedSound(0x20000001, 0x46), g.mutedSound(0x20000001, 0x47))
	}
	_ = audio.DefaultPrefs
}

// Jump accepts map coordinates and landblock positions and refuses the rest.
func TestJump(t *testing.T) {
	g := standInGame(t)
	if err := g.Jump("0xA9B4 100 100"); err != nil {
		t.Fatal(err)
	}
	l := g.sim.Listener()
	wx, wy := world.WorldPos(0xA9B4, 100, 100)
	if l.Pos.X != wx || l.Pos.Y != wy || g.cam.CX != float64(wx) {
		t.Errorf("jump: got listener (%v,%v) cam %v, want (%v,%v)", l.Pos.X, l.Pos.Y, g.cam.CX, wx, wy)
	}
	if err := g.Jump("42.1N, 33.6E"); err != nil {
		t.Errorf("jump to map coords: %v", err)
	}
	if err := g.Jump("somewhere"); err == nil {
		t.Errorf("jump to \"somewhere\": got nil error, want one")
	}
}

// The stand-in's UI table offers its environs stingers (0x65..0x7C), sorted.
func TestStingersFromUITable(t *testing.T) {
	g := standInGame(t)
	if len(g.stingers) == 0 {
		t.Fatal("stingers: got none, want the stand-in UI table's")
	}
	for i, s := range g.stingers {
		if s.SType < 0x65 || s.SType > 0x7C || (i > 0 && s.SType <= g.stingers[i-1].SType) {
			t.Errorf("stinger %d: got %#x, want ascending within 0x65..0x7C", i, s.SType)
		}
	}
}
