package commands

import (
	"context"
	"errors"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"soundworld/atlas"
	"soundworld/internal/cli"
	"soundworld/internal/outputs"
	"soundworld/internal/progress"
	"soundworld/names"
)

const atlasUsage = `usage: soundworld atlas [-dat DIR] [-names FILE] (-sound TABLE:STYPE | -desc N | -loudest-bed) [-region LB..LB] [-o atlas.png] [-json atlas.json] [-csv cells.csv] [-strict]
       soundworld atlas [-dat DIR] [-names FILE] -search (TABLE | STYPE | TABLE:STYPE | WAVE) [-region LB..LB] [-top N] [-csv hits.csv] [-strict]
       soundworld atlas [-dat DIR] [-names FILE] -objects [-region LB..LB] [-top N] [-csv objects.csv] [-strict]

Maps what retail's ambient gather (A1-A7) gives a player standing at the
centre of every land cell, feet on the ground: a continuous sound's crossfade
volume, an intermittent sound's play chance, a desc's share of the weight, or
the loudest bed. -search lists the landblocks where a sound can play (A8),
ranked by its peak there, then the objects of the data that play it (E3).
-objects is the object sounds layer: every object whose Setup's default
animation or script carries a sound hook, where it stands and what it plays.`

// runAtlas is `soundworld atlas`: the command line checked, the data
// opened, the landblocks chosen, then one of its three modes.
func runAtlas(e *Env, args []string) error {
	c, err := parseAtlas(e, args)
	if err != nil {
		return err
	}
	arch, err := openArchive(c.datDir)
	if err != nil {
		return err
	}
	defer arch.Close()
	a, err := atlas.Open(arch)
	if err != nil {
		return dataErr(err)
	}
	user, err := cli.LoadNamesFile(c.namesFile)
	if err != nil {
		return err
	}
	r := &atlasRun{e: e, c: c, a: a, source: arch.Source, probs: newDataProblems("atlas"), names: names.New(arch, c.datDir == "", user)}
	a.Land().SetProblems(r.probs.ps)
	if err := r.chooseBlocks(); err != nil {
		return err
	}
	r.startProgress()
	defer func() { r.bar.Finish(r.ok) }()
	switch c.mode {
	case "objects":
		return r.objects()
	case "search":
		return r.search()
	}
	return r.heatmap()
}

// atlasArgs is the atlas command line, checked before the data is opened.
type atlasArgs struct {
	datDir, out, jsonOut, csvOut string
	namesFile                    string // -names: the user's names file ("" none)
	top                          int
	strict                       bool
	mode                         string // "heatmap", "search" or "objects"
	sel                          atlas.Selector
	query                        atlas.Query
	rect                         *atlas.Rect // -region; nil: every landblock of the cell dat
}

