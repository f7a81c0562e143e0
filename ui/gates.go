package ui

// The Gate panel: recording a walk (R) and an opened
// listening gate — its recording's loading progress, the A/B switch (B) with
// the loudness match, and the ABX test (X). positionLines (item 1) puts the
// position as retail's /loc line with a Copy button under Controls' Jump to.

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"soundworld/explorer/listen"
	"soundworld/ui/debugui"
	"soundworld/ui/dock"
)

// GateHost is what the Gate panel asks of the window (AddGate; without one
// the panel has no body and Controls no /loc line).
type GateHost interface {
	CopyPosition() string // where the line went: "clipboard" or a file
	ToggleRecording()
	OpenGate(path string) error
	ToggleB() error
	PlayX() error
	AnswerX(isB bool) error
	SetABXTrials(n int) error
	SetGainMatch(on bool)
	GateView() GateView
}

// AddGate gives the Gate panel (and Controls' /loc line) its host.
func (u *UI) AddGate(h GateHost) { u.gate = h }

// GateView is the Gate panel's read-out, built by the window each frame (explorer/listen's).
type GateView = listen.View

// gatePanel is the panel's own text fields.
type gatePanel struct {
	path       string
	trials     string
	opened     string // the gate last opened (the panel unfolds once for it)
	seenTrials int    // the host's ABX length last shown in the box
	started    bool
}

// GatePanelName is the Gate panel's dock name.
const GatePanelName = "Gate"

// gatePanels is the Gate panel's dock entry (folded until a gate is opened).
func (u *UI) gatePanels() []panel {
	return []panel{{dock.Panel{Name: GatePanelName, Edge: dock.Right, Width: 380, Height: 420, MinHeight: 120, Collapsed: true}, u.gateWindow}}
}

// OpenGatePanel unfolds the Gate panel (a gate was opened) and folds the
// other panels of its column, so A/B and ABX are in view; unfolding one of
// them folds the others again (the column's accordion).
func (u *UI) OpenGatePanel() { u.openAlone(GatePanelName) }

// openAlone unfolds the panel named and folds the other panels of its
// column (not the bottom row), so it has the column's height.
func (u *UI) openAlone(name string) {
	edge := dock.Right
	for _, p := range u.panels {
		if p.Name == name {
			edge = p.Edge
		}
	}
	for i := range u.panels {
		p := &u.panels[i]
		if p.Edge != edge || p.Edge == dock.Bottom {
			continue
		}
		folded := p.Name != name
		if p.Collapsed != folded {
			p.Collapsed = folded
			u.st.Panels[p.Name] = PanelState{Edge: p.Edge, Collapsed: folded}
			u.changed = true
		}
	}
}

var (
	gateOK   = color.RGBA{0x80, 0xe0, 0x90, 0xff}
	gateWarn = color.RGBA{0xff, 0xc8, 0x60, 0xff}
)

func (u *UI) gateWindow(ctx *debugui.Context) {
	h := u.gate
	if h == nil {
		return
	}
	gp := &u.gates
	v := h.GateView()
	if !gp.started {
		gp.started, gp.trials = true, strconv.Itoa(max(1, v.Trials))
	}
	if v.Path != "" && v.Path != gp.opened {
		gp.opened, gp.path = v.Path, v.Path
	}
	if v.Trials > 0 && v.Trials != gp.seenTrials { // the run's length changed (the box or -gate)
		gp.seenTrials, gp.trials = v.Trials, strconv.Itoa(v.Trials)
	}
	ctx.Header("Listening gate (B: A/B, X: ABX)", true, func() {
		if u.gateStatus(ctx, h, v) {
			u.gateAB(ctx, h, v)
			u.gateABX(ctx, h, v)
		}
	})
	ctx.Header("Record a walk (R)", true, func() { u.recordWalk(ctx, h, v) })
}

