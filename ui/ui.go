// Package ui is the explorer's debugui panels: Voices, Ambient, Controls,
// Emitters and Stingers, plus the F1 help text. Panels read the Sim Snapshot
// and the window's view State, and ask the window for changes through Host;
// they never touch the Sim directly. One method per window.
package ui

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/ui/debugui"
	"soundworld/ui/textdraw"

	"soundworld/ambientviz"
	"soundworld/audio"
	"soundworld/names"
	"soundworld/ui/dock"
	"soundworld/world"
)

// Stinger is one environs stinger of the UI sound table.
type Stinger struct {
	SType    uint32
	Name     string
	Environs uint32 // the server's AdminEnvirons option code that plays it (U1)
}

// Host is what the panels ask of the window. Errors are shown in the panel.
type Host interface {
	SetPrefs(p audio.Prefs)
	SetEye(m float32)
	SetCamera(eye, chase float32) // a W5 preset: eye m up, chase m behind
	Reset(seed uint32) error
	SetAudio(on bool) error
	PlayStinger(stype uint32)
	Stingers() []Stinger
	AddEmitterAtListener()
	SetEmitter(i int, e world.Emitter) error
	DeleteEmitter(i int)
	ShowEmitter(i int) // select it and bring it into view
	SaveLayout(path string) error
	LoadLayout(path string) error
	Jump(where string) error
	Notify(msg string)                   // a transient toast on the map
	SoundTypes(table uint32) []uint32    // the SoundTypes a sound table defines, ascending
	SetObjectMute(id uint32, muted bool) // E3: an object of the data muted (not edited)
	SetObjectSolo(id uint32)             // E3: only this object of the data plays (0: none)
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
	Silent          bool           // no sound device
	Selected        int            // ambient instance index, −1 none
	SelectedEmitter int            // −1 none
	SelectedVoice   int            // −1 none; the slot of voice when it was selected
	voice           *selectedVoice // the explained sound (follows the sound, not the slot)
	Mute, Solo      map[InstKey]bool
	PlaceEmitter    bool // next map click adds an emitter there
	ShowHelp        bool
	HelpPage        int  // F1: 0 keys and mouse, 1 the legend
	ShowKey         bool // the small map key is unfolded (K)
	LayoutPath      string
	Jump            string
	FieldErr        map[string]string     // field key → its error, shown under the field
	SeedText        string                // the seed box's text: the Sim's seed until typed in (seedBox)
	Panels          map[string]PanelState // by panel name: the settings file's arrangement

	// KeepSoundUnfocused keeps the output sounding while the window is not
	// focused (not retail: G6 mutes it); kept in the settings file.
	KeepSoundUnfocused bool
}

// PanelState is one panel's persisted arrangement.
type PanelState struct {
	Edge      dock.Edge
	Collapsed bool
}

