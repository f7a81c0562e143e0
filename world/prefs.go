package world

import (
	"fmt"
	"strconv"
	"strings"

	"soundworld/audio"
)

// PrefKeys lists the preference keys of ParsePrefs in a fixed order (G1, G3).
var PrefKeys = func() []string {
	var keys []string
	for _, f := range prefFields(&audio.Prefs{}) {
		keys = append(keys, f.key)
	}
	return keys
}()

// prefField is one preference: its key and the field it sets, a volume (a
// number in [0, 1]) or a switch (on/off).
type prefField struct {
	key string
	vol *float32
	sw  *bool
}

// prefFields are p's preferences in PrefKeys order.
func prefFields(p *audio.Prefs) []prefField {
	return []prefField{
		{key: "effect_volume", vol: &p.EffectVolume},
		{key: "ambient_volume", vol: &p.AmbientVolume},
		{key: "interface_volume", vol: &p.InterfaceVolume},
		{key: "effects", sw: &p.Effects},
		{key: "ambient", sw: &p.Ambient},
		{key: "interface", sw: &p.Interface},
		{key: "pan", sw: &p.Pan},
		{key: "only_when_active", sw: &p.OnlyWhenActive},
		{key: "squared", sw: &p.Squared},
	}
}

// ParsePrefs applies "k=v,k=v" settings to base (render -prefs and the window's
// settings file). Volumes are numbers in [0, 1]; switches are on/off (also
// true/false, 1/0). Unknown keys or bad values give an error naming them.
func ParsePrefs(s string, base audio.Prefs) (audio.Prefs, error) {
	p := base
	for kv := range strings.FieldsFuncSeq(s, func(r rune) bool { return r == ',' || r == '\n' }) {
		kv = strings.TrimSpace(kv)
		if kv == "" || strings.HasPrefix(kv, "#") {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok {
			return base, fmt.Errorf("prefs: %q: want key=value", kv)
		}
		if err := setPref(&p, k, v); err != nil {
			return base, err
		}
	}
	return p, nil
}

func setPref(p *audio.Prefs, k, v string) error {
	for _, f := range prefFields(p) {
		switch {
		case f.key != k:
			continue
		case f.vol != nil:
			return setVolume(f.vol, k, v)
		}
		return setSwitch(f.sw, k, v)
	}
	return fmt.Errorf("prefs: unknown key %q (known: %s)", k, strings.Join(PrefKeys, ", "))
}

// setVolume sets *dst from v, a number in [0, 1].
func setVolume(dst *float32, k, v string) error {
	f, err := strconv.ParseFloat(v, 32)
	if err != nil || !(f >= 0 && f <= 1) {
		return fmt.Errorf("prefs: %s=%q: want a number in 0..1", k, v)
	}
	*dst = float32(f)
	return nil
}

// setSwitch sets *dst from v: on, true, 1 or yes; off, false, 0 or no.
func setSwitch(dst *bool, k, v string) error {
	switch strings.ToLower(v) {
	case "on", "true", "1", "yes":
		*dst = true
	case "off", "false", "0", "no":
		*dst = false
	default:
		return fmt.Errorf("prefs: %s=%q: want on or off", k, v)
	}
	return nil
}

// FormatPrefs writes p in ParsePrefs syntax, keys in PrefKeys order.
func FormatPrefs(p audio.Prefs) string {
	kvs := make([]string, 0, len(PrefKeys))
	for _, f := range prefFields(&p) {
		v := "off"
		switch {
		case f.vol != nil:
			v = strconv.FormatFloat(float64(*f.vol), 'g', -1, 32)
		case *f.sw:
			v = "on"
		}
		kvs = append(kvs, f.key+"="+v)
	}
	return strings.Join(kvs, ",")
}
