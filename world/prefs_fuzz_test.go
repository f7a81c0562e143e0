package world

import (
	"math"
	"testing"

	"soundworld/audio"
)

// FuzzParsePrefs: any settings text (render -prefs, the window's settings
// file) gives prefs or an error, never a panic. On error the base comes back
// untouched; what parses has finite volumes in 0..1 (G1), and FormatPrefs
// writes it so that it parses back to exactly the same prefs from any base.
func FuzzParsePrefs(f *testing.F) {
	for _, s := range []string{
		"", "effect_volume=0.5,ambient=off", FormatPrefs(audio.DefaultPrefs()),
		"# comment\nsquared=off\npan=0", "ambient_volume=NaN", "effect_volume=1e-50",
		"interface_volume=-0", "effects", "unknown=1", "ambient_volume=0x1p-1", " pan = yes ,, only_when_active=FALSE",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		base := audio.DefaultPrefs()
		base.AmbientVolume = 0.25
		p, err := ParsePrefs(s, base)
		if err != nil {
			if p != base {
				t.Fatalf("error %v, but prefs changed: %+v", err, p)
			}
			return
		}
		for _, v := range []float32{p.EffectVolume, p.AmbientVolume, p.InterfaceVolume} {
			if f := float64(v); math.IsNaN(f) || f < 0 || f > 1 {
				t.Fatalf("%q: volume %v accepted", s, v)
			}
		}
		text := FormatPrefs(p)
		for _, b := range []audio.Prefs{{}, audio.DefaultPrefs(), base} {
			back, err := ParsePrefs(text, b)
			if err != nil || back != p {
				t.Fatalf("%q → %+v → %q → %+v, %v", s, p, text, back, err)
			}
		}
	})
}
