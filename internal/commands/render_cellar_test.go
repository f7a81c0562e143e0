package commands

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"soundworld/assets/standintest"
	"soundworld/audio"
	"soundworld/world"
)

// cellarWalk stands 6 m south of the stand-in forge (0xA9B4 (90, 20)) for
// 3 s, goes down into the inn's cellar 0xA9B40101 (closed: no seen_outside)
// at 4 s, stays there until 10 s, and steps out of the inn's east door at
// 10 s, walking back to the forge.
const cellarWalk = `{"points":[{"t":0,"landblock":"0xA9B4","x":90,"y":14,"heading":0},
 {"t":3,"landblock":"0xA9B4","x":90,"y":14,"heading":0},
 {"t":4,"loc":"0xA9B40101 [54 40 82.33] 1 0 0 0"},
 {"t":9.5,"loc":"0xA9B40101 [54 40 82.33] 1 0 0 0"},
 {"t":10,"landblock":"0xA9B4","x":60.5,"y":40,"heading":90},
 {"t":13,"landblock":"0xA9B4","x":90,"y":14,"heading":0}]}`

// forgeRow is one forge hook row of an -events CSV: its time and frame.
type forgeRow struct {
	t     float64
	frame int
}

func forgeRows(t *testing.T, csv string) []forgeRow {
	t.Helper()
	b, err := os.ReadFile(csv)
	if err != nil {
		t.Fatal(err)
	}
	var out []forgeRow
	for _, l := range strings.Split(string(b), "\n") {
		i := strings.Index(l, "object 0xA9B40000 ")
		if i < 0 {
			continue
		}
		tt, err := strconv.ParseFloat(strings.SplitN(l, ",", 2)[0], 64)
		j := strings.Index(l[i:], " frame ")
		if err != nil || j < 0 {
			t.Fatalf("forge row %q: no time or frame", l)
		}
		rest, _, _ := strings.Cut(l[i+j+7:], ",") // the object column ends before the name column
		f, err := strconv.Atoi(strings.TrimSpace(rest))
		if err != nil {
			t.Fatalf("forge row %q: frame: %v", l, err)
		}
		out = append(out, forgeRow{tt, f})
	}
	return out
}

// TestA11_ClosedCellSilencesTheForge (A11/E3 [D4]): render -path of the walk
// from the forge into the closed cellar and back. The forge's hooks (frames
// 12 and 45 hammer, 75 thump, of a 90-frame loop at 30 frames/s: assets)
// run while the player is outdoors, none while in the cellar (4..10 s), and
// after stepping out at 10 s the forge starts again from frame 0: its k-th
// hook fires when play leaves that frame, (frame+1)/30 s + 3 s·loop after
// 10 s, at most 3 ticks (3/60 s) later (the 1/30 s physics gate at 60 ticks
// a second). Then render -from a session sidecar taken inside the cellar
// (7 s) reproduces the offline rows and samples after 7 s exactly.
func TestA11_ClosedCellSilencesTheForge(t *testing.T) {
	dir := t.TempDir()
	pathFile := filepath.Join(dir, "cellar.path.json")
	if err := os.WriteFile(pathFile, []byte(cellarWalk), 0o644); err != nil {
		t.Fatal(err)
	}
	full := filepath.Join(dir, "full.wav")
	if err := renderTest(t, "-path", pathFile, "-seed", "5", "-seconds", "16", "-o", full, "-events", full+".csv"); err != nil {
		t.Fatal(err)
	}
	rows := forgeRows(t, full+".csv")
	var before, inside, after []forgeRow
	for _, r := range rows {
		switch {
		case r.t < 4:
			before = append(before, r)
		case r.t < 10:
			inside = append(inside, r)
		default:
			after = append(after, r)
		}
	}
	if len(before) == 0 || len(inside) != 0 {
		t.Fatalf("forge rows: %d before the cellar, %d inside it (want some, none): %+v", len(before), len(inside), rows)
	}
	checkForgeRestart(t, after)

	// render -from a sidecar taken after the way back (14 s, standing still
	// at the forge since 13 s): replaying the session's record through the
	// cellar door re-creates the forge at 10 s exactly as the offline render
	// did, so the rows and samples that follow are the offline render's
	// 14..16 s. A sidecar taken in the cellar (7 s) replays to no objects.
	walk, err := world.LoadWalk(strings.NewReader(cellarWalk), pathFile)
	if err != nil {
		t.Fatal(err)
	}
	if sn := cellarSession(t, dir, 421, walk).snap; sn.Indoor != 0xA9B40101 || len(sn.Objects) != 0 || sn.ObjectsReleased == "" {
		t.Fatalf("session at 7 s: indoor %08X, %d objects, reason %q; want the cellar, none, a reason", sn.Indoor, len(sn.Objects), sn.ObjectsReleased)
	}
	in := filepath.Join(dir, "in.wav")
	if err := renderTest(t, "-from", filepath.Join(dir, "cellar-shot.json"), "-seconds", "2", "-o", in, "-events", in+".csv"); err != nil {
		t.Fatal(err)
	}
	if r := forgeRows(t, in+".csv"); len(r) != 0 {
		t.Fatalf("render -from in the cellar: forge rows %+v, want none", r)
	}
	const ticks = 841 // Tick(0) then 840 × 1/60 s: the instant is at 14 s
	sc := cellarSession(t, dir, ticks, walk).path
	from := filepath.Join(dir, "from.wav")
	if err := renderTest(t, "-from", sc, "-seconds", "2", "-o", from, "-events", from+".csv"); err != nil {
		t.Fatal(err)
	}
	fe, _ := os.ReadFile(from + ".csv")
	wantRows := eventsAfter(t, full+".csv", 14)
	if string(fe) != wantRows || !strings.Contains(wantRows, "object 0xA9B40000 ") {
		t.Fatalf("render -from after the cellar: rows\n%s\nwant the offline rows after 14 s:\n%s", fe, wantRows)
	}
	a, _ := os.ReadFile(from)
	b, _ := os.ReadFile(full)
	off := 44 + (ticks-1)*renderStepFrames*4
	if len(a) != 44+2*audio.SampleRate*4 || !bytes.Equal(a[44:], b[off:]) {
		t.Fatalf("render -from after the cellar: %d bytes, samples differ from the offline render's 14..16 s", len(a))
	}
}

