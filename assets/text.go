package assets

// This file holds the two readable text formats the stand-in is authored in:
// character maps (one character per terrain vertex) and sectioned tables
// (whitespace-separated columns under "[section]" headers). Both report
// errors as file:line:col so an author can find the typo.

import (
	"fmt"
	"strconv"
	"strings"
)

// DescError is a malformed description file: which file, line and column
// (both 1-based, column counted in bytes) and what is wrong there.
type DescError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *DescError) Error() string {
	return fmt.Sprintf("assets: %s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// field is one whitespace-separated token and the column it starts at.
type field struct {
	s   string
	col int
}

// row is one non-blank, non-comment table line.
type row struct {
	file string
	line int
	f    []field
}

// errAt builds a DescError at field i of the row (or at the line end when the
// field is missing).
func (r row) errAt(i int, format string, args ...any) error {
	col := 1
	switch {
	case i < len(r.f):
		col = r.f[i].col
	case len(r.f) > 0:
		last := r.f[len(r.f)-1]
		col = last.col + len(last.s)
	}
	return &DescError{File: r.file, Line: r.line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// need checks the row has between min and max fields (max < 0: no limit).
func (r row) need(min, max int, what string) error {
	if len(r.f) < min {
		return r.errAt(len(r.f), "%s: want at least %d columns, got %d", what, min, len(r.f))
	}
	if max >= 0 && len(r.f) > max {
		return r.errAt(max, "%s: want at most %d columns, got %d", what, max, len(r.f))
	}
	return nil
}

// u32 parses field i as a decimal or 0x-hex unsigned 32-bit number.
func (r row) u32(i int) (uint32, error) {
	v, err := strconv.ParseUint(r.f[i].s, 0, 32)
	if err != nil {
		return 0, r.errAt(i, "want a number (decimal or 0x hex), got %q", r.f[i].s)
	}
	return uint32(v), nil
}

// u32sFrom appends fields i… of the row, parsed as u32, to list.
func (r row) u32sFrom(i int, list []uint32) ([]uint32, error) {
	for ; i < len(r.f); i++ {
		v, err := r.u32(i)
		if err != nil {
			return nil, err
		}
		list = append(list, v)
	}
	return list, nil
}

// ordinal checks that field 0, the row's number, is n: what (the rows'
// numbers, e.g. "terrain codes") must run 0, 1, 2, … in order.
func (r row) ordinal(n int, what string) error {
	v, err := r.u32(0)
	if err != nil {
		return err
	}
	if int(v) != n {
		return r.errAt(0, "%s must run 0, 1, 2, … in order: want %d, got %d", what, n, v)
	}
	return nil
}

// f32 parses field i as a finite decimal number.
func (r row) f32(i int) (float32, error) {
	v, err := strconv.ParseFloat(r.f[i].s, 32)
	if err != nil || v != v || v > 1e30 || v < -1e30 {
		return 0, r.errAt(i, "want a decimal number, got %q", r.f[i].s)
	}
	return float32(v), nil
}

// splitFields splits a line into tokens with their 1-based columns, dropping
// anything from a '#' that starts a token onward (a comment).
func splitFields(line string) []field {
	var out []field
	i := 0
	for i < len(line) {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i >= len(line) || line[i] == '#' {
			break
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		out = append(out, field{s: line[i:j], col: i + 1})
		i = j
	}
	return out
}

// lines splits src into lines without their "\n" / "\r\n" endings.
func lines(src []byte) []string {
	s := strings.ReplaceAll(string(src), "\r\n", "\n")
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// readTables reads a sectioned table file: "[name]" lines open a section,
// "#" starts a comment, blank lines are ignored, every other line is a row of
// the current section. Each known section may appear once; rows before the
// first header or under an unknown section are errors.
func readTables(file string, src []byte, known ...string) (map[string][]row, error) {
	out := map[string][]row{}
	cur := ""
	for n, ln := range lines(src) {
		f := splitFields(ln)
		if len(f) == 0 {
			continue
		}
		if strings.HasPrefix(f[0].s, "[") {
			name, ok := strings.CutSuffix(f[0].s, "]")
			name = strings.TrimPrefix(name, "[")
			r := row{file: file, line: n + 1, f: f}
			if !ok || len(f) != 1 {
				return nil, r.errAt(0, "section header must be a lone [name]")
			}
			if !contains(known, name) {
				return nil, r.errAt(0, "unknown section [%s] (want one of %s)", name, strings.Join(known, ", "))
			}
			if _, dup := out[name]; dup {
				return nil, r.errAt(0, "section [%s] appears twice", name)
			}
			out[name] = []row{}
			cur = name
			continue
		}
		if cur == "" {
			return nil, (row{file: file, line: n + 1, f: f}).errAt(0, "row before any [section] header")
		}
		out[cur] = append(out[cur], row{file: file, line: n + 1, f: f})
	}
	for _, k := range known {
		if _, ok := out[k]; !ok {
			return nil, &DescError{File: file, Line: 1, Col: 1, Msg: fmt.Sprintf("missing section [%s]", k)}
		}
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// newGrid is a w×h grid indexed grid[x][y].
func newGrid[T any](w, h int) [][]T {
	grid := make([][]T, w)
	for x := range grid {
		grid[x] = make([]T, h)
	}
	return grid
}

// shortMap is the error for a map that ended (its last line lastLine) after
// rows of the h rows it needs.
func shortMap(file string, lastLine, rows, h int) error {
	return &DescError{File: file, Line: lastLine + 1, Col: 1, Msg: fmt.Sprintf("map has %d rows, want %d", rows, h)}
}

// readCharMap reads a map of exactly w×h characters, the first line being the
// NORTH edge (y = h−1) and the first column the WEST edge (x = 0), so the file
// looks like the land seen from above. Lines starting with '#' and blank lines
// are skipped. It returns grid[x][y] after checking every character with ok.
func readCharMap(file string, src []byte, w, h int, ok func(c byte) bool) ([][]byte, error) {
	grid := newGrid[byte](w, h)
	rowN := 0
	lastLine := 0
	for n, ln := range lines(src) {
		lastLine = n + 1
		if strings.TrimSpace(ln) == "" || ln[0] == '#' {
			continue
		}
		if rowN == h {
			return nil, &DescError{File: file, Line: n + 1, Col: 1, Msg: fmt.Sprintf("more than %d map rows", h)}
		}
		for x := 0; x < len(ln) && x < w; x++ {
			if !ok(ln[x]) {
				return nil, &DescError{File: file, Line: n + 1, Col: x + 1, Msg: fmt.Sprintf("unknown map character %q (not in the legend)", ln[x])}
			}
			grid[x][h-1-rowN] = ln[x]
		}
		if len(ln) != w {
			return nil, &DescError{File: file, Line: n + 1, Col: min(len(ln), w) + 1, Msg: fmt.Sprintf("map row has %d characters, want %d", len(ln), w)}
		}
		rowN++
	}
	if rowN != h {
		return nil, shortMap(file, lastLine, rowN, h)
	}
	return grid, nil
}

// readNumberMap reads a w×h grid of decimal numbers in [lo, hi] (north row
// first), as for readCharMap, returning grid[x][y].
func readNumberMap(file string, src []byte, w, h int, lo, hi float64) ([][]float64, error) {
	grid := newGrid[float64](w, h)
	rowN := 0
	lastLine := 0
	for n, ln := range lines(src) {
		lastLine = n + 1
		f := splitFields(ln)
		if len(f) == 0 {
			continue
		}
		r := row{file: file, line: n + 1, f: f}
		if rowN == h {
			return nil, r.errAt(0, "more than %d rows", h)
		}
		if len(f) != w {
			return nil, r.errAt(min(len(f), w), "row has %d numbers, want %d", len(f), w)
		}
		for x := range f {
			v, err := r.f32(x)
			if err != nil {
				return nil, err
			}
			if float64(v) < lo || float64(v) > hi {
				return nil, r.errAt(x, "%v is outside %v..%v", v, lo, hi)
			}
			grid[x][h-1-rowN] = float64(v)
		}
		rowN++
	}
	if rowN != h {
		return nil, shortMap(file, lastLine, rowN, h)
	}
	return grid, nil
}
