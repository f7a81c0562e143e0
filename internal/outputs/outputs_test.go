package outputs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/internal/outputs/pipetest"
)

func TestPlan_Check(t *testing.T) {
	dir := t.TempDir()
	datDir := filepath.Join(dir, "ac")
	os.Mkdir(datDir, 0o755)
	in := filepath.Join(dir, "walk.json")
	os.WriteFile(in, []byte("{}"), 0o644)
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	wav, csv := filepath.Join(dir, "o.wav"), filepath.Join(dir, "o.csv")
	link := filepath.Join(dir, "link.wav")
	os.Symlink(wav, link)
	type out struct{ flag, path string }
	for _, c := range []struct {
		name string
		outs []out
		want string // "" = ok
	}{
		{"distinct outputs", []out{{"-o", wav}, {"-events", csv}}, ""},
		{"-o f -events f", []out{{"-o", wav}, {"-events", wav}}, "-events " + wav + ": is also the output -o"},
		{"same file spelled twice", []out{{"-o", wav}, {"-events", filepath.Join(dir, ".", "sub", "..", "o.wav")}}, "is also the output -o"},
		{"a symlink to the other output", []out{{"-o", wav}, {"-events", link}}, "is also the output -o"},
		{"output is the input", []out{{"-o", wav}, {"-events", in}}, "is also the input -path"},
		{"-events DIR", []out{{"-o", wav}, {"-events", sub}}, "-events " + sub + ": is a folder"},
		{"-o DIR/", []out{{"-o", sub + "/"}}, "is a folder"},
		{"inside -dat", []out{{"-o", filepath.Join(datDir, "x.wav")}}, "inside the game's data folder"},
		{"a .dat name", []out{{"-o", filepath.Join(dir, "client_cell_1.DAT")}}, "refusing to write a .dat file"},
		{"missing folder", []out{{"-o", filepath.Join(dir, "nope", "x.wav")}}, "does not exist"},
		{"folder is a file", []out{{"-o", filepath.Join(in, "x.wav")}}, "is not a folder"},
	} {
		p := Plan{DatDir: datDir}
		p.Input("-path", in)
		for _, o := range c.outs {
			p.Output(o.flag, o.path)
		}
		wantErr(t, c.name, p.Check(), c.want)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("Check left %s behind", e.Name())
		}
	}
}

func TestPlan_UnwritableFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes anywhere")
	}
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro")
	os.Mkdir(ro, 0o555)
	p := Plan{}
	p.Output("-o", filepath.Join(ro, "x.wav"))
	if err := p.Check(); err == nil || !strings.Contains(err.Error(), "cannot write in folder") {
		t.Errorf("got %v, want cannot write", err)
	}
}

func TestCheckInput_NotARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.json")
	if err := pipetest.Mkfifo(fifo); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if err := CheckInput("-path", fifo); err == nil || !strings.Contains(err.Error(), "-path "+fifo+": is a named pipe") {
		t.Errorf("fifo: got %v", err)
	}
	if err := CheckInput("-emitters", dir); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("folder: got %v", err)
	}
	if err := CheckInput("-path", filepath.Join(dir, "missing")); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing: got %v", err)
	}
	ok := filepath.Join(dir, "ok.json")
	os.WriteFile(ok, nil, 0o644)
	if err := CheckInput("-path", ok); err != nil {
		t.Errorf("regular file: %v", err)
	}
}

