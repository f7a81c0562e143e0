package ui

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"soundworld/ui/debugui"

	"soundworld/audio"
	"soundworld/world"
)

// emitterEdit holds the text of the emitter being edited: fields keep what
// the user typed until it parses.
type emitterEdit struct {
	index        int
	name, table  string
	stypes       []uint32 // the table's SoundTypes (the choices), ascending
	stypeIdx     int      // index into stypes
	stypeOf      string   // the table text stypes was read for
	volume       float64
	ivMin, ivMax string
	path         int
	wave, prob   string // sound_hook / tweaked_hook: the DataID and the probability (E1)
}

func (e *emitterEdit) load(i int, em world.Emitter) {
	*e = emitterEdit{index: i, name: em.Name, table: fmt.Sprintf("0x%08X", em.SoundTable),
		stypes: []uint32{em.SType}, volume: float64(em.Volume),
		ivMin: fmtNum(em.Interval[0]), ivMax: fmtNum(em.Interval[1]), path: int(em.Path),
		wave: fmt.Sprintf("0x%08X", em.Wave), prob: fmtNum(em.Probability)}
}

func fmtNum(v float32) string { return strconv.FormatFloat(float64(v), 'f', -1, 32) }

// fieldError is a bad field of the emitter editor: its key and the message.
type fieldError struct {
	field string
	err   error
}

func (f *fieldError) Error() string { return f.err.Error() }

// apply returns em with the edited fields, or a *fieldError naming the first
// bad field. Nothing is silently turned into 0: "1abc" is an error.
func (e *emitterEdit) apply(em world.Emitter) (world.Emitter, error) {
	bad := func(field, f string, a ...any) (world.Emitter, error) {
		return em, &fieldError{field, fmt.Errorf(f, a...)}
	}
	if strings.TrimSpace(e.name) == "" {
		return bad("em_name", "name: empty")
	}
	path := audio.Path(e.path)
	var t, w uint64
	var p float64
	var err error
	if path.PlaysWave() { // E1: sound_hook and tweaked_hook play a wave id
		if w, err = parseHex(e.wave); err != nil || w>>24 != 0x0A {
			return bad("em_wave", "wave %q: want a wave id like 0x0A000012", e.wave)
		}
		if path == audio.PathTweakedHook {
			if p, err = strconv.ParseFloat(strings.TrimSpace(e.prob), 32); err != nil || !(p >= 0 && p <= 1) {
				return bad("em_prob", "probability %q: want 0..1", e.prob)
			}
		}
	} else {
		if t, err = parseHex(e.table); err != nil || t>>24 != 0x20 {
			return bad("em_table", "sound table %q: want a table id like 0x20000010", e.table)
		}
		if e.stypeIdx < 0 || e.stypeIdx >= len(e.stypes) {
			return bad("em_stype", "sound type: choose one of the table's")
		}
	}
	lo, err1 := strconv.ParseFloat(strings.TrimSpace(e.ivMin), 32)
	if err1 != nil || lo < 0 || math.IsInf(lo, 0) {
		return bad("em_ivmin", "interval min %q: want seconds ≥ 0", e.ivMin)
	}
	hi, err2 := strconv.ParseFloat(strings.TrimSpace(e.ivMax), 32)
	if err2 != nil || hi < lo || math.IsInf(hi, 0) {
		return bad("em_ivmax", "interval max %q: want seconds ≥ min (%g)", e.ivMax, lo)
	}
	em.Name = e.name
	if path.PlaysWave() {
		em.Wave, em.Probability = uint32(w), float32(p)
	} else {
		em.SoundTable, em.SType = uint32(t), e.stypes[e.stypeIdx]
	}
	em.Volume = float32(e.volume)
	em.Interval = [2]float32{float32(lo), float32(hi)}
	em.Path = path
	return em, nil
}

// editorFields are the emitter editor's error keys.
var editorFields = []string{"em_name", "em_table", "em_stype", "em_wave", "em_prob", "em_ivmin", "em_ivmax", "em_apply"}

func parseHex(s string) (uint64, error) {
	s = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(s), "0x"), "0X")
	return strconv.ParseUint(s, 16, 32)
}

// pathNames are the play paths as the editor offers them (E1).
var pathNames = func() []string {
	var out []string
	for p := audio.PathServer; p.String() != "path?"; p++ {
		out = append(out, p.String())
	}
	return out
}()

