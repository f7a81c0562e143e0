package assets

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"
)

// parseWith parses the committed description with one file replaced.
func parseWith(name string, src []byte) error {
	get := func(n string) []byte {
		if n == name {
			return src
		}
		return file("holtburg/" + n)
	}
	_, err := ParseDescription("land.txt", get("land.txt"), "sound.txt", get("sound.txt"),
		"terrain.map", get("terrain.map"), "heights.map", get("heights.map"))
	return err
}

// replaceLine swaps the n-th (1-based) line of the committed file.
func replaceLine(name string, n int, with string) []byte {
	ls := strings.Split(string(file("holtburg/"+name)), "\n")
	ls[n-1] = with
	return []byte(strings.Join(ls, "\n"))
}

// lineOf is the 1-based number of the first line of name containing s.
func lineOf(t *testing.T, name, s string) int {
	for i, l := range strings.Split(string(file("holtburg/"+name)), "\n") {
		if strings.Contains(l, s) {
			return i + 1
		}
	}
	t.Fatalf("%s has no line containing %q", name, s)
	return 0
}

func TestCommittedDescriptionParses(t *testing.T) {
	d, _, err := Holtburg()
	if err != nil {
		t.Fatal(err)
	}
	// Orientation: the first map row is the north edge, first column west.
	first := strings.Split(string(file("holtburg/terrain.map")), "\n")[lineOf(t, "terrain.map", ".,,")-1]
	if d.TerrainMap[0][VertsPerSide-1] != first[0] || d.TerrainMap[VertsPerSide-1][VertsPerSide-1] != first[VertsPerSide-1] {
		t.Errorf("north-west/north-east vertices: got %q/%q, want %q/%q (first map row is the north edge)",
			d.TerrainMap[0][VertsPerSide-1], d.TerrainMap[VertsPerSide-1][VertsPerSide-1], first[0], first[VertsPerSide-1])
	}
	if got := d.Legend['='].Word(); got != 1|7<<2 {
		t.Errorf("legend '=' word: got 0x%04X, want 0x%04X (road 1, PackedDirt 7, scene 0)", got, 1|7<<2)
	}
	if got := d.Legend[','].Word(); got != 1<<2|1<<11 {
		t.Errorf("legend ',' word: got 0x%04X, want 0x%04X (Grassland 1, scene ordinal 1)", got, 1<<2|1<<11)
	}
}

// TestParserRejectsMalformedInput: each malformed description is rejected with
// a DescError naming the file, the line and the column of the fault.
func TestParserRejectsMalformedInput(t *testing.T) {
	mapRow := lineOf(t, "terrain.map", ".,,")
	orig := strings.Split(string(file("holtburg/terrain.map")), "\n")[mapRow-1]
	ambient := lineOf(t, "sound.txt", "meadow   Ambient2")
	legend := lineOf(t, "land.txt", "=     PackedDirt")
	cases := []struct {
		name      string
		file      string
		src       []byte
		line, col int
		msg       string
	}{
		{"unknown map character", "terrain.map", replaceLine("terrain.map", mapRow, orig[:7]+"Q"+orig[8:]), mapRow, 8, "unknown map character 'Q'"},
		{"short map row", "terrain.map", replaceLine("terrain.map", mapRow, orig[:30]), mapRow, 31, "30 characters, want 41"},
		{"long map row", "terrain.map", replaceLine("terrain.map", mapRow, orig+"."), mapRow, 42, "42 characters, want 41"},
		{"missing map row", "terrain.map", replaceLine("terrain.map", mapRow, ""), 45, 1, "40 rows, want 41"},
		{"height not a number", "heights.map", replaceLine("heights.map", 7, " 96  98  96  92  88  8x  80  76  66  74  80"), 7, 22, "want a decimal number"},
		{"height row short", "heights.map", replaceLine("heights.map", 7, " 96  98"), 7, 8, "2 numbers, want 11"},
		{"height out of table", "heights.map", replaceLine("heights.map", 7, " 96  98  96  92  88  800 80  76  66  74  80"), 7, 22, "outside 0..700"},
		{"bad volume", "sound.txt", replaceLine("sound.txt", ambient, "meadow   Ambient2   loud    0.3          4         12"), ambient, 21, "want a decimal number"},
		{"unknown SoundType", "sound.txt", replaceLine("sound.txt", ambient, "meadow   Ambient9   0.5     0.3          4         12"), ambient, 10, "want a SoundType name"},
		{"missing column", "sound.txt", replaceLine("sound.txt", ambient, "meadow   Ambient2   0.5     0.3          4"), ambient, 43, "want at least 6 columns"},
		{"unknown desc", "sound.txt", replaceLine("sound.txt", ambient, "medow    Ambient2   0.5     0.3          4         12"), ambient, 1, "unknown desc \"medow\""},
		{"road bits too wide", "land.txt", replaceLine("land.txt", legend, "=     PackedDirt           0  4  0"), legend, 31, "do not fit 2 bits"},
		{"unknown terrain name", "land.txt", replaceLine("land.txt", legend, "=     PackedDust           0  1  0"), legend, 7, "unknown terrain type \"PackedDust\""},
		{"unknown section", "land.txt", replaceLine("land.txt", legend, "[legends]"), legend, 1, "unknown section [legends]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := parseWith(c.file, c.src)
			var de *DescError
			if !errors.As(err, &de) {
				t.Fatalf("got %v, want a *DescError", err)
			}
			if de.File != c.file || de.Line != c.line || de.Col != c.col || !strings.Contains(de.Msg, c.msg) {
				t.Errorf("got %s:%d:%d %q, want %s:%d:%d containing %q", de.File, de.Line, de.Col, de.Msg, c.file, c.line, c.col, c.msg)
			}
			if want := c.file + ":"; !strings.Contains(err.Error(), want) {
				t.Errorf("error text %q does not name the file", err)
			}
		})
	}
}