// parseAtlas reads and checks the flags: exactly one mode, outputs that fit
// it, a region on the grid, every output placed where it may be written.
func parseAtlas(e *Env, args []string) (*atlasArgs, error) {
	fs := e.Flags("atlas", atlasUsage)
	c := &atlasArgs{}
	fs.StringVar(&c.datDir, "dat", "", datHelp)
	fs.StringVar(&c.namesFile, "names", "", cli.NamesFlagHelp)
	sound := fs.String("sound", "", "one ambient sound: sound table and SoundType, e.g. 0x20000001:Ambient1")
	desc := fs.Int("desc", -1, "one ambient STB desc: its index in the region's SoundInfo")
	loudest := fs.Bool("loudest-bed", false, "which continuous sound is loudest in each cell")
	objects := fs.Bool("objects", false, "the object sounds layer: every sounding object of the data (E3)")
	search := fs.String("search", "", "where a sound can play: a sound table (0x20…), a SoundType (Ambient7), one table's SoundType (0x20000004:Ambient7) or a wave (0x0A…)")
	region := fs.String("region", "", "landblocks to map, south-west..north-east, e.g. 0xA7B2..0xABB6 (default: all in the cell dat)")
	fs.StringVar(&c.out, "o", "", "heatmap PNG")
	fs.StringVar(&c.jsonOut, "json", "", "numbers as JSON (summary and every landblock's values)")
	fs.StringVar(&c.csvOut, "csv", "", "cells CSV (landblock,cell,x,y,value); with -search, the ranked hits")
	fs.IntVar(&c.top, "top", 20, "with -search: rows printed (the CSV has them all)")
	fs.BoolVar(&c.strict, "strict", false, "any data problem (damaged or missing record) is exit 2, no output written")
	if err := fs.ParseNoArgs(args); err != nil {
		return nil, err
	}
	given := fs.Given()
	modes := 0
	for _, m := range []string{"sound", "desc", "loudest-bed", "search", "objects"} {
		if given[m] {
			modes++
		}
	}
	if modes != 1 {
		return nil, fs.Bad("give exactly one of -sound, -desc, -loudest-bed, -search, -objects")
	}
	if err := c.pickMode(fs, given, *sound, *desc, *loudest, *objects, *search); err != nil {
		return nil, err
	}
	if err := c.checkOutputs(fs, given); err != nil {
		return nil, err
	}
	if *region != "" {
		r, err := atlas.ParseRect(*region)
		if err != nil {
			return nil, userErr(fmt.Errorf("-region: %w", err))
		}
		if r.X1 > 0xFE || r.Y1 > 0xFE {
			return nil, userErr(fmt.Errorf("-region %s: landblocks run 0x00..0xFE on each axis", *region))
		}
		c.rect = &r
	}
	plan := outputs.Plan{DatDir: c.datDir}
	plan.Output("-o", c.out)
	plan.Output("-json", c.jsonOut)
	plan.Output("-csv", c.csvOut)
	if err := plan.Check(); err != nil {
		return nil, userErr(err)
	}
	return c, nil
}

// pickMode sets the mode and what it maps or looks for from the one mode
// flag given.
func (c *atlasArgs) pickMode(fs *Flags, given map[string]bool, sound string, desc int, loudest, objects bool, search string) error {
	c.mode = "heatmap"
	switch {
	case given["sound"]:
		s, err := atlas.ParseSound(sound)
		if err != nil {
			return userErr(err)
		}
		c.sel = atlas.Selector{Kind: atlas.BySound, Table: s.Table, SType: s.SType}
	case given["desc"]:
		if desc < 0 {
			return userErr(fmt.Errorf("-desc %d: want a desc index ≥ 0", desc))
		}
		c.sel = atlas.Selector{Kind: atlas.ByDesc, Desc: desc}
	case loudest:
		c.sel = atlas.Selector{Kind: atlas.LoudestBed}
	case given["loudest-bed"]:
		return fs.Bad("-loudest-bed=false: give a mode")
	case given["objects"]:
		if !objects {
			return fs.Bad("-objects=false: give a mode")
		}
		c.mode = "objects"
	default:
		q, err := atlas.ParseQuery(search)
		if err != nil {
			return userErr(err)
		}
		c.mode, c.query = "search", q
		if c.out != "" || c.jsonOut != "" {
			return fs.Bad("-search writes a list (stdout, -csv); -o and -json are for heatmaps")
		}
		if c.top < 0 {
			return userErr(fmt.Errorf("-top %d: want ≥ 0", c.top))
		}
	}
	return nil
}

// checkOutputs refuses outputs the mode does not write and a heatmap with
// none.
func (c *atlasArgs) checkOutputs(fs *Flags, given map[string]bool) error {
	if given["objects"] && (c.out != "" || c.jsonOut != "") {
		return fs.Bad("-objects writes a list (stdout, -csv); -o and -json are for heatmaps")
	}
	if !given["search"] && !given["objects"] && c.out == "" && c.jsonOut == "" && c.csvOut == "" {
		return fs.Bad("give at least one output: -o atlas.png, -json atlas.json or -csv cells.csv")
	}
	if c.out != "" && !strings.EqualFold(filepath.Ext(c.out), ".png") {
		return userErr(fmt.Errorf("-o %s: the heatmap is a PNG; name it .png", c.out))
	}
	return nil
}

