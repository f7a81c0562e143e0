package world

// eventcsv.go: the events CSV (render -events, capture bundles, the window's
// Events panel), one row per decision of a Snapshot's events. Here, beside
// Event, so the panels and the commands share it without importing each other.

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// EventsCSVHeader is the render -events header (with O4's draws and rands). This
// file is the one place the events CSV is formatted: render, render -from,
// capture bundles and the window's "copy as CSV" all write it through here.
const EventsCSVHeader = "time_s,source,table,stype,wave,slot,priority,db,pan,outcome,draws,rands,object,name\n"

// EventCSVRow formats one decision as render -events does: the play, then its
// RollDice unit values (shortest float32 decimals) and rand() values,
// space-separated in draw order, then for an object's play (E3) the object,
// its setup and the hook with its frame or start time; last the play's name
// (docs/names.md), quoted when it holds a comma or a quote.
func EventCSVRow(ev Event, name string) string {
	p := ev.Play
	b := []byte(strconv.FormatFloat(p.Time, 'f', 6, 64) + "," + p.Source.String() + "," +
		fmt.Sprintf("0x%08X,0x%02X,0x%08X,%d,", p.Table, p.SType, p.Wave, p.Slot) +
		strconv.FormatFloat(float64(p.Priority), 'g', -1, 32) + "," +
		strconv.Itoa(p.DB) + "," + strconv.Itoa(p.Pan) + "," + p.Outcome.String() + ",")
	for i, u := range ev.Trace.Draws {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendFloat(b, float64(u), 'g', -1, 32)
	}
	b = append(b, ',')
	for i, r := range ev.Trace.Rands {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(r), 10)
	}
	b = append(b, ',')
	if ev.Object != nil { // E3: which object, setup and hook (frame or start time)
		b = append(b, ev.Object.String()...)
	}
	b = append(b, ',')
	b = append(b, csvField(name)...)
	return string(append(b, '\n'))
}

// csvField quotes s as RFC 4180 does when it holds a comma, quote or newline.
func csvField(s string) string {
	if !strings.ContainsAny(s, ",\"\r\n") {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// WriteEventsCSV writes the header and one row per decision, each named by
// name (the names lookup's Book.Play).
func WriteEventsCSV(w io.Writer, evs []Event, name func(Event) string) error {
	var b strings.Builder
	b.WriteString(EventsCSVHeader)
	for _, ev := range evs {
		b.WriteString(EventCSVRow(ev, name(ev)))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
