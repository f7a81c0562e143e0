package ui

// sounds.go: the Sounds panel, the sound browser: every wave, SoundType
// (per sound table) and object sound source of the data, by name (the
// names package's catalogue, as `soundworld sounds` prints it); one played
// alone on demand at a chosen distance and bearing or flat, with its
// waveform and spectrum; "where can this play?" runs the Atlas panel's
// search. Playing never touches the Sim (explorer/audition).

import (
	"fmt"
	"strings"

	"soundworld/explorer/audition"
	"soundworld/names"
	"soundworld/ui/debugui"
	"soundworld/ui/dock"
)

// PanelSounds is the sound browser's panel name.
const PanelSounds = "Sounds"

// SoundsHost is what the Sounds panel asks of the window.
type SoundsHost interface {
	// Catalog lists every sound of the data (read once, on first use); the
	// int is how many records did not parse (listed by `soundworld sounds`).
	Catalog() (names.Catalog, int, error)
	// Audition plays wave alone at l (solo: the session's mix silenced
	// while it plays); the string says why nothing is heard ("" heard).
	Audition(wave uint32, l audition.Level, solo bool) (string, error)
	StopAudition()
	Auditioning() bool
	Samples(wave uint32) ([]float32, error) // 44100 Hz stereo, for the pictures
}

// Sound browser tabs.
const (
	tabWaves = iota
	tabTypes
	tabObjects
)

// soundPick is one row of the browser: what it names, and what plays.
type soundPick struct {
	Label    string
	Tip      string
	Variants []variant // what can play: one wave, or a SoundType's variants
	Query    string    // the atlas search for "where can this play?"
}

// variant is one wave a row can play, at its SoundData volume (S2).
type variant struct {
	Wave uint32
	Vol  float32
}

// soundsView is the panel's own state (view state: the Sim never reads it).
type soundsView struct {
	host     SoundsHost
	cat      *names.Catalog
	bad      int // records that did not parse
	err      string
	tab      int
	filter   string
	first    int // first row shown
	sel      *soundPick
	variant  int
	place    audition.Placement
	dist     float64 // m, the slider's
	bearing  float64 // deg
	solo     bool
	status   string
	pictures soundPictures
}

// soundRowsShown is how many rows the list shows at once.
const soundRowsShown = 7

// AddSounds docks the Sounds panel (left edge, folded unless the settings
// say otherwise).
func (u *UI) AddSounds(h SoundsHost) {
	u.sounds = &soundsView{host: h, dist: 10, solo: true, place: audition.Placement{Flat: true}}
	p := panel{dock.Panel{Name: PanelSounds, Edge: dock.Left, Width: 300, Height: 560, MinHeight: 200, Collapsed: true}, u.soundsWindow}
	if ps, ok := u.st.Panels[p.Name]; ok {
		p.Edge, p.Collapsed = ps.Edge, ps.Collapsed
	}
	u.panels = append(u.panels, p)
}

// ToggleSounds unfolds the Sounds panel, folding the others of its column
// (it wants the height), or folds it (key N).
func (u *UI) ToggleSounds() {
	for i := range u.panels {
		if u.panels[i].Name != PanelSounds {
			continue
		}
		if i < len(u.arr.Folded) && !u.arr.Folded[i] {
			u.setCollapsed(i, true)
			return
		}
		u.openAlone(PanelSounds)
	}
}

func (u *UI) soundsWindow(ctx *debugui.Context) {
	v := u.sounds
	if v.cat == nil && v.err == "" {
		c, bad, err := v.host.Catalog()
		if err != nil {
			v.err = err.Error()
		} else {
			v.cat, v.bad = &c, bad
		}
	}
	ctx.SetGridLayout([]int{-1}, nil)
	if v.err != "" {
		u.wrapLabel(ctx, "cannot list the sounds: "+v.err)
		return
	}
	v.list(ctx)
	if v.sel != nil {
		u.soundCard(ctx, v)
	}
}

