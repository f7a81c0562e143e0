package game

import (
	"encoding/json"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"soundworld/world"
)

func TestSnakeCase(t *testing.T) {
	for in, want := range map[string]string{"CellID": "cell_id", "SType": "s_type", "DB": "db", "GainRaw": "gain_raw",
		"STBID": "stbid", "TotalWeight": "total_weight", "Voices": "voices", "HTTPServer": "http_server", "x": "x", "local_x": "local_x"} {
		if got := snakeCase(in); got != want {
			t.Errorf("snakeCase(%q) got %q, want %q", in, got, want)
		}
	}
}

// The sidecar has snake_case keys only (no capital in any
// key), and its snapshot reads back to the same value.
func TestSidecar_SnakeCaseKeysRoundTrip(t *testing.T) {
	g := standInGame(t)
	for i := 0; i < 120; i++ {
		g.snap = g.sim.Tick(1.0 / 60)
	}
	b, err := json.Marshal(g.sidecar())
	if err != nil {
		t.Fatal(err)
	}
	// Keys outside "replay" (the replay record has its own schema, tested below).
	var top map[string]json.RawMessage
	json.Unmarshal(b, &top)
	delete(top, "replay")
	rest, _ := json.Marshal(top)
	if m := regexp.MustCompile(`"[a-z0-9_]*[A-Z][A-Za-z0-9_]*":`).Find(rest); m != nil {
		t.Errorf("sidecar key %s is not snake_case", m)
	}
	var sc Sidecar
	if err := json.Unmarshal(b, &sc); err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(g.snap)
	got, _ := json.Marshal(sc.Snapshot.V)
	if string(got) != string(want) {
		t.Errorf("snapshot round trip differs:\n got %.300s\nwant %.300s", got, want)
	}
}

// Every key of a written sidecar, the replay record included (its start's
// and inputs' emitters too, whose Go names are "SoundTable", "SType"), has
// no capital letter; the record's emitters read back as they were.
func TestSidecar_EveryKeySnakeCase(t *testing.T) {
	g := standInGame(t)
	z := float32(3.5)
	g.sim.Emitters().Add(world.Emitter{Name: "bell", Landblock: 0xA9B4, X: 50, Y: 60, Z: &z, SoundTable: 0x20000010, SType: 0x69,
		Volume: 0.5, Interval: [2]float32{2, 4}})
	for i := 0; i < 30; i++ {
		g.snap = g.sim.Tick(1.0 / 60)
	}
	g.sim.Emitters().Move(0, 70.25, 80.5)
	g.snap = g.sim.Tick(1.0 / 60)
	out := filepath.Join(t.TempDir(), "s.png")
	if err := writePair(out, image.NewRGBA(image.Rect(0, 0, 2, 2)), g.sidecar()); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(SidecarPath(out))
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	n, bad := 0, []string(nil)
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch t := v.(type) {
		case map[string]any:
			for k, x := range t {
				n++
				if strings.ToLower(k) != k {
					bad = append(bad, path+"."+k)
				}
				walk(path+"."+k, x)
			}
		case []any:
			for i, x := range t {
				walk(fmt.Sprintf("%s[%d]", path, i), x)
			}
		}
	}
	walk("", v)
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Errorf("%d of %d keys are not snake_case, e.g. %v", len(bad), n, bad[:min(len(bad), 6)])
	}
	if !strings.Contains(string(raw), `"sound_table"`) || !strings.Contains(string(raw), `"add_emitter"`) {
		t.Errorf("the sidecar has no recorded emitter (want the add_emitter input with sound_table)")
	}
	var sc struct {
		Replay struct {
			Inputs world.InputLog `json:"inputs"`
		} `json:"replay"`
	}
	if err := json.Unmarshal(raw, &sc); err != nil {
		t.Fatal(err)
	}
	want := g.sim.Inputs()
	if got := sc.Replay.Inputs; !reflect.DeepEqual(got.Start.Emitters, want.Start.Emitters) || !reflect.DeepEqual(got.Inputs.Slice(), want.Inputs.Slice()) {
		t.Errorf("the record's emitters read back differently:\n got %+v\nwant %+v", got.Inputs.Slice(), want.Inputs.Slice())
	}
}
