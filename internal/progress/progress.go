// Package progress shows how far a long command has got:
// a progress bar (github.com/schollz/progressbar/v3, a well-kept library that
// handles terminal width, throttling and the rate/ETA) when the output is a
// terminal, and otherwise a plain line now and then — never a carriage return
// into a log file or a pipe. render and check use it; gate and atlas can too.
package progress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"
)

// Options describe one progress display.
type Options struct {
	Label string // e.g. "render"; lines read "render: 30% (18 / 60 s)"
	Total int64  // the amount of work, in Unit
	Unit  string // "s" (Total and Set in 1/1000 s), "records", "bytes"
	// Terminal forces the bar (true) or plain lines (false); nil asks the writer.
	Terminal *bool
	// Every is the least time between plain lines (default 10 s); a line is also
	// printed at each 25% once the run has lasted 2 s (a short run prints none).
	Every time.Duration
}

// termBar is the terminal's bar (progressbar's methods the Bar uses).
type termBar interface {
	Set64(n int64) error
	Clear() error
	RenderBlank() error
	Finish() error
	Exit() error
}

// Bar is a progress display; a nil *Bar does nothing.
type Bar struct {
	mu    sync.Mutex
	w     io.Writer
	o     Options
	bar   termBar // nil: plain lines
	n     int64
	now   func() time.Time // time.Now; tests replace it
	start time.Time
	last  time.Time
	lastQ int64 // last quarter reported by a plain line
	lines int   // plain progress lines printed
	done  bool
}

// IsTerminal reports whether w is a terminal (an *os.File on a tty).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// New starts a progress display on w; w nil gives a nil *Bar (no output).
func New(w io.Writer, o Options) *Bar {
	if w == nil {
		return nil
	}
	if o.Every <= 0 {
		o.Every = 10 * time.Second
	}
	b := &Bar{w: w, o: o, now: time.Now}
	b.start = b.now()
	b.last = b.start
	tty := IsTerminal(w)
	if o.Terminal != nil {
		tty = *o.Terminal
	}
	if tty {
		b.bar = newTermBar(w, o)
	}
	return b
}

// Set reports that n of Total is done.
func (b *Bar) Set(n int64) { b.whileOpen(func() { b.set(n) }) }

// whileOpen runs f with the lock held unless the bar is nil or finished.
func (b *Bar) whileOpen(f func()) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.done {
		f()
	}
}

// set is Set with the lock held on an open bar.
func (b *Bar) set(n int64) {
	b.n = n
	if b.bar != nil {
		b.bar.Set64(n)
		return
	}
	var q int64
	if b.o.Total > 0 {
		q = n * 4 / b.o.Total
	}
	now := b.now()
	if q > b.lastQ && now.Sub(b.start) >= 2*time.Second || now.Sub(b.last) >= b.o.Every {
		b.lastQ, b.last = q, now
		if n < b.o.Total {
			fmt.Fprintln(b.w, b.line())
			b.lines++
		}
	}
}

// line is the plain progress line, e.g. "render: 25% (15 / 60 s)".
func (b *Bar) line() string {
	pct := 0
	if b.o.Total > 0 {
		pct = int(b.n * 100 / b.o.Total)
	}
	return fmt.Sprintf("%s: %d%% (%s)", b.o.Label, pct, b.amount(b.n, true))
}

// amount is "15 / 60 s", "12.3 / 49.2 MB", "300 / 1200 records" (done
// false: the total alone).
func (b *Bar) amount(n int64, done bool) string {
	t := b.o.Total
	var a, z, unit string
	switch b.o.Unit {
	case "s":
		a, z, unit = fmt.Sprintf("%.0f", float64(n)/1000), fmt.Sprintf("%.0f", float64(t)/1000), "s"
	case "bytes":
		a, z, unit = fmt.Sprintf("%.1f", float64(n)/1e6), fmt.Sprintf("%.1f", float64(t)/1e6), "MB"
	default:
		a, z, unit = fmt.Sprint(n), fmt.Sprint(t), b.o.Unit
	}
	if !done {
		return z + " " + unit
	}
	return a + " / " + z + " " + unit
}

// Println prints a message line (a problem found on the way) without
// breaking the bar: the bar is cleared, the line printed, the bar redrawn.
func (b *Bar) Println(line string) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.bar != nil && !b.done {
		b.bar.Clear()
		fmt.Fprintln(b.w, line)
		b.bar.RenderBlank()
		return
	}
	fmt.Fprintln(b.w, line)
}

// Finish ends the display: the bar is cleared (the command prints its own
// summary); plain output that printed progress gets a last line "LABEL: done
// (…)". ok=false (an error or an interrupt) ends it without the done line.
func (b *Bar) Finish(ok bool) { b.whileOpen(func() { b.finish(ok) }) }

// finish is Finish with the lock held on an open bar.
func (b *Bar) finish(ok bool) {
	b.done = true
	if b.bar != nil {
		if ok {
			b.bar.Finish()
		}
		b.bar.Exit()
		b.bar.Clear()
		return
	}
	if ok && b.lines > 0 { // a short run that printed no progress gets no "done" either
		b.n = b.o.Total
		fmt.Fprintf(b.w, "%s: done (%s)\n", b.o.Label, b.amount(b.n, false))
	}
}
