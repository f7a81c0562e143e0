package game

// panDrag is a right- or middle-button drag of the map. Like the left
// button's drags (input.go) it follows last frame's pointer: on X11 the
// button state is the events processed so far but the cursor is queried
// live, later, so a frame can still see the button down with the pointer
// already where it went after the release. Last frame's position is read
// before this frame's events, and the button is still down after them, so
// it is a held position. The press frame's own position is the anchor.
type panDrag struct {
	active bool
	ax, ay int // screen px the map has been panned to so far
}

// step takes one frame: justPressed (a pan button went down this frame,
// over the map), held (a pan button is down), the pointer this frame (cx,
// cy) and last frame (lx, ly). It returns how far to pan the map, in px.
func (p *panDrag) step(justPressed, held bool, cx, cy, lx, ly int) (dx, dy int) {
	switch {
	case justPressed:
		p.active, p.ax, p.ay = true, cx, cy
	case !p.active:
	case !held:
		p.active = false
	default:
		dx, dy = lx-p.ax, ly-p.ay
		p.ax, p.ay = lx, ly
	}
	return dx, dy
}