// checkForgeRestart checks the forge rows after stepping out at 10 s
// against an independent schedule: hooks on frames 12, 45 and 75 of the
// 90-frame loop fire on leaving them, (frame+1)/30 s + 3 s·loop after 10 s,
// at most 3 ticks late.
func checkForgeRestart(t *testing.T, after []forgeRow) {
	t.Helper()
	// Independent schedule: hooks on frames 12, 45, 75 fire on leaving them.
	var want []forgeRow
	for loop := 0; ; loop++ {
		for _, f := range []int{12, 45, 75} {
			c := 10 + float64(f+1)/30 + 3*float64(loop)
			if c > 16-3.0/60 {
				goto done
			}
			want = append(want, forgeRow{c, f})
		}
	}
done:
	if len(after) != len(want) {
		t.Fatalf("after stepping out: %d forge rows %+v, want %d from frame 0 at 10 s", len(after), after, len(want))
	}
	for i, r := range after {
		if r.frame != want[i].frame || r.t < want[i].t-1e-9 || r.t > want[i].t+3.0/60+1e-9 {
			t.Errorf("after stepping out, row %d: frame %d at %v s, want frame %d within [%v, %v]",
				i, r.frame, r.t, want[i].frame, want[i].t, want[i].t+3.0/60)
		}
	}
}

// cellarSession drives a recording Sim over the stand-in as the window's
// walk does (WalkCursor.Place before each tick, Tick(0) first, then 1/60 s),
// and writes the sidecar for the instant after the last tick.
func cellarSession(t *testing.T, dir string, ticks int, walk *world.Walk) (out struct {
	path string
	snap *world.Snapshot
}) {
	t.Helper()
	a := standintest.Archive(t)
	s, err := world.NewSim(world.Config{Archive: a, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	s.RecordInputs()
	var wc world.WalkCursor
	for k := 0; k < ticks; k++ {
		if err := wc.Place(s, walk, float64(k*renderStepFrames)/audio.SampleRate); err != nil {
			t.Fatal(err)
		}
		tickAsWindow(s, k)
	}
	out.path, out.snap = filepath.Join(dir, "cellar-shot.json"), s.Snapshot()
	writeShot(t, a, s, out.path)
	return out
}