// gateStatus is the gate file's box and Open button and what the loaded
// gate says (its notes, error or loading progress); true once it is ready.
func (u *UI) gateStatus(ctx *debugui.Context, h GateHost, v GateView) bool {
	gp := &u.gates
	ctx.SetGridLayout([]int{-1, 60}, nil)
	ctx.TextFieldOpt(&gp.path, false, u.bad("gate")).On(func() {
		if ebitenEnter() {
			u.check("gate", u.openGate(h))
		}
	})
	ctx.Button("Open").On(func() { u.check("gate", u.openGate(h)) })
	u.errorLine(ctx, "gate")
	ctx.SetGridLayout([]int{-1}, nil)
	if v.Silent != "" {
		for _, l := range wrap(v.Silent, float64(u.bodyW-12)) {
			labelColored(ctx, l, gateWarn)
		}
	}
	if v.Gate == "" {
		u.wrapLabel(ctx, "a NAME.gate.json file (or soundworld -gate FILE)")
		return false
	}
	fitLabel(ctx, fmt.Sprintf("gate %q", v.Gate), "")
	for _, w := range v.Warn {
		for _, l := range wrap("note: "+w, float64(u.bodyW-12)) {
			labelColored(ctx, l, gateWarn)
		}
	}
	if v.Err != nil {
		for _, l := range wrap(v.Err.Error(), float64(u.bodyW-12)) {
			labelColored(ctx, l, errorColor)
		}
		return false
	}
	if !v.Ready {
		label(ctx, fmt.Sprintf("loading: %s (%d%%)", v.Stage, int(v.Progress*100)))
		progressBar(ctx, v.Progress)
		return false
	}
	return true
}

// gateAB is what the A/B switch plays and the loudness match.
func (u *UI) gateAB(ctx *debugui.Context, h GateHost, v GateView) {
	hear := map[string]string{"A": "A: ours, live", "B": "B: the retail recording", "X": "X: A or B (hidden)"}[v.Hearing]
	labelColored(ctx, "hearing "+hear, gateOK)
	ctx.SetGridLayout([]int{-1, -1}, nil)
	ctx.Button("Switch A/B (B)").On(func() { u.check("gate", h.ToggleB()) })
	match := v.Match
	ctx.Checkbox(&match, "match loudness").On(func() { h.SetGainMatch(match) })
	ctx.SetGridLayout([]int{-1}, nil)
	g := v.GainDB
	if !v.Match || math.Abs(g) < 0.05 {
		g = 0 // no "-0.0 dB"
	}
	for _, l := range wrap(fmt.Sprintf("B gain %+.1f dB (ours %.1f LUFS, retail %.1f LUFS)", g, v.OursLUFS, v.RetailLUFS), float64(u.bodyW-12)) {
		label(ctx, l)
	}
}

// gateABX is the ABX trials: their number, Play X, the answers and the
// result.
func (u *UI) gateABX(ctx *debugui.Context, h GateHost, v GateView) {
	gp := &u.gates
	ctx.SetGridLayout([]int{70, 50, -1}, nil)
	label(ctx, "ABX trials")
	ctx.TextFieldOpt(&gp.trials, true, u.bad("abx")).On(func() {
		if ebitenEnter() {
			u.setTrials(h)
		}
	})
	ctx.Button("Play X (X)").On(func() {
		if u.setTrials(h) && u.check("abx", h.PlayX()) {
			delete(u.st.FieldErr, abxAnswerKey)
		}
	})
	u.errorLine(ctx, "abx")
	if v.ABX && !v.ABXDone {
		ctx.SetGridLayout([]int{-1, -1}, nil)
		ctx.Button("X is A").On(func() { u.answerX(h, false) })
		ctx.Button("X is B").On(func() { u.answerX(h, true) })
		// An answer's error ("play X first") goes under the answer
		// buttons, which stay put; it frames no field.
		u.errorLine(ctx, abxAnswerKey)
		ctx.SetGridLayout([]int{-1}, nil)
		state := "press X (or Play X) to hear this trial's X"
		if v.XPlayed {
			state = "X played: listen to A and B (B key), then answer"
		}
		for _, l := range wrap(fmt.Sprintf("trial %d of %d: %s", v.Trial, v.Trials, state), float64(u.bodyW-12)) {
			label(ctx, l)
		}
	}
	if v.Result != "" {
		ctx.SetGridLayout([]int{-1}, nil)
		for _, l := range wrap(v.Result, float64(u.bodyW-12)) {
			labelColored(ctx, l, gateOK)
		}
	}
}

