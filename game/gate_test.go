package game

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"soundworld/explorer/listen/listentest"
)

func waitReady(t *testing.T, g *Game) {
	deadline := time.Now().Add(2 * time.Minute)
	for {
		g.listening.Update()
		v := gateOf(g).GateView()
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
	path, _ := listentest.Gate(t, dir)
	g := standInGame(t) // NoAudio: no device
	if err := g.listening.OpenGate(path); err != nil {
		t.Fatal(err)
	}
	waitReady(t, g)
	v := gateOf(g).GateView()
	if !strings.Contains(v.Silent, "silent") {
		t.Errorf("silent notice %q", v.Silent)
	}
	if err := g.listening.ToggleB(); err != nil || gateOf(g).GateView().Hearing != "B" {
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
	if w := gateOf(g).GateView().Warn; len(w) != 1 || !strings.Contains(w[0], "start it with -dat") {
		t.Errorf("warnings %q: want the data mismatch named", w)
	}
}
