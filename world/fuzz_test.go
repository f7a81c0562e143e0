package world

import (
	"bytes"
	"testing"
)

// FuzzLoadLayout: any bytes give emitters or an error, never a panic; what
// loads saves and loads back to the same emitters.
func FuzzLoadLayout(f *testing.F) {
	f.Add([]byte(forgeLayout))
	f.Add([]byte(`{"emitters":[{"name":"x","landblock":"0x0000","x":0,"y":0,"z":1e30,"sound_table":"0x20000000","stype":"0xCC","volume":0,"interval":[0,0],"path":"hook"}]}`))
	f.Add([]byte(`{"emitters":[`))
	f.Add([]byte(`{"emitters":[{"name":"w","landblock":"0xA9B4","x":1,"y":2,"z":null,"wave":"0x0A000001","probability":0.25,"volume":1,"interval":[1,2],"path":"tweaked_hook"},{"name":"s","landblock":"0xA9B4","x":1,"y":2,"z":null,"wave":"0x0A000002","volume":1,"interval":[1,2],"path":"sound_hook"}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		es, err := LoadLayout(bytes.NewReader(b), "fuzz.json")
		if err != nil {
			return
		}
		back, err := LoadLayout(bytes.NewReader(EncodeLayout(es)), "again.json")
		if err != nil || len(back) != len(es) {
			t.Fatalf("E2: saved layout does not load back: %v", err)
		}
		for i := range es {
			if back[i].Path != es[i].Path || back[i].Wave != es[i].Wave || back[i].Probability != es[i].Probability {
				t.Fatalf("E1: emitter %d round trip %+v, want %+v", i, back[i], es[i])
			}
		}
	})
}

// FuzzLoadWalk: any bytes give a walk or an error; At never panics.
func FuzzLoadWalk(f *testing.F) {
	f.Add([]byte(`{"points":[{"t":0,"landblock":"0xA9B4","x":84,"y":7.1,"heading":0},{"t":30,"landblock":"0xA9B4","x":180,"y":7.1,"heading":90}]}`))
	f.Add([]byte(`{"eye":1.5,"chase":3,"points":[{"t":0,"landblock":"0xFFFF","x":191.99,"y":0,"heading":-720},{"t":1e9,"landblock":"0x0000","x":0,"y":191.99,"heading":1e30}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		w, err := LoadWalk(bytes.NewReader(b), "fuzz.json")
		if err != nil {
			return
		}
		for _, tm := range []float64{-1, 0, 0.5, w.End(), w.End() + 1} {
			w.At(tm)
			// W6: the player stays on the map, inside its landblock.
			if l, _ := w.LocAt(tm); !(l.X >= 0 && l.X < BlockSize && l.Y >= 0 && l.Y < BlockSize) {
				t.Fatalf("W6: LocAt(%v) = %+v outside its landblock", tm, l)
			}
		}
	})
}

// FuzzParsePlace: map and landblock positions parse or fail, never panic, and
// what parses is on the map.
func FuzzParsePlace(f *testing.F) {
	for _, s := range []string{"42.1N, 33.6E", "0xA9B4 84 7.1", "1e400N 0E", "-0N 0W", "0x 1 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if x, y, err := ParseMap(s); err == nil {
			if _, ok := Landblock(x, y); !ok {
				t.Fatalf("W3: ParseMap(%q) gave an off-map point", s)
			}
		}
		if x, y, err := ParseAt(s); err == nil {
			if _, ok := Landblock(x, y); !ok {
				t.Fatalf("ParseAt(%q) gave an off-map point", s)
			}
		}
	})
}
