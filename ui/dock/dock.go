// Package dock lays the window's panels out against its edges: a pure
// function from the window size, the panel list and each panel's collapsed
// state to rectangles, so the geometry is tested headless. Left and
// right panels stack in columns from the top; bottom panels (timeline, meters,
// event log) sit side by side above the status bar between the columns. The
// map is what is left. When the window is too small for every open panel, the
// columns narrow, open panels shrink towards their minimum height, and then
// panels fold to their title bars (last in the list first), so nothing ever
// leaves the window or covers the status bar.
package dock

import "image"

// Edge is the window edge a panel docks to.
type Edge uint8

const (
	Left Edge = iota
	Right
	Bottom
)

// String is the edge's name in the settings file.
func (e Edge) String() string { return [...]string{"left", "right", "bottom"}[e] }

// ParseEdge reads an edge name ("left", "right", "bottom").
func ParseEdge(s string) (Edge, bool) {
	for e := Left; e <= Bottom; e++ {
		if e.String() == s {
			return e, true
		}
	}
	return 0, false
}

// Panel is one dockable panel. Sizes in px.
type Panel struct {
	Name      string
	Edge      Edge
	Width     int  // preferred width (left/right columns; bottom: its share of the strip)
	Height    int  // preferred height, title included (bottom panels: the strip's)
	MinHeight int  // smallest useful open height, title included
	Collapsed bool // the user folded it to its title bar
	Grow      bool // takes a share of the column's spare height (long lists)
}

// Sizes of the frame (px).
const (
	Title   = 24 // title bar height (debugui's style)
	Gap     = 4  // between panels and from the window edge
	Status  = 34 // status bar height at the bottom
	MinMap  = 0.4
	MinCol  = 200 // narrowest column
	MaxBotH = 0.3 // bottom strip at most this share of the height
	FoldedW = 150 // a folded bottom panel's title bar beside open ones
)

// Result is the arrangement.
type Result struct {
	Rects  []image.Rectangle // per panel, in the order given; a folded panel is its title bar
	Folded []bool            // per panel: shown as a title bar (by the user or for lack of room)
	Auto   []bool            // per panel: folded for lack of room although the user opened it
	Map    image.Rectangle   // the map area left between the panels
	Status image.Rectangle   // the status bar
}

// Arrange lays out ps in a w×h window.
func Arrange(w, h int, ps []Panel) Result {
	r := Result{Rects: make([]image.Rectangle, len(ps)), Folded: make([]bool, len(ps)), Auto: make([]bool, len(ps))}
	w, h = max(w, 1), max(h, 1)
	r.Status = image.Rect(0, max(0, h-Status), w, h)
	top, bottom := Gap, r.Status.Min.Y-Gap
	cw := columnWidths(w, ps)
	x0 := [2]int{Gap, w - Gap - cw[1]}

	// Bottom strip between the columns.
	mapL, mapR := 0, w
	if cw[0] > 0 {
		mapL = x0[0] + cw[0] + Gap
	}
	if cw[1] > 0 {
		mapR = x0[1] - Gap
	}
	bottom = bottomStrip(&r, ps, h, mapL, mapR, top, bottom)
	r.Map = image.Rect(mapL, 0, mapR, max(0, bottom+Gap))
	if r.Map.Dx() <= 0 {
		r.Map = image.Rect(0, 0, w, r.Status.Min.Y)
	}

	for side := Left; side <= Right; side++ {
		var col []int
		for i, p := range ps {
			if p.Edge == side {
				col = append(col, i)
			}
		}
		if len(col) == 0 {
			continue
		}
		// The columns run the full height down to the status bar.
		hs := column(ps, col, r.Status.Min.Y-Gap-top, r)
		y := top
		for k, i := range col {
			r.Rects[i] = image.Rect(x0[side], y, x0[side]+cw[side], y+hs[k])
			y += hs[k] + Gap
		}
	}
	above := image.Rect(0, 0, w, r.Status.Min.Y) // tiny windows: clip, never spill
	for i := range r.Rects {
		r.Rects[i] = r.Rects[i].Intersect(above)
	}
	return r
}

// columnWidths are the left and right columns' widths in a w px window: the
// widest panel of each side, narrowed together so the map keeps at least
// MinMap of the width.
func columnWidths(w int, ps []Panel) [2]int {
	var cw [2]int
	var open [2]bool
	for _, p := range ps {
		if p.Edge <= Right {
			cw[p.Edge] = max(cw[p.Edge], p.Width)
			open[p.Edge] = open[p.Edge] || !p.Collapsed
		}
	}
	for i := range cw {
		if !open[i] { // a column of title bars only gives the map the rest
			cw[i] = min(cw[i], FoldedW+FoldedW/5)
		}
	}
	if room := int(float64(w)*(1-MinMap)) - 4*Gap; cw[0]+cw[1] > room && cw[0]+cw[1] > 0 {
		k := float64(max(room, 0)) / float64(cw[0]+cw[1])
		for i := range cw {
			if cw[i] > 0 {
				cw[i] = max(min(MinCol, cw[i]), int(float64(cw[i])*k))
			}
		}
	}
	if cw[0]+cw[1]+4*Gap > w { // tiny window: split it
		for i := range cw {
			if cw[i] > 0 {
				cw[i] = max(1, (w-4*Gap)/2)
			}
		}
	}
	return cw
}

