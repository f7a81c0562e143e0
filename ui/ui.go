// Package ui is the explorer's debugui panels: Voices, Ambient, Controls,
// Emitters and Stingers, plus the F1 help text. Panels read the Sim Snapshot
// and the window's view State, and ask the window for changes through Host;
// they never touch the Sim directly. One method per window.
package ui

import (
	"image"

	"github.com/ebitengine/debugui"
	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/ambientviz"
	"soundworld/audio"
	"soundworld/world"
)

// Stinger is one environs stinger of the UI sound table.
type Stinger struct {
	SType uint32
	Name  string
}

// Host is what the panels ask of the window. Errors are shown in the panel.
type Host interface {
	SetPrefs(p audio.Prefs)
	SetEye(m float32)
	Reset(seed uint32) error
	SetAudio(on bool) error
	PlayStinger(stype uint32)
	Stingers() []Stinger
	AddEmitterAtListener()
	SetEmitter(i int, e world.Emitter) error
	DeleteEmitter(i int)
	SaveLayout(path string) error
	LoadLayout(path string) error
	Jump(where string) error
}

// InstKey names an ambient instance (A5: keyed by STB desc and entry index).
type InstKey struct{ Stb, Index int }

// State is the window's view state that panels show and edit. The Sim never reads it.
type State struct {
	Layers          ambientviz.Layers
	Follow          bool // camera follows the listener
	Paused          bool
	TimeScale       float64 // 0.25..4
	AudioOn         bool
	Silent          bool // no sound device
	Selected        int  // ambient instance index, −1 none
	SelectedEmitter int  // −1 none
	SelectedVoice   int  // −1 none
	Mute, Solo      map[InstKey]bool
	PlaceEmitter    bool // next map click adds an emitter there
	ShowHelp        bool
	Seed            int
	Eye             float64 // m
	LayoutPath      string
	Jump            string
	Message         string // last panel error or note
}

// NewState is the default view: every overlay on, following the listener, 1×.
func NewState(seed uint32, eye float32) *State {
	return &State{
		Layers: ambientviz.All, Follow: true, TimeScale: 1, AudioOn: true,
		Selected: -1, SelectedEmitter: -1, SelectedVoice: -1,
		Mute: map[InstKey]bool{}, Solo: map[InstKey]bool{},
		Seed: int(seed), Eye: float64(eye), LayoutPath: "emitters.json",
	}
}

// Audible reports whether the display-side mute/solo filters let instance k
// through: not muted, and either nothing is soloed or k is. Display and mixer
// output only — the Sim decides exactly as without them.
func (s *State) Audible(k InstKey) bool {
	if s.Mute[k] {
		return false
	}
	for key, on := range s.Solo {
		if on && key != k {
			if !s.Solo[k] {
				return false
			}
		}
	}
	return true
}

// UI is the debugui panel set.
type UI struct {
	dbg      debugui.DebugUI
	host     Host
	st       *State
	snap     *world.Snapshot
	captured debugui.InputCapturingState
	edit     emitterEdit
	screenW  int // px; right-hand panels open against the right edge
}

// SetScreen tells the panels the screen width in px before they first open.
func (u *UI) SetScreen(w int) { u.screenW = w }

// right moves a right-column rectangle (laid out for 1280 px) to the right edge.
func (u *UI) right(r image.Rectangle) image.Rectangle {
	if u.screenW > 0 {
		return r.Add(image.Pt(max(320-r.Min.X, u.screenW-1280), 0))
	}
	return r
}

// New builds the panels over host and state.
func New(h Host, s *State) *UI { return &UI{host: h, st: s, edit: emitterEdit{index: -1}} }

// Update runs the panels for this frame over snapshot s and returns whether
// they capture the pointer or keyboard (the map must then ignore input).
func (u *UI) Update(s *world.Snapshot) (debugui.InputCapturingState, error) {
	u.snap = s
	c, err := u.dbg.Update(func(ctx *debugui.Context) error {
		u.controlsWindow(ctx)
		u.emittersWindow(ctx)
		u.voicesWindow(ctx)
		u.ambientWindow(ctx)
		u.stingersWindow(ctx)
		return nil
	})
	u.captured = c
	return c, err
}

// Captured is the last Update's capturing state.
func (u *UI) Captured() debugui.InputCapturingState { return u.captured }

// Draw draws the panels; call it last in the window's Draw.
func (u *UI) Draw(screen *ebiten.Image) {
	u.dbg.Draw(screen)
	endTextFrame()
}

// Panel rectangles at 1280×720 (left and right columns; the map stays clear in the middle).
var (
	rectControls = image.Rect(6, 6, 306, 420)
	rectEmitters = image.Rect(6, 426, 306, 592)
	rectStingers = image.Rect(6, 598, 306, 682)
	rectVoices   = image.Rect(904, 6, 1274, 472)
	rectAmbient  = image.Rect(904, 478, 1274, 682)
)
