package capture

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/world"
)

var fuzzArchive struct {
	once sync.Once
	a    *dat.Archive
	err  error
}

// FuzzReplaySidecar (issue 23 item 1): any bytes as a sidecar are refused
// with an error naming the file, or replay on a Sim over the stand-in
// without a panic. A record the checks pass is bounded (24 h, 10M ticks);
// here records over 2 000 ticks are only checked, not replayed, to keep
// each input short.
func FuzzReplaySidecar(f *testing.F) {
	fuzzArchive.once.Do(func() { fuzzArchive.a, fuzzArchive.err = assets.StandIn() })
	if fuzzArchive.err != nil {
		f.Fatal(fuzzArchive.err)
	}
	l, end := goodRecord()
	good, err := json.Marshal(map[string]any{"replay": Replay{SimTime: end, Inputs: l}})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte(`{"replay":{"sim_time":0,"inputs":{"start":{},"inputs":[]}}}`))
	f.Add([]byte(`{"replay":{"sim_time":1e300,"inputs":{"start":{},"inputs":[{"kind":"tick","t":0,"n":1,"dt":1e300}]}}}`))
	f.Add([]byte(`{"replay":{"sim_time":0,"inputs":{"start":{},"inputs":[{"kind":"listener","t":0,"x":1e38,"y":-1e38}]}}}`))
	f.Add([]byte(`{"replay":{"sim_time":33333333,"inputs":{"start":{},"inputs":[{"kind":"step","t":0,"n":2000000000}]}}}`))
	f.Add([]byte(`{"replay":{"sim_time":0.05,"inputs":{"start":{"eye":3e38},"inputs":[{"kind":"drag","t":0,"drag":[1,2,3]}]}}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		sc, err := parseSidecar(b, "fuzz.json")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.json: ") {
				t.Fatalf("error names no file: %v", err)
			}
			return
		}
		r := sc.Replay
		var ticks int64
		for _, in := range r.Inputs.Inputs.All() {
			switch in.Kind {
			case world.InTick, world.InStep:
				ticks += int64(in.N)
			case world.InDrag:
				ticks += int64(in.DragFrames())
			}
		}
		if ticks > 2000 {
			return
		}
		s, err := world.NewSim(world.Config{Archive: fuzzArchive.a, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		_ = r.Inputs.Replay(s, nil) // errors (an index the Sim refuses) are fine; a panic is not
	})
}
