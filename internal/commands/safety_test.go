package commands

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"soundworld/dat"
	"soundworld/internal/childtest"
	"soundworld/internal/outputs/pipetest"
)

// Issue 12 item 4: every output is checked before any work starts, and a
// refused command line leaves the files as they were.
func TestRender_OutputsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	wav, csv := filepath.Join(dir, "o.wav"), filepath.Join(dir, "o.csv")
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	os.WriteFile(wav, []byte("previous"), 0o644)
	noDat := filepath.Join(dir, "no-such-dat-folder")
	at := []string{"-at", "0xA9B4 84 7.1", "-seconds", "1"}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"-o f -events f", []string{"-o", csv, "-events", csv}, "-events " + csv + ": is also the output -o"},
		{"-events DIR", []string{"-o", wav, "-events", sub}, "-events " + sub + ": is a folder"},
		// -dat names a folder that does not exist: the -o complaint comes first,
		// so the outputs are checked before the data is opened or anything rendered.
		{"-o DIR before the render", []string{"-dat", noDat, "-o", sub}, "-o " + sub + ": is a folder"},
		{"-o inside -dat", []string{"-dat", dir, "-o", filepath.Join(sub, "x.wav")}, "inside the game's data folder"},
	} {
		err := renderTest(t, append(append([]string{}, at...), c.args...)...)
		if !isUserErr(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want a user error containing %q", c.name, err, c.want)
		}
	}
	if b, _ := os.ReadFile(wav); string(b) != "previous" {
		t.Errorf("a refused render changed %s: %q", wav, b)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("left %v, want only o.wav and sub", ents)
	}
}

// The path file that is also an output is refused (it would be overwritten while read).
func TestRender_OutputIsTheInput(t *testing.T) {
	dir := t.TempDir()
	path := writeWalk(t, dir, `{"points":[{"t":0,"landblock":"0xA9B4","x":84,"y":7.1,"heading":0}]}`)
	err := renderTest(t, "-path", path, "-seconds", "1", "-o", filepath.Join(dir, "o.wav"), "-events", path)
	if !isUserErr(err) || !strings.Contains(err.Error(), "is also the input -path") {
		t.Errorf("got %v, want -events refused as the -path input", err)
	}
}

// The RIFF limit: 30000 s is refused before anything is written, naming -seconds;
// the largest length that fits is accepted by the parser.
func TestRender_SecondsWithinWAVLimit(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "o.wav")
	// The most that fits: (2³² − 1 − 36) / 4 = 1 073 741 814 frames = 24 347.8869 s.
	// 24347.887 s rounds to 1 073 741 817 frames: 3 too many.
	for _, s := range []string{"30000", "24347.887", "NaN", "Inf", "-1"} {
		err := renderTest(t, "-at", "0xA9B4 84 7.1", "-seconds", s, "-o", out)
		if !isUserErr(err) || !strings.HasPrefix(err.Error(), "-seconds ") {
			t.Errorf("-seconds %s: got %v, want a user error naming -seconds", s, err)
		}
	}
	// 24347.886 s rounds to 1 073 741 773 frames: fits.
	if _, err := parseRender([]string{"-at", "0xA9B4 84 7.1", "-seconds", "24347.886", "-o", out}, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
		t.Errorf("-seconds 24347.886: %v, want accepted", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("refused renders left %v", ents)
	}
}

// Issue 12 item 5: values at the edge.
func TestEdgeValues_Refused(t *testing.T) {
	out := filepath.Join(t.TempDir(), "o.wav")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-at", "0xA9B4 84 7.1", "-heading", "1e300"}, "-heading 1e+300"},
		{[]string{"-at", "0xA9B4 84 7.1", "-heading", "NaN"}, "-heading NaN"},
		{[]string{"-at", "0xA9B4 84 7.1", "-heading", "-Inf"}, "-heading -Inf"},
		{[]string{"-at", "0xA9B4 84 7.1", "-eye", "NaN"}, "-eye NaN"},
		{[]string{"-at", "0xFFFF 191.999 0"}, "rounds off the map"},
		{[]string{"-at", "0x00FF 0 191.999"}, "rounds off the map"},
	} {
		if _, err := runProbeTest(c.args...); !isUserErr(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("probe %q: got %v, want a user error containing %q", c.args, err, c.want)
		}
		err := renderTest(t, append(c.args, "-seconds", "1", "-o", out)...)
		if !isUserErr(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("render %q: got %v, want a user error containing %q", c.args, err, c.want)
		}
	}
	// 191.99 is still on the map (float32 keeps it below 49 152 m).
	if _, err := runProbeTest("-at", "0xFFFF 191.99 0"); err != nil {
		t.Errorf("probe -at \"0xFFFF 191.99 0\": %v, want ok (no ambient data there)", err)
	}
}

