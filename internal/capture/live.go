package capture

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"soundworld/audio"
	"soundworld/names"
	"soundworld/world"
)

// LiveRow is something the live device did in a bundle's span (spec O5):
// a start it got late (played at once, LateMs late), an underrun, or an
// anchor. events.csv lists them after the decisions, in the render CSV's
// columns: time_s, source "live", slot and wave where known, and the outcome
// column "late_ms=…", "underrun_ms=…" or "anchor=REASON". The live
// session (audio/device.Session) keeps its account in the same rows.
type LiveRow audio.LiveRow

// CSVRow formats r in the events CSV's columns.
func (r LiveRow) CSVRow() string {
	out := ""
	switch r.Kind {
	case "late":
		out = "late_ms=" + strconv.FormatFloat(r.Ms, 'f', 3, 64)
	case "underrun":
		out = "underrun_ms=" + strconv.FormatFloat(r.Ms, 'f', 1, 64)
	case "stall": // the device stopped playing: the wall clock took the mix
		out = "stall=" + r.Reason
	default:
		out = "anchor=" + r.Reason
	}
	f := make([]string, len(csvColumns)) // the render CSV's columns, by name
	set := func(col, v string) {
		if i := slices.Index(csvColumns, col); i >= 0 {
			f[i] = v
		}
	}
	set("time_s", strconv.FormatFloat(r.Time, 'f', 6, 64))
	set("source", "live")
	if r.Wave != 0 {
		set("wave", fmt.Sprintf("0x%08X", r.Wave))
	}
	if r.Slot >= 0 {
		set("slot", strconv.Itoa(r.Slot))
	}
	set("outcome", out)
	return strings.Join(f, ",") + "\n"
}

// csvColumns are world.EventsCSVHeader's column names.
var csvColumns = strings.Split(strings.TrimSpace(world.EventsCSVHeader), ",")

// WriteBundleEventsCSV is events.csv: the decisions as render -events
// writes them, then the live rows.
func WriteBundleEventsCSV(w io.Writer, evs []world.Event, live []LiveRow, nb *names.Book) error {
	if err := world.WriteEventsCSV(w, evs, nb.Play); err != nil {
		return err
	}
	for _, r := range live {
		if _, err := io.WriteString(w, r.CSVRow()); err != nil {
			return err
		}
	}
	return nil
}

// LastSpan is the bundle's audio: of samples (interleaved stereo, oldest
// first, whose first frame is mixer frame first), the frames of the last
// seconds before frame end (exclusive), or all of them since frame 0 if
// fewer. Frames mixed ahead of end (the window mixes a step ahead of the
// Sim) are left out, so a session without input gives render's frames
// [max(0, end − seconds·44100), end) sample for sample.
func LastSpan(samples []float32, first, end int64, seconds float64) []float32 {
	n := int64(len(samples) / 2)
	end = min(end, first+n)
	start := max(first, end-int64(math.Round(seconds*audio.SampleRate)), 0)
	if end <= start {
		return nil
	}
	return samples[2*(start-first) : 2*(end-first)]
}
