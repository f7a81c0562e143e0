package game

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"soundworld/audio"
	"soundworld/world"
)

// A damaged sound table's +Inf priority reaches the Snapshot's voices and
// events; the sidecar must still be written (the damage suite's shot of
// values/table-priority-Inf failed with "json: unsupported value: +Inf").
func TestSnake_NonFiniteFloatsWrittenByName(t *testing.T) {
	s := &world.Snapshot{Time: 1.5}
	s.Voices[3] = audio.Voice{Busy: true, Priority: float32(math.Inf(1)), DB: -12}
	s.Events = []world.Event{{Play: audio.Play{Time: 1.25, Priority: float32(math.NaN())}}}
	b, err := json.Marshal(Snake[*world.Snapshot]{s})
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	text := string(b)
	for _, want := range []string{`"priority":"+Inf"`, `"priority":"NaN"`, `"db":-12`, `"time":1.5`} {
		if !strings.Contains(text, want) {
			t.Errorf("sidecar lacks %s", want)
		}
	}
	var back Snake[*world.Snapshot]
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("unmarshal: %v", err)
	}
	v := back.V
	if v.Time != 1.5 || !v.Voices[3].Busy || v.Voices[3].DB != -12 || v.Voices[3].Priority != 0 || len(v.Events) != 1 || v.Events[0].Time != 1.25 {
		t.Errorf("read back %+v / %+v", v.Voices[3], v.Events)
	}

	// A finite Snapshot is written exactly as encoding/json writes it.
	s.Voices[3].Priority, s.Events[0].Priority = 2, 0.5
	got, err := json.Marshal(Snake[*world.Snapshot]{s})
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := json.Marshal(s)
	want, _ := rekey(plain, snakeCase)
	if string(got) != string(want) {
		t.Errorf("finite snapshot changed by the fallback")
	}
	// And the fallback's tree agrees with encoding/json on a finite value.
	tree, _ := json.Marshal(finiteTree(reflectValue(s)))
	treeKeyed, _ := rekey(tree, snakeCase)
	if string(treeKeyed) != string(want) {
		t.Errorf("finiteTree differs from encoding/json on a finite snapshot:\n%.400s\n%.400s", treeKeyed, want)
	}
}

func reflectValue(v any) reflect.Value { return reflect.ValueOf(v) }
