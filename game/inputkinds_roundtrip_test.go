package game

import (
	"bytes"
	"context"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"soundworld/assets"
	"soundworld/audio"
	capt "soundworld/internal/capture"
	"soundworld/internal/weblink"
	"soundworld/world"
)

// everyKind makes, on the window g, one call of each input kind the Sim
// records (world.InputKinds), through the window's own paths where it has
// one (the panels' host, the drag/walk's WalkTo with the inn's rooms). Each
// step runs between the window's updates. A kind added to world's table
// without a step here fails TestInputKinds_SessionRoundTrips.
func everyKind(t *testing.T, g *Game, layout string, update func(n int)) map[world.InputKind]func() {
	h := hostOf(g)
	return map[world.InputKind]func(){
		world.InTick: func() { g.snap = g.sim.Tick(0) }, // a re-evaluation, as the panels make
		world.InStep: func() {},                         // the window's own updates
		world.InListener: func() { // a move not followed by a grid step: a plain listener entry
			x, y := world.WorldPos(0xA9B4, 90, 20)
			g.sim.SetListener(x, y, 45)
			g.snap = g.sim.Tick(0)
		},
		world.InDrag: func() { // the mouse moves every update: a move, then the update's grid step
			for i := range 6 {
				x, y := world.WorldPos(0xA9B4, 100+float32(i), 30)
				g.sim.WalkTo(x, y, 90, g.rooms)
				update(1)
			}
		},
		world.InIndoor: func() { // A11: walking into the inn's first room
			r := g.rooms[0]
			x, y := world.WorldPos(uint16(r.Cell>>16), (r.X0+r.X1)/2, (r.Y0+r.Y1)/2)
			g.sim.WalkTo(x, y, 180, g.rooms)
			if c, _ := g.sim.Indoor(); c != r.Cell {
				t.Fatalf("walking into room 0x%08X left the player in cell 0x%08X", r.Cell, c)
			}
		},
		world.InPlayer: func() { g.sim.SetPlayer(world.Loc{Landblock: 0xA9B4, X: 84, Y: 7.1}, 10) },
		world.InEye:    func() { h.SetEye(3.5) },
		world.InChase:  func() { h.SetCamera(3.5, 4) },
		world.InPrefs: func() {
			p := g.sim.Prefs()
			p.AmbientVolume = 0.5
			h.SetPrefs(p)
		},
		world.InActive: func() { g.sim.SetActive(false); g.sim.SetActive(true) }, // focus lost, regained (G4)
		world.InEmitters: func() {
			if err := h.LoadLayout(layout); err != nil {
				t.Fatal(err)
			}
		},
		world.InAdd: func() { h.AddEmitterAtListener() },
		world.InUpdate: func() {
			e := g.sim.Emitters().List()[0]
			e.Volume = 0.5
			if err := h.SetEmitter(0, e); err != nil {
				t.Fatal(err)
			}
		},
		world.InMove: func() {
			x, y := world.WorldPos(0xA9B4, 70, 20)
			if err := g.sim.Emitters().Move(0, x, y); err != nil {
				t.Fatal(err)
			}
		},
		world.InDelete:  func() { h.DeleteEmitter(len(g.sim.Emitters().List()) - 1) },
		world.InStinger: func() { h.PlayStinger(g.stingers[0].SType) },
		world.InObjMute: func() {
			if len(g.snap.Objects) == 0 {
				t.Fatal("no object sources around the player: the mute would prove nothing")
			}
			h.SetObjectMute(g.snap.Objects[0].ID, true)
		},
		world.InObjSolo: func() { h.SetObjectSolo(g.snap.Objects[len(g.snap.Objects)-1].ID) },
	}
}