// Inputs that are not regular files are refused at once, never read (a named
// pipe would block forever).
func TestInputs_NamedPipesRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.json")
	if err := pipetest.Mkfifo(fifo); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	datDir := t.TempDir()
	if err := pipetest.Mkfifo(filepath.Join(datDir, dat.PortalFile)); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "o.wav")
	for _, c := range []struct {
		name string
		run  func() error
		want string
	}{
		{"render -path FIFO", func() error { return renderTest(t, "-path", fifo, "-o", out) }, "-path " + fifo + ": is a named pipe"},
		{"render -emitters FIFO", func() error {
			return renderTest(t, "-at", "0xA9B4 84 7.1", "-seconds", "1", "-emitters", fifo, "-o", out)
		}, "-emitters " + fifo + ": is a named pipe"},
		{"render -from FIFO", func() error { return renderTest(t, "-from", fifo, "-seconds", "1", "-o", out) }, "-from " + fifo + ": is a named pipe"},
		{"probe -dat with a FIFO portal file", func() error { _, err := runProbeTest("-dat", datDir, "-at", "0xA9B4 84 7.1"); return err }, "is a named pipe"},
		{"dump -dat with a FIFO portal file", func() error { return dump([]string{"-dat", datDir, "region"}, &bytes.Buffer{}, &bytes.Buffer{}) }, "is a named pipe"},
	} {
		done := make(chan error, 1)
		go func() { done <- c.run() }()
		select {
		case err := <-done:
			if !isUserErr(err) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: got %v, want a user error containing %q", c.name, err, c.want)
			}
		case <-time.After(20 * time.Second): // a hang guard, not a timing
			t.Fatalf("%s: still blocked after 20 s (reading the pipe?)", c.name)
		}
	}
}

// A damaged region record is exit 2 (a user error naming the record) in probe
// and render, like dump.
func TestDamagedRegion_Exit2(t *testing.T) {
	dir := writeDatsWith(t, nil, []byte{1, 2, 3})
	if _, err := runProbeTest("-dat", dir, "-at", "0xA9B4 84 7.1"); !isUserErr(err) || !strings.Contains(err.Error(), "0x13000000") {
		t.Errorf("probe: got %v, want a user error naming record 0x13000000", err)
	}
	err := renderTest(t, "-dat", dir, "-at", "0xA9B4 84 7.1", "-seconds", "1", "-o", filepath.Join(t.TempDir(), "o.wav"))
	if !isUserErr(err) || !strings.Contains(err.Error(), "0x13000000") {
		t.Errorf("render: got %v, want a user error naming record 0x13000000", err)
	}
	if code := run([]string{"probe", "-dat", dir, "-at", "0xA9B4 84 7.1"}); code != 2 {
		t.Errorf("probe exit %d, want 2", code)
	}
}

