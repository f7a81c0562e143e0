package main

import (
	"go/ast"
	"go/token"
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
	eachGoFile(t, fset, func(path string, f *ast.File) {
		if strings.HasSuffix(path, "_test.go") && !strings.HasPrefix(path, "game/") {
			return
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if issueRef.MatchString(c.Text) {
					t.Errorf("%s: %q: say what the code does; the issue goes in the commit message", fset.Position(c.Pos()), strings.TrimSpace(c.Text))
				}
			}
		}
	})
}
