package game

import (
	"image"

	"soundworld/ui/debugui"
)

// pointerOnMap reports whether the mouse at screen (mx, my) acts on the map:
// it is inside the map area and over no panel. Panel chrome and the blank
// space of a panel column or of the bottom strip (beside folded titles,
// under short columns) are not map, nor is the status bar, even when no
// panel widget is under the pointer or the panels re-flowed this frame.
func (g *Game) pointerOnMap(mx, my int, captured debugui.InputCapturingState) bool {
	return captured&debugui.InputCapturingStateHover == 0 && image.Pt(mx, my).In(g.mapRect())
}
