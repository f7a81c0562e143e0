package gate

import (
	"bytes"
	"math"
	"testing"

	"soundworld/assets"
	"soundworld/assets/standintest"
	"soundworld/audio"
	"soundworld/world"
)

// testScene is a stand-in spot with two beds (0x0A000001, 0x0A00000A) and the
// stand-in's forge emitter moved next to the listener (10 m east, 2 m north),
// so it has a bed, one-shots and a side.
func testScene(t testing.TB, seconds float64) Scene {
	a := standintest.Archive(t)
	em, err := world.LoadLayout(bytes.NewReader(assets.ForgeEmitterLayout()), "stand-in layout")
	if err != nil || len(em) != 1 {
		t.Fatalf("layout: %v %v", em, err)
	}
	em[0].Landblock, em[0].X, em[0].Y = 0xAAB5, 110, 102
	x, y := world.WorldPos(0xAAB5, 100, 100)
	return Scene{Archive: a, Bank: audio.NewBank(a), X: x, Y: y, Eye: 2, Prefs: audio.DefaultPrefs(), Emitters: em, Seconds: seconds}
}

// The stems of a render sum to the render: each slot sounds in one stem only.
func TestRenderStemsSumToTheMix(t *testing.T) {
	sc := testScene(t, 20)
	full, err := Render(sc, 7)
	if err != nil {
		t.Fatal(err)
	}
	stems, err := RenderStems(sc, 7, 3, func(p audio.Play) int { return int(p.Source) % 3 })
	if err != nil {
		t.Fatal(err)
	}
	var energy [3]float64
	for i := range full.L {
		var l, r float64
		for k, s := range stems {
			l += float64(s.L[i])
			r += float64(s.R[i])
			energy[k] += float64(s.L[i]) * float64(s.L[i])
		}
		if math.Abs(l-float64(full.L[i])) > 1e-5 || math.Abs(r-float64(full.R[i])) > 1e-5 {
			t.Fatalf("frame %d: stems sum to (%v, %v), the mix is (%v, %v)", i, l, r, full.L[i], full.R[i])
		}
	}
	// Bed (0) and emitter (2) stems both sound; one-shots (1) are rare here.
	if energy[0] == 0 || energy[2] == 0 {
		t.Fatalf("stem energies %v: want bed and emitter stems non-silent", energy)
	}
}
