package main

import (
	"go/ast"
	"go/token"
	"os"
	"regexp"
	"strings"
	"testing"
)

// ruleID is a retail rule id as code cites it: a series letter (W, S, P, T,
// G, A, E, U, O) and its number, as a word of its own ("A9", "S1–S6").
var ruleID = regexp.MustCompile(`\b[WSPTGAEUO][0-9]{1,2}\b`)

// testRule is a rule id leading a test's name (TestS4_DueEastIsFullRight).
var testRule = regexp.MustCompile(`^(?:Test|Benchmark|Fuzz)([WSPTGAEUO][0-9]{1,2})_`)

// ruleAnchor is a rule's definition in docs/rules.md.
var ruleAnchor = regexp.MustCompile(`<a id="([WSPTGAEUO][0-9]{1,2})"></a>\*\*([WSPTGAEUO][0-9]{1,2}) `)

// TestRules_EveryCitedIDIsDefined: every rule id a Go comment cites, and
// every rule id leading a test's name (outside third_party), is defined in
// docs/rules.md, once, with its source, and has a row in docs/fidelity.md
// (where it is implemented and what pins it). So the citations resolve
// inside a clone of the repository.
func TestRules_EveryCitedIDIsDefined(t *testing.T) {
	doc, err := os.ReadFile("docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	entries := strings.Split(string(doc), "<a id=")
	for _, m := range ruleAnchor.FindAllStringSubmatch(string(doc), -1) {
		if m[1] != m[2] {
			t.Errorf("rules.md: anchor %s titles rule %s", m[1], m[2])
		}
		if defined[m[1]] {
			t.Errorf("rules.md: %s is defined twice", m[1])
		}
		defined[m[1]] = true
	}
	for _, e := range entries[1:] {
		id := strings.Trim(strings.SplitN(e, ">", 2)[0], `"`)
		if !strings.Contains(e, "Source:") {
			t.Errorf("rules.md: %s gives no source", id)
		}
	}
	if len(defined) < 50 {
		t.Fatalf("rules.md defines %d rules; want the spec's 50", len(defined))
	}
	fid, err := os.ReadFile("docs/fidelity.md")
	if err != nil {
		t.Fatal(err)
	}
	for id := range defined {
		if !strings.Contains(string(fid), "\n| "+id+" |") {
			t.Errorf("fidelity.md has no row for %s", id)
		}
	}

	cited := 0
	fset := token.NewFileSet()
	eachGoFile(t, fset, func(path string, f *ast.File) {
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok {
				if m := testRule.FindStringSubmatch(fn.Name.Name); m != nil {
					cited++
					if !defined[m[1]] {
						t.Errorf("%s: %s pins rule %s, which docs/rules.md does not define", fset.Position(fn.Pos()), fn.Name.Name, m[1])
					}
				}
			}
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				for _, id := range ruleID.FindAllString(c.Text, -1) {
					cited++
					if !defined[id] {
						t.Errorf("%s: cites rule %s, which docs/rules.md does not define", fset.Position(c.Pos()), id)
					}
				}
			}
		}
	})
	if cited < 500 {
		t.Errorf("found %d rule citations; the walk missed the code", cited)
	}
	t.Logf("%d rule citations in comments and test names, %d rules defined", cited, len(defined))
}
