package ui

// Help lists every key and mouse action of the explorer (shown with F1).
var Help = []string{
	"Mouse",
	"  left-click map        set the listener there",
	"  left-drag listener    move it continuously (the Sim rebuilds as cells change)",
	"  left-drag handle      turn the listener (the dot on its facing line)",
	"  left-drag emitter     move the emitter",
	"  right/middle-drag     pan the map",
	"  wheel                 zoom about the cursor (out to the whole world)",
	"  double-click map      jump: the listener there, the view zoomed in around it",
	"Keys",
	"  W A S D               walk relative to heading (run speed; Shift = walk)",
	"  Q / E                 turn left / right",
	"  Home                  recentre on the listener",
	"  F                     follow on/off (scrolls when the player nears the map's edge)",
	"  Space                 pause / resume",
	"  [ / ]                 time scale down / up (0.25x..4x)",
	"  1..6                  overlays: rings, cells, rose, shells, one-shots, emitters",
	"  7 / 8 / 9             atlas: heatmap, buildings, statics (Atlas panel: what to map, search)",
	"  Esc                   deselect / cancel emitter placement / leave a text field",
	"  Ctrl+Z                undo the last emitter delete",
	"  R                     record a walk: start (sim restarts at 0 s) / stop, write the path",
	"  B / X                 gate open: switch A (ours) / B (retail); play the ABX trial's X",
	"  F12                   screenshot + JSON sidecar into screenshots/",
	"  F1                    this help",
	"Panels never take map input while the pointer is over them.",
}
