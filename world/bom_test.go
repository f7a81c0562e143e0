package world

import (
	"strings"
	"testing"
)

const bom = "\xef\xbb\xbf"

// A layout and a walk path saved by a Windows editor — a UTF-8 byte order
// mark, CRLF line ends — load exactly as their plain twins, and an error in
// one is placed as an editor shows it (the mark takes no column).
func TestBOM_LayoutAndWalkWithCRLF(t *testing.T) {
	walk := "{\"points\": [\n" +
		"  {\"t\": 0, \"landblock\": \"0xA9B4\", \"x\": 84, \"y\": 7.1, \"heading\": 0},\n" +
		"  {\"t\": 6, \"landblock\": \"0xA9B4\", \"x\": 90, \"y\": 20, \"heading\": 90}\n" +
		"]}\n"
	win := func(s string) string { return bom + strings.ReplaceAll(s, "\n", "\r\n") }

	loadsAsTwin(t, "BOM+CRLF", editorLayout, walk, win)
	// A syntax error on line 1: the column counts from the first character
	// after the mark. `{"emitters": x` — the x is the 14th character.
	_, err := LoadLayout(strings.NewReader(bom+"{\"emitters\": x\r\n]}"), "b.json")
	if err == nil || !strings.HasPrefix(err.Error(), "b.json:1:14:") {
		t.Errorf("error after a BOM: %v; want b.json:1:14:", err)
	}
	// A mark alone is an empty file, not a layout.
	if _, err := LoadLayout(strings.NewReader(bom), "e.json"); err == nil {
		t.Error("a file holding only a BOM loaded as a layout")
	}
}

// A syntax error names the line and column of the character at fault, in
// every place of a layout and a path file and with either line end. Columns
// are counted by hand on the lines below (1-based, the \r is not counted).
func TestLayoutSyntaxErrorColumn(t *testing.T) {
	// A whole emitter, so that the first of two loads.
	const ok = `  {"name": "forge", "landblock": "0xA9B4", "x": 90, "y": 20, "sound_table": "0x20000010", "stype": 105, "volume": 1, "interval": [2, 4], "path": "server"}`
	for _, c := range []struct{ src, want string }{
		// line 2 `  {"name": "a", "volume": 1.0.0}`: the second '.' is column 30
		{"{\"emitters\": [\n  {\"name\": \"a\", \"volume\": 1.0.0}\n]}\n", "x:2:30:"},
		// the same in the second emitter, line 3
		{"{\"emitters\": [\n" + ok + ",\n  {\"name\": \"b\", \"volume\": 1.0.0}\n]}\n", "x:3:30:"},
		// line 2 `  {"name": "a",, "x": 1}`: the second ',' is column 16
		{"{\"emitters\": [\n  {\"name\": \"a\",, \"x\": 1}\n]}\n", "x:2:16:"},
		// line 2 `  x`: column 3
		{"{\"emitters\": [\n  x\n]}\n", "x:2:3:"},
		// a missing comma between emitters: line 3 `  {"name": "b"}`, its '{' at column 3
		{"{\"emitters\": [\n" + ok + "\n  {\"name\": \"b\"}\n]}\n", "x:3:3:"},
		// line 1 `{"format": 1x,`: the x is column 13
		{"{\"format\": 1x, \"emitters\": []}\n", "x:1:13:"},
		// line 1 `{"emitters" [`: the '[' is column 13
		{"{\"emitters\" [\n]}\n", "x:1:13:"},
	} {
		for _, nl := range []string{"\n", "\r\n"} {
			src := strings.ReplaceAll(c.src, "\n", nl)
			_, err := LoadLayout(strings.NewReader(src), "x")
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("%q: %v; want %s", src, err, c.want)
			}
		}
	}
	for _, c := range []struct{ src, want string }{
		// line 2 `  {"t": 0, "x": 1.0.0}`: the second '.' is column 20
		{"{\"points\": [\n  {\"t\": 0, \"x\": 1.0.0}\n]}\n", "w:2:20:"},
		// line 2 `  {"t": 0 "x": 1}`: the '"' of "x" is column 11
		{"{\"points\": [\n  {\"t\": 0 \"x\": 1}\n]}\n", "w:2:11:"},
	} {
		_, err := LoadWalk(strings.NewReader(c.src), "w")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v; want %s", c.src, err, c.want)
		}
	}
}
