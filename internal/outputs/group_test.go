package outputs

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeAll(t *testing.T, dir, content string) []string {
	t.Helper()
	var ps []string
	for _, n := range []string{"a.png", "a.json", "a.csv"} {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

func contents(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		m[e.Name()] = string(b)
	}
	return m
}

// Issue 23 item 5: a command's outputs are committed together. A failure
// while writing the third (a full disk) or a signal before the renames
// leaves all three old files and no temp file; a clean run replaces all.
func TestGroup_AllOrNothing(t *testing.T) {
	full := errors.New("no space left on device")
	for _, c := range []struct {
		name   string
		fail   int // the output whose write fails (−1: none)
		cancel bool
		want   string
		err    error
	}{
		{"the third output fails", 2, false, "old", full},
		{"a signal before the renames", -1, true, "old", ErrInterrupted},
		{"clean", -1, false, "new", nil},
	} {
		dir := t.TempDir()
		ps := writeAll(t, dir, "old")
		ctx, cancel := context.WithCancel(context.Background())
		g := NewGroup(ctx)
		var err error
		for i, p := range ps {
			err = g.Write(p, func(f *os.File) error {
				if i == c.fail {
					f.WriteString("ne")
					return full
				}
				_, err := f.WriteString("new")
				return err
			})
			if err != nil {
				break
			}
		}
		if c.cancel {
			cancel()
		}
		if err == nil {
			err = g.Commit()
		}
		g.Abort()
		cancel()
		if !errors.Is(err, c.err) {
			t.Errorf("%s: %v, want %v", c.name, err, c.err)
		}
		got := contents(t, dir)
		if len(got) != 3 {
			t.Errorf("%s: folder holds %v, want the three outputs only (no temp file)", c.name, got)
		}
		for n, v := range got {
			if v != c.want {
				t.Errorf("%s: %s holds %q, want %q", c.name, n, v, c.want)
			}
		}
	}
}

// Decision (README "Outputs"): an output that is a symbolic link is written
// through to its target; the link stays a link. A dangling link creates its
// target. The plan's checks look at the target's folder.
func TestSymlinkedOutputWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	realDir := filepath.Join(dir, "real")
	if err := os.Mkdir(realDir, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(realDir, "report.csv")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.csv")
	if err := os.Symlink(filepath.Join("real", "report.csv"), link); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling.csv")
	if err := os.Symlink(filepath.Join(realDir, "new.csv"), dangling); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{link, dangling} {
		if err := CheckFile("-csv", p, ""); err != nil {
			t.Fatalf("CheckFile(%s): %v", p, err)
		}
		if err := WriteFile(p, func(f *os.File) error { _, err := f.WriteString("new"); return err }); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symbolic link (%v)", p, err)
		}
	}
	for _, p := range []string{target, filepath.Join(realDir, "new.csv")} {
		if b, err := os.ReadFile(p); err != nil || string(b) != "new" {
			t.Errorf("%s: %q, %v; want the new content written through the link", p, b, err)
		}
	}
	for _, d := range []string{dir, realDir} {
		for n := range contents(t, d) {
			if strings.HasSuffix(n, ".tmp") {
				t.Errorf("temp file %s left in %s", n, d)
			}
		}
	}
}
