package game

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/explorer/clock"
	capt "soundworld/internal/capture"
	"soundworld/world"
)

// scriptedSession drives the window through Update with a fake clock at 30
// FPS: W held (a walk), a preference change through the panels' Host, an
// emitter added at the listener and dragged, a stinger; then runs on.
func scriptedSession(t *testing.T, g *Game) {
	t.Helper()
	now := 0.0
	g.clk = clock.New(func() float64 { return now })
	walking := true
	g.held = func(k ebiten.Key) bool { return walking && k == ebiten.KeyW }
	for i := 0; i < 30*12; i++ {
		switch i {
		case 60:
			walking = false
			p := g.sim.Prefs()
			p.AmbientVolume = 0.5
			hostOf(g).SetPrefs(p)
		case 90:
			hostOf(g).AddEmitterAtListener()
		case 120:
			ex, ey := g.cam.ToScreen(float64(g.snap.Listener.Pos.X)+30, float64(g.snap.Listener.Pos.Y)+10)
			g.drag, g.dragIdx = dragEmitter, len(g.snap.Emitters)-1
			g.dragTo(int(ex), int(ey))
			g.drag = dragNone
		case 150:
			if len(g.stingers) > 0 {
				hostOf(g).PlayStinger(g.stingers[0].SType)
			}
		}
		now += 1.0 / 30
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
}

// The bug-report round trip: a scripted session in the window (a walk, a
// preference change, an emitter moved) → F12 → -from reproduces the
// Snapshot exactly.
func TestF12_FromReproducesSnapshot(t *testing.T) {
	g := standInGame(t)
	scriptedSession(t, g)
	dir := t.TempDir()
	t.Chdir(dir)
	r := pressF12(t, g)
	if r.err != nil {
		t.Fatal(r.err)
	}
	sc := filepath.Join(dir, SidecarPath(r.path))
	rp, err := capt.ReadSidecar(sc)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[world.InputKind]bool{}
	for _, in := range rp.Inputs.Inputs.All() {
		kinds[in.Kind] = true
	}
	for _, k := range []world.InputKind{world.InStep, world.InListener, world.InPrefs, world.InAdd, world.InMove} {
		if !kinds[k] {
			t.Errorf("the sidecar's record has no %q (the session made one)", k)
		}
	}
	a, _ := assets.StandIn()
	g2, err := New(Config{Archive: a, Source: assets.Name, NoAudio: true, Seed: 9, From: mustReadFrom(t, sc), Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	want, got := g.snap, g2.snap
	if capt.Fingerprint(got) != rp.Snapshot || !reflect.DeepEqual(got, want) {
		t.Fatalf("-from: snapshot at %.3f s differs from the session's at %.3f s", got.Time, want.Time)
	}
	if g2.cam.CX != g.cam.CX || g2.cam.MPP != g.cam.MPP {
		t.Errorf("-from: view centre %v / %v m/px, want %v / %v", g2.cam.CX, g2.cam.MPP, g.cam.CX, g.cam.MPP)
	}
	// The replayed past is in the window's own mix (the meters, a capture's
	// last 30 s): frames up to the instant, and not silent.
	if f := g2.meters.local.Frame(); f < int64(want.Time*44100) {
		t.Errorf("after -from the own mix is at frame %d, the instant is %.2f s", f, want.Time)
	}
	past, _ := g2.meters.tap.Last(5)
	pastLoud := 0
	for _, v := range past {
		if v > 0.01 || v < -0.01 {
			pastLoud++
		}
	}
	if pastLoud < 1000 {
		t.Errorf("the replayed past is silent in the own mix (%d loud samples)", pastLoud)
	}
	// The meters go on after -from.
	now := 0.0
	g2.clk = clock.New(func() float64 { return now })
	g2.focus = func() bool { return true } // as standInGame: G4 would silence an unfocused Xvfb window
	for i := 0; i < 30*6; i++ {
		now += 1.0 / 30
		if err := g2.Update(); err != nil {
			t.Fatal(err)
		}
	}
	loud := 0
	samples, _ := g2.meters.tap.Last(6)
	for _, v := range samples {
		if v > 0.01 || v < -0.01 {
			loud++
		}
	}
	if loud < 1000 {
		t.Errorf("after -from the window's own mix is silent (%d loud samples of %d in 6 s)", loud, len(samples))
	}
	// Another stand-in version is refused without -force.
	rp.Data.StandIn = "sha256:00"
	b, _ := os.ReadFile(sc)
	b = bytes.Replace(b, []byte(`"stand_in": "sha256:`), []byte(`"stand_in": "sha256:00`), 1)
	other := filepath.Join(dir, "other.json")
	os.WriteFile(other, b, 0o644)
	if _, err := New(Config{Archive: a, Source: assets.Name, NoAudio: true, From: mustReadFrom(t, other), Stdout: io.Discard}); err == nil {
		t.Fatalf("-from a sidecar of another stand-in version: opened, want refused")
	}
	if _, err := New(Config{Archive: a, Source: assets.Name, NoAudio: true, From: mustReadFrom(t, other), Force: true, Stdout: io.Discard}); err != nil {
		t.Fatalf("-force: %v", err)
	}
}

// F11 writes a capture bundle; its audio is the window's own mix (no device)
// and render -from its sidecar continues from its instant.
func TestF11_CaptureBundle(t *testing.T) {
	g := standInGame(t)
	scriptedSession(t, g)
	dir := t.TempDir()
	t.Chdir(dir)
	r := pressF11(t, g)
	if r.err != nil {
		t.Fatal(r.err)
	}
	for _, f := range []string{capt.ShotFile, capt.SidecarFile, capt.AudioFile, capt.EventsFile, capt.PathFile, capt.ReadmeFile} {
		if fi, err := os.Stat(filepath.Join(dir, r.path, f)); err != nil || fi.Size() == 0 {
			t.Errorf("bundle %s: %v", f, err)
		}
	}
	// F11's events.csv names an object's play in the object column, as
	// render -events does (the forge strikes at the spawn every 3 s), and by
	// name in the name column ("forge hammer on forge").
	csv, _ := os.ReadFile(filepath.Join(dir, r.path, capt.EventsFile))
	objRows := 0
	for _, line := range strings.Split(string(csv), "\n") {
		if strings.Contains(line, ",object,") && !strings.HasPrefix(line, "time_s,") {
			if f := strings.Split(line, ","); !strings.HasPrefix(f[len(f)-2], "object 0x") || !strings.Contains(f[len(f)-1], " on ") {
				t.Errorf("events.csv: an object's play with no object: %q", line)
			}
			objRows++
		}
	}
	if objRows == 0 {
		t.Errorf("events.csv holds no object plays:\n%s", csv)
	}
	wav, _ := os.ReadFile(filepath.Join(dir, r.path, capt.AudioFile))
	// ~12 s of session (the first frame starts the clock): all of it is in the 30 s ring.
	if n := (len(wav) - 44) / 4; n < 44100*119/10 || n > 44100*121/10 {
		t.Errorf("audio.wav holds %d frames, want the session's ~12 s", n)
	}
	if bytes.Equal(wav[44:], make([]byte, len(wav)-44)) {
		t.Errorf("audio.wav is silent")
	}
	rp, err := capt.ReadSidecar(filepath.Join(dir, r.path, capt.SidecarFile))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := assets.StandIn()
	s, _ := world.NewSim(world.Config{Archive: a})
	var out audio.SeekBuffer
	if err := capt.RenderFrom(context.Background(), rp, s, 1, &out, nil, nil); err != nil {
		t.Fatalf("render -from the bundle: %v", err)
	}
}

// mustReadFrom reads a -from sidecar as the command does.
func mustReadFrom(t *testing.T, path string) *From {
	t.Helper()
	f, err := ReadFrom(path)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
