package commands

import (
	"fmt"
	"io"
	"sync"

	"soundworld/dat"
	"soundworld/internal/cli"
)

// dataProblems reports the data problems a command meets:
// one line per distinct problem on stderr, "soundworld CMD: data problem: …".
// The simulation still does what retail does with the bad record; the report
// only says what was skipped. With -strict any problem is exit 2.
type dataProblems struct {
	cmd     string
	ps      *dat.Problems
	mu      sync.Mutex
	printed int // problems already printed as they happened
}

func newDataProblems(cmd string) *dataProblems { return &dataProblems{cmd: cmd, ps: &dat.Problems{}} }

// line is one problem's stderr line.
func (d *dataProblems) line(p dat.Problem) string {
	return "soundworld " + d.cmd + ": data problem: " + p.String()
}

// live prints each new problem as it is first met (long runs), through print.
func (d *dataProblems) live(print func(string)) {
	d.ps.OnNew(func(p dat.Problem) {
		d.mu.Lock()
		d.printed++
		d.mu.Unlock()
		print(d.line(p))
	})
}

// report prints the problems not printed yet, then (when any were met) a
// count line; it returns the -strict error (exit 2) if strict and any were met.
func (d *dataProblems) report(w io.Writer, strict bool) error {
	list := d.ps.List()
	d.mu.Lock()
	printed := d.printed
	d.mu.Unlock()
	for _, p := range list[min(printed, len(list)):] {
		fmt.Fprintln(w, d.line(p))
	}
	return cli.ProblemsSummary(w, "soundworld "+d.cmd, len(list), strict)
}
