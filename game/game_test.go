package game

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/assets/standintest"
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
	if sc.Snapshot.V == nil || sc.Snapshot.V.Time != 1 || sc.SimTime != 1 || len(sc.Dats) != 2 {
		t.Errorf("sidecar got snapshot %v sim time %v dats %v, want the snapshot at 1 s and two dats", sc.Snapshot.V != nil, sc.SimTime, sc.Dats)
	}
	if got := SidecarPath("a/b.png"); got != "a/b.json" {
		t.Errorf("SidecarPath got %q, want a/b.json", got)
	}
}

// Mute/solo are display- and speaker-side: a muted ambient sound's starts are
// filtered, the Sim's decisions are not.
func TestMuteFiltersOnlyAmbientSounds(t *testing.T) {
	g := &Game{st: ui.NewState(), snap: &world.Snapshot{Instances: []world.Instance{
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
	if err := hostOf(g).Jump("0xA9B4 100 100"); err != nil {
		t.Fatal(err)
	}
	l := g.sim.Listener()
	wx, wy := world.WorldPos(0xA9B4, 100, 100)
	if l.Pos.X != wx || l.Pos.Y != wy || g.cam.CX != float64(wx) {
		t.Errorf("jump: got listener (%v,%v) cam %v, want (%v,%v)", l.Pos.X, l.Pos.Y, g.cam.CX, wx, wy)
	}
	if err := hostOf(g).Jump("42.1N, 33.6E"); err != nil {
		t.Errorf("jump to map coords: %v", err)
	}
	if err := hostOf(g).Jump("somewhere"); err == nil {
		t.Errorf("jump to \"somewhere\": got nil error, want one")
	}
	// Well-formed map coordinates outside the world say so, as -loc does.
	if err := hostOf(g).Jump("99N, 200E"); err == nil || err.Error() != `jump: map coordinates "99N, 200E": off the map` {
		t.Errorf("jump to 99N, 200E: %v, want it off the map", err)
	}
}

// U1: the stand-in's UI table offers all 21 environs stingers, SoundTypes
// 0x76..0x8A in order, each with its AdminEnvirons code (0x65..0x72, 0x75,
// 0x76..0x7B: the spec's list, independent of world's table).
func TestU1_StingersFromUITable(t *testing.T) {
	g := standInGame(t)
	codes := []uint32{0x65, 0x66, 0x67, 0x68, 0x69, 0x6A, 0x6B, 0x6C, 0x6D, 0x6E, 0x6F, 0x70, 0x71, 0x72, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x7B}
	if len(g.stingers) != len(codes) {
		t.Fatalf("stingers: got %d, want %d", len(g.stingers), len(codes))
	}
	for i, s := range g.stingers {
		if s.SType != 0x76+uint32(i) || s.Environs != codes[i] {
			t.Errorf("stinger %d: got SoundType %#x code %#x, want %#x code %#x", i, s.SType, s.Environs, 0x76+i, codes[i])
		}
	}
	if g.stingers[0].Name != "UI_Roar" || g.stingers[20].Name != "UI_Thunder6" {
		t.Errorf("names: got %q … %q, want UI_Roar … UI_Thunder6", g.stingers[0].Name, g.stingers[20].Name)
	}
}

func hasBanner(bs []string, part string) bool {
	for _, b := range bs {
		if strings.Contains(b, part) {
			return true
		}
	}
	return false
}

// G4: unfocused with only-when-active on → the banner; off → none. No device → the silent banner.
func TestG4_BannerWhenUnfocused(t *testing.T) {
	g := standInGame(t)
	g.focused = false
	if !hasBanner(g.hudNow().banners(), "(G4)") {
		t.Errorf("G4: unfocused with only-when-active: got %q, want the G4 banner", g.hudNow().banners())
	}
	p := g.snap.Prefs
	p.OnlyWhenActive = false
	g.sim.SetPrefs(p)
	g.snap = g.sim.Tick(0)
	if hasBanner(g.hudNow().banners(), "(G4)") {
		t.Errorf("G4 off: got %q, want no G4 banner", g.hudNow().banners())
	}
	g.st.Silent = true
	if !hasBanner(g.hudNow().banners(), "silent") {
		t.Errorf("no device: got %q, want the silent banner", g.hudNow().banners())
	}
}

// F12 writes screenshots/soundworld-YYYYMMDD-HHMMSS.png and .json and toasts the path.
func TestF12_ScreenshotFiles(t *testing.T) {
	g := standInGame(t)
	dir := t.TempDir()
	t.Chdir(dir)
	r := pressF12(t, g)
	if r.err != nil {
		t.Fatal(r.err)
	}
	m, _ := filepath.Match("screenshots/soundworld-[0-9]*-[0-9]*.png", r.path)
	if !m {
		t.Errorf("F12 path got %q, want screenshots/soundworld-YYYYMMDD-HHMMSS.png", r.path)
	}
	for _, p := range []string{r.path, SidecarPath(r.path)} {
		if fi, err := os.Stat(filepath.Join(dir, p)); err != nil || fi.Size() == 0 {
			t.Errorf("F12: %s got %v %v, want a file", p, fi, err)
		}
	}
}

// `soundworld shot`: frames run the Sim at fixed 1/60 s steps to S seconds,
// capture one frame later, then Update returns ebiten.Termination.
func TestShot_FramesToPicture(t *testing.T) {
	a := standintest.Archive(t)
	out := filepath.Join(t.TempDir(), "s.png")
	g, err := New(Config{Archive: a, Source: assets.Name, Shot: &Shot{Seconds: 1, Out: out}, Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	s := finishShot(t, g)
	if g.snap.Time < 1-1e-9 || g.snap.Time > 1+1e-9 || s.ticks != 60 {
		t.Errorf("shot: got sim time %v after %d ticks, want 1 s after 60", g.snap.Time, s.ticks)
	}
	if _, err := os.Stat(out); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(SidecarPath(out)); err != nil {
		t.Error(err)
	}
}
