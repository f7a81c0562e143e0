package world

import (
	"fmt"
	"strconv"
	"strings"

	"soundworld/audio"
)

// PrefKeys lists the preference keys of ParsePrefs in a fixed order (G1, G3).
var PrefKeys = []string{
	"effect_volume", "ambient_volume", "interface_volume",
	"effects", "ambient", "interface", "pan", "only_when_active", "squared",
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
	vol := func(dst *float32) error {
		f, err := strconv.ParseFloat(v, 32)
		if err != nil || !(f >= 0 && f <= 1) {
			return fmt.Errorf("prefs: %s=%q: want a number in 0..1", k, v)
		}
		*dst = float32(f)
		return nil
	}
	sw := func(dst *bool) error {
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
	switch k {
	case "effect_volume":
		return vol(&p.EffectVolume)
	case "ambient_volume":
		return vol(&p.AmbientVolume)
	case "interface_volume":
		return vol(&p.InterfaceVolume)
	case "effects":
		return sw(&p.Effects)
	case "ambient":
		return sw(&p.Ambient)
	case "interface":
		return sw(&p.Interface)
	case "pan":
		return sw(&p.Pan)
	case "only_when_active":
		return sw(&p.OnlyWhenActive)
	case "squared":
		return sw(&p.Squared)
	}
	return fmt.Errorf("prefs: unknown key %q (known: %s)", k, strings.Join(PrefKeys, ", "))
}

// FormatPrefs writes p in ParsePrefs syntax, keys in PrefKeys order.
func FormatPrefs(p audio.Prefs) string {
	onoff := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	num := func(f float32) string { return strconv.FormatFloat(float64(f), 'g', -1, 32) }
	return strings.Join([]string{
		"effect_volume=" + num(p.EffectVolume),
		"ambient_volume=" + num(p.AmbientVolume),
		"interface_volume=" + num(p.InterfaceVolume),
		"effects=" + onoff(p.Effects),
		"ambient=" + onoff(p.Ambient),
		"interface=" + onoff(p.Interface),
		"pan=" + onoff(p.Pan),
		"only_when_active=" + onoff(p.OnlyWhenActive),
		"squared=" + onoff(p.Squared),
	}, ",")
}
