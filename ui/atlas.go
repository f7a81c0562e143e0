package ui

// atlas.go: the Atlas panel: the heatmap's selector
// (one sound, a desc, the loudest bed), the landmark switches, the sound
// search with its ranked landblocks (a click jumps there) and CSV export,
// and the overview's progress. The window adds it with AddAtlas; it docks on
// the right, folded until opened.

import (
	"fmt"

	"soundworld/explorer/mapview"
	"soundworld/ui/debugui"
	"soundworld/ui/dock"
)

// Heatmap modes (AtlasToggles.Mode).
const (
	HeatSound      = mapview.HeatSound      // one ambient sound: TABLE:STYPE
	HeatDesc       = mapview.HeatDesc       // one STB desc's share of the weight
	HeatLoudestBed = mapview.HeatLoudestBed // the loudest bed, categorical
)

// AtlasToggles is the map's layer state the panel edits and the map reads.
type AtlasToggles = mapview.Toggles

// AtlasHost is what the Atlas panel asks of the window.
type AtlasHost interface {
	SetHeatmap(mode int, arg string) error
	Search(query string) error
	SearchLines(maxHits int) (status string, hits []SearchRow)
	JumpToHit(i int)
	ExportSearch(path string) error
	AtlasStatus() []string
}

// SearchRow is one search hit as the panel lists it (mapview's).
type SearchRow = mapview.SearchRow

// maxHitRows is how many search hits the panel lists (the CSV has them all).
const maxHitRows = 40

// AddAtlas docks the Atlas panel (right edge, folded unless the settings
// say otherwise).
func (u *UI) AddAtlas(h AtlasHost, t *AtlasToggles) {
	u.atlasHost, u.atlasT = h, t
	p := panel{dock.Panel{Name: "Atlas", Edge: dock.Right, Width: 380, Height: 420, MinHeight: 160, Collapsed: true},
		func(ctx *debugui.Context) { u.atlasWindow(ctx, h, t) }}
	if ps, ok := u.st.Panels[p.Name]; ok {
		p.Edge, p.Collapsed = ps.Edge, ps.Collapsed
	}
	u.panels = append(u.panels, p)
}

func (u *UI) atlasWindow(ctx *debugui.Context, h AtlasHost, t *AtlasToggles) {
	ctx.SetGridLayout([]int{-1}, nil)
	for _, s := range h.AtlasStatus() {
		label(ctx, s)
	}
	ctx.Header("Heatmap (7)", true, func() {
		ctx.SetGridLayout([]int{-1, -1, -1}, nil)
		for i, name := range []string{"one sound", "one desc", "loudest bed"} {
			ctx.IDScope(name, func() {
				if i == t.Mode {
					name = "[" + name + "]"
				}
				ctx.Button(name).On(func() {
					t.Mode = i
					if i == HeatLoudestBed {
						u.check("heat", h.SetHeatmap(i, ""))
					}
				})
			})
		}
		if t.Mode != HeatLoudestBed {
			ctx.SetGridLayout([]int{-1, 60}, nil)
			apply := func() { u.check("heat", h.SetHeatmap(t.Mode, t.Arg)) }
			ctx.TextFieldOpt(&t.Arg, true, u.bad("heat")).On(func() {
				if ebitenEnter() {
					apply()
				}
			})
			ctx.Button("Show").On(apply)
			ctx.SetGridLayout([]int{-1}, nil)
			if t.Mode == HeatSound {
				label(ctx, `e.g. "0x20000001:Ambient1" (table:SoundType)`)
			} else {
				label(ctx, "a desc index of the region, e.g. 0")
			}
		}
		u.errorLine(ctx, "heat")
		ctx.SetGridLayout([]int{-1, -1, -1}, nil)
		ctx.Checkbox(&t.Heat, "7 heatmap")
		ctx.Checkbox(&t.Buildings, "8 buildings")
		ctx.Checkbox(&t.Statics, "9 statics")
	})
	ctx.Header("Sound search", true, func() {
		ctx.SetGridLayout([]int{-1, 60}, nil)
		run := func() { u.check("search", h.Search(t.Query)) }
		ctx.TextFieldOpt(&t.Query, true, u.bad("search")).On(func() {
			if ebitenEnter() {
				run()
			}
		})
		ctx.Button("Search").On(run)
		u.errorLine(ctx, "search")
		st, hits := h.SearchLines(maxHitRows)
		ctx.SetGridLayout([]int{-1}, nil)
		label(ctx, st)
		ctx.SetGridLayout([]int{-1, 60}, nil)
		ctx.TextFieldOpt(&t.CSV, false, u.bad("csv")).On(func() {
			if ebitenEnter() {
				u.check("csv", h.ExportSearch(t.CSV))
			}
		})
		ctx.Button("Export").On(func() { u.check("csv", h.ExportSearch(t.CSV)) })
		u.errorLine(ctx, "csv")
		ctx.SetGridLayout([]int{-1}, nil)
		for i, s := range hits {
			ctx.IDScope(fmt.Sprint("hit", i), func() {
				ctx.Button(s.Title).On(func() { h.JumpToHit(i) })
				label(ctx, "    "+s.Detail)
			})
		}
	})
}