// recordWalk starts and stops recording a walk and shows its state.
func (u *UI) recordWalk(ctx *debugui.Context, h GateHost, v GateView) {
	ctx.SetGridLayout([]int{-1}, nil)
	name := "Start recording (restarts the sim at 0 s)"
	if v.Recording {
		name = "Stop and save the path file"
	}
	ctx.Button(name).On(func() { h.ToggleRecording() })
	c := labelColor
	if v.Recording {
		c = gateWarn
	} else if v.RecordBad {
		c = errorColor
	}
	for _, l := range wrap(v.RecordStatus, float64(u.bodyW-12)) {
		labelColored(ctx, l, c)
	}
}

// positionLines shows where the player stands as retail's /loc line (the
// cell and [x y z] on one line, the quaternion on the next) with a Copy
// button (Controls panel, under Jump to).
func (u *UI) positionLines(ctx *debugui.Context) {
	h := u.gate
	if h == nil {
		return
	}
	pos := h.GateView().Position
	head, quat := pos, ""
	if i := strings.Index(pos, "]"); i > 0 {
		head, quat = pos[:i+1], strings.TrimSpace(pos[i+1:])
	}
	w := float64(u.bodyW - 12)
	ctx.SetGridLayout([]int{-1}, nil)
	if i := strings.Index(head, " "); text.Advance(head, face) > w && i > 0 {
		labelColored(ctx, head[:i], gateOK) // narrow panel: the cell, then [x y z]
		labelColored(ctx, "  "+head[i+1:], gateOK)
	} else {
		labelColored(ctx, head, gateOK)
	}
	if text.Advance("  "+quat, face) <= w {
		quat = "  " + quat
	}
	if text.Advance(quat, face)+60 > w {
		labelColored(ctx, quat, gateOK)
		ctx.SetGridLayout([]int{-1, 50}, nil)
		label(ctx, "")
	} else {
		ctx.SetGridLayout([]int{-1, 50}, nil)
		labelColored(ctx, quat, gateOK)
	}
	ctx.Button("Copy").On(func() { h.CopyPosition() })
}

func (u *UI) openGate(h GateHost) error {
	p := strings.TrimSpace(u.gates.path)
	if p == "" {
		return fmt.Errorf("gate: type the path of a NAME.gate.json file")
	}
	return h.OpenGate(p)
}

// setTrials applies the trials box (a whole number 1..100, never silently 0).
// abxAnswerKey is the field-error key of an ABX answer (not "abx", the
// trials box's: an answer error must not frame that box).
const abxAnswerKey = "abx-answer"

// answerX answers the ABX trial; its error shows under the answer buttons.
func (u *UI) answerX(h GateHost, isB bool) {
	if u.check(abxAnswerKey, h.AnswerX(isB)) {
		delete(u.st.FieldErr, "abx")
	}
}

func (u *UI) setTrials(h GateHost) bool {
	n, err := strconv.Atoi(strings.TrimSpace(u.gates.trials))
	if err != nil {
		return u.check("abx", fmt.Errorf("ABX trials %q: want a whole number 1..100", u.gates.trials))
	}
	return u.check("abx", h.SetABXTrials(n))
}

// progressBar is a full-width bar filled to frac (0..1), with a frame so it
// reads as progress, not a level meter.
func progressBar(ctx *debugui.Context, frac float64) {
	frac = max(0, min(1, frac))
	ctx.GridCell(func(b image.Rectangle) {
		x, y, w, hh := float32(b.Min.X+4), float32(b.Min.Y+5), float32(b.Dx()-8), float32(b.Dy()-10)
		fill := float32(math.Round(float64(w * float32(frac)))) // whole px (the panel's cache key)
		ctx.DrawOnlyWidgetKeyed(drawKey{kind: "bar", b: b, n: int(fill)}, func(screen *ebiten.Image) {
			vector.DrawFilledRect(screen, x, y, w, hh, color.RGBA{30, 30, 34, 255}, false)
			vector.DrawFilledRect(screen, x, y, fill, hh, color.RGBA{80, 140, 220, 255}, false)
			vector.StrokeRect(screen, x, y, w, hh, 1, color.RGBA{160, 160, 170, 255}, false)
		})
	})
}
