// Package listentest is a test helper of the listening tools: a gate file
// whose recording is our own render, for explorer/listen's and the window's tests.
package listentest

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"soundworld/assets"
	"soundworld/assets/standintest"
	"soundworld/audio"
	"soundworld/gate"
	"soundworld/gate/decode"
	"soundworld/world"
)

// Gate writes into dir a 10 s gate at the stand-in's spawn, facing 135°
// with the camera 3 m up, whose "recording" is seed 7 of our own render
// played 6 dB quieter, and returns its path and its /loc as the file has it.
func Gate(t testing.TB, dir string) (string, world.RetailLoc) {
	t.Helper()
	a := standintest.Archive(t)
	es := standintest.Layout(t, assets.DefaultLayout())
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
