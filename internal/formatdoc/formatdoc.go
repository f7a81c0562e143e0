// Package formatdoc reads the key tables of docs/file-formats.md, so the
// tests of each file's reader can compare the page with the types' tags.
package formatdoc

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// Keys are the keys (the first column's `key`) of the tables under the
// heading whose text starts with heading, up to the next heading.
func Keys(heading string) ([]string, error) {
	_, self, _, _ := runtime.Caller(0)
	b, err := os.ReadFile(filepath.Join(filepath.Dir(self), "..", "..", "docs", "file-formats.md"))
	if err != nil {
		return nil, err
	}
	var keys []string
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "#") {
			in = strings.HasPrefix(strings.TrimLeft(line, "# "), heading)
			continue
		}
		if !in || !strings.HasPrefix(line, "| `") {
			continue
		}
		k, _, _ := strings.Cut(strings.TrimPrefix(line, "| `"), "`")
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("docs/file-formats.md: no keys under %q", heading)
	}
	slices.Sort(keys)
	return keys, nil
}

// Diff says which keys are only in the page and which only in the code
// ("" when the two lists are equal).
func Diff(page, code []string) string {
	var only []string
	for _, k := range page {
		if !slices.Contains(code, k) {
			only = append(only, "page only: "+k)
		}
	}
	for _, k := range code {
		if !slices.Contains(page, k) {
			only = append(only, "code only: "+k)
		}
	}
	return strings.Join(only, "; ")
}
