package listen

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"soundworld/assets/standintest"
	"soundworld/audio"
	"soundworld/explorer/listen/listentest"
	"soundworld/gate"
	"soundworld/world"
)

// fakeAB is a device that records what A/B asked of it.
type fakeAB struct {
	b    []float32
	onB  bool
	gain float32
}

func (f *fakeAB) SetB(l, r []float32) { f.b = l }
func (f *fakeAB) SelectB(on bool)     { f.onB = on }
func (f *fakeAB) SetBGain(g float32)  { f.gain = g }

// standInTools is the listening tools over a Sim of the stand-in with
// device dev (nil: silent); notices are dropped.
func standInTools(t *testing.T, dev Device) *Tools {
	t.Helper()
	a := standintest.Archive(t)
	sim, err := world.NewSim(world.Config{Archive: a, Seed: 1, Prefs: audio.DefaultPrefs()})
	if err != nil {
		t.Fatal(err)
	}
	return New(Config{
		Archive: a, Sim: sim,
		Device:      func() Device { return dev },
		Silent:      func() string { return "" },
		Copy:        func(string) error { return fmt.Errorf("no clipboard") },
		Notice:      func(string) {},
		BeforePlace: func() {},
		Placed:      func(bool) {},
		Opened:      func() {},
		Files:       plainFiles{},
	})
}

// waitReady runs frames until the gate's recording is loaded into the device.
func waitReady(t *testing.T, g *Tools) {
	deadline := time.Now().Add(2 * time.Minute)
	for {
		g.Update()
		v := g.View()
		if v.Err != nil {
			t.Fatal(v.Err)
		}
		if v.Ready && g.gate.loaded {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("gate still loading: %s", v.Stage)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Opening a gate puts the listener on its /loc with its
// camera, loads the recording with progress, matches B's loudness to ours
// (the recording is ours −6 dB: the gain found is ≈ +6 dB), B switches the
// device between A and B (gain off with the checkbox), and an ABX run's log
// goes to the gate's history with its score and p-value.
func TestOpenGateABAndABX(t *testing.T) {
	dir := t.TempDir()
	path, loc := listentest.Gate(t, dir)
	dev := &fakeAB{}
	g := standInTools(t, dev)
	checkOpenGateAB(t, g, dev, path, loc)
	runABX(t, g, dev)
	checkABXHistory(t, path)
}

// checkOpenGateAB opens the gate at path (written at loc) and switches A/B:
// the player stands where the gate says, B waits for loading, and the
// gain match (≈ +6 dB) follows its switch.
func checkOpenGateAB(t *testing.T, g *Tools, dev *fakeAB, path string, loc world.RetailLoc) {
	t.Helper()
	if err := g.ToggleB(); err == nil {
		t.Error("B with no gate open: want an error")
	}
	if err := g.OpenGate(path); err != nil {
		t.Fatal(err)
	}
	if p := g.cfg.Sim.Player(); p.Landblock != loc.Loc().Landblock || p.X != loc.Loc().X || p.Y != loc.Loc().Y {
		t.Errorf("player %+v, want the gate's %+v", p, loc.Loc())
	}
	if h := g.cfg.Sim.Listener().Heading; math.Abs(float64(h)-135) > 1e-3 || g.cfg.Sim.Listener().Eye != 3 {
		t.Errorf("heading %v eye %v, want 135 and 3", h, g.cfg.Sim.Listener().Eye)
	}
	if v := g.View(); v.Ready || v.Stage == "" {
		t.Errorf("just opened: ready %v stage %q; want loading with a stage", v.Ready, v.Stage)
	}
	if err := g.ToggleB(); err == nil {
		t.Error("B while loading: want an error")
	}
	waitReady(t, g)
	v := g.View()
	if math.Abs(v.GainDB-6) > 1.5 || len(dev.b) == 0 {
		t.Errorf("gain %+.2f dB (ours %.1f, retail %.1f LUFS), B loaded %d samples; want ≈ +6 dB", v.GainDB, v.OursLUFS, v.RetailLUFS, len(dev.b))
	}
	want := float32(math.Pow(10, v.GainDB/20))
	if dev.onB || dev.gain != want {
		t.Errorf("after loading: B %v gain %v; want A with gain %v", dev.onB, dev.gain, want)
	}
	if err := g.ToggleB(); err != nil || !dev.onB || g.View().Hearing != "B" {
		t.Errorf("B: err %v, device on B %v; want B", err, dev.onB)
	}
	g.SetGainMatch(false)
	if dev.gain != 1 {
		t.Errorf("match off: gain %v, want 1", dev.gain)
	}
	g.SetGainMatch(true)
	g.ToggleB()
	if dev.onB {
		t.Error("B again: want A")
	}

}

// runABX runs 3 ABX trials: X sounds as drawn; it answers right twice,
// wrong once.
func runABX(t *testing.T, g *Tools, dev *fakeAB) {
	t.Helper()
	if err := g.SetABXTrials(3); err != nil {
		t.Fatal(err)
	}
	if err := g.AnswerX(false); err == nil {
		t.Error("answer before any X: want an error")
	}
	for i := 0; i < 3; i++ {
		if err := g.PlayX(); err != nil {
			t.Fatal(err)
		}
		x := g.gate.abx.X()
		if dev.onB != (x == 1) || g.View().Hearing != "X" {
			t.Errorf("trial %d: X is %v, device on B %v", i, x, dev.onB)
		}
		g.ToggleB() // leave X for a reference, as a listener would
		if g.View().Hearing == "X" {
			t.Error("B during a trial: still hearing X")
		}
		right := i < 2
		if err := g.AnswerX((x == 1) == right); err != nil {
			t.Fatal(err)
		}
	}
	v := g.View()
	if !v.ABXDone || v.Correct != 2 || !strings.Contains(v.Result, "2 of 3 right, p = 0.5") {
		t.Errorf("result %q (done %v, correct %d), want 2 of 3 and p = 0.5 (4/8)", v.Result, v.ABXDone, v.Correct)
	}
}

// checkABXHistory reads the gate file back: one history entry, the ABX
// run with its log.
func checkABXHistory(t *testing.T, path string) {
	t.Helper()
	f, err := gate.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.History) != 1 {
		t.Fatalf("history has %d entries, want the ABX run", len(f.History))
	}
	var h struct {
		Pass  bool `json:"pass"`
		Extra struct {
			Kind    string  `json:"kind"`
			Trials  int     `json:"trials"`
			Correct int     `json:"correct"`
			P       float64 `json:"p_value"`
			Log     []struct {
				X, Answer string
			} `json:"log"`
		} `json:"extra"`
	}
	if err := json.Unmarshal(f.History[0], &h); err != nil {
		t.Fatal(err)
	}
	if h.Extra.Kind != "abx" || h.Extra.Trials != 3 || h.Extra.Correct != 2 || h.Extra.P != 0.5 || len(h.Extra.Log) != 3 || !h.Pass {
		t.Errorf("history entry %s", f.History[0])
	}
}
