package game

// The host page's side of the window (the browser build, make web): a page
// asks for things between frames — a report link now, an end to the session
// — and the window answers on its own goroutine, so nothing the Sim owns is
// read while Update runs.

// Page is called once per worked Update, before the frame's work. A non-nil
// error ends the window as an Update error does (ebiten.Termination: a clean
// end, e.g. the page opens other game files).
type Page interface {
	Frame(g *Game) error
}

// SidecarJSON is the sidecar F12 would write for this instant (the replay
// record and the view that a report link carries).
func (g *Game) SidecarJSON() ([]byte, error) { return sidecarJSON(g.sidecar()) }

// ClockSource is what the window's clock follows now: "device" (the audio
// device's played position, while it keeps real time) or "wall".
func (g *Game) ClockSource() string {
	if g.src != nil && g.src.FollowsDevice() {
		return "device"
	}
	return "wall"
}

// PositionLine is the player's position as retail's /loc prints it (the
// page's "copy position"; listen.Tools.PositionLine).
func (g *Game) PositionLine() string { return g.listening.PositionLine() }

// Notify shows msg as a toast on the map (the page's notices).
func (g *Game) Notify(msg string) { g.setToast(msg) }
