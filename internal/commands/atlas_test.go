package commands

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/atlas"
	"soundworld/dat"
)

func runAtlasTest(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(&Env{Ctx: context.Background(), Stdout: &out, Stderr: &errb}, append([]string{"atlas"}, args...))
	return out.String(), errb.String(), code
}

// TestAtlas_AgreesWithProbe: the atlas command's cells.csv value of a sample
// of stand-in cells — landblock corners and edges at the edge of the data,
// Holtburg's spawn cell, the pond — equals what `probe -at` at the cell's
// centre reports (current_volume of the bed, play_chance of the one-shot),
// printed to 8 significant digits.
func TestAtlas_AgreesWithProbe(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		sound, kind string
	}{{"0x20000001:Ambient1", "continuous"}, {"0x20000004:Ambient7", "intermittent"}} {
		csvPath := filepath.Join(dir, "cells.csv")
		if _, errs, code := runAtlasTest(t, "-sound", c.sound, "-csv", csvPath); code != 0 {
			t.Fatalf("atlas %s: exit %d: %s", c.sound, code, errs)
		}
		b, err := os.ReadFile(csvPath)
		if err != nil {
			t.Fatal(err)
		}
		rows := map[string]string{} // cell id → value
		for _, ln := range strings.Split(strings.TrimSpace(string(b)), "\n")[1:] {
			f := strings.Split(ln, ",")
			rows[f[1]] = f[4]
		}
		s, _ := atlas.ParseSound(c.sound)
		for _, cell := range []string{"0xA7B20001", "0xA7B20040", "0xA7B60008", "0xABB20039", "0xABB60040", "0xA9B40019", "0xA9B40001",
			"0xA9B40040", "0xAAB50020", "0xABB5001C", "0xA8B30011", "0xA9B2003A"} {
			var lb, n uint32
			fmt.Sscanf(cell, "0x%04X%04X", &lb, &n)
			cx, cy := (n-1)/8, (n-1)%8
			// The probe's default eye (2 m): the gather is centred on the feet (W5).
			out, err := runProbeTest("-at", fmt.Sprintf("0x%04X %d %d", lb, cx*24+12, cy*24+12), "-json")
			if err != nil {
				t.Fatal(err)
			}
			var p probeJSON
			if err := json.Unmarshal([]byte(out), &p); err != nil {
				t.Fatal(err)
			}
			want := float32(0)
			for _, ps := range p.Sounds {
				if ps.STBID == fmt.Sprintf("0x%08X", s.Table) && ps.SType == s.SType {
					want = max(want, map[bool]float32{true: ps.CurrentVolume, false: ps.PlayChance}[ps.Kind == "continuous"])
				}
			}
			if got := rows[cell]; got != atlas.FormatValue(want) {
				t.Errorf("%s %s: atlas %s, probe %s", c.sound, cell, got, atlas.FormatValue(want))
			}
		}
	}
}

// TestAtlas_Outputs: the PNG decodes at the expected size, the JSON is the
// summary with every landblock, the CSV has a row per cell; -region limits
// and reports missing landblocks.
func TestAtlas_Outputs(t *testing.T) {
	dir := t.TempDir()
	pngPath, jsonPath, csvPath := filepath.Join(dir, "a.png"), filepath.Join(dir, "a.json"), filepath.Join(dir, "c.csv")
	out, errs, code := runAtlasTest(t, "-loudest-bed", "-region", "0xA6B1..0xA8B3", "-o", pngPath, "-json", jsonPath, "-csv", csvPath)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "4 landblocks (5 missing in 0xA6B1..0xA8B3)") {
		t.Fatalf("summary line %q", out)
	}
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	// 3×3 landblocks = 24 cells of 16 px (capped) + margins and the legend.
	if b := img.Bounds(); b.Dx() != 24*16+2*12+300 {
		t.Fatalf("png %v", b)
	}
	var s atlas.Summary
	b, _ := os.ReadFile(jsonPath)
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if s.Present != 4 || s.Missing != 5 || len(s.Landblocks) != 4 || s.Kind != "loudest-bed" || len(s.Categories) == 0 {
		t.Fatalf("json %+v", s)
	}
	b, _ = os.ReadFile(csvPath)
	if lines := strings.Count(string(b), "\n"); lines != 1+4*64 || !strings.HasPrefix(string(b), "landblock,cell,x,y,value,sound\n") {
		t.Fatalf("csv: %d lines, starts %q", lines, string(b[:40]))
	}
}

