package game

// Stand where retail stood (issue 9 item 1, the window's part): the jump box
// takes retail's /loc line pasted as is, and the Gate panel shows the current
// position in the same format with a copy button.

import (
	"fmt"
	"os"
	"strings"
	"sync"

	"golang.design/x/clipboard"

	"soundworld/internal/outputs"
	"soundworld/world"
)

// jumpRetailLoc places the player exactly at a /loc line (cell's landblock
// and local x, y, W6) facing the way the line's quaternion does (W4,
// Frame::get_heading). ok is false when where is not a /loc line (the short
// forms are Jump's own).
func (g *Game) jumpRetailLoc(where string) (ok bool, err error) {
	if !world.IsRetailLoc(where) {
		return false, nil
	}
	l, err := world.ParseRetailLoc(strings.TrimSpace(where))
	if err != nil {
		return true, fmt.Errorf("jump: %v", err)
	}
	g.sim.SetPlayer(l.Loc(), l.Heading())
	p := g.sim.Listener().Pos
	g.cam.CX, g.cam.CY = float64(p.X), float64(p.Y)
	return true, nil
}

// PositionLine is the player's position as retail's /loc prints it: the
// outdoor land cell under the feet, landblock-local x y z (z = the ground the
// Sim put the feet on) and the quaternion Frame::set_heading builds from the
// compass heading. Pasted into the jump box (or -at) it puts the player back
// on the same spot facing the same way (to float32 and 6 decimals).
func (g *Game) PositionLine() string {
	return world.RetailLocOf(g.sim.Player(), g.sim.Listener().Heading).String()
}

// The system clipboard (golang.design/x/clipboard: X11 selection through
// libX11 loaded at run time; it works under Xvfb). Init fails without a
// display: the copy then goes to a file and the toast says where.
var (
	clipOnce sync.Once
	clipErr  error
)

// clipFallback is where a position goes when there is no clipboard (a
// variable for tests).
var clipFallback = "soundworld-position.txt"

// CopyPosition puts the /loc line on the clipboard, or when there is none
// writes it to soundworld-position.txt in the working folder; the toast says
// which (and shows the line either way, so it can be read off the screen).
func (g *Game) CopyPosition() string {
	line := g.PositionLine()
	clipOnce.Do(func() { clipErr = clipboard.Init() })
	if clipErr == nil {
		clipboard.Write(clipboard.FmtText, []byte(line))
		g.setToast("Copied to the clipboard: " + line)
		return "clipboard"
	}
	err := outputs.CheckFile("", clipFallback, g.cfg.DatDir) // never inside the game's data folder
	if err == nil {
		err = outputs.WriteFile(clipFallback, func(w *os.File) error {
			_, err := w.Write([]byte(line + "\n"))
			return err
		})
	}
	if err != nil {
		g.setToast(fmt.Sprintf("No clipboard and %s not written (%v): %s", clipFallback, err, line))
		return ""
	}
	g.setToast("No clipboard (no X display): wrote " + clipFallback + ": " + line)
	return clipFallback
}