// Every input kind round-trips: a window session that makes every kind of
// call, indoors included, writes its sidecar; the sidecar and its report
// link each reopen in a new window (soundworld -from: the record replayed
// and checked against the Snapshot's fingerprint), the sidecar draws a
// shot (shot -from), and render -from of each writes what the window's
// device played after the instant.
func TestInputKinds_SessionRoundTrips(t *testing.T) {
	g, _, read, _, heard := scriptedGameHeard(t)
	dir := t.TempDir()
	layout := filepath.Join(dir, "layout.json")
	if err := os.WriteFile(layout, assets.ForgeEmitterLayout(), 0o644); err != nil {
		t.Fatal(err)
	}
	update := func(n int) {
		for range n {
			read(0.01)
			g.advance()
			g.pushStarts()
			g.coverSim()
		}
	}
	g.advance() // session anchor at sim 0
	g.pushStarts()
	update(30)
	steps := everyKind(t, g, layout, update)
	kinds := world.InputKinds()
	for _, k := range kinds {
		if steps[k] == nil {
			t.Fatalf("kind %q has no step in everyKind: record it in this session", k)
		}
	}
	order := []world.InputKind{world.InEmitters, world.InAdd, world.InUpdate, world.InMove, world.InDelete,
		world.InListener, world.InDrag, world.InObjMute, world.InObjSolo, world.InIndoor, world.InStinger, world.InEye,
		world.InChase, world.InPrefs, world.InActive, world.InPlayer, world.InTick, world.InStep}
	// The mute and solo come before the inn: its first room may be the closed
	// cellar, where the world's objects are released (A11/E3 [D4]).
	if o := slices.Sorted(slices.Values(order)); !slices.Equal(o, kinds) {
		t.Fatalf("the session's order %v is not every kind %v", o, kinds)
	}
	for _, k := range order {
		steps[k]()
		update(20)
	}
	instant := g.sim.Now()
	sc := g.sidecar()
	rec := sc.Replay.Inputs
	seen := map[world.InputKind]bool{}
	for _, in := range rec.Inputs.All() {
		seen[in.Kind] = true
	}
	for _, k := range kinds {
		if !seen[k] {
			t.Errorf("the record holds no %q entry", k)
		}
	}
	const seconds = 0.5
	update(150) // the device plays past the instant's span

	js, err := sidecarJSON(sc)
	if err != nil {
		t.Fatal(err)
	}
	side := filepath.Join(dir, "shot.json")
	if err := os.WriteFile(side, js, 0o644); err != nil {
		t.Fatal(err)
	}
	link, err := weblink.Encode(js)
	if err != nil {
		t.Fatal(err)
	}
	fromLink, err := weblink.Decode(link)
	if err != nil {
		t.Fatalf("the report link of the session: %v", err)
	}
	linked := filepath.Join(dir, "link.json")
	if err := os.WriteFile(linked, fromLink, 0o644); err != nil {
		t.Fatal(err)
	}
	a, _ := assets.StandIn()
	for _, p := range []string{side, linked} {
		f, err := ReadFrom(p) // soundworld -from and shot -from
		if err != nil {
			t.Fatalf("-from %s: %v", filepath.Base(p), err)
		}
		g2, err := New(Config{Archive: a, Source: assets.Name, NoAudio: true, Stdout: io.Discard, From: f}) // soundworld -from
		if err != nil {
			t.Fatalf("soundworld -from %s: %v", filepath.Base(p), err)
		}
		if g2.sim.Now() != instant {
			t.Errorf("soundworld -from %s: the window reopened at sim %v s, want %v", filepath.Base(p), g2.sim.Now(), instant)
		}
		if p == side { // shot -from: the same reopening, drawn
			runShot(t, Config{From: f, Shot: &Shot{Seconds: 0.1, Out: filepath.Join(dir, "from.png")}})
			if _, err := os.Stat(filepath.Join(dir, "from.png")); err != nil {
				t.Errorf("shot -from %s: %v", filepath.Base(p), err)
			}
		}
		rp, err := capt.ReadSidecar(p) // render -from
		if err != nil {
			t.Fatalf("render -from %s: %v", filepath.Base(p), err)
		}
		s, _ := world.NewSim(world.Config{Archive: a})
		var got audio.SeekBuffer
		if err := capt.RenderFrom(context.Background(), rp, s, seconds, &got, nil, nil); err != nil {
			t.Fatalf("render -from %s: %v", filepath.Base(p), err)
		}
		want := heardWAV(t, g, *heard, instant, seconds)
		if !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("render -from %s differs from what the window's device played after the instant (%d vs %d bytes)", filepath.Base(p), len(got.Bytes()), len(want))
		}
	}
}

// heardWAV is the device's span of seconds after sim time instant, as a
// 16-bit WAV (render -from's format). Frame 0 of the Sim is the session
// anchor's frame on the device.
func heardWAV(t *testing.T, g *Game, heard []float32, instant, seconds float64) []byte {
	t.Helper()
	d := g.sess.Device()
	if d == nil {
		t.Fatal("the window has no device")
	}
	from := d.Anchors()[0].Frame + int64(math.Round(instant*audio.SampleRate))
	span := int64(math.Round(seconds * audio.SampleRate))
	if int64(len(heard)/2) < from+span {
		t.Fatalf("the device played %d frames, want past %d", len(heard)/2, from+span)
	}
	live := heard[2*from : 2*(from+span)]
	if slices.Equal(live, make([]float32, len(live))) {
		t.Fatal("the span after the instant is silent: the test would prove nothing")
	}
	var w audio.SeekBuffer
	ww, err := audio.NewWAVWriter(&w)
	if err != nil {
		t.Fatal(err)
	}
	if err := ww.Write(live); err != nil {
		t.Fatal(err)
	}
	if err := ww.Close(); err != nil {
		t.Fatal(err)
	}
	return w.Bytes()
}