// The RIFF limit by independent arithmetic: 4 294 967 295 − 36 = 4 294 967 259
// data bytes; / 4 bytes per frame = 1 073 741 814 frames (floor); / 44 100 Hz
// = 24 347.887 s.
func TestWAVLimit(t *testing.T) {
	if MaxWAVFrames != 1073741814 {
		t.Errorf("MaxWAVFrames %d, want 1073741814", MaxWAVFrames)
	}
	if MaxWAVSeconds < 24347.88 || MaxWAVSeconds > 24347.89 {
		t.Errorf("MaxWAVSeconds %v, want ≈ 24347.887", MaxWAVSeconds)
	}
	for _, s := range []float64{1, 24347, 1073741814.0 / 44100} {
		if err := CheckWAVSeconds("-seconds", s); err != nil {
			t.Errorf("%v s: %v, want ok", s, err)
		}
	}
	for _, s := range []float64{0, -1, 30000, 1073741815.0 / 44100, 24347.9} {
		if err := CheckWAVSeconds("-seconds", s); err == nil || !strings.Contains(err.Error(), "-seconds") {
			t.Errorf("%v s: %v, want refused naming -seconds", s, err)
		}
	}
}

func TestCreate_CommitAbortRemoveTemps(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.wav")
	os.WriteFile(target, []byte("old"), 0o644)
	f, err := Create(target)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("new")
	if b, _ := os.ReadFile(target); string(b) != "old" {
		t.Errorf("target touched before Commit: %q", b)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("after Commit: %q", b)
	}
	g, _ := Create(target)
	g.WriteString("half")
	h, _ := Create(filepath.Join(dir, "other.csv"))
	h.Abort()
	if n := RemoveTemps(); n != 1 {
		t.Errorf("RemoveTemps removed %d, want 1 (the live one)", n)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("left %v, want only out.wav", ents)
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("RemoveTemps touched the target: %q", b)
	}
}

// OutputDir (a report folder, a capture's -dir): refused inside -dat, when it
// is a file, when its parent is missing, and when it is another output or an
// input; an existing folder or a new one in an existing folder passes.
func TestPlan_OutputDir(t *testing.T) {
	dir := t.TempDir()
	datDir := filepath.Join(dir, "ac")
	os.Mkdir(datDir, 0o755)
	file := filepath.Join(dir, "f.json")
	os.WriteFile(file, nil, 0o644)
	rep := filepath.Join(dir, "rep")
	for _, c := range []struct {
		name      string
		dir, file string // OutputDir -o, Output -events ("" none)
		want      string
	}{
		{"new folder", rep, "", ""},
		{"existing folder", dir, "", ""},
		{"the dat folder", datDir, "", "-o " + datDir + ": refusing to write inside the game's data folder " + datDir},
		{"inside the dat folder", filepath.Join(datDir, "rep"), "", "refusing to write inside the game's data folder"},
		{"a file", file, "", "-o " + file + ": is a file; want a folder"},
		{"parent missing", filepath.Join(dir, "no", "rep"), "", "folder " + filepath.Join(dir, "no") + " does not exist"},
		{"the input", filepath.Join(dir, "in"), "", "is also the input -path"},
		{"another output", rep, rep, "is also the output -o"},
	} {
		os.Mkdir(filepath.Join(dir, "in"), 0o755)
		p := Plan{DatDir: datDir}
		p.Input("-path", filepath.Join(dir, "in"))
		p.OutputDir("-o", c.dir)
		p.Output("-events", c.file)
		wantErr(t, c.name, p.Check(), c.want)
	}
	if _, err := os.Stat(rep); err == nil {
		t.Error("Check made the folder")
	}
}

