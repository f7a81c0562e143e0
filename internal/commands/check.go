package commands

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"soundworld/dat"
	"soundworld/internal/datcheck"
	"soundworld/internal/progress"
)

const checkUsage = `usage: soundworld check [-dat DIR] [-json] [-workers N]

Reads every record of client_portal.dat and client_cell_1.dat (directory,
block chains, every LandBlock, LandBlockInfo, Region, SoundTable, Wave decoded,
Setup) and cross-checks their references, then prints a summary and every
problem (file, record, byte offset, what). Exit 0 when clean, 2 when anything
is wrong. Without -dat it checks the built-in stand-in.
`

// runCheck is `soundworld check`, over internal/datcheck.
func runCheck(e *Env, args []string) error {
	fs := e.Flags("check", checkUsage)
	datDir := fs.String("dat", "", datHelp)
	asJSON := fs.Bool("json", false, "print the summary as JSON (problems included) instead of text")
	workers := fs.Int("workers", 0, "parallel readers (default: the number of CPUs)")
	if err := fs.ParseNoArgs(args); err != nil {
		return err
	}
	if *workers < 0 || *workers > 256 {
		return fs.Bad("-workers %d: want 1..256 (or 0 for the number of CPUs)", *workers)
	}
	var bar *progress.Bar
	opt := datcheck.Options{Workers: *workers, Problems: &dat.Problems{}}
	opt.Progress = func(p datcheck.Progress) {
		if bar == nil && p.TotalBytes > 0 {
			bar = progress.New(e.Stderr, progress.Options{Label: "check", Total: p.TotalBytes, Unit: "bytes"})
		}
		bar.Set(p.Bytes)
	}
	var sum *datcheck.Summary
	if *datDir == "" {
		a, err := openArchive("")
		if err != nil {
			return err
		}
		defer a.Close()
		sum = datcheck.Check(a, opt)
	} else {
		var err error
		if sum, err = datcheck.CheckDir(*datDir, opt); err != nil {
			bar.Finish(false)
			return userErr(err)
		}
	}
	bar.Finish(true)
	if *asJSON {
		b, err := json.Marshal(sum)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(e.Stdout, "%s\n", b); err != nil {
			return err
		}
	} else if err := printCheck(e.Stdout, sum); err != nil {
		return err
	}
	if !sum.OK() {
		return exitStatus(2) // the problems are printed; exit 2 without another line
	}
	return nil
}

// printCheck writes the text summary: the files, the records by type, the
// time, then every problem, one per line.
func printCheck(w io.Writer, s *datcheck.Summary) error {
	for _, f := range s.Files {
		fmt.Fprintf(w, "%-18s %-6s %8.1f MB  %7d records  block %d  iteration %d\n",
			f.Name, f.Role, float64(f.Size)/1e6, f.Entries, f.BlockSize, f.Iteration)
	}
	types := make([]string, 0, len(s.Counts))
	for t := range s.Counts {
		types = append(types, t)
	}
	slices.Sort(types)
	parts := make([]string, 0, len(types))
	for _, t := range types {
		parts = append(parts, fmt.Sprintf("%s %d", t, s.Counts[t]))
	}
	fmt.Fprintf(w, "read %d records (%s)\n", s.Records, strings.Join(parts, ", "))
	fmt.Fprintf(w, "in %.2f s, %.0f MB/s, %d workers\n", s.Duration.Seconds(), s.MBPerSec(), s.Workers)
	printCompressed(w, s.Compressed)
	if o := s.Objects; o != nil { // E3
		fmt.Fprintf(w, "objects: %d animations, %d scripts, %d sound hooks; %d setups sound; scenery: %d setups in %d scenes, %d of them sound\n",
			o.Animations, o.Scripts, o.SoundHooks, o.SoundingSetups, o.SceneSetups, o.Scenes, o.SoundingScenery)
		fmt.Fprintf(w, "motion tables: %d read; %d placed statics and %d scenery setups have one and a default animation or script (with a default animation they play its default cycle, E3)\n",
			o.MotionTables, o.PlacedWithMotion, o.SceneryWithMotion)
	}
	if len(s.Notes) > 0 { // facts, not problems (E3 [D4]: objects never created)
		fmt.Fprintf(w, "%d note(s):\n", len(s.Notes))
		for _, n := range s.Notes {
			fmt.Fprintf(w, "  %s\n", n)
		}
	}
	if s.OK() {
		_, err := fmt.Fprintln(w, "no problems found")
		return err
	}
	plural := "s"
	if len(s.Problems) == 1 {
		plural = ""
	}
	fmt.Fprintf(w, "%d problem%s:\n", len(s.Problems), plural)
	for _, p := range s.Problems {
		fmt.Fprintf(w, "  [%s] %s\n", p.Kind, p.String())
	}
	return nil
}

// printCompressed lists the compressed waves by (tag, rate, channels) and
// names the formats retail must convert (O1).
func printCompressed(w io.Writer, cs []datcheck.CompressedFormat) {
	if len(cs) == 0 {
		return
	}
	total := 0
	for _, c := range cs {
		total += c.Waves
	}
	fmt.Fprintf(w, "compressed waves (O1: played as 16-bit mono 11025 Hz): %d\n", total)
	for _, c := range cs {
		note := "already 11025 Hz mono"
		if c.Converted {
			note = "not 11025 Hz mono: retail converts these with ACM in one step, or plays them silent"
		}
		fmt.Fprintf(w, "  tag 0x%04X %6d Hz %d ch: %5d waves — %s\n", c.Tag, c.Rate, c.Channels, c.Waves, note)
	}
}
