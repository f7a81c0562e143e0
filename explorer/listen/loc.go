package listen

// Stand where retail stood: the jump box takes retail's /loc line pasted as
// is, and the Gate panel shows the current position in the same format with
// a copy button.

import (
	"fmt"
	"strings"

	"soundworld/world"
)

// JumpLoc places the player exactly at a /loc line (cell's landblock
// and local x, y, W6) facing the way the line's quaternion does (W4,
// Frame::get_heading). ok is false when where is not a /loc line (the short
// forms are Jump's own).
func (g *Tools) JumpLoc(where string) (ok bool, err error) {
	if !world.IsRetailLoc(where) {
		return false, nil
	}
	l, err := world.ParseRetailLoc(strings.TrimSpace(where))
	if err != nil {
		return true, fmt.Errorf("jump: %v", err)
	}
	if err := g.cfg.Sim.PlaceAt(l.Loc(), l.Cell, l.Heading()); err != nil { // A11: an EnvCell places the player indoors
		return true, fmt.Errorf("jump: %v", err)
	}
	g.cfg.Placed(false)
	return true, nil
}

// PositionLine is the player's position as retail's /loc prints it: the
// outdoor land cell under the feet, landblock-local x y z (z = the ground the
// Sim put the feet on) and the quaternion Frame::set_heading builds from the
// compass heading. Pasted into the jump box (or -at) it puts the player back
// on the same spot facing the same way (to float32 and 6 decimals).
func (g *Tools) PositionLine() string {
	sim := g.cfg.Sim
	rl := world.RetailLocOf(sim.Player(), sim.Listener().Heading)
	if c, _ := sim.Indoor(); c != 0 { // A11: indoors /loc names the EnvCell
		rl.Cell = c
	}
	return rl.String()
}

// ClipFallback is where a position goes when there is no clipboard (a
// variable for tests).
var ClipFallback = "soundworld-position.txt"

// CopyPosition puts the /loc line on the clipboard, or when there is none
// writes it to soundworld-position.txt in the working folder; the toast says
// which (and shows the line either way, so it can be read off the screen).
func (g *Tools) CopyPosition() string {
	line := g.PositionLine()
	if g.cfg.Copy(line) == nil {
		g.cfg.Notice("Copied to the clipboard: " + line)
		return "clipboard"
	}
	if err := g.cfg.Files.WriteFile(ClipFallback, []byte(line+"\n")); err != nil { // never inside the game's data folder
		g.cfg.Notice(fmt.Sprintf("No clipboard and %s not written (%v): %s", ClipFallback, err, line))
		return ""
	}
	g.cfg.Notice("No clipboard (no X display): wrote " + ClipFallback + ": " + line)
	return ClipFallback
}
