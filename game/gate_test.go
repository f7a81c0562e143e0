package game

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/gate"
	"soundworld/gate/decode"
	"soundworld/world"
)

// testGate writes a 10 s gate at the stand-in's spawn whose "recording" is
// seed 7 of our own render played 6 dB quieter, and returns its path.
func testGate(t *testing.T, dir string) (string, world.RetailLoc) {
	a, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	es, err := world.LoadLayout(bytes.NewReader(assets.DefaultLayout()), "default")
	if err != nil {
		t.Fatal(err)
	}
	loc := world.RetailLocOf(world.LocOf(world.Pos{X: world.HoltburgX, Y: world.HoltburgY}), 135)
	place := loc.Loc()
	sc := gate.Scene{Archive: a, Bank: audio.NewBank(a), Place: &place, Heading: loc.Heading(), Eye: 2,
		Prefs: audio.DefaultPrefs(), Emitters: es, Seconds: 10}
	st, err := gate.Render(sc, 7)
	if err != nil {
		t.Fatal(err)
	}
	k := float32(math.Pow(10, -6.0/20))
	for i := range st.L {
		st.L[i] *= k
		st.R[i] *= k
	}
	os.WriteFile(filepath.Join(dir, "retail.wav"), decode.EncodeWAV([][]float32{st.L, st.R}, 44100, 16, false), 0o644)
	os.WriteFile(filepath.Join(dir, "layout.json"), world.EncodeLayout(es), 0o644)
	p := filepath.Join(dir, "spawn.gate.json")
	os.WriteFile(p, []byte(fmt.Sprintf(`{
  "name": "spawn", "dat": null, "loc": %q, "camera": {"eye": 3, "chase": 0},
  "prefs": "", "emitters": "layout.json", "seconds": 10, "recording": "retail.wav",
  "offset_s": 0, "ignore": [], "notes": "", "history": []
}
`, loc.String())), 0o644)
	back, err := world.ParseRetailLoc(loc.String()) // 6 decimals, as the file has it
	if err != nil {
		t.Fatal(err)
	}
	return p, back
}

func waitReady(t *testing.T, g *Game) {
	deadline := time.Now().Add(2 * time.Minute)
	for {
		g.listening.Update()
		v := hostOf(g).GateView()
		if v.Err != nil {
			t.Fatal(v.Err)
		}
		if v.Ready {
			g.listening.Update() // hands the recording to the device
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("gate still loading: %s", v.Stage)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// With no sound device the panel still works and says it is silent.
func TestGateSilentDevice(t *testing.T) {
	dir := t.TempDir()
	path, _ := testGate(t, dir)
	g := standInGame(t) // NoAudio: no device
	if err := g.listening.OpenGate(path); err != nil {
		t.Fatal(err)
	}
	waitReady(t, g)
	v := hostOf(g).GateView()
	if !strings.Contains(v.Silent, "silent") {
		t.Errorf("silent notice %q", v.Silent)
	}
	if err := g.listening.ToggleB(); err != nil || hostOf(g).GateView().Hearing != "B" {
		t.Errorf("B without a device: %v", err)
	}
	if err := g.listening.PlayX(); err != nil {
		t.Error(err)
	}
	if err := g.listening.OpenGate(filepath.Join(dir, "missing.gate.json")); err == nil {
		t.Error("a missing gate file: want an error")
	}
	// A gate made on other data opens with a note saying so.
	b, _ := os.ReadFile(path)
	other := filepath.Join(dir, "other.gate.json")
	os.WriteFile(other, bytes.Replace(b, []byte(`"dat": null`), []byte(`"dat": {"folder": "acdata"}`), 1), 0o644)
	if err := g.listening.OpenGate(other); err != nil {
		t.Fatal(err)
	}
	if w := hostOf(g).GateView().Warn; len(w) != 1 || !strings.Contains(w[0], "start it with -dat") {
		t.Errorf("warnings %q: want the data mismatch named", w)
	}
}
