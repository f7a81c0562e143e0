package commands

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"soundworld/audio"
	"soundworld/internal/bigworld/bigtest"
)

// TestO4_RenderEventsTraceIsTheStreams renders 120 s on the stand-in and
// reads the -events CSV's draws and rands columns: concatenated over the whole
// file they are the ran2 and rand() streams for the seed (O4), each draw
// written as the shortest decimal that reads back as the same float32.
func TestO4_RenderEventsTraceIsTheStreams(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "e.csv")
	path := writeWalk(t, dir, `{"points":[{"t":0,"landblock":"0xA9B4","x":84,"y":7.1,"heading":0},
	{"t":120,"landblock":"0xA9B5","x":120,"y":60,"heading":90}]}`)
	const seed = 77
	if err := renderTest(t, "-path", path, "-seconds", "120", "-seed", strconv.Itoa(seed),
		"-o", filepath.Join(dir, "w.wav"), "-events", csv); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(csv)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if lines[0] != "time_s,source,table,stype,wave,slot,priority,db,pan,outcome,draws,rands,object,name" {
		t.Fatalf("events header %q", lines[0])
	}
	g, r := audio.NewRan2(seed), audio.NewMSVCRand(seed)
	nd, nr, notNow := 0, 0, 0
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		if len(f) != 14 {
			t.Fatalf("row %q: %d fields, want 14", l, len(f))
		}
		if f[9] == "not_now" {
			notNow++
		}
		for _, s := range strings.Fields(f[10]) {
			want := g.Roll()
			if s != strconv.FormatFloat(float64(want), 'g', -1, 32) {
				t.Fatalf("O4: draw %d is %q, the ran2 stream gives %v (row %q)", nd, s, want, l)
			}
			v, err := strconv.ParseFloat(s, 32)
			if err != nil || float32(v) != want {
				t.Fatalf("O4: draw %q does not read back as %v", s, want)
			}
			nd++
		}
		for _, s := range strings.Fields(f[11]) {
			if want := r.Rand(); s != strconv.Itoa(want) {
				t.Fatalf("O4: rand %d is %q, the rand() stream gives %d (row %q)", nr, s, want, l)
			}
			nr++
		}
	}
	if nd < 100 || nr < 20 || notNow == 0 {
		t.Fatalf("O4: %d draws, %d rands, %d not_now rows over %d rows: too little exercised", nd, nr, notNow, len(lines)-1)
	}
}

// TestW5_ProbePlayerAndCamera: probe reports both positions; -chase moves the
// camera back along the heading, -eye raises it above the feet.
func TestW5_ProbePlayerAndCamera(t *testing.T) {
	out, err := runProbeTest("-at", "0xA9B4 84 7.1", "-heading", "90", "-eye", "3", "-chase", "10", "-json")
	if err != nil {
		t.Fatal(err)
	}
	var p probeJSON
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatal(err)
	}
	if p.Player.Landblock != "0xA9B4" || p.Player.X != 84 || p.Player.Y != 7.1 ||
		p.Camera.Landblock != "0xA9B4" || p.Camera.X != 74 || p.Camera.Y != 7.1 || cm(p.Camera.Z-p.Player.Z) != 3 {
		t.Fatalf("W5: player %+v camera %+v, want the camera 10 m west and 3 m up", p.Player, p.Camera)
	}
	if p.Listener.Z != p.Camera.Z {
		t.Fatalf("W5: listener z %v, want the camera's %v", p.Listener.Z, p.Camera.Z)
	}
	txt, err := runProbeTest("-at", "0xA9B4 84 7.1", "-chase", "5")
	if err != nil || !strings.Contains(txt, "player    0xA9B4  (84.00, 7.10,") || !strings.Contains(txt, "camera    0xA9B4  (84.00, 2.10,") {
		t.Fatalf("W5: probe table:\n%s (%v)", txt, err)
	}
	for _, bad := range []string{"-1", "NaN", "Inf", "1001"} {
		if _, err := runProbeTest("-at", "0xA9B4 84 7.1", "-chase", bad); err == nil || !isUserErr(err) {
			t.Errorf("probe -chase %s: %v, want a user error", bad, err)
		}
	}
}

// TestW5_RenderChaseAndPathFileCamera: -chase reaches the render; a path
// file's eye and chase are used unless the flags are given.
func TestW5_RenderChaseAndPathFileCamera(t *testing.T) {
	dir := t.TempDir()
	path := writeWalk(t, dir, `{"eye":1.5,"chase":6,"points":[{"t":0,"landblock":"0xA9B4","x":84,"y":7.1}]}`)
	wav := filepath.Join(dir, "w.wav")
	parse := func(args ...string) *renderOpts {
		t.Helper()
		o, err := parseRender(append(args, "-o", wav, "-seconds", "1"), os.Stderr, os.Stderr)
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	if o := parse("-path", path); o.eye != 1.5 || o.chase != 6 {
		t.Fatalf("W5: path file camera: eye %v chase %v, want 1.5 and 6", o.eye, o.chase)
	}
	if o := parse("-path", path, "-eye", "2", "-chase", "0"); o.eye != 2 || o.chase != 0 {
		t.Fatalf("W5: flags must win over the path file: eye %v chase %v", o.eye, o.chase)
	}
	if o := parse("-at", "0xA9B4 84 7.1", "-chase", "12"); o.chase != 12 || o.place == nil || o.place.X != 84 || o.place.Y != 7.1 {
		t.Fatalf("W5/W6: -at with -chase: %+v", o)
	}
	if _, err := parseRender([]string{"-at", "0xA9B4 84 7.1", "-chase", "-3", "-o", wav, "-seconds", "1"}, os.Stderr, os.Stderr); err == nil {
		t.Fatalf("render -chase -3 accepted")
	}
}

// TestO4_RenderEventsTraceOnTheBigWorld repeats the O4 check on the
// procedural full-size world (a data set none of the fixtures were tuned on),
// walking across landblock borders for 120 s.
func TestO4_RenderEventsTraceOnTheBigWorld(t *testing.T) {
	if testing.Short() {
		t.Skip("generates the big world")
	}
	dir := bigtest.Dir(t)
	out := t.TempDir()
	path := writeWalk(t, out, `{"points":[{"t":0,"landblock":"0x7F7F","x":150,"y":40,"heading":45},
	{"t":120,"landblock":"0x8080","x":60,"y":100,"heading":200}]}`)
	csv := filepath.Join(out, "e.csv")
	const seed = 1234
	if err := renderTest(t, "-dat", dir, "-path", path, "-seed", strconv.Itoa(seed),
		"-o", filepath.Join(out, "w.wav"), "-events", csv); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(csv)
	if err != nil {
		t.Fatal(err)
	}
	g, r := audio.NewRan2(seed), audio.NewMSVCRand(seed)
	nd, nr := 0, 0
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n")[1:] {
		f := strings.Split(l, ",")
		for _, s := range strings.Fields(f[10]) {
			if want := strconv.FormatFloat(float64(g.Roll()), 'g', -1, 32); s != want {
				t.Fatalf("O4: draw %d is %s, ran2 gives %s", nd, s, want)
			}
			nd++
		}
		for _, s := range strings.Fields(f[11]) {
			if want := strconv.Itoa(r.Rand()); s != want {
				t.Fatalf("O4: rand %d is %s, rand() gives %s", nr, s, want)
			}
			nr++
		}
	}
	if nd < 50 || nr < 10 {
		t.Fatalf("O4: only %d draws and %d rands in 120 s", nd, nr)
	}
}
