package game

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"soundworld/internal/cli"
	"soundworld/ui"
)

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

// Every key game/input.go handles is in F1's list (ui.KeyBindings, from
// which docs/keys.md is generated): F11, K and T were once missing.
func TestF1_ListsEveryHandledKey(t *testing.T) {
	src, err := os.ReadFile("input.go")
	if err != nil {
		t.Fatal(err)
	}
	// How each ebiten key is written in the list.
	written := map[string]string{"Key1": "1..6", "Key2": "1..6", "Key3": "1..6", "Key4": "1..6", "Key5": "1..6", "Key6": "1..6",
		"Key7": "7 / 8 / 9", "Key8": "7 / 8 / 9", "Key9": "7 / 8 / 9", "KeyBracketLeft": "[ / ]", "KeyBracketRight": "[ / ]",
		"KeyEscape": "Esc", "KeyControl": "Ctrl+Z", "KeyMeta": "Ctrl+Z", "KeyZ": "Ctrl+Z", "KeyShift": "W A S D",
		"KeyW": "W A S D", "KeyA": "W A S D", "KeyS": "W A S D", "KeyD": "W A S D", "KeyQ": "Q / E", "KeyE": "Q / E",
		"KeyB": "B / X", "KeyX": "B / X"}
	keys := regexp.MustCompile(`ebiten\.(Key[A-Za-z0-9]+)`).FindAllStringSubmatch(string(src), -1)
	if len(keys) < 25 {
		t.Fatalf("found %d keys in input.go, want the handler's", len(keys))
	}
	for _, m := range keys {
		want, ok := written[m[1]]
		if !ok {
			want = strings.TrimPrefix(m[1], "Key")
		}
		listed := false
		for _, b := range ui.KeyBindings {
			listed = listed || b.Keys == want
		}
		if !listed {
			t.Errorf("input.go handles %s, F1's list has no %q", m[1], want)
		}
	}
}

// The indoor banner names the room (the stand-in's inn cellar), its
// EnvCell beside.
func TestBanner_IndoorsNamesTheRoom(t *testing.T) {
	g := standInGame(t)
	const line = "0xA9B40101 [54.000000 40.000000 82.330000] 1 0 0 0"
	l, err := cli.AtLoc(line)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.sim.PlaceAt(l, cli.AtCell(line), 0); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if !hasBanner(g.hudNow().banners(), "indoors: inn cellar (EnvCell 0xA9B40101), sees outside: no") {
		t.Errorf("banners %q, want the cellar by name", g.hudNow().banners())
	}
}
