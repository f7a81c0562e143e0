package ui

import (
	"fmt"
	"strings"
)

// Binding is one key or mouse action of the explorer: the one list F1 shows
// and docs/keys.md's table is generated from (KeysMarkdown; a test keeps
// the page the same list).
type Binding struct {
	Keys string // what to press, as written on the key ("W A S D", "Ctrl+Z")
	What string // what it does
}

// MouseBindings are the mouse's actions.
var MouseBindings = []Binding{
	{"left-click map", "set the listener there"},
	{"left-drag listener", "move it continuously (the Sim rebuilds as cells change)"},
	{"left-drag handle", "turn the listener (the dot on its facing line)"},
	{"left-drag emitter", "move the emitter"},
	{"right/middle-drag", "pan the map"},
	{"wheel", "zoom about the cursor (out to the whole world)"},
	{"double-click map", "jump: the listener there, the view zoomed in around it"},
	{"hover a marker", "an object's card (name, ids, state); a landmark in the status bar"},
}

// KeyBindings are the keys' actions (game/input.go handles each).
var KeyBindings = []Binding{
	{"W A S D", "walk relative to heading (run speed; Shift = walk)"},
	{"Q / E", "turn left / right"},
	{"Home", "recentre on the listener"},
	{"F", "follow on/off (scrolls when the player nears the map's edge)"},
	{"Space", "pause / resume"},
	{"[ / ]", "time scale down / up (0.25x..4x)"},
	{"1..6", "overlays: rings, cells, rose, shells, one-shots, emitters"},
	{"7 / 8 / 9", "atlas: heatmap, buildings, statics (Atlas panel: what to map, search)"},
	{"Esc", "deselect / cancel emitter placement / leave a text field"},
	{"Ctrl+Z", "undo the last emitter delete"},
	{"R", "record a walk: start (sim restarts at 0 s) / stop, write the path"},
	{"B / X", "gate open: switch A (ours) / B (retail); play the ABX trial's X"},
	{"K", "fold / unfold the map key"},
	{"T", "fold / unfold the Timeline panel"},
	{"N", "fold / unfold the Sounds panel (play any one sound alone; where can it play?)"},
	{"F12", "screenshot + JSON sidecar into screenshots/"},
	{"F11", "capture bundle: picture, sidecar, last 30 s of audio, events, path"},
	{"F1", "this help; again: what the colours mean; again: close"},
}

// helpFoot is F1's last line.
const helpFoot = "Panels never take map input while the pointer is over them."

// Help is F1's first page: every mouse and key action, from the lists above.
var Help = func() []string {
	out := []string{"Mouse"}
	for _, b := range MouseBindings {
		out = append(out, fmt.Sprintf("  %-21s %s", b.Keys, b.What))
	}
	out = append(out, "Keys")
	for _, b := range KeyBindings {
		out = append(out, fmt.Sprintf("  %-21s %s", b.Keys, b.What))
	}
	return append(out, helpFoot)
}()

// KeysMarkdown is docs/keys.md's table: the same lists as F1, as Markdown.
func KeysMarkdown() string {
	var b strings.Builder
	b.WriteString("| mouse or key | what it does |\n|---|---|\n")
	for _, l := range [][]Binding{MouseBindings, KeyBindings} {
		for _, k := range l {
			fmt.Fprintf(&b, "| %s | %s |\n", strings.ReplaceAll(k.Keys, "|", "\\|"), strings.ReplaceAll(k.What, "|", "\\|"))
		}
	}
	return b.String()
}