// A folder opened as game data (Protect, called by cli.OpenDataDir) is refused by
// every check even when the caller passes no datDir: the window's outputs
// that have no -dat in reach (the event log's CSV fallback) rely on it.
func TestProtect_RefusedWithoutDatDir(t *testing.T) {
	dir := t.TempDir()
	ac := filepath.Join(dir, "ac")
	os.Mkdir(ac, 0o755)
	in := filepath.Join(ac, "x.csv")
	if err := CheckFile("", in, ""); err != nil {
		t.Fatalf("before Protect: %v", err)
	}
	Protect(ac)
	want := in + ": refusing to write inside the game's data folder " + ac
	if err := CheckFile("", in, ""); err == nil || err.Error() != want {
		t.Errorf("CheckFile: got %v, want %q", err, want)
	}
	if err := CheckPath("", in, ""); err == nil || err.Error() != want {
		t.Errorf("CheckPath: got %v, want %q", err, want)
	}
	sub := filepath.Join(ac, "screenshots")
	if err := MkdirChecked("", sub, ""); err == nil || !strings.Contains(err.Error(), "inside the game's data folder") {
		t.Errorf("MkdirChecked: got %v", err)
	}
	if _, err := os.Stat(sub); err == nil {
		t.Error("MkdirChecked made the refused folder")
	}
	var p Plan
	p.Output("-o", in)
	if err := p.Check(); err == nil || !strings.Contains(err.Error(), "inside the game's data folder") {
		t.Errorf("Plan without DatDir: got %v", err)
	}
	if err := MkdirChecked("", filepath.Join(dir, "screenshots"), ""); err != nil {
		t.Errorf("outside: %v", err)
	}
}

// CreateDir: the target appears only on Commit (never replacing a folder),
// Abort and RemoveTemps (an interrupted process) leave nothing.
func TestCreateDir_CommitAbortRemoveTemps(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "capture-1")
	d, err := CreateDir(target)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(d.Temp(), "a.txt"), []byte("a"), 0o644)
	if _, err := os.Stat(target); err == nil {
		t.Error("target exists before Commit")
	}
	if err := d.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(target, "a.txt")); string(b) != "a" {
		t.Errorf("after Commit: %q", b)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o755 {
		t.Errorf("mode %v, want 0755", fi.Mode().Perm())
	}
	again, _ := CreateDir(target)
	if err := again.Commit(); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("second Commit onto the folder: %v", err)
	}
	a, _ := CreateDir(filepath.Join(dir, "capture-2"))
	a.Abort()
	live, _ := CreateDir(filepath.Join(dir, "capture-3"))
	os.WriteFile(filepath.Join(live.Temp(), "half.wav"), []byte("x"), 0o644)
	if n := RemoveTemps(); n != 1 {
		t.Errorf("RemoveTemps removed %d, want 1", n)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("left %v, want only capture-1", ents)
	}
}

// TempDir: a scratch folder RemoveTemps deletes (an interrupted process);
// its remove deletes it and forgets it.
func TestTempDir_RemovedByRemoveTemps(t *testing.T) {
	dir := t.TempDir()
	a, removeA, err := TempDir(dir, "scratch-")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(a, "shot.png"), []byte("x"), 0o644)
	b, removeB, _ := TempDir(dir, "scratch-")
	removeB()
	if _, err := os.Stat(b); err == nil {
		t.Error("remove left the folder")
	}
	if n := RemoveTemps(); n != 1 {
		t.Errorf("RemoveTemps removed %d, want 1", n)
	}
	if _, err := os.Stat(a); err == nil {
		t.Error("RemoveTemps left the scratch folder")
	}
	removeA() // after RemoveTemps: nothing left to do, no panic
}

// A folder protected by a relative name stays the folder it named when the
// working folder changes afterwards.
func TestProtect_RelativeNameResolvedAtOnce(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "acdata"), 0o755)
	t.Chdir(dir)
	Protect("acdata")
	other := t.TempDir()
	t.Chdir(other)
	os.Mkdir(filepath.Join(other, "acdata"), 0o755)
	if err := CheckFile("", filepath.Join(other, "acdata", "x.csv"), ""); err != nil {
		t.Errorf("another folder named acdata is refused: %v", err)
	}
	if err := CheckFile("", filepath.Join(dir, "acdata", "x.csv"), ""); err == nil {
		t.Error("the protected folder is no longer refused")
	}
}

// wantErr checks err against want: nil for "", else an error containing it.
func wantErr(t *testing.T, name string, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("%s: got %v, want ok", name, err)
	case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
		t.Errorf("%s: got %v, want an error containing %q", name, err, want)
	}
}
