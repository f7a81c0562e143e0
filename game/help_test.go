package game

import "testing"

// F1 pages through help from the first page: closed → keys (page 0) →
// legend (page 1) → closed, so the first press shows the keys.
func TestF1_PagesFromTheKeys(t *testing.T) {
	show, page := false, 0
	want := []struct {
		show bool
		page int
	}{{true, 0}, {true, 1}, {false, 0}, {true, 0}}
	for i, w := range want {
		show, page = nextHelp(show, page)
		if show != w.show || page != w.page {
			t.Fatalf("press %d: shown %v page %d, want %v page %d", i+1, show, page, w.show, w.page)
		}
	}
}