// TestAtlas_Search prints the ranked list and writes every hit to the CSV.
func TestAtlas_Search(t *testing.T) {
	csvPath := filepath.Join(t.TempDir(), "hits.csv")
	out, errs, code := runAtlasTest(t, "-search", "Ambient7", "-top", "2", "-csv", csvPath)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[2], "1 ") || !strings.Contains(lines[2], "0x20000004:Ambient7") {
		t.Fatalf("search output:\n%s", out)
	}
	b, _ := os.ReadFile(csvPath)
	if n := strings.Count(string(b), "\n"); n < 3 {
		t.Fatalf("hits csv has %d lines", n)
	}
}

// TestAtlas_BadCommandLines: exit 2 with a message naming what is wrong, and
// no output file left behind.
func TestAtlas_BadCommandLines(t *testing.T) {
	dir := t.TempDir()
	o := filepath.Join(dir, "x.png")
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-o", o}, "exactly one of"},
		{[]string{"-desc", "1", "-loudest-bed", "-o", o}, "exactly one of"},
		{[]string{"-sound", "0x20000001", "-o", o}, "TABLE:STYPE"},
		{[]string{"-sound", "0x20000099:Ambient1", "-o", o}, "not in any ambient desc"},
		{[]string{"-desc", "99", "-o", o}, "ambient descs"},
		{[]string{"-desc", "1"}, "at least one output"},
		{[]string{"-desc", "1", "-o", filepath.Join(dir, "x.jpg")}, "PNG"},
		{[]string{"-desc", "1", "-o", o, "-region", "0x0101..0x0202"}, "no landblock"},
		{[]string{"-desc", "1", "-o", o, "-region", "0xA9B4..0xFFFF"}, "0x00..0xFE"},
		{[]string{"-desc", "1", "-o", filepath.Join(dir, "nope", "x.png")}, "does not exist"},
		{[]string{"-search", "0x12000001"}, "sound table"},
		{[]string{"-search", "Ambient7", "-o", o}, "-o and -json are for heatmaps"},
	} {
		_, errs, code := runAtlasTest(t, c.args...)
		if code != 2 || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errs, c.msg)
		}
		if _, err := os.Stat(o); err == nil {
			t.Fatalf("%v: left %s behind", c.args, o)
		}
	}
}

// Issue 23 item 1: an unreadable landblock record (4 bytes short) was a nil
// dereference inside atlas. Every selector and -search now finish, name the
// record as a data problem on stderr, and -strict makes that exit 2.
func TestAtlas_UnreadableLandblockIsAProblem(t *testing.T) {
	bad := dat.EncodeLandBlock(&dat.LandBlock{ID: 0xA9B4FFFF})[:248]
	dir := writeDats(t, bad)
	js := filepath.Join(t.TempDir(), "a.json")
	for _, sel := range [][]string{{"-loudest-bed", "-json", js}, {"-desc", "0", "-json", js}, {"-search", "0x20000042"}} {
		args := append([]string{"atlas", "-dat", dir}, sel...)
		code, _, errs := runOut(args...)
		if code != 0 || !strings.Contains(errs, "soundworld atlas: data problem: ") || !strings.Contains(errs, "0xA9B4FFFF") {
			t.Errorf("%v: exit %d, stderr %q; want 0 and the landblock named", sel, code, errs)
		}
		if code, _, errs := runOut(append(args, "-strict")...); code != 2 {
			t.Errorf("%v -strict: exit %d (stderr %q), want 2", sel, code, errs)
		}
	}
}
