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
	"soundworld/internal/outputs"
	"soundworld/internal/progress"
)

const atlasUsage = `usage: soundworld atlas [-dat DIR] (-sound TABLE:STYPE | -desc N | -loudest-bed) [-region LB..LB] [-o atlas.png] [-json atlas.json] [-csv cells.csv] [-strict]
       soundworld atlas [-dat DIR] -search (TABLE | STYPE | WAVE) [-region LB..LB] [-top N] [-csv hits.csv] [-strict]
       soundworld atlas [-dat DIR] -objects [-region LB..LB] [-top N] [-csv objects.csv] [-strict]

Maps what retail's ambient gather (A1-A7) gives a player standing at the
centre of every land cell, feet on the ground: a continuous sound's crossfade
volume, an intermittent sound's play chance, a desc's share of the weight, or
the loudest bed. -search lists the landblocks where a sound can play (A8),
ranked by its peak there, then the objects of the data that play it (E3).
-objects is the object sounds layer: every object whose Setup's default
animation or script carries a sound hook, where it stands and what it plays.`

// runAtlas is `soundworld atlas`.
func runAtlas(e *Env, args []string) error {
	fs := e.Flags("atlas", atlasUsage)
	datDir := fs.String("dat", "", datHelp)
	sound := fs.String("sound", "", "one ambient sound: sound table and SoundType, e.g. 0x20000001:Ambient1")
	desc := fs.Int("desc", -1, "one ambient STB desc: its index in the region's SoundInfo")
	loudest := fs.Bool("loudest-bed", false, "which continuous sound is loudest in each cell")
	objects := fs.Bool("objects", false, "the object sounds layer: every sounding object of the data (E3)")
	search := fs.String("search", "", "where a sound can play: a sound table (0x20…), a SoundType (Ambient7) or a wave (0x0A…)")
	region := fs.String("region", "", "landblocks to map, south-west..north-east, e.g. 0xA7B2..0xABB6 (default: all in the cell dat)")
	out := fs.String("o", "", "heatmap PNG")
	jsonOut := fs.String("json", "", "numbers as JSON (summary and every landblock's values)")
	csvOut := fs.String("csv", "", "cells CSV (landblock,cell,x,y,value); with -search, the ranked hits")
	top := fs.Int("top", 20, "with -search: rows printed (the CSV has them all)")
	strict := fs.Bool("strict", false, "any data problem (damaged or missing record) is exit 2, no output written")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := fs.NoArgs(); err != nil {
		return err
	}
	given := fs.Given()
	modes := 0
	for _, m := range []string{"sound", "desc", "loudest-bed", "search", "objects"} {
		if given[m] {
			modes++
		}
	}
	if modes != 1 {
		return fs.Bad("give exactly one of -sound, -desc, -loudest-bed, -search, -objects")
	}
	var sel atlas.Selector
	var query atlas.Query
	var err error
	switch {
	case given["sound"]:
		s, err := atlas.ParseSound(*sound)
		if err != nil {
			return userErr(err)
		}
		sel = atlas.Selector{Kind: atlas.BySound, Table: s.Table, SType: s.SType}
	case given["desc"]:
		if *desc < 0 {
			return userErr(fmt.Errorf("-desc %d: want a desc index ≥ 0", *desc))
		}
		sel = atlas.Selector{Kind: atlas.ByDesc, Desc: *desc}
	case *loudest:
		sel = atlas.Selector{Kind: atlas.LoudestBed}
	case given["loudest-bed"]:
		return fs.Bad("-loudest-bed=false: give a mode")
	case given["objects"]:
		if !*objects {
			return fs.Bad("-objects=false: give a mode")
		}
	default:
		if query, err = atlas.ParseQuery(*search); err != nil {
			return userErr(err)
		}
		if *out != "" || *jsonOut != "" {
			return fs.Bad("-search writes a list (stdout, -csv); -o and -json are for heatmaps")
		}
		if *top < 0 {
			return userErr(fmt.Errorf("-top %d: want ≥ 0", *top))
		}
	}
	if given["objects"] && (*out != "" || *jsonOut != "") {
		return fs.Bad("-objects writes a list (stdout, -csv); -o and -json are for heatmaps")
	}
	if !given["search"] && !given["objects"] && *out == "" && *jsonOut == "" && *csvOut == "" {
		return fs.Bad("give at least one output: -o atlas.png, -json atlas.json or -csv cells.csv")
	}
	if *out != "" && !strings.EqualFold(filepath.Ext(*out), ".png") {
		return userErr(fmt.Errorf("-o %s: the heatmap is a PNG; name it .png", *out))
	}
	var rect *atlas.Rect
	if *region != "" {
		r, err := atlas.ParseRect(*region)
		if err != nil {
			return userErr(fmt.Errorf("-region: %w", err))
		}
		if r.X1 > 0xFE || r.Y1 > 0xFE {
			return userErr(fmt.Errorf("-region %s: landblocks run 0x00..0xFE on each axis", *region))
		}
		rect = &r
	}
	plan := outputs.Plan{DatDir: *datDir}
	plan.Output("-o", *out)
	plan.Output("-json", *jsonOut)
	plan.Output("-csv", *csvOut)
	if err := plan.Check(); err != nil {
		return userErr(err)
	}

	arch, err := openArchive(*datDir)
	if err != nil {
		return err
	}
	defer arch.Close()
	a, err := atlas.Open(arch)
	if err != nil {
		return dataErr(err)
	}
	probs := newDataProblems("atlas")
	a.Land().SetProblems(probs.ps)
	var lbs []uint16
	rc := atlas.BoundsOf(a.Landblocks())
	missing := 0
	if rect != nil {
		rc = *rect
		for _, lb := range rc.Blocks() {
			if a.Present(lb) {
				lbs = append(lbs, lb)
			} else {
				missing++
			}
		}
		if len(lbs) == 0 {
			probs.report(e.Stderr, false) // a damaged directory may be why
			return userErr(fmt.Errorf("-region %s: no landblock of it is in the cell dat", rc))
		}
	} else {
		lbs = a.Landblocks()
		if len(lbs) == 0 {
			probs.report(e.Stderr, false) // a damaged directory may be why
			return userErr(fmt.Errorf("%s: the cell dat holds no landblocks", arch.Source))
		}
		missing = len(rc.Blocks()) - len(lbs)
	}
	var bar *progress.Bar
	if len(lbs) >= 2000 {
		bar = progress.New(e.Stderr, progress.Options{Label: "atlas", Total: int64(len(lbs)), Unit: "landblocks"})
	}
	probs.live(func(line string) {
		if bar != nil {
			bar.Println(line)
		} else {
			fmt.Fprintln(e.Stderr, line)
		}
	})
	prog := func(done, total int) { bar.Set(int64(done)) }
	ok := false
	defer func() { bar.Finish(ok) }()

	if given["objects"] {
		objs, err := a.Objects(e.Ctx, lbs, nil, prog)
		if err != nil {
			return atlasErr(err)
		}
		ok = true
		bar.Finish(true)
		if err := probs.report(e.Stderr, *strict); err != nil {
			return err
		}
		return writeObjects(e.Stdout, "object sounds", objs, *top, *csvOut)
	}
	if given["search"] {
		hits, serr := a.Search(e.Ctx, query, lbs, prog)
		if serr != nil && !errors.Is(serr, atlas.ErrNoSound) {
			return atlasErr(serr)
		}
		objs, err := a.Objects(e.Ctx, lbs, &query, nil) // E3: objects that play it
		if err != nil {
			return atlasErr(err)
		}
		if serr != nil && len(objs) == 0 {
			return atlasErr(serr) // neither an ambient sound nor an object plays it
		}
		ok = true
		bar.Finish(true)
		if err := probs.report(e.Stderr, *strict); err != nil {
			return err
		}
		if serr != nil {
			fmt.Fprintf(e.Stdout, "%s: not in any ambient desc of the region\n", query)
		} else {
			if *csvOut != "" {
				if err := outputs.WriteFile(*csvOut, func(f *os.File) error { return atlas.WriteHitsCSV(f, hits) }); err != nil {
					return err
				}
			}
			if err := printHits(e.Stdout, query, hits, *top, *csvOut); err != nil {
				return err
			}
		}
		if len(objs) == 0 {
			return nil // no object of the data plays it: the ambient table says all
		}
		return writeObjects(e.Stdout, fmt.Sprintf("%s: objects of the data", query), objs, *top, "")
	}

	r, err := a.Compute(e.Ctx, atlas.Request{Sel: sel, Blocks: lbs, Progress: prog})
	if err != nil {
		return atlasErr(err)
	}
	ok = true
	bar.Finish(true)
	if err := probs.report(e.Stderr, *strict); err != nil {
		return err
	}
	sum := atlas.Summarise(r, rc, arch.Source, missing)
	// The outputs are committed together (outputs.Group): all written to
	// their temp files first, renamed only when all are complete and no
	// signal came; otherwise every earlier file stays as it was.
	outs := outputs.NewGroup(e.Ctx)
	defer outs.Abort()
	if *out != "" {
		img := atlas.Draw(r, rc, atlas.Picture{
			Title:   title(sel, r.Kind),
			Source:  fmt.Sprintf("%s, landblocks %s; player at each cell centre, feet on the ground", arch.Source, rc),
			Present: a.Present,
		})
		enc := png.Encoder{CompressionLevel: png.BestSpeed} // a whole world is ~5 Mpx
		if err := outs.Write(*out, func(f *os.File) error { return enc.Encode(f, img) }); err != nil {
			return err
		}
	}
	if *jsonOut != "" {
		if err := outs.Write(*jsonOut, func(f *os.File) error { return atlas.WriteJSON(f, sum) }); err != nil {
			return err
		}
	}
	if *csvOut != "" {
		if err := outs.Write(*csvOut, func(f *os.File) error { return atlas.WriteCSV(f, r) }); err != nil {
			return err
		}
	}
	if err := outs.Commit(); err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "%s: %d landblocks (%d missing in %s), %d cells, %d where it plays, max %s",
		title(sel, r.Kind), sum.Present, sum.Missing, rc, sum.Cells, sum.Playing, atlas.FormatValue(float32(sum.Max)))
	if sum.MaxAt != nil && sum.Max > 0 {
		fmt.Fprintf(e.Stdout, " at %s (%s)", sum.MaxAt.Cell, sum.MaxAt.Map)
	}
	fmt.Fprintln(e.Stdout)
	return nil
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

// printHits prints the top search hits as a table.
func printHits(w io.Writer, q atlas.Query, hits []atlas.Hit, top int, csvPath string) error {
	fmt.Fprintf(w, "%s: plays in %d landblock/sound pairs", q, len(hits))
	if csvPath != "" {
		fmt.Fprintf(w, " (all in %s)", csvPath)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "rank\tlandblock\tsound\tkind\tpeak\tcells\tpeak cell\tmap")
	for i, h := range hits[:min(top, len(hits))] {
		fmt.Fprintf(tw, "%d\t0x%04X\t%s\t%s\t%s\t%d\t%s\t%s\n", i+1, h.Landblock, h.Sound, h.Kind, atlas.FormatValue(h.Peak), h.Cells, h.Cell.Cell, h.Cell.Map)
	}
	return tw.Flush()
}