// Issue 12 item 1: a damaged landblock is skipped as retail skips it, and
// probe and render say so on stderr (and probe in its JSON); -strict is exit 2.
func TestDataProblems_Reported(t *testing.T) {
	bad := dat.EncodeLandBlock(&dat.LandBlock{ID: 0xA9B4FFFF})[:248] // 4 bytes short
	dir := writeDats(t, bad)
	var out, errb bytes.Buffer
	if err := probe([]string{"-dat", dir, "-at", "0xA9B4 84 7.1", "-json"}, &out, &errb); err != nil {
		t.Fatalf("probe: %v", err)
	}
	var p struct {
		Problems []dat.Problem `json:"problems"`
	}
	if err := json.Unmarshal(out.Bytes(), &p); err != nil {
		t.Fatal(err)
	}
	if len(p.Problems) == 0 || p.Problems[0].Record != 0xA9B4FFFF {
		t.Errorf("probe -json problems: got %+v, want the landblock 0xA9B4FFFF", p.Problems)
	}
	lines := strings.Count(errb.String(), "soundworld probe: data problem: ")
	if lines != len(p.Problems) || !strings.Contains(errb.String(), "record 0xA9B4FFFF") {
		t.Errorf("probe stderr %q: want one line per problem (%d)", errb.String(), len(p.Problems))
	}
	if err := probe([]string{"-dat", dir, "-at", "0xA9B4 84 7.1", "-strict"}, &bytes.Buffer{}, &bytes.Buffer{}); !isUserErr(err) || !strings.Contains(err.Error(), "-strict") {
		t.Errorf("probe -strict: got %v, want exit 2", err)
	}
	// A clean data set: "problems": [] and nothing on stderr.
	out.Reset()
	errb.Reset()
	if err := probe([]string{"-dat", writeDats(t, nil), "-at", "0xA9B4 84 7.1", "-json", "-strict"}, &out, &errb); err != nil || !strings.HasSuffix(out.String(), `,"problems":[]}`+"\n") || errb.Len() != 0 {
		t.Errorf("clean probe: %v, stdout %q, stderr %q", err, out.String(), errb.String())
	}

	wavDir := t.TempDir()
	wav := filepath.Join(wavDir, "o.wav")
	errb.Reset()
	o, err := parseRender([]string{"-dat", dir, "-at", "0xA9B4 84 7.1", "-seconds", "1", "-o", wav}, &errb, &errb)
	if err != nil {
		t.Fatal(err)
	}
	if err := renderFiles(context.Background(), o, &errb); err != nil {
		t.Fatalf("render: %v", err)
	}
	if !strings.Contains(errb.String(), "soundworld render: data problem: ") || !strings.Contains(errb.String(), "record 0xA9B4FFFF") {
		t.Errorf("render stderr %q: want the landblock's problem", errb.String())
	}
	os.Remove(wav)
	err = renderTest(t, "-dat", dir, "-at", "0xA9B4 84 7.1", "-seconds", "1", "-o", wav, "-strict")
	if !isUserErr(err) || !strings.Contains(err.Error(), "-strict") {
		t.Errorf("render -strict: got %v, want exit 2", err)
	}
	if ents, _ := os.ReadDir(wavDir); len(ents) != 0 {
		t.Errorf("render -strict with problems left %v, want no output", ents)
	}
}

// Ctrl-C or SIGTERM during a render: exit 130/143 with one line, no temp
// file left, the previous output untouched. A child process runs Main.
func TestRender_InterruptLeavesNoTempFile(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	for _, c := range childtest.Stops {
		dir := t.TempDir()
		wav := filepath.Join(dir, "out.wav")
		os.WriteFile(wav, []byte("previous"), 0o644)
		cmd := childMain("render", "-at", "0xA9B4 84 7.1", "-seconds", "3000", "-o", wav, "-events", filepath.Join(dir, "out.csv"))
		errb := childtest.Start(t, cmd)
		// Wait until the render is writing (both temp files exist).
		deadline := time.Now().Add(60 * time.Second)
		for tmps(dir) < 2 && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if tmps(dir) < 2 {
			cmd.Process.Kill()
			t.Fatalf("%s: the render never started writing; stderr %q", c.Name, errb.String())
		}
		time.Sleep(200 * time.Millisecond)
		cmd.Process.Signal(c.Sig)
		cmd.Wait()
		if got := cmd.ProcessState.ExitCode(); got != c.Code {
			t.Errorf("%s: exit %d, want %d; stderr %q", c.Name, got, c.Code, errb.String())
		}
		wantLine := "soundworld render: interrupted (" + c.Name + "); unfinished outputs removed, earlier files untouched\n"
		if !strings.HasSuffix(errb.String(), wantLine) {
			t.Errorf("%s: stderr %q, want it to end with %q", c.Name, errb.String(), wantLine)
		}
		ents, _ := os.ReadDir(dir)
		if len(ents) != 1 {
			t.Errorf("%s: left %v, want only the previous out.wav", c.Name, ents)
		}
		if b, _ := os.ReadFile(wav); string(b) != "previous" {
			t.Errorf("%s: out.wav is %d bytes, want the previous contents", c.Name, len(b))
		}
	}
}

// tmps counts temp files in dir.
func tmps(dir string) int {
	n := 0
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			n++
		}
	}
	return n
}

// childMain is a command running this test binary as soundworld (TestMain).
func childMain(args ...string) *exec.Cmd { return childtest.Command(testMain, args...) }
