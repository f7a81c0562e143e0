package commands

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func runProbeTest(args ...string) (string, error) {
	var out, errb bytes.Buffer
	err := probe(args, &out, &errb)
	return out.String(), err
}

// TestW5_ProbeCameraPresets: probe's default camera is retail's home view
// (2.5 m behind, 2.25 m above the feet: facing north at Holtburg's spawn,
// y 7.1 − 2.5 = 4.6, z 83 + 2.25); -camera first-person puts it 1.5 m above
// the feet; -eye beside -camera overrides the preset's height.
func TestW5_ProbeCameraPresets(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, `"camera":{"landblock":"0xA9B4","x":84,"y":4.6,"z":85.25},"camera_preset":"retail"`},
		{[]string{"-camera", "first-person"}, `"camera":{"landblock":"0xA9B4","x":84,"y":7.1,"z":84.5},"camera_preset":"first-person"`},
		{[]string{"-camera", "first-person", "-eye", "2"}, `"camera":{"landblock":"0xA9B4","x":84,"y":7.1,"z":85},"camera_preset":"custom (eye 2 m, chase 0 m)"`},
	} {
		out, err := runProbeTest(append([]string{"-at", "0xA9B4 84 7.1", "-json"}, c.args...)...)
		if err != nil || !strings.Contains(out, c.want) {
			t.Errorf("W5: probe %v: %v, want %s in\n%s", c.args, err, c.want, out[:min(len(out), 400)])
		}
	}
	if _, err := runProbeTest("-at", "0xA9B4 84 7.1", "-camera", "overhead"); err == nil || !strings.Contains(err.Error(), "retail, first-person") {
		t.Errorf("W5: -camera overhead: %v, want an error listing the presets", err)
	}
}

// TestProbe_HoltburgJSON pins the documented shape and the W2/W3 listener fields.
func TestProbe_HoltburgJSON(t *testing.T) {
	out, err := runProbeTest("-at", "0xA9B4 84 7.1", "-json")
	if err != nil {
		t.Fatal(err)
	}
	prefix := `{"listener":{"landblock":"0xA9B4","cell":"0xA9B40019","x":84,"y":7.1,"z":`
	if !strings.HasPrefix(out, prefix) {
		t.Fatalf("probe JSON starts %q, want %q", out[:min(len(out), 90)], prefix)
	}
	for _, want := range []string{`,"heading":0,"map":"42.1N, 33.6E"},"player":{"landblock":"0xA9B4","x":84,"y":7.1,"z":`, `},"camera":{"landblock":"0xA9B4","x":84,"y":4.6,"z":`, `},"camera_preset":"retail","indoors":null,"total_weight":`, `,"contributing_cells":`, `,"sounds":[{"stb_id":"0x20`} {
		if !strings.Contains(out, want) {
			t.Fatalf("probe JSON lacks %q:\n%s", want, out)
		}
	}
	var p probeJSON
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatal(err)
	}
	if p.ContributingCells == 0 || p.TotalWeight <= 0 || len(p.Sounds) == 0 {
		t.Fatalf("probe: no ambient at Holtburg: %+v", p)
	}
	order := []string{`"stb_id"`, `"index"`, `"stype"`, `"kind"`, `"volume"`, `"base_chance"`, `"min_rate"`, `"max_rate"`, `"count"`, `"current_volume"`, `"play_chance"`, `"can_hear"`, `"directions"`}
	first := out[strings.Index(out, `"sounds":[`):]
	last := -1
	for _, k := range order {
		i := strings.Index(first, k)
		if i <= last {
			t.Fatalf("probe: key %s out of order", k)
		}
		last = i
	}
	for _, s := range p.Sounds {
		switch s.Kind {
		case "continuous":
			// A8 wiring: can_hear ⇔ current_volume ≥ 0.03; A6: no directions.
			if s.CanHear != (s.CurrentVolume >= 0.03) || len(s.Directions) != 0 || s.PlayChance != 0 {
				t.Errorf("probe: continuous %+v inconsistent", s)
			}
		case "intermittent":
			if s.CanHear != (s.PlayChance > 0) || len(s.Directions) == 0 || len(s.Directions) > 8 {
				t.Errorf("probe: intermittent %+v inconsistent", s)
			}
			for _, d := range s.Directions {
				if d.Min > d.Max || d.Min < 4 {
					t.Errorf("probe: shell %+v", d)
				}
			}
		default:
			t.Errorf("probe: kind %q", s.Kind)
		}
		if s.Count <= 0 || s.Count > p.TotalWeight {
			t.Errorf("A5: count %v outside (0, total %v]", s.Count, p.TotalWeight)
		}
	}
	// The same spot by map coordinates lands in the same landblock.
	out2, err := runProbeTest("-loc", "42.1N, 33.6E", "-json", "-heading", "90", "-eye", "5")
	if err != nil {
		t.Fatal(err)
	}
	var p2 probeJSON
	json.Unmarshal([]byte(out2), &p2)
	if p2.Listener.Landblock != "0xA9B4" || p2.Listener.Heading != 90 || p2.Listener.Map != "42.1N, 33.6E" {
		t.Fatalf("probe -loc: listener %+v", p2.Listener)
	}
	if d := p2.Listener.Z - p.Listener.Z; d < 2.5 || d > 3.5 { // eye 5 vs 2 on nearly flat ground
		t.Errorf("W5: eye 5 vs 2 raised z by %v", d)
	}
}