// list is the tabs, the filter and a page of rows.
func (v *soundsView) list(ctx *debugui.Context) {
	c := v.cat
	head := fmt.Sprintf("%d waves · %d SoundTypes · %d objects", len(c.Waves), countTypes(c), len(c.Objects))
	if v.bad > 0 {
		head += fmt.Sprintf(" · %d unreadable", v.bad)
	}
	fitLabel(ctx, head, "every wave, sound table SoundType and object sound source of the data\n(soundworld sounds prints the same; unreadable records are listed there)")
	ctx.SetGridLayout([]int{-1, -1, -1}, nil)
	for i, name := range []string{"waves", "SoundTypes", "objects"} {
		ctx.IDScope(name, func() {
			if i == v.tab {
				name = "[" + name + "]"
			}
			ctx.Button(name).On(func() { v.tab, v.first = i, 0 })
		})
	}
	ctx.SetGridLayout([]int{50, -1}, nil)
	label(ctx, "filter")
	ctx.TextFieldOpt(&v.filter, true, false).On(func() { v.first = 0 })
	rows := filterPicks(soundPicks(c, v.tab), v.filter)
	v.first = max(0, min(v.first, len(rows)-1))
	ctx.SetGridLayout([]int{-1}, nil)
	for i := v.first; i < min(len(rows), v.first+soundRowsShown); i++ {
		r := rows[i]
		ctx.IDScope(fmt.Sprint(v.tab, i), func() {
			name := r.Label
			if v.sel != nil && v.sel.Label == r.Label {
				name = "[" + name + "]"
			}
			ctx.Button(name).On(func() { v.sel, v.variant, v.status = &r, 0, "" })
			if ctx.Hovering() {
				ctx.Tooltip(r.Tip)
			}
		})
	}
	ctx.SetGridLayout([]int{40, -1, 40}, nil)
	ctx.Button("<").On(func() { v.first = max(0, v.first-soundRowsShown) })
	label(ctx, fmt.Sprintf("%d–%d of %d", min(len(rows), v.first+1), min(len(rows), v.first+soundRowsShown), len(rows)))
	ctx.Button(">").On(func() {
		if v.first+soundRowsShown < len(rows) {
			v.first += soundRowsShown
		}
	})
}

func countTypes(c *names.Catalog) int {
	n := 0
	for _, t := range c.Tables {
		n += len(t.Types)
	}
	return n
}

// filterPicks keeps the rows whose label or tip holds every word of f (any case).
func filterPicks(rows []soundPick, f string) []soundPick {
	words := strings.Fields(strings.ToLower(f))
	if len(words) == 0 {
		return rows
	}
	var out []soundPick
	for _, r := range rows {
		s := strings.ToLower(r.Label + "\n" + r.Tip)
		ok := true
		for _, w := range words {
			ok = ok && strings.Contains(s, w)
		}
		if ok {
			out = append(out, r)
		}
	}
	return out
}

// soundPicks are the rows of tab: waves (id, name, format, length),
// SoundTypes of each table (their variants), or object sources (what their
// first sound hook plays).
func soundPicks(c *names.Catalog, tab int) []soundPick {
	var out []soundPick
	switch tab {
	case tabWaves:
		for _, w := range c.Waves {
			out = append(out, wavePick(w))
		}
	case tabTypes:
		for _, t := range c.Tables {
			for _, s := range t.Types {
				out = append(out, typePick(t, s))
			}
		}
	case tabObjects:
		for _, o := range c.Objects {
			out = append(out, objectPick(c, o))
		}
	}
	return out
}

func wavePick(w names.Wave) soundPick {
	length := fmt.Sprintf("%.2f s", w.Seconds)
	if w.Estimate {
		length = "≈" + length
	}
	return soundPick{
		Label:    fmt.Sprintf("%s 0x%08X  %s", w.Name, uint32(w.ID), length),
		Tip:      fmt.Sprintf("wave 0x%08X %s\n%s, %d ch, %d Hz, %d bit, %s", uint32(w.ID), w.Name, w.Format, w.Channels, w.Rate, w.Bits, length),
		Variants: []variant{{uint32(w.ID), 1}},
		Query:    fmt.Sprintf("0x%08X", uint32(w.ID)),
	}
}

func typePick(t names.Table, s names.TableSound) soundPick {
	p := soundPick{
		Label: fmt.Sprintf("%s (0x%02X)  %s", s.Name, s.SType, t.Name),
		Tip:   fmt.Sprintf("SoundType 0x%02X %s of sound table 0x%08X %s\n%d variant(s) (T1 picks one)", s.SType, s.TypeName, uint32(t.ID), t.Name, len(s.Waves)),
		Query: fmt.Sprintf("0x%08X:0x%02X", uint32(t.ID), s.SType),
	}
	for i, w := range s.Waves {
		vol := float32(1)
		if i < len(s.Volumes) {
			vol = s.Volumes[i]
		}
		p.Variants = append(p.Variants, variant{uint32(w), vol})
	}
	return p
}

// objectPick plays what the Setup's first sound hook plays: its wave, or
// its SoundType's variants in the Setup's table.
func objectPick(c *names.Catalog, o names.Source) soundPick {
	p := soundPick{Label: fmt.Sprintf("%s 0x%08X", o.Name, uint32(o.Setup)), Tip: o.Plays}
	if o.First != 0 {
		p.Variants, p.Query = []variant{{uint32(o.First), 1}}, fmt.Sprintf("0x%08X", uint32(o.First))
		return p
	}
	p.Query = fmt.Sprintf("0x%08X:0x%02X", uint32(o.Table), o.FirstType)
	for _, t := range c.Tables {
		for _, s := range t.Types {
			if t.ID == o.Table && s.SType == o.FirstType {
				p.Variants = typePick(t, s).Variants
			}
		}
	}
	return p
}
