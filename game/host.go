package game

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/audio/device"
	"soundworld/dat"
	"soundworld/explorer/listen"
	"soundworld/internal/cli"
	"soundworld/names"
	"soundworld/ui"
	"soundworld/world"
)

// RetailUITable is the retail client's UI sound table (ClientUISystem's UI
// bank: its 32 UI_* slots), as resolved from end-of-retail dats in the
// project's seed notes (001, lane A4).
const RetailUITable uint32 = 0x2000004B

// findStingers lists the environs stingers (U1: SoundTypes 0x76..0x8A) that
// the UI sound table holds, each with its AdminEnvirons code: the stand-in's
// assets.UITable, or retail's UI bank for real data (the stand-in's id may
// name an unrelated table in real dats, and vice versa).
func findStingers(a *dat.Archive, standIn bool) (uint32, []ui.Stinger) {
	id := RetailUITable
	if standIn {
		id = assets.UITable
	}
	t, err := a.SoundTable(id)
	if err != nil {
		return 0, nil
	}
	var out []ui.Stinger
	for _, s := range world.EnvironsStingers() { // SoundType order
		if len(t.Sounds[s.SType]) > 0 {
			out = append(out, ui.Stinger{SType: s.SType, Name: s.Name, Environs: s.Environs})
		}
	}
	return id, out
}

// panelHost is what the panels ask of the window (ui.Host; ui.AtlasHost's
// jumps go through the map): it applies it to the Sim, the view state and
// the listening tools, and keeps the deleted emitters for Ctrl+Z.
type panelHost struct {
	sim        *world.Sim
	st         *ui.State
	win        panelWindow
	archive    *dat.Archive
	datDir     string // the game data folder layouts keep out of ("" for the stand-in)
	names      *names.Book
	stingerTbl uint32
	stingers   []ui.Stinger
	listening  *listen.Tools   // /loc lines (Jump)
	walk       *walkRec        // stopped (and saved) before a reset
	deleted    []world.Emitter // deleted emitters, newest last (Ctrl+Z)
}

// panelWindow is the window as the panels change it (Game): its Snapshot
// made again after a change, the sound session, the toast and the view.
type panelWindow interface {
	snapshot() *world.Snapshot
	refresh() *world.Snapshot
	session() *device.Session
	setToast(msg string)
	centreOn(x, y float32)      // the view's centre at world (x, y) m
	bringIntoView(x, y float32) // centred there only if off the map area, and no longer following
}

// Notify shows msg as a toast on the map (errors also appear under their field).
func (h *panelHost) Notify(msg string) { h.win.setToast(msg) }