// emittersWindow adds, selects, edits and deletes placed emitters (E1) and
// saves/loads the layout file (E2, written atomically by world).
func (u *UI) emittersWindow(ctx *debugui.Context) {
	s, st := u.snap, u.st
	if s == nil {
		return
	}
	ctx.SetGridLayout([]int{-1, -1}, nil)
	ctx.Button("add at listener").On(func() { u.host.AddEmitterAtListener() })
	place := "add at next click"
	if st.PlaceEmitter {
		place = "click the map…"
	}
	ctx.Button(place).On(func() { st.PlaceEmitter = !st.PlaceEmitter })
	u.emitterList(ctx, s)
	if i := st.SelectedEmitter; i >= 0 && i < len(s.Emitters) {
		u.emitterEditor(ctx, s, i)
	} else {
		u.edit.index = -1
	}
	u.objectsSection(ctx) // E3: the data's objects, mute and solo only (emitters_objects.go)
	ctx.SetGridLayout([]int{-1}, nil)
	label(ctx, "layout file")
	ctx.TextFieldOpt(&st.LayoutPath, false, u.bad("layout"))
	u.errorLine(ctx, "layout")
	ctx.SetGridLayout([]int{-1, -1}, nil)
	ctx.Button("save").On(func() { u.check("layout", u.host.SaveLayout(st.LayoutPath)) })
	ctx.Button("load").On(func() { u.check("layout", u.host.LoadLayout(st.LayoutPath)) })
}

// emitterList is a row per placed emitter in s: select (with its why as a
// tooltip) and delete.
func (u *UI) emitterList(ctx *debugui.Context, s *world.Snapshot) {
	st := u.st
	ctx.SetGridLayout([]int{-1, 50}, nil)
	for i, e := range s.Emitters {
		ctx.IDScope(fmt.Sprint(i), func() {
			name := fmt.Sprintf("%s  %s r %.0f m", e.Name, u.names.Sound(e.SType, e.SoundTable, 0), e.AudibleRadius)
			if i == st.SelectedEmitter {
				name = "> " + name
			}
			ctx.Button(name).On(func() { u.host.ShowEmitter(i) })
			if ctx.Hovering() {
				ctx.Tooltip(emitterTip(e.Emitter, e.AudibleRadius))
			}
			ctx.Button("delete").On(func() {
				st.SelectedEmitter = -1
				u.host.DeleteEmitter(i) // Ctrl+Z undoes it
			})
		})
	}
}

// emitterEditor edits emitter i of s (E1) and applies it.
func (u *UI) emitterEditor(ctx *debugui.Context, s *world.Snapshot, i int) {
	st := u.st
	if u.edit.index != i {
		u.edit.load(i, s.Emitters[i].Emitter)
	}
	ed := &u.edit
	u.refreshSTypes(ed)
	u.editorField(ctx, "name", &ed.name, false, "em_name")
	ctx.SetGridLayout([]int{90, -1}, nil)
	label(ctx, "play path")
	ctx.Dropdown(&ed.path, pathNames)
	u.emitterSource(ctx, ed)
	ctx.SetGridLayout([]int{90, -1}, nil)
	label(ctx, "volume")
	ctx.SliderF(&ed.volume, 0, 10, 0.05, 2)
	u.editorField(ctx, "interval min s", &ed.ivMin, true, "em_ivmin")
	u.editorField(ctx, "interval max s", &ed.ivMax, true, "em_ivmax")
	ctx.SetGridLayout([]int{-1}, nil)
	ctx.Button("apply").On(func() {
		for _, k := range editorFields {
			delete(st.FieldErr, k)
		}
		em, err := ed.apply(s.Emitters[i].Emitter)
		var fe *fieldError
		switch {
		case errors.As(err, &fe):
			u.check(fe.field, fe.err)
		case err == nil:
			u.check("em_apply", u.host.SetEmitter(i, em))
		}
	})
	u.errorLine(ctx, "em_apply")
	ctx.SetGridLayout([]int{-1}, nil)
	label(ctx, "drag an emitter on the map to move it")
}

// editorField is one row of the emitter editor: a label in the 90 px
// column, its text field (selectAll: typing replaces the text) framed when
// key has an error, and that error's line.
func (u *UI) editorField(ctx *debugui.Context, name string, text *string, selectAll bool, key string) {
	ctx.SetGridLayout([]int{90, -1}, nil)
	label(ctx, name)
	ctx.TextFieldOpt(text, selectAll, u.bad(key))
	u.errorLine(ctx, key)
}