// atlasRun is one atlas run over opened data.
type atlasRun struct {
	e      *Env
	c      *atlasArgs
	a      *atlas.Atlas
	source string // the data's name
	probs  *dataProblems
	names  *names.Book // the objects' and sounds' names (package names)

	lbs     []uint16   // the landblocks mapped
	rc      atlas.Rect // their bounds (or -region)
	missing int        // landblocks of rc not in the cell dat
	bar     *progress.Bar
	ok      bool // the computation finished (the bar ends as done)
}

// chooseBlocks picks the landblocks: -region's that the cell dat holds, or
// all of them.
func (r *atlasRun) chooseBlocks() error {
	r.rc = atlas.BoundsOf(r.a.Landblocks())
	if r.c.rect != nil {
		r.rc = *r.c.rect
		for _, lb := range r.rc.Blocks() {
			if r.a.Present(lb) {
				r.lbs = append(r.lbs, lb)
			} else {
				r.missing++
			}
		}
		if len(r.lbs) == 0 {
			r.probs.report(r.e.Stderr, false) // a damaged directory may be why
			return userErr(fmt.Errorf("-region %s: no landblock of it is in the cell dat", r.rc))
		}
		return nil
	}
	r.lbs = r.a.Landblocks()
	if len(r.lbs) == 0 {
		r.probs.report(r.e.Stderr, false) // a damaged directory may be why
		return userErr(fmt.Errorf("%s: the cell dat holds no landblocks", r.source))
	}
	r.missing = len(r.rc.Blocks()) - len(r.lbs)
	return nil
}

// startProgress shows a bar for 2000 landblocks or more; data problems are
// printed above it as they come.
func (r *atlasRun) startProgress() {
	if len(r.lbs) >= 2000 {
		r.bar = progress.New(r.e.Stderr, progress.Options{Label: "atlas", Total: int64(len(r.lbs)), Unit: "landblocks"})
	}
	r.probs.live(func(line string) {
		if r.bar != nil {
			r.bar.Println(line)
		} else {
			fmt.Fprintln(r.e.Stderr, line)
		}
	})
}

// progress is the computations' progress callback.
func (r *atlasRun) progress(done, total int) { r.bar.Set(int64(done)) }

// computed ends the bar as done and reports the data problems met (-strict:
// any is exit 2, before an output is written).
func (r *atlasRun) computed() error {
	r.ok = true
	r.bar.Finish(true)
	return r.probs.report(r.e.Stderr, r.c.strict)
}

// objects is -objects: every sounding object of the landblocks (E3).
func (r *atlasRun) objects() error {
	objs, err := r.a.Objects(r.e.Ctx, r.lbs, nil, r.progress)
	if err != nil {
		return atlasErr(err)
	}
	if err := r.computed(); err != nil {
		return err
	}
	return writeObjects(r.e.Stdout, r.names, "object sounds", objs, r.c.top, r.c.csvOut)
}

// search is -search: the landblocks where the sound can play (A8), ranked,
// then the objects of the data that play it (E3).
func (r *atlasRun) search() error {
	q, e := r.c.query, r.e
	hits, serr := r.a.Search(e.Ctx, q, r.lbs, r.progress)
	if serr != nil && !errors.Is(serr, atlas.ErrNoSound) {
		return atlasErr(serr)
	}
	objs, err := r.a.Objects(e.Ctx, r.lbs, &q, nil) // E3: objects that play it
	if err != nil {
		return atlasErr(err)
	}
	if serr != nil && len(objs) == 0 {
		return atlasErr(serr) // neither an ambient sound nor an object plays it
	}
	if err := r.computed(); err != nil {
		return err
	}
	if serr != nil {
		fmt.Fprintf(e.Stdout, "%s: not in any ambient desc of the region\n", q)
	} else {
		if r.c.csvOut != "" {
			if err := outputs.WriteFile(r.c.csvOut, func(f *os.File) error { return atlas.WriteHitsCSV(f, hits) }); err != nil {
				return err
			}
		}
		if err := printHits(e.Stdout, r.names, q, hits, r.c.top, r.c.csvOut); err != nil {
			return err
		}
	}
	if len(objs) == 0 {
		return nil // no object of the data plays it: the ambient table says all
	}
	return writeObjects(e.Stdout, r.names, fmt.Sprintf("%s: objects of the data", q), objs, r.c.top, "")
}