func TestWaveParamsAreChecked(t *testing.T) {
	line := lineOf(t, "sound.txt", "bell       0x0A000031")
	for _, c := range []struct{ row, msg string }{
		{"bell 0x0A000031 bell len=4.5", "len 4.5 s outside (0, 4]"},
		{"bell 0x0A000031 bell size=3", "recipe bell has no parameter \"size\""},
		{"bell 0x0A000031 gong", "unknown recipe \"gong\""},
		{"bell 0x0A000031 bell f=-5", "f -5 outside [20, 8000]"},
		{"bell 0x0A000031 chirp n=100000", "n 100000 outside [1, 64]"},
		{"bell 0x0A000031 brook bubbles=-3", "bubbles -3 outside [1, 200]"},
		{"bell 0x0B000031 bell", "wave ids are 0x0Axxxxxx"},
	} {
		err := parseWith("sound.txt", replaceLine("sound.txt", line, c.row))
		var de *DescError
		if !errors.As(err, &de) || de.Line != line || !strings.Contains(de.Msg, c.msg) {
			t.Errorf("%q: got %v, want line %d containing %q", c.row, err, line, c.msg)
		}
	}
}

// TestEveryParameterHasARange: a recipe parameter without a range could hang
// or blow up synthesis.
func TestEveryParameterHasARange(t *testing.T) {
	for name, rc := range recipes {
		for k, def := range rc.params {
			lim, ok := paramRange[k]
			if !ok {
				t.Errorf("recipe %s parameter %s has no range", name, k)
			} else if def < lim[0] || def > lim[1] {
				t.Errorf("recipe %s parameter %s default %v outside [%v, %v]", name, k, def, lim[0], lim[1])
			}
		}
	}
	for k := range commonParams {
		if _, ok := paramRange[k]; !ok {
			t.Errorf("common parameter %s has no range", k)
		}
	}
}

func TestEveryRecipeIsBoundedAndDeterministic(t *testing.T) {
	for name := range recipes {
		ws := WaveSpec{Name: name, ID: 0x0A00FFFF, Recipe: name, Params: map[string]float64{"len": 4}}
		a, b := Synthesize(ws), Synthesize(ws)
		if !bytes.Equal(a.Data, b.Data) {
			t.Errorf("%s: two renders differ", name)
		}
		if got, want := len(a.Data), 2*4*SampleRate; got != want {
			t.Errorf("%s: %d bytes, want %d (4 s of 16-bit)", name, got, want)
		}
		silent := true
		for _, v := range a.Data {
			silent = silent && v == 0
		}
		if silent {
			t.Errorf("%s: renders silence", name)
		}
	}
}

// TestBedsLoopWithoutAClick: for continuous beds (loop recipes) the jump from
// the last sample back to the first is an ordinary step: at most twice the
// largest step among the 32 samples either side of the seam.
func TestBedsLoopWithoutAClick(t *testing.T) {
	d, _, err := Holtburg()
	if err != nil {
		t.Fatal(err)
	}
	for _, ws := range d.Waves {
		if !recipes[ws.Recipe].loop {
			continue
		}
		w := Synthesize(ws)
		s := func(i int) int { return int(int16(uint16(w.Data[2*i]) | uint16(w.Data[2*i+1])<<8)) }
		n := len(w.Data) / 2
		local := 0
		for i := 1; i < 32; i++ {
			local = max(local, abs(s(i)-s(i-1)), abs(s(n-i)-s(n-i-1)))
		}
		if seam := abs(s(0) - s(n-1)); seam > 2*local {
			t.Errorf("%s: loop seam step %d, want ≤ 2 × local step %d", ws.Name, seam, local)
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// TestRecipesAtTheirLimits: every recipe with every parameter at its lowest,
// then its highest allowed value renders finite samples of the asked length.
func TestRecipesAtTheirLimits(t *testing.T) {
	for name, rc := range recipes {
		for side := range 2 {
			p := map[string]float64{}
			for k := range rc.params {
				p[k] = paramRange[k][side]
			}
			n := int(MaxWaveSeconds * SampleRate)
			x := rc.make(p, newRNG(7), n)
			if len(x) != n {
				t.Errorf("%s at %v: %d samples, want %d", name, p, len(x), n)
			}
			for i, v := range x {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Errorf("%s at %v: sample %d is %v", name, p, i, v)
					break
				}
			}
		}
	}
}
