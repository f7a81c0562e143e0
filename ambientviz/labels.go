package ambientviz

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/ambientviz/geom"
)

// labelH is a map label's height in px (the bitmap font's line plus its halo).
const labelH = 16

type queuedLabel struct {
	req   geom.LabelReq
	text  string
	c     color.RGBA
	alpha float64
}

// queue holds the frame's map labels until FlushLabels places them together.
var queue []queuedLabel

// QueueLabel asks for label s naming screen point (ax, ay), at the first free
// candidate top-left corner; prio: lower places first;
// optional labels may be left out; alpha fades it.
func QueueLabel(s string, ax, ay float64, cands [][2]float64, prio int, optional bool, c color.RGBA, alpha float64) {
	if s == "" || alpha <= 0 {
		return
	}
	queue = append(queue, queuedLabel{geom.LabelReq{W: LabelWidth(s) + 2, H: labelH, AX: ax, AY: ay, Cands: cands, Prio: prio, Optional: optional}, s, c, alpha})
}

// QueueGridLabel asks for a landblock id label at exactly (x, y) (top left),
// left out where a more important label, the rose, the scale bar or a panel
// is (last priority, no leader line).
func QueueGridLabel(s string, x, y float64, c color.RGBA, alpha float64) {
	if s == "" || alpha <= 0 {
		return
	}
	queue = append(queue, queuedLabel{geom.LabelReq{W: LabelWidth(s) + 2, H: labelH, AX: x, AY: y, Cands: [][2]float64{{x, y}}, Prio: 9, Optional: true, NoLeader: true}, s, c, alpha})
}

// placed are the boxes of the labels the last FlushLabels drew.
var placed []geom.Rect

// Placed returns the boxes (screen px) of the labels the last FlushLabels
// drew (tests: labels keep clear of the keys and panels).
func Placed() []geom.Rect { return placed }

// FlushLabels places the queued labels clear of each other and of the
// obstacles (greedy, geom.PlaceLabels), draws them, with a leader line when
// one had to move off its anchor, and empties the queue.
func FlushLabels(dst *ebiten.Image, obstacles []geom.Rect) {
	reqs := make([]geom.LabelReq, len(queue))
	for i, q := range queue {
		reqs[i] = q.req
	}
	placed = placed[:0]
	ps := geom.PlaceLabels(reqs, obstacles)
	// Every leader line before any label: labels are drawn over the lines.
	for i, p := range ps {
		if q := queue[i]; p.Shown && p.Leader {
			// From the anchor to the nearest point of the label's box.
			tx := min(max(q.req.AX, p.X), p.X+q.req.W)
			ty := min(max(q.req.AY, p.Y), p.Y+q.req.H)
			StrokeLine(dst, float32(q.req.AX), float32(q.req.AY), float32(tx), float32(ty), 1, Fade(q.c, 0.8*q.alpha))
		}
	}
	for i, p := range ps {
		q := queue[i]
		if !p.Shown {
			continue
		}
		placed = append(placed, geom.Rect{X0: p.X, Y0: p.Y, X1: p.X + q.req.W, Y1: p.Y + q.req.H})
		LabelAlpha(dst, q.text, p.X, p.Y, q.c, q.alpha)
	}
	queue = queue[:0]
}