// heatmap is -sound, -desc or -loudest-bed: every land cell's value, written
// as the PNG, JSON and CSV asked for, and a summary line.
func (r *atlasRun) heatmap() error {
	c, e := r.c, r.e
	res, err := r.a.Compute(e.Ctx, atlas.Request{Sel: c.sel, Blocks: r.lbs, Progress: r.progress})
	if err != nil {
		return atlasErr(err)
	}
	if err := r.computed(); err != nil {
		return err
	}
	sum := atlas.Summarise(res, r.rc, r.source, r.missing)
	if err := r.writeHeatmap(res, sum); err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "%s: %d landblocks (%d missing in %s), %d cells, %d where it plays, max %s",
		title(c.sel, res.Kind), sum.Present, sum.Missing, r.rc, sum.Cells, sum.Playing, atlas.FormatValue(float32(sum.Max)))
	if sum.MaxAt != nil && sum.Max > 0 {
		fmt.Fprintf(e.Stdout, " at %s (%s)", sum.MaxAt.Cell, sum.MaxAt.Map)
	}
	fmt.Fprintln(e.Stdout)
	return nil
}

// writeHeatmap commits the outputs together (outputs.Group): all written to
// their temp files first, renamed only when all are complete and no signal
// came; otherwise every earlier file stays as it was.
func (r *atlasRun) writeHeatmap(res *atlas.Result, sum *atlas.Summary) error {
	c := r.c
	outs := outputs.NewGroup(r.e.Ctx)
	defer outs.Abort()
	if c.out != "" {
		img := atlas.Draw(res, r.rc, atlas.Picture{
			Title:   title(c.sel, res.Kind),
			Source:  fmt.Sprintf("%s, landblocks %s; player at each cell centre, feet on the ground", r.source, r.rc),
			Present: r.a.Present,
		})
		enc := png.Encoder{CompressionLevel: png.BestSpeed} // a whole world is ~5 Mpx
		if err := outs.Write(c.out, func(f *os.File) error { return enc.Encode(f, img) }); err != nil {
			return err
		}
	}
	if c.jsonOut != "" {
		if err := outs.Write(c.jsonOut, func(f *os.File) error { return atlas.WriteJSON(f, sum) }); err != nil {
			return err
		}
	}
	if c.csvOut != "" {
		if err := outs.Write(c.csvOut, func(f *os.File) error { return atlas.WriteCSV(f, res) }); err != nil {
			return err
		}
	}
	return outs.Commit()
}

// title is the picture's first line: "sound 0x20000004:Ambient7: play chance (A7)".
func title(sel atlas.Selector, k atlas.Kind) string {
	if sel.Kind == atlas.LoudestBed {
		return k.Label()
	}
	return fmt.Sprintf("%s: %s", sel, k.Label())
}

// atlasErr makes a selector naming nothing in the data the user's error.
func atlasErr(err error) error {
	if errors.Is(err, atlas.ErrNoSound) || errors.Is(err, atlas.ErrSelector) {
		return userErr(err)
	}
	if errors.Is(err, context.Canceled) {
		return outputs.ErrInterrupted
	}
	return dataErr(err)
}

// printHits prints the top search hits as a table, each sound by its name
// (package names) beside its table and SoundType.
func printHits(w io.Writer, nb *names.Book, q atlas.Query, hits []atlas.Hit, top int, csvPath string) error {
	fmt.Fprintf(w, "%s: plays in %d landblock/sound pairs", q, len(hits))
	if csvPath != "" {
		fmt.Fprintf(w, " (all in %s)", csvPath)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "rank\tlandblock\tname\tsound\tkind\tpeak\tcells\tpeak cell\tmap")
	for i, h := range hits[:min(top, len(hits))] {
		fmt.Fprintf(tw, "%d\t0x%04X\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", i+1, h.Landblock, nb.Sound(h.Sound.SType, h.Sound.Table, 0), h.Sound, h.Kind, atlas.FormatValue(h.Peak), h.Cells, h.Cell.Cell, h.Cell.Map)
	}
	return tw.Flush()
}