// SoundTypes lists the SoundTypes sound table id defines, ascending (the
// emitter editor's choices); nil if the table cannot be read.
func (h *panelHost) SoundTypes(id uint32) []uint32 {
	t, err := h.archive.SoundTable(id)
	if err != nil {
		return nil
	}
	out := make([]uint32, 0, len(t.Sounds))
	for st, vs := range t.Sounds {
		if len(vs) > 0 {
			out = append(out, st)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// SetPrefs replaces the Sim's preferences.
func (h *panelHost) SetPrefs(p audio.Prefs) { h.sim.SetPrefs(p) }

// SetEye sets the listener's eye height in m.
func (h *panelHost) SetEye(m float32) { h.sim.SetEye(m) }

// SetCamera sets the camera's eye height and chase distance in m (W5 presets).
func (h *panelHost) SetCamera(eye, chase float32) {
	h.sim.SetEye(eye)
	h.sim.SetChase(chase)
}

// Reset restarts the Sim clock with seed.
func (h *panelHost) Reset(seed uint32) error {
	h.walk.stopIfOn() // the walk so far is saved; a reset would lose its record
	h.sim.Reset(seed)
	h.win.session().Reset() // O5: a new anchor for the new sim clock (audio/device.Session)
	h.win.refresh()
	h.win.setToast(fmt.Sprintf("Sim reset with seed %d", seed))
	return nil
}

// SetAudio turns the speakers on or off (the Sim runs either way).
func (h *panelHost) SetAudio(on bool) error {
	sess := h.win.session()
	if silent, _ := sess.Silent(); on && silent {
		return fmt.Errorf("no sound device: the explorer is silent")
	}
	if !on {
		sess.StopAll()
	}
	return nil
}

// PlayStinger plays an environs stinger from the centre.
func (h *panelHost) PlayStinger(stype uint32) {
	p := h.sim.PlayStinger(h.stingerTbl, stype) // recorded for -from
	h.win.setToast(fmt.Sprintf("%s: %d dB, slot %d", h.names.SoundWithID(stype, h.stingerTbl, 0), p.DB, p.Slot))
}

// Stingers lists the UI table's environs stingers.
func (h *panelHost) Stingers() []ui.Stinger { return h.stingers }

// AddEmitterAtListener places a new emitter at the listener.
func (h *panelHost) AddEmitterAtListener() {
	l := h.sim.Listener()
	h.addEmitterAt(l.Pos.X, l.Pos.Y)
}

// addEmitterAt places a new emitter at world (x, y): a copy of the selected
// one if any, else the stand-in forge's hammer.
func (h *panelHost) addEmitterAt(x, y float32) {
	lb, ok := world.Landblock(x, y)
	if !ok {
		return
	}
	snap := h.win.snapshot()
	e := world.Emitter{Name: fmt.Sprintf("emitter %d", len(snap.Emitters)+1), SoundTable: assets.ForgeTable,
		SType: assets.HammerSType, Volume: 1, Interval: [2]float32{2, 5}, Path: audio.PathServer}
	if i := h.st.SelectedEmitter; i >= 0 && i < len(snap.Emitters) {
		name := e.Name
		e = snap.Emitters[i].Emitter
		e.Name, e.Z = name, nil
	}
	e.Landblock = lb
	e.X, e.Y = world.Local(x, y)
	h.st.SelectedEmitter = h.sim.Emitters().Add(e)
	h.win.refresh()
}

// SetEmitter replaces emitter i's settings.
func (h *panelHost) SetEmitter(i int, e world.Emitter) error { return h.sim.Emitters().Update(i, e) }

// DeleteEmitter removes emitter i; Ctrl+Z (UndoDelete) brings it back.
func (h *panelHost) DeleteEmitter(i int) {
	es := h.sim.Emitters().List()
	if i < 0 || i >= len(es) {
		return
	}
	if h.sim.Emitters().Delete(i) == nil {
		h.deleted = append(h.deleted, es[i])
		h.win.refresh()
		h.win.setToast(fmt.Sprintf("Deleted emitter %q (Ctrl+Z brings it back)", es[i].Name))
	}
}

// UndoDelete restores the last deleted emitter (at the end of the list, selected).
func (h *panelHost) UndoDelete() {
	if len(h.deleted) == 0 {
		h.win.setToast("Nothing to undo")
		return
	}
	e := h.deleted[len(h.deleted)-1]
	h.deleted = h.deleted[:len(h.deleted)-1]
	h.st.SelectedEmitter = h.sim.Emitters().Add(e)
	h.win.refresh()
	h.win.setToast(fmt.Sprintf("Restored emitter %q", e.Name))
}

// ShowEmitter selects emitter i and centres the map on it (an
// emitter dragged out of sight is found again from the list).
func (h *panelHost) ShowEmitter(i int) {
	snap := h.win.snapshot()
	if i < 0 || i >= len(snap.Emitters) {
		return
	}
	h.st.SelectedEmitter = i
	p := snap.Emitters[i].Pos
	h.win.bringIntoView(p.X, p.Y)
}

// SaveLayout writes the emitters to path atomically (E2; never into the dat folder).
func (h *panelHost) SaveLayout(path string) error {
	if err := cli.SaveLayout(path, h.sim.Emitters().List(), h.datDir); err != nil {
		return err
	}
	h.win.setToast(saved(path) + " (the emitter layout)")
	return nil
}

// LoadLayout replaces the emitters with those of path.
func (h *panelHost) LoadLayout(path string) error {
	es, err := cli.LoadLayoutFile(path)
	if err != nil {
		return err
	}
	h.sim.Emitters().Set(es)
	h.st.SelectedEmitter = -1
	h.win.setToast(fmt.Sprintf("Loaded %d emitters from %s", len(es), path))
	return nil
}

// Jump moves the listener to map coordinates ("42.1N, 33.6E") or a landblock
// position ("0xA9B4 84 7.1") and recentres the view.
func (h *panelHost) Jump(where string) error {
	if ok, err := h.listening.JumpLoc(where); ok { // retail's /loc line (explorer/listen)
		return err
	}
	x, y, err := world.ParseMap(where)
	if errors.Is(err, world.ErrOffMap) { // well-formed, outside the world: say so, as the commands do
		return fmt.Errorf("jump: %w", err)
	}
	if err != nil {
		l, err2 := cli.AtPlace(strings.TrimSpace(where)) // W6: exact local metres, refused as -at refuses
		if err2 != nil {
			if world.IsRetailLoc(where) || len(strings.Fields(strings.ReplaceAll(where, ",", " "))) == 3 {
				return fmt.Errorf("jump: %v", err2)
			}
			return fmt.Errorf("jump: %q is neither map coordinates (42.1N, 33.6E), a position (0xA9B4 84 7.1) nor a /loc line (0xA9B40019 [84 7.1 85] 1 0 0 0)", where)
		}
		h.sim.SetPlayer(l, h.sim.Listener().Heading) // no anchor: the timeline goes on (O5, audio/device.Session)
		p := h.sim.Listener().Pos
		h.win.centreOn(p.X, p.Y)
		return nil
	}
	h.sim.SetListener(x, y, h.sim.Listener().Heading) // no anchor: the timeline goes on (O5, audio/device.Session)
	h.win.centreOn(x, y)
	return nil
}

// SetObjectMute mutes or unmutes an object of the data (E3; the Emitters
// panel's "from the data" list): its hooks still run and are logged.
func (h *panelHost) SetObjectMute(id uint32, muted bool) { h.sim.SetObjectMuted(id, muted) }

// SetObjectSolo plays only object id among the data's objects (E3; 0: all).
func (h *panelHost) SetObjectSolo(id uint32) { h.sim.SetObjectSolo(id) }

// gateHost is the Gate panel's host (ui.GateHost): the listening tools
// (explorer/listen) and the walk recording (record.go).
type gateHost struct {
	listening *listen.Tools
	walk      *walkRec
}

// CopyPosition copies the /loc line (listen.Tools.CopyPosition).
func (h gateHost) CopyPosition() string { return h.listening.CopyPosition() }

// ToggleRecording starts or stops recording a walk (record.go).
func (h gateHost) ToggleRecording() { h.walk.Toggle() }

// OpenGate opens a gate file (listen.Tools.OpenGate).
func (h gateHost) OpenGate(path string) error { return h.listening.OpenGate(path) }

// ToggleB is the A/B switch (listen.Tools.ToggleB).
func (h gateHost) ToggleB() error { return h.listening.ToggleB() }

// PlayX plays the ABX trial's X (listen.Tools.PlayX).
func (h gateHost) PlayX() error { return h.listening.PlayX() }

// AnswerX answers the ABX trial (listen.Tools.AnswerX).
func (h gateHost) AnswerX(isB bool) error { return h.listening.AnswerX(isB) }

// SetABXTrials sets the next ABX run's length (listen.Tools.SetABXTrials).
func (h gateHost) SetABXTrials(n int) error { return h.listening.SetABXTrials(n) }

// SetGainMatch turns the loudness match on or off (listen.Tools.SetGainMatch).
func (h gateHost) SetGainMatch(on bool) { h.listening.SetGainMatch(on) }

// GateView is the Gate panel's read-out: the listening tools' and the walk recording's.
func (h gateHost) GateView() ui.GateView {
	v := h.listening.View()
	v.Recording, v.RecordStatus = h.walk.Recording()
	v.RecordBad = h.walk.lastErr
	return v
}
