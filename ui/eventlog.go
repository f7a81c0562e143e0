package ui

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"soundworld/ambientviz/geom"
	"soundworld/audio"
	"soundworld/internal/outputs"
	"soundworld/names"
	"soundworld/ui/debugui"
	"soundworld/world"

	"github.com/hajimehoshi/ebiten/v2"
)

// eventLog is the Events panel's state: filters, selection, scroll.
type eventLog struct {
	hideSrc [5]bool     // by audio.Source
	hideOut [6]bool     // by audio.Outcome
	table   uint32      // 0 = every table
	sel     int64       // selected row's Seq, 0 none
	scroll  int         // rows scrolled from the newest
	note    string      // the last copy's result
	names   *names.Book // the copied CSV's name column (UI.SetNames)
}

// Row geometry (px).
const (
	elChipH = 18
	elRowH  = 16
)

// elChip is one clickable chip of the header.
type elChip struct {
	r     image.Rectangle
	text  string
	on    bool
	click func(l *eventLog, rows []geom.Row)
}

// Short chip and row names of sources and outcomes (narrow panels).
var (
	srcShort = [...]string{"bed", "1shot", "emit", "sting", "obj"}
	outShort = [...]string{"start", "evict", "drop", "gated", "silent", "notnow"}
)

var elOutcomes = []audio.Outcome{audio.OutcomeStart, audio.OutcomeDrop, audio.OutcomeGated, audio.OutcomeSilent, audio.OutcomeNotNow, audio.OutcomeEvict}

// chips lays out the header, wrapping as the width asks: sources, the
// table, outcomes and "copy CSV".
func (l *eventLog) chips(b image.Rectangle) []elChip {
	var out []elChip
	x, y := b.Min.X+2, b.Min.Y+2
	add := func(text string, on bool, click func(*eventLog, []geom.Row)) {
		w := int(labelW(text)) + 12
		if x+w > b.Max.X-2 && x > b.Min.X+2 {
			x, y = b.Min.X+2, y+elChipH+3
		}
		out = append(out, elChip{image.Rect(x, y, x+w, y+elChipH), text, on, click})
		x += w + 4
	}
	for s := audio.SourceBed; s <= audio.SourceObject; s++ {
		s := s
		add(srcShort[s], !l.hideSrc[s], func(l *eventLog, _ []geom.Row) { l.hideSrc[s] = !l.hideSrc[s] })
	}
	tbl := "table all"
	if l.table != 0 {
		tbl = fmt.Sprintf("table %04X", l.table&0xFFFF)
	}
	add(tbl, l.table != 0, func(l *eventLog, rows []geom.Row) { l.table = nextTable(rows, l.table) })
	for _, o := range elOutcomes {
		o := o
		add(outShort[o], !l.hideOut[o], func(l *eventLog, _ []geom.Row) { l.hideOut[o] = !l.hideOut[o] })
	}
	add("copy CSV", false, func(l *eventLog, rows []geom.Row) { l.note = copyCSV(l.filter(rows), l.names) })
	return out
}

