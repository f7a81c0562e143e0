package ui

// problems.go: the "Data problems" panel: every data
// problem the Sim has met — file, record, offset, what — one entry each, in
// first-seen order. The window adds it with AddProblems; it docks on the
// right, folded until the first problem arrives (then it opens once; the
// window's banner says "Data problems (N)").

import (
	"fmt"

	"soundworld/dat"
	"soundworld/ui/debugui"
	"soundworld/ui/dock"
)

// ProblemsPanelName is the Data problems panel's dock name.
const ProblemsPanelName = "Data problems"

// maxProblemRows is how many problems the panel lists (stderr and the
// sidecar have them all).
const maxProblemRows = 300

// problemsView is the panel's state: the collector, and its lines as of the
// last count seen (rebuilt only when the count changes, so a frame costs one
// locked read of Len).
type problemsView struct {
	ps     *dat.Problems
	n      int      // problems seen at the last poll
	lines  []string // one per problem, up to maxProblemRows
	opened bool     // the panel was opened for the first problem
}

// AddProblems docks the Data problems panel over ps (right edge, folded
// while ps is empty).
func (u *UI) AddProblems(ps *dat.Problems) {
	if ps == nil {
		return
	}
	u.probs = &problemsView{ps: ps}
	p := panel{dock.Panel{Name: ProblemsPanelName, Edge: dock.Right, Width: 380, Height: 220, MinHeight: 90, Collapsed: true},
		u.problemsWindow}
	if st, ok := u.st.Panels[p.Name]; ok {
		p.Edge = st.Edge
	}
	u.panels = append(u.panels, p)
	u.pollProblems()
}

// ProblemLine is one problem as the panel lists it: file, record, offset,
// what. Where there is no offset it says why (a missing record has no byte
// in the file), never "?".
func ProblemLine(p dat.Problem) string {
	file := p.File
	if file == "" {
		file = "file not known"
	}
	rec := "no record (the file's header)"
	if p.Record != 0 {
		rec = fmt.Sprintf("record 0x%08X", p.Record)
	}
	var off string
	switch {
	case p.Off < 0 && p.Kind == dat.KindMissingRecord:
		off = "no offset (the record is not in the file)"
	case p.Off < 0:
		off = "no offset (the reader could not place it)"
	case p.InRecord:
		off = fmt.Sprintf("record byte 0x%X", p.Off)
	default:
		off = fmt.Sprintf("byte 0x%X", p.Off)
	}
	return file + ", " + rec + ", " + off + ": " + p.What
}

// pollProblems picks up new problems (once a frame): the lines are rebuilt
// and, at the first problem, the panel unfolds once.
func (u *UI) pollProblems() {
	v := u.probs
	if v == nil {
		return
	}
	n := v.ps.Len()
	if n == v.n {
		return
	}
	v.n = n
	v.lines = v.lines[:0]
	for i, p := range v.ps.List() {
		if i == maxProblemRows {
			break
		}
		v.lines = append(v.lines, ProblemLine(p))
	}
	if n > 0 && !v.opened {
		v.opened = true
		for i := range u.panels {
			if u.panels[i].Name == ProblemsPanelName && u.panels[i].Collapsed {
				u.panels[i].Collapsed = false
			}
		}
	}
}

// ProblemCount is the number of data problems met so far (0 without a collector).
func (u *UI) ProblemCount() int {
	if u.probs == nil {
		return 0
	}
	return u.probs.n
}

// ProblemLines are the panel's lines as last polled.
func (u *UI) ProblemLines() []string {
	if u.probs == nil {
		return nil
	}
	return append([]string{}, u.probs.lines...)
}

func (u *UI) problemsWindow(ctx *debugui.Context) {
	v := u.probs
	ctx.SetGridLayout([]int{-1}, nil)
	if v.n == 0 {
		label(ctx, "No data problems met.")
		return
	}
	label(ctx, fmt.Sprintf("%d skipped as retail skips them (file, record, offset: what):", v.n))
	for _, l := range v.lines {
		for _, w := range wrap(l, float64(u.bodyW-12)) {
			labelColored(ctx, w, errorColor)
		}
	}
	if v.n > len(v.lines) {
		label(ctx, fmt.Sprintf("… and %d more (see stderr or a shot's sidecar)", v.n-len(v.lines)))
	}
}
