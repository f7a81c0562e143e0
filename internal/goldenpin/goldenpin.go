// Package goldenpin is a test helper: the SHA-256 pin files of the O3
// golden tests (audio's kernels, world's renders). A pin file is two
// comment lines naming the test and how to rewrite it, then one "key
// sha256" line per pin, sorted by key.
package goldenpin

import (
	"fmt"
	"os"
	"path"
	"sort"
	"strings"
	"testing"
)

// File names a pin file and the test that pins it.
type File struct {
	Path   string // the pin file, relative to the test's package: "testdata/golden_render.txt"
	Test   string // the test that compares against it: "TestO3_GoldenRender"
	Source string // the test's file from the module root: "world/golden_test.go"
}

// rewrite is the command that rewrites the pins from a run.
func (f File) rewrite() string {
	return "go test ./" + path.Dir(f.Source) + " -run " + f.Test + " -update"
}

// Read returns the pins by key; a missing or unreadable file is an error
// that says how to write it.
func (f File) Read() (map[string]string, error) {
	raw, err := os.ReadFile(f.Path)
	if err != nil {
		return nil, fmt.Errorf("%v (run: %s)", err, f.rewrite())
	}
	pins := map[string]string{}
	for _, line := range strings.Split(string(raw), "\n") {
		if fs := strings.Fields(line); len(fs) == 2 && !strings.HasPrefix(line, "#") {
			pins[fs[0]] = fs[1]
		}
	}
	return pins, nil
}

// Write rewrites the file with pins sorted by key under the header.
func (f File) Write(pins map[string]string) error {
	keys := make([]string, 0, len(pins))
	for k := range pins {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	fmt.Fprintf(&b, "# SHA-256 pins of %s (%s): cross-architecture\n", f.Test, f.Source)
	fmt.Fprintf(&b, "# and regression pins, not correctness values. Rewrite: %s\n", f.rewrite())
	for _, k := range keys {
		fmt.Fprintf(&b, "%s %s\n", k, pins[k])
	}
	return os.WriteFile(f.Path, []byte(b.String()), 0o644)
}

// mismatches returns, sorted, the keys of got whose hash is not the one
// pinned in want (a key want lacks is a mismatch too).
func mismatches(got, want map[string]string) []string {
	var keys []string
	for k, v := range got {
		if want[k] != v {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// Check is a golden test's last step: with update it rewrites the file from
// got; otherwise it reads the pins (the test fails if it cannot) and calls
// mismatch for each key of got, sorted, whose hash is not the pinned one.
func (f File) Check(t testing.TB, got map[string]string, update bool, mismatch func(key, got, pinned string)) {
	t.Helper()
	if update {
		if err := f.Write(got); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := f.Read()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range mismatches(got, want) {
		mismatch(k, got[k], want[k])
	}
}
