package world

import (
	"strings"
	"testing"

	"soundworld/audio"
)

func TestG1_ParsePrefs(t *testing.T) {
	p, err := ParsePrefs("effect_volume=0.5, ambient_volume=0.25,interface_volume=0,effects=off,ambient=off,interface=off,pan=off,only_when_active=off,squared=off", audio.DefaultPrefs())
	if err != nil {
		t.Fatal(err)
	}
	want := audio.Prefs{EffectVolume: 0.5, AmbientVolume: 0.25}
	if p != want {
		t.Fatalf("G1: got %+v, want %+v", p, want)
	}
	back, err := ParsePrefs(FormatPrefs(p), audio.DefaultPrefs())
	if err != nil || back != p {
		t.Fatalf("G1: FormatPrefs round trip %+v (%v), want %+v", back, err, p)
	}
	if p, _ := ParsePrefs("", audio.DefaultPrefs()); p != audio.DefaultPrefs() {
		t.Fatalf("G1: empty prefs changed the defaults")
	}
	for _, c := range []struct{ in, want string }{
		{"volume=1", `unknown key "volume"`},
		{"effect_volume=1.5", `effect_volume="1.5"`},
		{"ambient_volume=-0.1", `ambient_volume="-0.1"`},
		{"ambient_volume=NaN", `ambient_volume="NaN"`},
		{"pan=maybe", `pan="maybe"`},
		{"squared", `"squared": want key=value`},
	} {
		_, err := ParsePrefs(c.in, audio.DefaultPrefs())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("G1: ParsePrefs(%q) error %v, want %q", c.in, err, c.want)
		}
	}
}