// emitterSource is the editor's fields for what ed plays: the wave (and the
// gate's probability) for a path that plays a wave id (E1), else the sound
// table and SoundType.
func (u *UI) emitterSource(ctx *debugui.Context, ed *emitterEdit) {
	if audio.Path(ed.path).PlaysWave() { // E1: a DataID, no table pick
		u.editorField(ctx, "wave", &ed.wave, true, "em_wave")
		if audio.Path(ed.path) == audio.PathTweakedHook {
			u.editorField(ctx, "probability", &ed.prob, true, "em_prob")
		}
	} else {
		u.editorField(ctx, "sound table", &ed.table, true, "em_table")
		ctx.SetGridLayout([]int{90, -1}, nil)
		label(ctx, "sound type")
		names := make([]string, len(ed.stypes))
		for k, t := range ed.stypes {
			names[k] = fmt.Sprintf("%s (0x%02X)", STypeName(t), t)
		}
		if len(names) == 0 {
			label(ctx, "no SoundTypes in this table")
		} else {
			ctx.Dropdown(&ed.stypeIdx, names)
		}
		u.errorLine(ctx, "em_stype")
	}
}

// stingersWindow has a button per environs stinger of the UI sound table,
// played from the centre (PlaySoundFromCenter).
func (u *UI) stingersWindow(ctx *debugui.Context) {
	func() {
		ss := u.host.Stingers()
		if len(ss) == 0 {
			label(ctx, "no environs stingers in the UI sound table")
			return
		}
		ctx.SetGridLayout([]int{-1, 40, 44}, nil)
		fitLabel(ctx, "U1: played from the centre", "U1: PlaySoundFromCenter: no position, no pan")
		label(ctx, "type")
		label(ctx, "code")
		for _, sg := range ss {
			ctx.IDScope(fmt.Sprint(sg.SType), func() {
				ctx.Button(sg.Name).On(func() { u.host.PlayStinger(sg.SType) })
				if ctx.Hovering() {
					ctx.Tooltip(sg.tip())
				}
				label(ctx, fmt.Sprintf("0x%02X", sg.SType))
				label(ctx, fmt.Sprintf("0x%02X", sg.Environs))
			})
		}
		ctx.SetGridLayout([]int{-1}, nil)
		u.wrapLabel(ctx, "type = SoundType; code = the server's AdminEnvirons option")
	}()
}

// refreshSTypes lists the SoundTypes of the table typed in the editor (the
// choices of the sound type dropdown), keeping the chosen one selected. An
// unknown table keeps the last list; the current type is always offered.
func (u *UI) refreshSTypes(ed *emitterEdit) {
	if ed.stypeOf == ed.table {
		return
	}
	cur := uint32(0)
	if ed.stypeIdx >= 0 && ed.stypeIdx < len(ed.stypes) {
		cur = ed.stypes[ed.stypeIdx]
	}
	ed.stypeOf = ed.table
	t, err := parseHex(ed.table)
	if err != nil {
		return
	}
	list := u.host.SoundTypes(uint32(t))
	if len(list) == 0 {
		return
	}
	ed.stypes, ed.stypeIdx = list, 0
	for k, v := range list {
		if v == cur {
			ed.stypeIdx = k
		}
	}
}

// emitterTip is an emitter row's tooltip: its name, then its ids and numbers
// (readable names first, ids on hover).
func emitterTip(e world.Emitter, radius float32) string {
	src := fmt.Sprintf("SoundType %s (0x%02X), table 0x%08X", STypeName(e.SType), e.SType, e.SoundTable)
	if audio.Path(e.Path).PlaysWave() {
		src = fmt.Sprintf("wave 0x%08X", e.Wave)
	}
	path := fmt.Sprintf("play path %d", e.Path)
	if int(e.Path) >= 0 && int(e.Path) < len(pathNames) {
		path = pathNames[e.Path]
	}
	return fmt.Sprintf("%s: %s\n%s\nvolume %.2f, every %.1f–%.1f s, audible to %.0f m\nclick: centre the map on it",
		e.Name, path, src, e.Volume, e.Interval[0], e.Interval[1], radius)
}

// tip is a stinger row's tooltip: its ids and what they are for.
func (s Stinger) tip() string {
	return fmt.Sprintf("%s: SoundType 0x%02X\nthe server's AdminEnvirons option %d (0x%02X) plays it\nclick: play it from the centre (U1)", s.Name, s.SType, s.Environs, s.Environs)
}
