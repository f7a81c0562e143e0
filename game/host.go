package game

import (
	"fmt"
	"image"
	"sort"
	"strings"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/dat"
	"soundworld/internal/cli"
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

// The ui.Host methods: panels ask, the window applies to the Sim.

// Notify shows msg as a toast on the map (errors also appear under their field).
func (g *Game) Notify(msg string) { g.setToast(msg) }

// SoundTypes lists the SoundTypes sound table id defines, ascending (the
// emitter editor's choices); nil if the table cannot be read.
func (g *Game) SoundTypes(id uint32) []uint32 {
	t, err := g.cfg.Archive.SoundTable(id)
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
func (g *Game) SetPrefs(p audio.Prefs) { g.sim.SetPrefs(p) }

// SetEye sets the listener's eye height in m.
func (g *Game) SetEye(m float32) { g.sim.SetEye(m) }

// Reset restarts the Sim clock with seed.
func (g *Game) Reset(seed uint32) error {
	if g.gw.rec.on {
		g.stopRecording() // the walk so far is saved; a reset would lose its record
	}
	g.sim.Reset(seed)
	g.anchorNext("reset") // O5: a new anchor for the new sim clock (live.go)
	g.snap = g.sim.Tick(0)
	g.setToast(fmt.Sprintf("Sim reset with seed %d", seed))
	return nil
}

// SetAudio turns the speakers on or off (the Sim runs either way).
func (g *Game) SetAudio(on bool) error {
	if on && (g.sound == nil || g.sound.silent()) {
		return fmt.Errorf("no sound device: the explorer is silent")
	}
	if !on && g.sound != nil {
		g.sound.stopAll()
	}
	return nil
}

// PlayStinger plays an environs stinger from the centre.
func (g *Game) PlayStinger(stype uint32) {
	p := g.sim.PlayStinger(g.stingerTbl, stype) // recorded for -from (issue 10)
	g.setToast(fmt.Sprintf("%s: %d dB, slot %d", ui.STypeName(stype), p.DB, p.Slot))
}

// Stingers lists the UI table's environs stingers.
func (g *Game) Stingers() []ui.Stinger { return g.stingers }

// AddEmitterAtListener places a new emitter at the listener.
func (g *Game) AddEmitterAtListener() {
	l := g.sim.Listener()
	g.addEmitterAt(l.Pos.X, l.Pos.Y)
}

// addEmitterAt places a new emitter at world (x, y): a copy of the selected
// one if any, else the stand-in forge's hammer.
func (g *Game) addEmitterAt(x, y float32) {
	lb, ok := world.Landblock(x, y)
	if !ok {
		return
	}
	e := world.Emitter{Name: fmt.Sprintf("emitter %d", len(g.snap.Emitters)+1), SoundTable: assets.ForgeTable,
		SType: assets.HammerSType, Volume: 1, Interval: [2]float32{2, 5}, Path: audio.PathServer}
	if i := g.st.SelectedEmitter; i >= 0 && i < len(g.snap.Emitters) {
		name := e.Name
		e = g.snap.Emitters[i].Emitter
		e.Name, e.Z = name, nil
	}
	e.Landblock = lb
	e.X, e.Y = world.Local(x, y)
	g.st.SelectedEmitter = g.sim.AddEmitter(e)
	g.snap = g.sim.Tick(0)
}

// SetEmitter replaces emitter i's settings.
func (g *Game) SetEmitter(i int, e world.Emitter) error { return g.sim.UpdateEmitter(i, e) }

// DeleteEmitter removes emitter i; Ctrl+Z (UndoDelete) brings it back.
func (g *Game) DeleteEmitter(i int) {
	es := g.sim.Emitters()
	if i < 0 || i >= len(es) {
		return
	}
	if g.sim.DeleteEmitter(i) == nil {
		g.deleted = append(g.deleted, es[i])
		g.snap = g.sim.Tick(0)
		g.setToast(fmt.Sprintf("Deleted emitter %q (Ctrl+Z brings it back)", es[i].Name))
	}
}

// UndoDelete restores the last deleted emitter (at the end of the list, selected).
func (g *Game) UndoDelete() {
	if len(g.deleted) == 0 {
		g.setToast("Nothing to undo")
		return
	}
	e := g.deleted[len(g.deleted)-1]
	g.deleted = g.deleted[:len(g.deleted)-1]
	g.st.SelectedEmitter = g.sim.AddEmitter(e)
	g.snap = g.sim.Tick(0)
	g.setToast(fmt.Sprintf("Restored emitter %q", e.Name))
}

// ShowEmitter selects emitter i and centres the map on it (issue 13 item 6:
// an emitter dragged out of sight is found again from the list).
func (g *Game) ShowEmitter(i int) {
	if i < 0 || i >= len(g.snap.Emitters) {
		return
	}
	g.st.SelectedEmitter = i
	p := g.snap.Emitters[i].Pos
	r := g.mapRect()
	if sx, sy := g.cam.ToScreen(float64(p.X), float64(p.Y)); !image.Pt(int(sx), int(sy)).In(r) {
		g.cam = centreAt(g.cam, float64(p.X), float64(p.Y), float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2)
		g.st.Follow = false
	}
}

// SaveLayout writes the emitters to path atomically (E2; never into the dat folder).
func (g *Game) SaveLayout(path string) error {
	if err := cli.SaveLayout(path, g.sim.Emitters(), g.cfg.DatDir); err != nil {
		return err
	}
	g.setToast("Saved emitter layout to " + path)
	return nil
}

// LoadLayout replaces the emitters with those of path.
func (g *Game) LoadLayout(path string) error {
	es, err := cli.LoadLayoutFile(path)
	if err != nil {
		return err
	}
	g.sim.SetEmitters(es)
	g.st.SelectedEmitter = -1
	g.setToast(fmt.Sprintf("Loaded %d emitters from %s", len(es), path))
	return nil
}

// Jump moves the listener to map coordinates ("42.1N, 33.6E") or a landblock
// position ("0xA9B4 84 7.1") and recentres the view.
func (g *Game) Jump(where string) error {
	if ok, err := g.jumpRetailLoc(where); ok { // retail's /loc line (gateloc.go, issue 9)
		return err
	}
	x, y, err := world.ParseMap(where)
	if err != nil {
		l, err2 := cli.AtPlace(strings.TrimSpace(where)) // W6: exact local metres, refused as -at refuses
		if err2 != nil {
			if world.IsRetailLoc(where) || len(strings.Fields(strings.ReplaceAll(where, ",", " "))) == 3 {
				return fmt.Errorf("jump: %v", err2)
			}
			return fmt.Errorf("jump: %q is neither map coordinates (42.1N, 33.6E), a position (0xA9B4 84 7.1) nor a /loc line (0xA9B40019 [84 7.1 85] 1 0 0 0)", where)
		}
		g.sim.SetPlayer(l, g.sim.Listener().Heading)
		g.anchorNext("jump") // O5 (live.go)
		p := g.sim.Listener().Pos
		g.cam.CX, g.cam.CY = float64(p.X), float64(p.Y)
		return nil
	}
	g.sim.SetListener(x, y, g.sim.Listener().Heading)
	g.anchorNext("jump") // O5 (live.go)
	g.cam.CX, g.cam.CY = float64(x), float64(y)
	return nil
}
