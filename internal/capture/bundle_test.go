package capture

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/dat"
	"soundworld/names"
	"soundworld/world"
)

// TestBundle_WritesAllFilesAtomically: the folder appears whole, named by the
// time, with the six files; nothing temporary is left; a second capture into
// the same name is refused.
func TestBundle_WritesAllFilesAtomically(t *testing.T) {
	dir := t.TempDir()
	at := time.Date(2026, 12, 1, 4, 5, 6, 0, time.UTC)
	x0, y0 := world.WorldPos(0xA9B4, 84, 7.1)
	x1, y1 := world.WorldPos(0xA9B4, 90, 10)
	lb0, lx0, ly0 := world.LocOf(world.Pos{X: x0, Y: y0}).Landblock, world.LocOf(world.Pos{X: x0, Y: y0}).X, world.LocOf(world.Pos{X: x0, Y: y0}).Y
	log := &world.InputLog{Start: world.InputStart{Landblock: lb0, LX: lx0, LY: ly0}, Inputs: world.InputsOf(
		world.Input{Kind: world.InStep, T: 0, N: 60 * 40},
		world.Input{Kind: world.InListener, T: 35, X: x1, Y: y1, Heading: 90},
		world.Input{Kind: world.InListener, T: 35, X: x1, Y: y1, Heading: 95}, // the same instant: the last wins
	)}
	b := &Bundle{Screenshot: []byte("png"), Sidecar: []byte("{}\n"), Audio: make([]float32, 2*441),
		Events: []world.Event{{Play: audio.Play{Time: 39, Slot: 2, Outcome: audio.OutcomeStart}, Trace: audio.Trace{Draws: []float32{0.25, 0.1}, Rands: []int{7}}}}, Inputs: log, SimTime: 40, Span: 30,
		Source: "Holtburg (stand-in)"}
	got, err := Write(dir, at, b)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "capture-20261201-040506"); got != want {
		t.Fatalf("folder %s, want %s", got, want)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("parent holds %v, want the bundle only", ents)
	}
	for _, f := range []string{ShotFile, SidecarFile, AudioFile, EventsFile, PathFile, ReadmeFile} {
		if _, err := os.Stat(filepath.Join(got, f)); err != nil {
			t.Errorf("missing %s: %v", f, err)
		}
	}
	wav, _ := os.ReadFile(filepath.Join(got, AudioFile))
	if len(wav) != 44+441*4 {
		t.Errorf("audio.wav is %d bytes, want %d", len(wav), 44+441*4)
	}
	csv, _ := os.ReadFile(filepath.Join(got, EventsFile))
	if !strings.HasPrefix(string(csv), world.EventsCSVHeader) || !strings.Contains(string(csv), "39.000000,bed,0x00000000,0x00,0x00000000,2,0,0,0,start,0.25 0.1,7,,Invalid\n") {
		t.Errorf("events.csv:\n%s", csv)
	}
	// The span's path: where the listener was at 10 s (the start), then the
	// move at 35 s (25 s into the span), readable by render -path.
	pj, _ := os.ReadFile(filepath.Join(got, PathFile))
	w, err := world.LoadWalk(bytes.NewReader(pj), PathFile)
	if err != nil {
		t.Fatalf("path.json: %v\n%s", err, pj)
	}
	if len(w.Points) != 2 || w.Points[0].T != 0 || w.Points[1].T != 25 || w.Points[1].Heading != 95 {
		t.Errorf("path points %+v", w.Points)
	}
	if x, y, _ := w.At(0); x != x0 || y != y0 {
		t.Errorf("path starts at (%v, %v), want the start (%v, %v)", x, y, x0, y0)
	}
	readme, _ := os.ReadFile(filepath.Join(got, ReadmeFile))
	if !strings.Contains(string(readme), "render -from capture-20261201-040506/screenshot.json") {
		t.Errorf("README does not say how to render from it:\n%s", readme)
	}
	if _, err := Write(dir, at, b); err == nil {
		t.Errorf("a second bundle with the same name replaced the first")
	}
}

// A capture that cannot be written (read-only parent) leaves nothing behind.
func TestBundle_FailureLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	b := &Bundle{Audio: make([]float32, 3*audio.SampleRate*2), Span: 30}
	b.Audio[0] = float32(0)
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Skip(err)
	}
	defer os.Chmod(dir, 0o755)
	if _, err := Write(dir, time.Now(), b); err == nil {
		t.Skip("the folder is writable although read-only (running as root)")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 0 {
		t.Fatalf("a failed capture left %v", ents)
	}
}

// The name column: an object's play is named by its sound and its object
// ("forge hammer on forge", the stand-in's own names); a name holding a
// comma or a quote (a user's names file) is quoted as RFC 4180 wants.
func TestCSVRow_NameColumn(t *testing.T) {
	b := names.New(nil, true, map[uint32]string{0x0A000050: `creak, "old"`})
	ev := world.Event{Play: audio.Play{Time: 1, Source: audio.SourceObject, Table: assets.ForgeTable, SType: 0x69, Wave: 0x0A000020, Outcome: audio.OutcomeStart},
		Object: &world.ObjectHook{ObjectID: 0xA9B40000, Setup: assets.ForgeSetup, Type: dat.HookSoundTable, Anim: assets.ForgeAnim, Frame: 12}}
	if row := world.EventCSVRow(ev, b.Play(ev)); !strings.HasSuffix(row, ",object 0xA9B40000 setup 0x02000001 SoundTable anim 0x03000001 frame 12,forge hammer on forge\n") {
		t.Errorf("object row %q", row)
	}
	hook := world.Event{Play: audio.Play{Time: 2, Source: audio.SourceObject, Wave: 0x0A000050, Outcome: audio.OutcomeStart}}
	if row := world.EventCSVRow(hook, b.Play(hook)); !strings.HasSuffix(row, `,"creak, ""old"""`+"\n") {
		t.Errorf("quoted name: %q", row)
	}
	if n := strings.Count(world.EventsCSVHeader, ","); n != strings.Count(world.EventCSVRow(hook, (*names.Book)(nil).Play(hook)), ",") {
		t.Errorf("header has %d commas, an unquoted row %d", n, strings.Count(world.EventCSVRow(hook, (*names.Book)(nil).Play(hook)), ","))
	}
}