// nextTable cycles the table filter: all → each table seen (ascending) → all.
func nextTable(rows []geom.Row, cur uint32) uint32 {
	seen := map[uint32]bool{}
	for _, r := range rows {
		seen[r.Play.Table] = true
	}
	var ts []uint32
	for t := range seen {
		ts = append(ts, t)
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
	for _, t := range ts {
		if t > cur {
			return t
		}
	}
	return 0
}

// shows reports whether the filters let row r through.
func (l *eventLog) shows(p audio.Play) bool {
	if int(p.Source) < len(l.hideSrc) && l.hideSrc[p.Source] {
		return false
	}
	o := p.Outcome
	if o.Silent() { // bad_wave and missing_table go with the silent chip
		o = audio.OutcomeSilent
	}
	if int(o) < len(l.hideOut) && l.hideOut[o] {
		return false
	}
	return l.table == 0 || p.Table == l.table
}

// filter is the rows the filters let through, oldest first, with their draws.
func (l *eventLog) filter(rows []geom.Row) []world.Event {
	var out []world.Event
	for _, r := range rows {
		if l.shows(r.Play) {
			out = append(out, world.Event{Play: r.Play, Trace: audio.Trace{Draws: r.Draws, Rands: r.Rands}, Object: r.ObjectHook})
		}
	}
	return out
}

// listTop is the y of the first list row under the chips.
func listTop(chips []elChip) int {
	y := 0
	for _, c := range chips {
		y = max(y, c.r.Max.Y)
	}
	return y + 4
}

// eventsWindow is the render CSV's rows live, newest first, filterable by
// source, outcome and table; a click selects a row (and its voice on the
// timeline); "copy as CSV" copies the rows shown.
func (u *UI) eventsWindow(ctx *debugui.Context) {
	l := &u.prof.log
	rows := u.prof.hist.Rows
	ctx.SetGridLayout([]int{-1}, []int{-1})
	ctx.GridCell(func(b image.Rectangle) {
		chips := l.chips(b)
		top := listTop(chips)
		mx, my, _, just, _ := u.prof.mouse()
		pt := image.Pt(mx, my)
		shown := l.visible(rows, (b.Max.Y-top-lineHInt()-2)/elRowH)
		if pt.In(b) {
			if _, wy := ebiten.Wheel(); wy != 0 {
				l.scroll = max(0, l.scroll-int(wy*3))
			}
			if just {
				for _, c := range chips {
					if pt.In(c.r) {
						c.click(l, rows)
						l.scroll = 0
						return
					}
				}
				if k := (my - top) / elRowH; my >= top && k < len(shown) {
					l.sel = shown[k].Seq
					u.selectRow(shown[k].Play)
				}
			}
		}
		note := l.note
		blind := u.blind
		ctx.DrawOnlyWidget(func(screen *ebiten.Image) { drawEvents(screen, u.names, b, chips, shown, top, l.sel, note, blind) })
	})
}

func lineHInt() int { return int(lineH + 0.5) }

// visible is up to n filtered rows, newest first, after the scroll.
func (l *eventLog) visible(rows []geom.Row, n int) []geom.Row {
	var out []geom.Row
	skip := l.scroll
	for i := len(rows) - 1; i >= 0 && len(out) < max(0, n); i-- {
		if !l.shows(rows[i].Play) {
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		out = append(out, rows[i])
	}
	return out
}

// selectRow selects a decision's voice on the timeline and flashes it on the map.
func (u *UI) selectRow(p audio.Play) {
	if p.Slot < 0 {
		return
	}
	for i := len(u.prof.hist.Bars) - 1; i >= 0; i-- {
		b := u.prof.hist.Bars[i]
		if b.Slot == p.Slot && b.Start == p.Time {
			u.prof.sel = selBar{true, b.Slot, b.Start}
			u.prof.flash = flash{pos: b.Pos, frames: FlashFrames}
			if b.Open {
				u.st.SelectedVoice = b.Slot
			}
			return
		}
	}
}

// RowText is one decision as the Events panel lists it: time, source,
// SoundType, level and outcome first (the panel is narrow), then the slot,
// pan and table.
func RowText(b *names.Book, p audio.Play) string { return rowText(b, p, fmt.Sprintf("%3d", p.DB)) }

// rowText is RowText with the level column given (blind.go: "  ?").
func rowText(b *names.Book, p audio.Play, db string) string {
	slot := "-"
	if p.Slot >= 0 {
		slot = fmt.Sprint(p.Slot)
	}
	src, out := p.Source.String(), p.Outcome.String()
	if int(p.Source) < len(srcShort) {
		src = srcShort[p.Source]
	}
	if int(p.Outcome) < len(outShort) {
		out = outShort[p.Outcome]
	}
	what := b.Sound(p.SType, p.Table, p.Wave)
	if p.SType == 0 && p.Table == 0 && p.Wave != 0 && what == fmt.Sprintf("wave 0x%08X", p.Wave) {
		what = fmt.Sprintf("w%08X", p.Wave) // a SoundHook's unnamed wave (no SoundType), 9 columns as the rest
	}
	return fmt.Sprintf("%8.2f %-5s %-9s %s %-6s slot %s pan %+d table %04X", p.Time, src, what, db, out, slot, p.Pan, p.Table&0xFFFF)
}

// lateRowText is RowText with a late start's lateness right after the time
// (O5), where a narrow panel still shows it.
func lateRowText(b *names.Book, p audio.Play, ms float64, blind bool) string {
	t := RowText(b, p)
	if blind {
		t = rowText(b, p, "  ?")
	}
	if ms <= 0 || len(t) < 9 {
		return t
	}
	return t[:9] + fmt.Sprintf("LATE %.0f ms ", ms) + t[9:]
}

// lateText marks a start the live device played late (O5), "" on time.
func lateText(ms float64) string {
	if ms <= 0 {
		return ""
	}
	return fmt.Sprintf(" late_ms %.1f", ms)
}

var elSel = color.RGBA{0x30, 0x50, 0x80, 0xff}

func drawEvents(screen *ebiten.Image, nb *names.Book, b image.Rectangle, chips []elChip, rows []geom.Row, top int, sel int64, note string, blind bool) {
	fillRect(screen, b, tlBack)
	fit := func(s string) string { // a line wider than the panel ends in … (the row's detail shows it whole)
		cut, _ := debugui.Ellipsize(s, b.Dx()-8)
		return cut
	}
	for _, c := range chips {
		col := tlButton
		if c.on {
			col = tlActive
		}
		fillRect(screen, c.r, col)
		tc := tlText
		if !c.on && !strings.HasPrefix(c.text, "copy") && !strings.HasPrefix(c.text, "table") {
			tc = tlDim // a hidden source or outcome
		}
		drawLabel(screen, c.text, float64(c.r.Min.X)+6, float64(c.r.Min.Y)+1, tc)
	}
	for k, r := range rows {
		y := top + k*elRowH
		if r.Seq == sel {
			fillRect(screen, image.Rect(b.Min.X, y, b.Max.X, y+elRowH), elSel)
		}
		c := tlText
		if geom.IsTick(r.Play.Outcome) {
			c = geom.TickColor(r.Play.Outcome)
		}
		drawLabel(screen, fit(lateRowText(nb, r.Play, r.LateMs, blind)), float64(b.Min.X)+4, float64(y), c) // no level during an ABX trial (blind.go)
	}
	if len(rows) == 0 {
		drawLabel(screen, fit("no decisions yet (or all filtered out)"), float64(b.Min.X)+4, float64(top), tlDim)
	}
	if note != "" {
		drawLabel(screen, fit(note), float64(b.Min.X)+4, float64(b.Max.Y)-lineH-1, tlDim)
	}
}

// clipTools are the clipboard commands copyCSV tries, in order (a variable
// for tests).
var clipTools = [][]string{{"wl-copy"}, {"xclip", "-selection", "clipboard"}, {"xsel", "--clipboard", "--input"}}

// csvDir is where copyCSV's fallback file goes (relative to the working
// folder; a variable for tests).
var csvDir = "screenshots"

// copyCSV puts rows on the clipboard as render -events CSV through the
// system's clipboard tool (wl-copy, xclip or xsel); without one it writes
// screenshots/events-YYYYMMDD-HHMMSS.csv. Returns what it did.
func copyCSV(rows []world.Event, nb *names.Book) string {
	var b bytes.Buffer
	if err := world.WriteEventsCSV(&b, rows, nb.Play); err != nil {
		return "copy failed: " + err.Error()
	}
	for _, c := range clipTools {
		if _, err := exec.LookPath(c[0]); err != nil {
			continue
		}
		cmd := exec.Command(c[0], c[1:]...)
		cmd.Stdin = bytes.NewReader(b.Bytes())
		if err := cmd.Run(); err == nil {
			return fmt.Sprintf("copied %d rows to the clipboard (%s)", len(rows), c[0])
		}
	}
	// Checked like every output (internal/outputs): never inside a folder this
	// process opened as game data (cli.OpenDataDir protects it; the panel has no
	// -dat of its own), written atomically.
	out := filepath.Join(csvDir, "events-"+time.Now().Format("20060102-150405")+".csv")
	if err := outputs.MkdirChecked("", csvDir, ""); err != nil {
		return "copy failed: " + err.Error()
	}
	if err := outputs.CheckFile("", out, ""); err != nil {
		return "copy failed: " + err.Error()
	}
	if err := outputs.WriteFile(out, func(w *os.File) error { _, err := w.Write(b.Bytes()); return err }); err != nil {
		return "copy failed: " + err.Error()
	}
	return fmt.Sprintf("no clipboard tool (wl-copy, xclip, xsel): wrote %d rows to %s", len(rows), out)
}
