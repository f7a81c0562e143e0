package main

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// evaluator runs a JavaScript expression in the page and decodes its JSON
// string (browserConn.eval for Chromium, bidiConn.eval for Firefox).
type evaluator func(expr string, v any) error

// checkDecisions lets the page (opened from the link of the desktop
// sidecar from) play for d, asks it for F11's capture bundle
// (soundworldGo.capture()) and checks the decisions of its events.csv
// after the link's instant (every row but the live device's) are the rows `soundworld render -from
// FROM -events` writes over the same sim time, field for field: the page's
// sound decisions = render. soundworld is the desktop program.
func checkDecisions(who string, ev evaluator, soundworld, from string, d time.Duration) error {
	start, err := simTime(from)
	if err != nil {
		return err
	}
	page, err := pageDecisions(who, ev, start, d)
	if err != nil {
		return err
	}
	lo, hi := page[0].t, page[len(page)-1].t
	dir, err := os.MkdirTemp("", "webcheck-decisions-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	out, err := exec.Command(soundworld, "render", "-from", from, "-seconds", strconv.FormatFloat(hi+1, 'f', 0, 64),
		"-o", filepath.Join(dir, "r.wav"), "-events", filepath.Join(dir, "r.csv")).CombinedOutput()
	if err != nil {
		return fmt.Errorf("soundworld render -from %s: %v\n%s", from, err, out)
	}
	csvText, err := os.ReadFile(filepath.Join(dir, "r.csv"))
	if err != nil {
		return err
	}
	all, err := decisionRows(string(csvText))
	if err != nil {
		return fmt.Errorf("render's events.csv: %w", err)
	}
	var desk []decision
	for _, r := range all {
		if r.t >= lo && r.t <= hi {
			desk = append(desk, r)
		}
	}
	differ := 0
	for i := range max(len(page), len(desk)) {
		if i >= len(page) || i >= len(desk) || page[i].row != desk[i].row {
			differ++
		}
	}
	fmt.Printf("webcheck: %s: sound decisions over sim %.2f–%.2f s: page %d, render %d, %d different\n", who, lo, hi, len(page), len(desk), differ)
	if differ > 0 {
		var shown []string
		for i := range min(len(page), len(desk)) {
			if page[i].row != desk[i].row && len(shown) < 4 {
				shown = append(shown, fmt.Sprintf("decision %d: page %q, render %q", i, page[i].row, desk[i].row))
			}
		}
		return fmt.Errorf("%s: the page's decisions are not render's: %s", who, strings.Join(shown, "; "))
	}
	return nil
}

// takeCapture asks the page for F11's capture bundle and gives its
// events.csv.
func takeCapture(who string, ev evaluator) (string, error) {
	var ok bool
	if err := ev(`(document.getElementById("app").contentWindow.soundworldGo.capture(), JSON.stringify(true))`, &ok); err != nil {
		return "", fmt.Errorf("%s: capture(): %w", who, err)
	}
	for t0 := time.Now(); time.Since(t0) < 2*time.Minute; time.Sleep(time.Second) {
		var st struct {
			Capture *struct{ Events, Sidecar string }
		}
		if err := ev("JSON.stringify(window.swTest())", &st); err != nil {
			return "", err
		}
		if st.Capture != nil && st.Capture.Events != "" {
			return st.Capture.Events, nil
		}
	}
	return "", fmt.Errorf("%s: no capture bundle 2 minutes after capture()", who)
}

// simTime is a sidecar's instant (sim_time, s).
func simTime(sidecar string) (float64, error) {
	b, err := os.ReadFile(sidecar)
	if err != nil {
		return 0, err
	}
	var sc struct {
		SimTime *float64 `json:"sim_time"`
	}
	if err := json.Unmarshal(b, &sc); err != nil || sc.SimTime == nil {
		return 0, fmt.Errorf("%s: no sim_time (%v)", sidecar, err)
	}
	return *sc.SimTime, nil
}

// decision is a row of an events CSV: its sim time and its fields.
type decision struct {
	t   float64
	row string
}

// decisionRows are an events CSV's decisions (the live device's rows,
// source "live", left out), in order.
func decisionRows(text string) ([]decision, error) {
	rows, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 || len(rows[0]) < 2 || rows[0][0] != "time_s" || rows[0][1] != "source" {
		return nil, errors.New("no time_s,source header")
	}
	var out []decision
	for _, r := range rows[1:] {
		if r[1] == "live" {
			continue
		}
		t, err := strconv.ParseFloat(r[0], 64)
		if err != nil {
			return nil, err
		}
		out = append(out, decision{t, strings.Join(r, ",")})
	}
	return out, nil
}

// pageDecisions waits d, then takes the page's capture and keeps its
// decisions after the link's instant start; while they are fewer than 10
// (a page whose Sim runs slowly: Firefox drawing with software WebGL) it
// waits 15 s more and takes it again, up to 3·d in all.
func pageDecisions(who string, ev evaluator, start float64, d time.Duration) ([]decision, error) {
	time.Sleep(d)
	for waited := d; ; waited += 15 * time.Second {
		events, err := takeCapture(who, ev)
		if err != nil {
			return nil, err
		}
		all, err := decisionRows(events)
		if err != nil {
			return nil, fmt.Errorf("%s: the page's events.csv: %w", who, err)
		}
		var page []decision // after the link's instant (before it: the replay that reached it)
		for _, r := range all {
			if r.t > start {
				page = append(page, r)
			}
		}
		if len(page) >= 10 {
			return page, nil
		}
		if waited >= 3*d {
			return nil, fmt.Errorf("%s: the page's capture holds %d decisions after %v, too few to compare", who, len(page), waited)
		}
		time.Sleep(15 * time.Second)
	}
}