// NewState is the default view: every overlay on, following the listener, 1×.
// What the Sim owns (seed, eye, prefs, positions) is not here: the panels
// read it from the Snapshot.
func NewState() *State {
	return &State{
		Layers: ambientviz.All, Follow: true, TimeScale: 1, AudioOn: true,
		Selected: -1, SelectedEmitter: -1, SelectedVoice: -1,
		Mute: map[InstKey]bool{}, Solo: map[InstKey]bool{},
		LayoutPath: "emitters.json",
		Panels:     map[string]PanelState{}, FieldErr: map[string]string{},
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
	dbg       debugui.DebugUI
	host      Host
	gate      GateHost // the Gate panel's (AddGate; nil: none)
	st        *State
	snap      *world.Snapshot
	edit      emitterEdit
	screenW   int // px
	screenH   int
	panels    []panel
	arr       dock.Result
	changed   bool          // the arrangement changed this frame (the window saves the settings)
	prof      profiler      // Timeline, Meters, Events (timeline.go)
	bodyW     int           // px, the width of the panel being laid out (error lines wrap to it)
	gates     gatePanel     // the Gate panel's fields (gates.go)
	probs     *problemsView // the Data problems panel (problems.go)
	seed      seedBox       // what the seed box last took from the Snapshot (controls.go)
	blind     bool          // an ABX trial is open: level readouts hidden (blind.go)
	names     *names.Book   // the window's name lookup (SetNames; nil: by id)
	mapCard   string        // the map's hover card (SetMapCard), "" none
	sounds    *soundsView   // the Sounds panel (AddSounds; sounds.go)
	atlasHost AtlasHost     // the Atlas panel's host and toggles (AddAtlas), for the Sounds panel's "where can this play?"
	atlasT    *AtlasToggles
	mapCardAt image.Point
}

// panel is one docked panel: its dock entry and its body.
type panel struct {
	dock.Panel
	body func(ctx *debugui.Context)
}

// SetNames gives the panels the window's name lookup (package names).
func (u *UI) SetNames(b *names.Book) { u.names, u.prof.log.names = b, b }

// SetScreen tells the panels the screen size in px (they re-flow on change).
func (u *UI) SetScreen(w, h int) { u.screenW, u.screenH = w, h }

// New builds the panels over host and state. The panel list is the one place
// a panel is added (the timeline, meters and event log dock by adding an
// entry here, with Edge dock.Bottom).
func New(h Host, s *State) *UI {
	u := &UI{host: h, st: s, edit: emitterEdit{index: -1}, screenW: 1280, screenH: 720}
	textdraw.PreloadGlyphs() // the widget font's glyph sheet, made before the first frame
	u.panels = []panel{
		{dock.Panel{Name: "Controls", Edge: dock.Left, Width: 300, Height: 470, MinHeight: 440}, u.controlsWindow},
		{dock.Panel{Name: "Emitters", Edge: dock.Left, Width: 300, Height: 300, MinHeight: 120, Grow: true}, u.emittersWindow},
		{dock.Panel{Name: "Stingers", Edge: dock.Left, Width: 300, Height: 260, MinHeight: 90, Collapsed: true}, u.stingersWindow},
		{dock.Panel{Name: "Voices", Edge: dock.Right, Width: 380, Height: 470, MinHeight: 200}, u.voicesWindow},
		{dock.Panel{Name: "Ambient", Edge: dock.Right, Width: 380, Height: 320, MinHeight: 120, Grow: true}, u.ambientWindow},
	}
	u.prof = newProfiler()
	u.panels = append(u.panels, u.profPanels()...)
	u.panels = append(u.panels, u.gatePanels()...) // gates.go
	u.applyPanelState()
	return u
}

// applyPanelState copies the State's per-panel edge and collapsed flags (the
// settings file) into the dock entries.
func (u *UI) applyPanelState() {
	for i := range u.panels {
		p := &u.panels[i]
		if ps, ok := u.st.Panels[p.Name]; ok {
			p.Edge, p.Collapsed = ps.Edge, ps.Collapsed
		}
	}
}

// Arrangement is the last frame's dock layout (map area, panel rectangles).
func (u *UI) Arrangement() dock.Result { return u.arr }

// Layout computes the dock arrangement for the current screen size.
func (u *UI) Layout() dock.Result {
	ps := make([]dock.Panel, len(u.panels))
	for i, p := range u.panels {
		ps[i] = p.Panel
	}
	u.arr = dock.Arrange(u.screenW, u.screenH, ps)
	return u.arr
}

// TakeChanged reports (once) that the user folded or unfolded a panel, so the
// window saves the settings.
func (u *UI) TakeChanged() bool {
	c := u.changed
	u.changed = false
	return c
}

// Update runs the panels for this frame over snapshot s and returns whether
// they capture the pointer or keyboard (the map must then ignore input).
func (u *UI) Update(s *world.Snapshot) (debugui.InputCapturingState, error) {
	u.snap = s
	u.blind = u.abxRunning()
	u.seed.follow(s, u.st)
	u.observeProfiler(s)
	u.pollProblems()
	arr := u.Layout()
	return u.dbg.Update(func(ctx *debugui.Context) error {
		for i := range u.panels {
			p := &u.panels[i]
			folded := arr.Folded[i]
			u.bodyW = arr.Rects[i].Dx() - 20 // minus padding and the scroll bar
			moves := edgeButtons[p.Edge]
			if k := ctx.DockedWindowButtons(p.Name, arr.Rects[i], &folded, moves.buttons, func(debugui.ContainerLayout) { p.body(ctx) }); k >= 0 {
				u.setEdge(i, moves.to[k])
			} else if folded != arr.Folded[i] {
				u.setCollapsed(i, folded)
			}
		}
		return nil
	})
}

// edgeButtons are the title-bar buttons that move a panel docked at an edge
// to each of the other edges (the arrangement is changed in
// the window, not only in the settings file).
var edgeButtons = func() (m [3]struct {
	buttons []debugui.TitleButton
	to      []dock.Edge
}) {
	label := [...]string{dock.Left: "←", dock.Right: "→", dock.Bottom: "↓"}
	tip := [...]string{dock.Left: "dock on the left edge", dock.Right: "dock on the right edge", dock.Bottom: "dock at the bottom"}
	for from := dock.Left; from <= dock.Bottom; from++ {
		for to := dock.Left; to <= dock.Bottom; to++ {
			if to != from {
				m[from].buttons = append(m[from].buttons, debugui.TitleButton{Label: label[to], Tip: tip[to]})
				m[from].to = append(m[from].to, to)
			}
		}
	}
	return m
}()

// setEdge moves panel i to edge e (its title-bar arrows) and records it in
// the settings.
func (u *UI) setEdge(i int, e dock.Edge) {
	p := &u.panels[i]
	p.Edge = e
	u.st.Panels[p.Name] = PanelState{Edge: e, Collapsed: p.Collapsed}
	u.changed = true
}

// setCollapsed records the user's fold (true) or unfold of panel i. Unfolding
// a panel that was folded for lack of room folds the other open panels of
// its column, so the one asked for gets the room (an accordion).
func (u *UI) setCollapsed(i int, folded bool) {
	p := &u.panels[i]
	if !folded && u.arr.Auto[i] {
		for j := range u.panels {
			if j != i && u.panels[j].Edge == p.Edge && !u.arr.Folded[j] {
				u.panels[j].Collapsed = true
				u.st.Panels[u.panels[j].Name] = PanelState{Edge: u.panels[j].Edge, Collapsed: true}
			}
		}
	}
	p.Collapsed = folded
	u.st.Panels[p.Name] = PanelState{Edge: p.Edge, Collapsed: folded}
	u.changed = true
}

// Draw draws the panels; call it last in the window's Draw.
func (u *UI) Draw(screen *ebiten.Image) {
	u.dbg.Draw(screen)
}

// KeepScreen and Plan are debugui's: with keep, the next Draw draws only
// the panels whose drawing changed, after the caller cleared the
// rectangles Plan returns (the window's kept screen, game/redraw.go).
func (u *UI) KeepScreen(keep bool) { u.dbg.KeepScreen(keep) }

// Windows is the number of panels and tooltips drawn (debugui's root containers).
func (u *UI) Windows() int { return u.dbg.Windows() }

// Plan returns the screen rectangles the next Draw draws panels in again;
// redrawn are the areas the window draws again itself (the map, the status bar).
func (u *UI) Plan(screen image.Rectangle, redrawn ...image.Rectangle) []image.Rectangle {
	return u.dbg.Plan(screen, redrawn...)
}