func TestProbe_TableAndNoAmbient(t *testing.T) {
	out, err := runProbeTest("-at", "0xA9B4 84 7.1")
	if err != nil || !strings.Contains(out, "cell 0xA9B40019") || !strings.Contains(out, "continuous") {
		t.Fatalf("probe table: %v\n%s", err, out)
	}
	out, err = runProbeTest("-loc", "0.0N, 0.0E")
	if err != nil || !strings.Contains(out, "no ambient data") {
		t.Fatalf("A11: probe far from the stand-in: %v\n%s", err, out)
	}
}

func TestProbe_BadInput(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-loc", "42.1N, 33.6E", "-at", "0xA9B4 84 7.1"},
		{"-loc", "42.1Q 33.6E"},
		{"-at", "0xA9B4 300 7"},
		{"-at", "0xA9B4 84 7.1", "-eye", "-1"},
		{"-at", "0xA9B4 84 7.1", "-heading", "NaN"},
	} {
		if _, err := runProbeTest(args...); !isUserErr(err) {
			t.Errorf("probe %q: error %v, want a user error", args, err)
		}
	}
	if _, err := runProbeTest("-bogus"); !errors.Is(err, errUsage) {
		t.Errorf("probe -bogus: %v, want usage", err)
	}
}

// probeAt runs `probe -json -at at` and reads its JSON.
func probeAt(t *testing.T, at string) probeJSON {
	t.Helper()
	out, err := runProbeTest("-json", "-at", at)
	if err != nil {
		t.Fatalf("probe -at %q: %v", at, err)
	}
	var p probeJSON
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestA11_ProbeIndoors: an indoor /loc line takes its cell from the data. The
// stand-in inn's taproom sees outside (the outdoor gather, centred on the
// indoor position), its cellar does not (no ambient at all: total 0, no
// sounds); a cell the data does not hold is an error naming it, never an
// outdoor stand-in.
func TestA11_ProbeIndoors(t *testing.T) {
	out := probeAt(t, "0xA9B40012 [54.000000 40.000000 85.330000] 1 0 0 0")
	room := probeAt(t, "0xA9B40100 [54.000000 40.000000 85.530000] 1 0 0 0")
	cellar := probeAt(t, "0xA9B40101 [54.000000 40.000000 82.330000] 1 0 0 0")
	if out.Indoors != nil || out.TotalWeight <= 0 {
		t.Fatalf("A11: outdoors: %+v total %v", out.Indoors, out.TotalWeight)
	}
	if room.Indoors == nil || room.Indoors.EnvCell != "0xA9B40100" || !room.Indoors.SeesOutside || room.TotalWeight <= 0 || len(room.Sounds) == 0 || room.Listener.Cell != "0xA9B40100" {
		t.Errorf("A11: taproom: %+v total %v sounds %d cell %s, want indoors seeing outside with the outdoor gather", room.Indoors, room.TotalWeight, len(room.Sounds), room.Listener.Cell)
	}
	if cellar.Indoors == nil || cellar.Indoors.SeesOutside || cellar.TotalWeight != 0 || len(cellar.Sounds) != 0 || cellar.ContributingCells != 0 {
		t.Errorf("A11: cellar: %+v total %v sounds %d, want indoors, no ambient", cellar.Indoors, cellar.TotalWeight, len(cellar.Sounds))
	}
	if _, err := runProbeTest("-at", "0xA9B40105 [54.000000 40.000000 82.330000] 1 0 0 0"); err == nil || !strings.Contains(err.Error(), "0xA9B40105") {
		t.Errorf("A11: a cell the data does not hold: %v, want an error naming 0xA9B40105", err)
	}
	txt, err := runProbeTest("-at", "0xA9B40101 [54.000000 40.000000 82.330000] 1 0 0 0")
	if err != nil || !strings.Contains(txt, "indoors: EnvCell 0xA9B40101, sees outside: no") {
		t.Errorf("A11: probe text: %v\n%s", err, txt)
	}
}

// TestA11_ProbeClosedCellNoObjects (A11/E3 [D4]): in the stand-in's closed
// cellar probe lists no objects and says why (retail released the
// landscape); in the taproom, which sees outside, and outdoors at the same
// spot the forge and the rest are listed.
func TestA11_ProbeClosedCellNoObjects(t *testing.T) {
	room := probeAt(t, "0xA9B40100 [54.000000 40.000000 85.530000] 1 0 0 0")
	cellar := probeAt(t, "0xA9B40101 [54.000000 40.000000 82.330000] 1 0 0 0")
	if len(room.Objects) == 0 || room.ObjectsReleased != "" {
		t.Errorf("taproom: %d objects, released %q; want the world's objects", len(room.Objects), room.ObjectsReleased)
	}
	if len(cellar.Objects) != 0 || !strings.Contains(cellar.ObjectsReleased, "0xA9B40101") {
		t.Errorf("cellar: %d objects, released %q; want none and why", len(cellar.Objects), cellar.ObjectsReleased)
	}
	txt, err := runProbeTest("-at", "0xA9B40101 [54.000000 40.000000 82.330000] 1 0 0 0")
	if err != nil || !strings.Contains(txt, "objects   none of the landscape: EnvCell 0xA9B40101 does not see outside") {
		t.Errorf("probe text in the cellar: %v\n%s", err, txt)
	}
}

// TestE3_ProbeInnHearth (E3, EnvCell statics): the stand-in inn's hearth,
// a static of the taproom 0xA9B40100 that the inn's door portal lists, is a
// live object in the taproom (which sees outside) and on the street (the
// door lists the taproom: retail loads it and creates its statics), and not
// in the closed cellar, which lists no visible cells.
func TestE3_ProbeInnHearth(t *testing.T) {
	hearth := func(at string) bool {
		t.Helper()
		p := probeAt(t, at)
		for _, o := range p.Objects {
			if o.Setup == "0x02000004" && o.Kind == "interior" {
				return true
			}
		}
		return false
	}
	if !hearth("0xA9B40100 [54.000000 40.000000 85.530000] 1 0 0 0") {
		t.Error("taproom: no hearth")
	}
	if !hearth("0xA9B40012 [70.000000 40.000000 0] 1 0 0 0") {
		t.Error("street east of the inn: no hearth (the door portal lists the taproom)")
	}
	if hearth("0xA9B40101 [54.000000 40.000000 82.330000] 1 0 0 0") {
		t.Error("closed cellar: the hearth lives")
	}
}
