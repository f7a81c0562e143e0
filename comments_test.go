package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// issueRef is a tracker reference in a comment ("issue 12", "Issue 9").
var issueRef = regexp.MustCompile(`(?i)\bissue [0-9]`)

// TestComments_NoIssueNumbers: comments say what the code does and why;
// which issue asked for it is history, kept in the commit messages
// (CONTRIBUTING.md). Non-test Go files outside third_party/, and every Go
// file of game/ (tests included), hold no "issue N".
func TestComments_NoIssueNumbers(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (path == "third_party" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		path = filepath.ToSlash(path)
		inGame := strings.HasPrefix(path, "game/")
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") && !inGame {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if issueRef.MatchString(c.Text) {
					t.Errorf("%s: %q: say what the code does; the issue goes in the commit message", fset.Position(c.Pos()), strings.TrimSpace(c.Text))
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
