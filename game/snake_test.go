package game

import (
	"encoding/json"
	"regexp"
	"testing"
)

func TestSnakeCase(t *testing.T) {
	for in, want := range map[string]string{"CellID": "cell_id", "SType": "s_type", "DB": "db", "GainRaw": "gain_raw",
		"STBID": "stbid", "TotalWeight": "total_weight", "Voices": "voices", "HTTPServer": "http_server", "x": "x", "local_x": "local_x"} {
		if got := snakeCase(in); got != want {
			t.Errorf("snakeCase(%q) got %q, want %q", in, got, want)
		}
	}
}

// Issue 13 item 8: the sidecar has snake_case keys only (no capital in any
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
	// Keys outside "replay" (issue 10's replay record has its own schema).
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
