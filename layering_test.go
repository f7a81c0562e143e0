package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// tableRow matches a row of docs/architecture.md's package table: the first
// cell's package (in backquotes) and the last cell (its imports of ours).
var tableRow = regexp.MustCompile("^\\| `([^`]+)`.*\\| ([^|]*) \\|$")

// TestLayering_TableIsTrue pins docs/architecture.md's package table to the
// code: every package of the module is in the table, each imports only
// packages listed before it (the arrows point one way), and the table's last
// column is its imports of ours exactly. The imports are go list's.
func TestLayering_TableIsTrue(t *testing.T) {
	doc, err := os.ReadFile("docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	pos := map[string]int{}
	listed := map[string][]string{}
	var order []string
	for _, line := range strings.Split(string(doc), "\n") {
		m := tableRow.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		name := modulePath(m[1])
		if _, dup := pos[name]; dup {
			t.Errorf("architecture.md: %s is in the table twice", m[1])
		}
		pos[name] = len(order)
		order = append(order, name)
		if col := strings.TrimSpace(m[2]); col != "—" {
			for _, p := range strings.Split(col, ",") {
				listed[name] = append(listed[name], modulePath(strings.TrimSpace(p)))
			}
		}
	}
	if len(order) < 10 {
		t.Fatalf("architecture.md: found %d table rows, want the package table", len(order))
	}
	out, err := exec.Command("go", "list", "-json", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	seen := map[string]bool{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		seen[p.ImportPath] = true
		at, ok := pos[p.ImportPath]
		if !ok {
			t.Errorf("%s is not in architecture.md's package table", p.ImportPath)
			continue
		}
		var ours []string
		for _, imp := range p.Imports {
			if imp != "soundworld" && !strings.HasPrefix(imp, "soundworld/") {
				continue
			}
			ours = append(ours, imp)
			if ip, ok := pos[imp]; ok && ip >= at {
				t.Errorf("%s imports %s, listed after it in architecture.md (the arrows point up the table)", p.ImportPath, imp)
			}
		}
		want := append([]string(nil), listed[p.ImportPath]...)
		sort.Strings(ours)
		sort.Strings(want)
		if strings.Join(ours, " ") != strings.Join(want, " ") {
			t.Errorf("%s imports %v; architecture.md says %v", p.ImportPath, ours, want)
		}
	}
	for _, name := range order {
		if !seen[name] {
			t.Errorf("architecture.md lists %s, which go list does not know", name)
		}
	}
}

// modulePath is a table name as an import path ("dat" → "soundworld/dat").
func modulePath(name string) string {
	if name == "soundworld" {
		return name
	}
	return "soundworld/" + name
}