// bottomStrip lays the bottom panels out between mapL and mapR, above
// bottom (px) in an h px window, and returns the new bottom of what is
// left above them.
func bottomStrip(r *Result, ps []Panel, h, mapL, mapR, top, bottom int) int {
	var bot []int
	stripH := 0
	for i, p := range ps {
		if p.Edge == Bottom {
			bot = append(bot, i)
			hh := Title
			if !p.Collapsed {
				hh = max(p.Height, Title)
			} else {
				r.Folded[i] = true
			}
			stripH = max(stripH, hh)
		}
	}
	if len(bot) == 0 {
		return bottom
	}
	stripH = min(stripH, max(Title, int(float64(h)*MaxBotH)))
	y1 := bottom
	y0 := max(top, y1-stripH)
	// Open panels share the strip by Width. Folded ones are title bars
	// stacked in one column of at most FoldedW px at the strip's right
	// end (at 900 px three side by side left an open panel 116 px), or
	// beside the open ones when the strip is too low to stack them; all
	// folded, they share the strip's one row by Width.
	var open, folded []int
	for _, i := range bot {
		if r.Folded[i] {
			folded = append(folded, i)
		} else {
			open = append(open, i)
		}
	}
	full := mapR - mapL
	stackH := len(folded)*Title + (len(folded)-1)*Gap
	switch {
	case len(open) > 0 && len(folded) > 0 && stackH <= y1-y0:
		fw := min(FoldedW, full/(len(open)+1))
		share(r.Rects, ps, open, mapL, y0, y1, full-fw-Gap)
		for k, i := range folded {
			yb := y1 - k*(Title+Gap)
			r.Rects[i] = image.Rect(mapR-fw, yb-Title, mapR, yb)
		}
	case len(open) > 0 && len(folded) > 0:
		fw := min(FoldedW, (full-Gap*(len(bot)-1))/len(bot))
		w := full - (fw+Gap)*len(folded)
		share(r.Rects, ps, open, mapL, y0, y1, w)
		for k, i := range folded {
			x := mapL + w + Gap + k*(fw+Gap)
			r.Rects[i] = image.Rect(x, y1-Title, x+fw, y1)
		}
	default:
		share(r.Rects, ps, bot, mapL, y1-min(stripH, y1-y0), y1, full)
	}
	return y0 - Gap
}

// column gives the panels col (indices into ps) heights that fit avail px.
func column(ps []Panel, col []int, avail int, r Result) []int {
	hs := make([]int, len(col))
	open := make([]bool, len(col))
	for k, i := range col {
		open[k] = !ps[i].Collapsed
		r.Folded[i] = !open[k]
	}
	for {
		fixed, pref, minSum := Gap*(len(col)-1), 0, 0
		for k, i := range col {
			if !open[k] {
				fixed += Title
				continue
			}
			pref += max(ps[i].Height, Title)
			minSum += max(min(ps[i].MinHeight, ps[i].Height), Title)
		}
		room := avail - fixed
		if pref <= room || minSum <= room {
			// Shrink each open panel by the same share of its slack (pref − min).
			over := max(0, pref-room)
			slack := pref - minSum
			for k, i := range col {
				if !open[k] {
					hs[k] = Title
					continue
				}
				p, m := max(ps[i].Height, Title), max(min(ps[i].MinHeight, ps[i].Height), Title)
				cut := 0
				if over > 0 && slack > 0 {
					cut = (over*(p-m) + slack - 1) / slack
				}
				hs[k] = max(m, p-cut)
			}
			if spare, n := room-pref, growers(ps, col, open); spare > 0 && n > 0 {
				for k, i := range col {
					if open[k] && ps[i].Grow {
						hs[k] += spare / n
					}
				}
			}
			return hs
		}
		// Not even the minimums fit: fold the last open panel and retry.
		last := -1
		for k := range col {
			if open[k] {
				last = k
			}
		}
		if last < 0 { // only title bars, and still too tall: squeeze them
			for k := range hs {
				hs[k] = max(1, min(Title, (avail-Gap*(len(col)-1))/len(col)))
			}
			return hs
		}
		open[last] = false
		r.Folded[col[last]], r.Auto[col[last]] = true, true
	}
}

// growers counts the open panels of col that take spare height.
func growers(ps []Panel, col []int, open []bool) int {
	n := 0
	for k, i := range col {
		if open[k] && ps[i].Grow {
			n++
		}
	}
	return n
}

// share lays the panels idx side by side from x in a row w px wide between
// y0 and y1, each with its share of w by Width (the last takes the rounding).
func share(rects []image.Rectangle, ps []Panel, idx []int, x, y0, y1, w int) {
	tw := 0
	for _, i := range idx {
		tw += max(1, ps[i].Width)
	}
	avail := w - Gap*(len(idx)-1)
	used := 0
	for k, i := range idx {
		pw := avail * max(1, ps[i].Width) / tw
		if k == len(idx)-1 {
			pw = avail - used
		}
		used += pw
		rects[i] = image.Rect(x, y0, x+max(pw, 1), y1)
		x += pw + Gap
	}
}
