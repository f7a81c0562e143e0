package ui

import (
	"os"
	"strings"
	"testing"
)

// docs/keys.md's table and F1's list are one list: the page's table, between
// its markers, is exactly KeysMarkdown (generated from the lists F1 shows),
// and F1 shows every binding.
func TestHelp_DocsKeyTableIsF1sList(t *testing.T) {
	b, err := os.ReadFile("../docs/keys.md")
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- keys:begin (generated: go test ./ui -run TestHelp -update-keys) -->\n", "<!-- keys:end -->"
	s := string(b)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatalf("docs/keys.md: no %q … %q section", begin, end)
	}
	if got, want := s[i+len(begin):j], KeysMarkdown(); got != want {
		if *updateKeys {
			if err := os.WriteFile("../docs/keys.md", []byte(s[:i+len(begin)]+want+s[j:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("docs/keys.md's table is not F1's list (rewrite: go test ./ui -run TestHelp -update-keys)\ngot:\n%s\nwant:\n%s", got, want)
	}
	for _, l := range [][]Binding{MouseBindings, KeyBindings} {
		for _, k := range l {
			found := false
			for _, h := range Help {
				found = found || strings.HasPrefix(strings.TrimSpace(h), k.Keys) && strings.HasSuffix(h, k.What)
			}
			if !found {
				t.Errorf("F1 does not show %q", k.Keys)
			}
		}
	}
}
