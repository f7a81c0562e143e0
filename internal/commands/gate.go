package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"soundworld/gate"
	"soundworld/internal/cli"
	"soundworld/internal/outputs"
	"soundworld/internal/progress"
)

const gateUsage = `usage: soundworld gate GATE.gate.json [-seeds K] [-objects=false] [-names FILE] [-o DIR] [-strict]

Renders K seeds of the gate's spot, measures them and the gate's retail
recording with the same code, and gives each metric a verdict. Writes
DIR/report.html and DIR/report.json (default DIR: NAME-report beside the gate
file) and appends a line to the gate's history. Data problems (damaged, missing or
out-of-range records) are printed, listed in the report and bannered on it.
Exit 0: every metric passes; 3: one or more fail; 2: a usage or user error,
or with -strict any data problem (then nothing is written).`

// gateFailed is the exit code when the gate ran and a metric failed.
const gateFailed = 3

// runGate runs a listening gate.
func runGate(e *Env, args []string) error {
	fs := e.Flags("gate", gateUsage)
	seeds := fs.Int("seeds", 20, "number of our seeds (renders) to compare with the recording, 2..1000")
	out := fs.String("o", "", "report folder (default: NAME-report beside the gate file)")
	objects := fs.Bool("objects", true, "play the data's own objects (E3); -objects=false leaves them out and the report says so")
	strict := fs.Bool("strict", false, "any data problem (damaged, missing or out-of-range record) is exit 2, no report or history written")
	namesFile := fs.String("names", "", cli.NamesFlagHelp)
	// The gate file may come before or after the flags.
	var file string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		file, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if file == "" && fs.NArg() == 1 {
		file = fs.Arg(0)
	} else if fs.NArg() > 0 {
		return fs.Bad("one gate file, then flags")
	}
	if file == "" {
		return fs.Bad("give the gate file: soundworld gate NAME.gate.json")
	}
	if *seeds < 2 || *seeds > 1000 {
		return fs.Bad("-seeds %d: want 2..1000", *seeds)
	}
	g, err := gate.Load(file)
	if err != nil {
		return userErr(err)
	}
	user, err := cli.LoadNamesFile(*namesFile)
	if err != nil {
		return err
	}
	dir, err := checkGateOutputs(g, file, *out)
	if err != nil {
		return err
	}
	bar := progress.New(e.Stderr, progress.Options{Label: "gate", Total: int64(*seeds), Unit: "seeds"})
	probs := newDataProblems("gate")
	probs.live(bar.Println)
	res, err := gate.Run(g, gate.Options{Seeds: *seeds, NoObjects: !*objects, Ctx: e.Ctx, OnSeed: func(done, _ int) { bar.Set(int64(done)) }, Problems: probs.ps, Inputs: cli.Files{}, Names: user})
	bar.Finish(err == nil)
	var in gate.InputError
	switch {
	case e.Ctx != nil && e.Ctx.Err() != nil:
		return outputs.ErrInterrupted
	case errors.As(err, &in):
		return userErr(err)
	case err != nil:
		return dataErr(err)
	}
	if err := probs.report(e.Stderr, *strict); err != nil {
		return err
	}
	return reportGate(e, res, dir, file)
}

// checkGateOutputs checks the outputs before the seeds are rendered: the
// report folder (out, or NAME-report beside the gate file) and the gate
// file itself (its history is appended) not inside the gate's dat folder,
// the report folder not a file, and the history appendable now, not only
// after every seed. It returns the report folder.
func checkGateOutputs(g *gate.File, file, out string) (string, error) {
	dir := out
	if dir == "" {
		dir = filepath.Join(filepath.Dir(file), strings.TrimSuffix(filepath.Base(file), ".gate.json")+"-report")
	}
	plan := outputs.Plan{DatDir: g.DatFolder()}
	plan.OutputDir("-o", dir)
	if err := plan.Check(); err != nil {
		return "", userErr(err)
	}
	if err := outputs.CheckPath("gate file (its history is appended)", file, g.DatFolder()); err != nil {
		return "", userErr(err)
	}
	if _, err := gate.WithHistory(file, gate.History{}); err != nil {
		return "", userErr(fmt.Errorf("history: %w", err))
	}
	return dir, nil
}

// reportGate writes the report and the history line, prints the verdicts and
// exits 3 when a metric failed.
func reportGate(e *Env, res *gate.Result, dir, file string) error {
	report := filepath.Join(dir, "report.html")
	rel, err := filepath.Rel(filepath.Dir(file), report)
	if err != nil {
		rel = report
	}
	h := gate.History{Time: res.Time, Seeds: len(res.Seeds), Pass: res.Pass, Failed: res.Failed, Report: filepath.ToSlash(rel)}
	js, err := gate.MarshalResult(res)
	if err != nil {
		return err
	}
	page, err := gate.RenderHTML(res)
	if err != nil {
		return err
	}
	if err := writeGateOutputs(e.Ctx, dir, file, js, page, h); err != nil {
		return err
	}
	printVerdicts(e.Stdout, res, report)
	if !res.Pass {
		return exitStatus(gateFailed)
	}
	return nil
}

// writeGateOutputs commits the report (report.json js, report.html page)
// and the gate file with h appended together (outputs.Group): all three
// written to temp files, renamed only when all are complete and no signal
// came. A history the file no longer takes (edited meanwhile) is the user's
// (exit 2); a failed write is an I/O failure (exit 1).
func writeGateOutputs(ctx context.Context, dir, file string, js, page []byte, h gate.History) error {
	withHist, err := gate.WithHistory(file, h)
	if err != nil {
		return userErr(fmt.Errorf("history: %w", err))
	}
	if err := outputs.MkdirChecked("-o", dir, ""); err != nil {
		return err // the folder passed the checks before the seeds: I/O (exit 1)
	}
	outs := outputs.NewGroup(ctx)
	defer outs.Abort()
	for _, o := range []struct {
		path string
		b    []byte
	}{{filepath.Join(dir, "report.json"), js}, {filepath.Join(dir, "report.html"), page}, {file, withHist}} {
		if err := outs.Write(o.path, func(f *os.File) error { _, err := f.Write(o.b); return err }); err != nil {
			return fmt.Errorf("report %s: %w", dir, err)
		}
	}
	return outs.Commit()
}

// printVerdicts writes the verdict table and the report's path.
func printVerdicts(w io.Writer, res *gate.Result, report string) {
	for _, m := range res.Metrics {
		fmt.Fprintf(w, "%-5s %-44s retail %8s  ours %8s … %8s  (passes %s … %s)%s\n", strings.ToUpper(m.Status), m.Label,
			num(m.Retail), num(m.Min), num(m.Max), num(m.Lo), num(m.Hi), note(m.Note))
	}
	for _, s := range res.Warnings {
		if !strings.HasPrefix(s, "data problem: ") { // printed on stderr as they came
			fmt.Fprintln(w, "warning:", s)
		}
	}
	verdict := "PASS"
	if !res.Pass {
		verdict = fmt.Sprintf("FAIL (%s)", strings.Join(res.Failed, ", "))
	}
	fmt.Fprintf(w, "gate %s: %s over %d seeds; report %s\n", res.Gate, verdict, len(res.Seeds), report)
}

func num(v float64) string {
	if v != v || v > 1e300 || v < -1e300 {
		return "–"
	}
	return fmt.Sprintf("%.2f", v)
}

func note(s string) string {
	if s == "" {
		return ""
	}
	return "  " + s
}
