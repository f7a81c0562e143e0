package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"time"
)

// gateRunState is window.swTest().gateRun: the page's gate report run.
type gateRunState struct {
	State   string
	Code    int
	Report  string
	Lines   []string
	Outputs []string
	Seconds float64
}

// checkGateRun runs the open gate's report in the page (the Gate report
// panel: soundworld-gate.wasm in a Web Worker) with seeds seeds and checks
// its report.json gives the same verdicts, texts and numbers as the
// desktop's (numbers to 1e-9 relative: the desktop's math.Log and math.Exp
// are amd64 assembly, WebAssembly's the pure Go ones, a last-bit
// difference) (desktop: the
// report.json of `soundworld gate -seeds seeds` on the same files), that the
// page drew frames while it ran (the worker keeps the page responsive), and
// that report.json, report.html and the gate file came as downloads.
func checkGateRun(b *browserConn, desktop string, seeds int, shot string) error {
	want, err := os.ReadFile(desktop)
	if err != nil {
		return err
	}
	before, err := b.state()
	if err != nil {
		return err
	}
	b.evalJS(fmt.Sprintf(`document.getElementById("gaterun").click(); document.getElementById("gate-seeds").value = "%d"; document.getElementById("gate-start").click()`, seeds))
	start := time.Now()
	var run struct{ GateRun *gateRunState }
	for {
		if err := b.eval("JSON.stringify(window.swTest())", &run); err != nil {
			return err
		}
		if run.GateRun != nil && run.GateRun.State != "running" {
			break
		}
		if time.Since(start) > 10*time.Minute {
			return errors.New("the page's gate run did not end in 10 minutes")
		}
		time.Sleep(time.Second)
	}
	(&restartRun{b: b, shot: strings.TrimSuffix(shot, ".png")}).shotNow("gatereport")
	after, err := b.state()
	if err != nil {
		return err
	}
	g := run.GateRun
	fmt.Printf("webcheck: gate report in the page: %s, exit %d, %.1f s, %d frames drawn meanwhile, downloads %v\n", g.State, g.Code, g.Seconds, after.Frames-before.Frames, g.Outputs)
	if g.State != "done" {
		return fmt.Errorf("the page's gate run failed (exit %d): %s", g.Code, strings.Join(g.Lines, "\n"))
	}
	if after.Frames-before.Frames < 5 {
		return fmt.Errorf("the page drew %d frames during the gate run: the run held the page", after.Frames-before.Frames)
	}
	for _, o := range []string{"report.json", "report.html", "page.gate.json"} {
		if !contains(g.Outputs, o) {
			return fmt.Errorf("the gate run's downloads %v lack %s", g.Outputs, o)
		}
	}
	n, worst, diffs, err := sameReport([]byte(g.Report), want)
	if err != nil {
		return err
	}
	fmt.Printf("webcheck: gate report.json: page vs desktop: %d numbers compared, %d beyond 1e-9, largest relative difference %.2g\n", n, len(diffs), worst)
	if len(diffs) > 0 || n < 50 {
		return fmt.Errorf("the page's report.json differs from the desktop's: %s", strings.Join(diffs[:min(len(diffs), 10)], "; "))
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// sameReport compares two report.json files value by value, numbers
// to 1e-9 relative (≥ 1: absolute), apart from what names where and when it
// ran (time, file, the recording's path). It gives how many numbers it
// compared, the largest relative difference and each difference's JSON path.
func sameReport(page, desktop []byte) (int, float64, []string, error) {
	var a, b any
	if err := json.Unmarshal(page, &a); err != nil {
		return 0, 0, nil, fmt.Errorf("the page's report.json: %w", err)
	}
	if err := json.Unmarshal(desktop, &b); err != nil {
		return 0, 0, nil, fmt.Errorf("the desktop's report.json: %w", err)
	}
	n, worst := 0, 0.0
	var diffs []string
	var walk func(p string, x, y any)
	walk = func(p string, x, y any) {
		switch xv := x.(type) {
		case map[string]any:
			yv, ok := y.(map[string]any)
			if !ok || len(xv) != len(yv) {
				diffs = append(diffs, p+": different fields")
				return
			}
			keys := make([]string, 0, len(xv))
			for k := range xv {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				if q := p + "/" + k; q != "/time" && q != "/file" && q != "/recording/path" {
					walk(q, xv[k], yv[k])
				}
			}
		case []any:
			yv, ok := y.([]any)
			if !ok || len(xv) != len(yv) {
				diffs = append(diffs, p+": different lengths")
				return
			}
			for i := range xv {
				walk(fmt.Sprintf("%s[%d]", p, i), xv[i], yv[i])
			}
		case float64:
			n++
			yv, ok := y.(float64)
			rel := math.Abs(xv-yv) / math.Max(1, math.Abs(yv))
			worst = math.Max(worst, rel)
			if !ok || rel > 1e-9 {
				diffs = append(diffs, fmt.Sprintf("%s: page %v, desktop %v (|Δ| %.3g)", p, xv, y, math.Abs(xv-toF(y))))
			}
		default:
			if fmt.Sprint(x) != fmt.Sprint(y) {
				diffs = append(diffs, fmt.Sprintf("%s: page %v, desktop %v", p, x, y))
			}
		}
	}
	walk("", a, b)
	return n, worst, diffs, nil
}

func toF(v any) float64 {
	f, _ := v.(float64)
	return f
}
