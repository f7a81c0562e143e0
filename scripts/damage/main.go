// Command damage is the damage suite: it makes damaged copies of
// the stand-in and of the full-size generated world (internal/damage: the
// directory, block chains, record headers, values retail never ships, bytes
// past a record's content), runs every command on each (dump, check, probe,
// render, atlas, gate, shot; with -strict where the command has it) as a
// separate process with a timeout, and compares each run with the same
// command on the undamaged copy. It fails unless there are 0 panics, 0
// hangs, every run equals the clean run or names a problem (a "data
// problem:" line, or a refusal naming the dat) and, with -strict, exits 2,
// and `check` flags every set any command flagged (a problem the clean copy
// does not have). shot needs soundworld-window beside -bin and a display
// (DISPLAY, or xvfb-run around the suite); its sidecar (the Sim's state and
// problems at the pictured instant, the folders' paths left out) is what is
// compared. capture is not run: it is shot's Sim and render's mixer, both
// here. Nothing it makes is kept: the sets live in a temp folder.
//
// Usage: go run ./scripts/damage -bin ./soundworld [-worlds standin,big] [-j 2] [-commands LIST]
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"iter"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/internal/bigworld"
	"soundworld/internal/damage"
	"soundworld/internal/pool"
)

// world is one undamaged data pair and where the commands look at it.
type world struct {
	name         string
	portal, cell []byte
	targets      damage.Targets
	at           string // -at of probe, render and the gate's place
	loc          string // the gate's /loc line
	region       string // atlas -region
	timeout      time.Duration
}

// run is one command's outcome.
type run struct {
	code           int
	stdout, stderr string
	files          string // hash of the outputs written
	timedOut       bool
}

// command is one command of the suite, run on the data folder dir with its
// outputs in out.
type command struct {
	name   string
	strict bool
	args   func(w *world, dir, out string) []string
	files  []string // outputs (in out) compared with the clean run's
}

var commands = []command{
	{"dump region", false, func(w *world, dir, out string) []string { return []string{"dump", "-dat", dir, "region"} }, nil},
	{"dump landblock", false, func(w *world, dir, out string) []string {
		return []string{"dump", "-dat", dir, "landblock", fmt.Sprintf("0x%08X", w.targets.LandBlock)}
	}, nil},
	{"dump soundtable", false, func(w *world, dir, out string) []string {
		return []string{"dump", "-dat", dir, "soundtable", fmt.Sprintf("0x%08X", w.targets.Table)}
	}, nil},
	{"dump wave", false, func(w *world, dir, out string) []string {
		return []string{"dump", "-dat", dir, "wave", fmt.Sprintf("0x%08X", w.targets.Wave)}
	}, nil},
	{"check", false, func(w *world, dir, out string) []string { return []string{"check", "-dat", dir, "-json"} }, nil},
	{"probe", true, func(w *world, dir, out string) []string {
		return []string{"probe", "-dat", dir, "-at", w.at, "-json", "-strict"}
	}, nil},
	{"render", true, func(w *world, dir, out string) []string {
		return []string{"render", "-dat", dir, "-at", w.at, "-seconds", "5", "-o", filepath.Join(out, "r.wav"), "-events", filepath.Join(out, "r.csv"), "-strict"}
	}, []string{"r.wav", "r.csv"}},
	{"atlas", true, func(w *world, dir, out string) []string {
		return []string{"atlas", "-dat", dir, "-loudest-bed", "-region", w.region, "-o", filepath.Join(out, "a.png"), "-json", filepath.Join(out, "a.json"), "-csv", filepath.Join(out, "a.csv"), "-strict"}
	}, []string{"a.csv"}},
	{"gate", true, func(w *world, dir, out string) []string {
		return []string{"gate", filepath.Join(out, "g.gate.json"), "-seeds", "2", "-o", filepath.Join(out, "rep"), "-strict"}
	}, nil},
	{"shot", true, func(w *world, dir, out string) []string {
		return []string{"shot", "-dat", dir, "-at", w.at, "-seconds", "1", "-size", "640x360", "-o", filepath.Join(out, "s.png"), "-strict"}
	}, []string{"s.json"}},
}

func main() {
	bin := flag.String("bin", "./soundworld", "the soundworld program")
	worlds := flag.String("worlds", "standin,big", "worlds to damage: standin, big")
	jobs := flag.Int("j", 2, "runs at once")
	only := flag.String("commands", "", "comma-separated command names to run (check always runs); empty: all")
	flag.Parse()
	if *only != "" {
		keep := strings.Split(*only, ",")
		commands = slices.DeleteFunc(commands, func(c command) bool { return c.name != "check" && !slices.Contains(keep, c.name) })
	}
	if abs, err := filepath.Abs(*bin); err == nil {
		*bin = abs
	}
	tmp, err := os.MkdirTemp("", "soundworld-damage-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(tmp)

	var ws []*world
	for _, name := range strings.Split(*worlds, ",") {
		w, err := makeWorld(name)
		if err != nil {
			fail(err)
		}
		ws = append(ws, w)
	}
	var total counts
	bad := false
	for _, w := range ws {
		c, err := suite(*bin, w, filepath.Join(tmp, w.name), *jobs)
		if err != nil {
			fail(err)
		}
		c.print(w.name)
		bad = bad || !c.ok()
		total.add(c)
	}
	total.print("all")
	if bad {
		fmt.Println("damage suite: FAIL")
		os.Exit(1)
	}
	fmt.Println("damage suite: ok")
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "damage:", err)
	os.Exit(1)
}

func makeWorld(name string) (*world, error) {
	switch name {
	case "standin":
		p, c, err := assets.StandInImages()
		if err != nil {
			return nil, err
		}
		return &world{name: "standin", portal: p, cell: c,
			targets: damage.Targets{Table: 0x20000001, Wave: 0x0A000001, LandBlock: 0xA9B4FFFF, LandBlockInfo: 0xA9B4FFFE,
				// the spawn's sounding scenery (the chimes: scene, setup, animation), the
				// static's script, the inn's first room
				Scene: 0x12000009, Setup: 0x02000030, Animation: 0x03000030, Script: 0x33000001, EnvCell: 0xA9B40101},
			at: "0xA9B4 84 7.1", loc: "0xA9B40019 [84.000000 7.100000 85.005000] 1.000000 0.000000 0.000000 0.000000",
			region: "A8B3..AAB5", timeout: 90 * time.Second}, nil
	case "big":
		dir, err := bigworld.Cached()
		if err != nil {
			return nil, err
		}
		p, err := os.ReadFile(filepath.Join(dir, dat.PortalFile))
		if err != nil {
			return nil, err
		}
		c, err := os.ReadFile(filepath.Join(dir, dat.CellFile))
		if err != nil {
			return nil, err
		}
		w := &world{name: "big", portal: p, cell: c, at: "0x7F7F 96 96",
			loc: "0x7F7F0025 [96.000000 96.000000 0.000000] 1.000000 0.000000 0.000000 0.000000", region: "7E7E..8080", timeout: 180 * time.Second}
		// The table of the region's first desc, its first wave, the spot's landblock.
		a, err := damage.Open(p, c)
		if err != nil {
			return nil, err
		}
		g, err := a.Region()
		if err != nil || g.Sound == nil || len(g.Sound.STBDescs) == 0 {
			return nil, fmt.Errorf("big world: region: %v", err)
		}
		w.targets.Table = g.Sound.STBDescs[0].STBID
		t, err := a.SoundTable(w.targets.Table)
		if err != nil {
			return nil, err
		}
		for _, c := range t.Root.Children {
			if len(c.Data) > 0 {
				w.targets.Wave = c.Data[0].WaveID
				break
			}
		}
		if err := damage.ObjectTargets(a, &w.targets); err != nil {
			return nil, err
		}
		w.targets.LandBlock = 0x7F7FFFFF
		if _, err := a.Cell.Lookup(0x7F7FFFFE); err == nil {
			w.targets.LandBlockInfo = 0x7F7FFFFE
		}
		return w, nil
	}
	return nil, fmt.Errorf("unknown world %q (standin, big)", name)
}

// counts are a suite's tallies.
type counts struct {
	sets, runs, equal, named, panics, hangs, unexplained, strictNot2, checkMissed int
	notes                                                                         []string
}

func (c *counts) ok() bool {
	return c.panics == 0 && c.hangs == 0 && c.unexplained == 0 && c.strictNot2 == 0 && c.checkMissed == 0
}

func (c *counts) add(o counts) {
	c.sets += o.sets
	c.runs += o.runs
	c.equal += o.equal
	c.named += o.named
	c.panics += o.panics
	c.hangs += o.hangs
	c.unexplained += o.unexplained
	c.strictNot2 += o.strictNot2
	c.checkMissed += o.checkMissed
}

func (c *counts) print(name string) {
	for _, n := range c.notes {
		fmt.Println("  " + n)
	}
	fmt.Printf("damage %s: %d sets, %d runs: %d equal the clean run, %d name a problem; %d panics, %d hangs, %d neither, %d -strict runs not exit 2, %d sets check missed\n",
		name, c.sets, c.runs, c.equal, c.named, c.panics, c.hangs, c.unexplained, c.strictNot2, c.checkMissed)
}

// suite runs the commands on w's clean copy and on each damaged set.
func suite(bin string, w *world, dir string, jobs int) (counts, error) {
	var c counts
	sets, err := damage.Sets(w.portal, w.cell, w.targets)
	if err != nil {
		return c, err
	}
	c.sets = len(sets)
	cleanDir := filepath.Join(dir, "clean")
	if err := writePair(cleanDir, w.portal, w.cell); err != nil {
		return c, err
	}
	// The gate's recording: 6 s of our own render of the clean world.
	rec := filepath.Join(dir, "rec.wav")
	if r := exe(bin, w.timeout, dir, "render", "-dat", filepath.Join(cleanDir, "dat"), "-at", w.at, "-seconds", "6", "-o", rec); r.code != 0 {
		return c, fmt.Errorf("%s: the gate's recording: exit %d: %s", w.name, r.code, r.stderr)
	}
	clean := map[string]run{}
	for _, cmd := range commands {
		r := runCmd(bin, w, cmd, cleanDir, rec)
		if r.timedOut || r.code == 70 || strings.Contains(r.stderr, "panic:") {
			return c, fmt.Errorf("%s: clean %s: exit %d timed out %v: %s", w.name, cmd.name, r.code, r.timedOut, r.stderr)
		}
		clean[cmd.name] = r
	}
	cleanProblems := checkProblems(clean["check"].stdout)

	var mu sync.Mutex
	pool.Run(context.Background(), jobs, len(sets), func(js iter.Seq[int]) {
		for i := range js {
			set := sets[i]
			sd := filepath.Join(dir, fmt.Sprintf("set%02d", i))
			if err := writePair(sd, set.Portal, set.Cell); err != nil {
				mu.Lock()
				c.notes = append(c.notes, fmt.Sprintf("%s: %v", set.Name, err))
				c.unexplained++
				mu.Unlock()
				continue
			}
			local := damagedSet(bin, w, set.Name, sd, rec, clean, cleanProblems)
			os.RemoveAll(sd)
			mu.Lock()
			c.add(local)
			c.notes = append(c.notes, local.notes...)
			mu.Unlock()
		}
	})
	slices.Sort(c.notes)
	return c, nil
}

// damagedSet runs the commands on the damaged set name in sd and counts
// each run against the clean run's (clean, and check's cleanProblems).
func damagedSet(bin string, w *world, name, sd, rec string, clean map[string]run, cleanProblems []string) counts {
	var local counts
	flagged := []string{}
	checkFlagged := false
	for _, cmd := range commands {
		r := runCmd(bin, w, cmd, sd, rec)
		cl := clean[cmd.name]
		local.runs++
		switch {
		case r.timedOut:
			local.hangs++
			local.notes = append(local.notes, fmt.Sprintf("HANG %s / %s", name, cmd.name))
			continue
		case r.code == 70 || strings.Contains(r.stderr, "panic:") || strings.Contains(r.stderr, "internal error"):
			local.panics++
			local.notes = append(local.notes, fmt.Sprintf("PANIC %s / %s: %s", name, cmd.name, firstLine(r.stderr)))
			continue
		}
		if cmd.name == "check" {
			fresh := 0
			for _, p := range checkProblems(r.stdout) {
				if !slices.Contains(cleanProblems, p) {
					fresh++
				}
			}
			if checkFlagged = fresh > 0; checkFlagged {
				local.named++
			} else {
				local.equal++
			}
			continue
		}
		equal := r.code == cl.code && r.stdout == cl.stdout && r.files == cl.files
		named := strings.Contains(r.stderr, "data problem: ") || (r.code == 2 && strings.Contains(r.stderr, ".dat"))
		switch {
		case equal && !strings.Contains(r.stderr, "data problem: "):
			local.equal++
		case named:
			local.named++
			flagged = append(flagged, cmd.name)
			if cmd.strict && r.code != 2 {
				local.strictNot2++
				local.notes = append(local.notes, fmt.Sprintf("NOT EXIT 2 %s / %s -strict: exit %d", name, cmd.name, r.code))
			}
		default:
			local.unexplained++
			local.notes = append(local.notes, fmt.Sprintf("SILENT %s / %s: exit %d (clean %d), stdout same %v, outputs same %v; stderr: %.300q", name, cmd.name, r.code, cl.code, r.stdout == cl.stdout, r.files == cl.files, r.stderr))
		}
	}
	if len(flagged) > 0 && !checkFlagged {
		local.checkMissed++
		local.notes = append(local.notes, fmt.Sprintf("CHECK MISSED %s (flagged by %s)", name, strings.Join(flagged, ", ")))
	}
	return local
}

// writePair writes the two dats into dir/dat.
func writePair(dir string, portal, cell []byte) error {
	d := filepath.Join(dir, "dat")
	if err := os.MkdirAll(d, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(d, dat.PortalFile), portal, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(d, dat.CellFile), cell, 0o644)
}

// runCmd runs cmd on the set in dir (dat in dir/dat, outputs in dir/out).
func runCmd(bin string, w *world, cmd command, dir, rec string) run {
	out := filepath.Join(dir, "out-"+strings.ReplaceAll(cmd.name, " ", "-"))
	os.RemoveAll(out)
	os.MkdirAll(out, 0o755)
	datDir := filepath.Join(dir, "dat")
	if cmd.name == "gate" {
		g := fmt.Sprintf(`{"name": "damage", "dat": {"folder": %q}, "loc": %q, "camera": {"eye": 2.25, "chase": 2.5},
  "prefs": "", "emitters": null, "seconds": 6, "recording": %q, "offset_s": 0, "ignore": [], "notes": "", "history": []}
`, datDir, w.loc, rec)
		os.WriteFile(filepath.Join(out, "g.gate.json"), []byte(g), 0o644)
	}
	r := exe(bin, w.timeout, dir, cmd.args(w, datDir, out)...)
	// Paths differ from set to set: compare without them.
	r.stdout = strings.ReplaceAll(strings.ReplaceAll(r.stdout, out, "<out>"), datDir, "<dat>")
	h := sha256.New()
	for _, f := range cmd.files {
		b, _ := os.ReadFile(filepath.Join(out, f))
		if strings.HasSuffix(f, ".json") { // a sidecar names the folders
			b = bytes.ReplaceAll(bytes.ReplaceAll(b, []byte(out), []byte("<out>")), []byte(datDir), []byte("<dat>"))
		}
		h.Write(b)
		h.Write([]byte{0})
	}
	r.files = fmt.Sprintf("%x", h.Sum(nil))
	os.RemoveAll(out)
	return r
}

func exe(bin string, timeout time.Duration, dir string, args ...string) run {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	r := run{stdout: o.String(), stderr: e.String()}
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		r.timedOut = true
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	case err != nil:
		r.code = -1
		r.stderr += err.Error()
	}
	return r
}

// checkProblems are the problem lines of `check -json`'s output.
func checkProblems(stdout string) []string {
	var s struct {
		Problems []struct {
			Message string `json:"message"`
		} `json:"problems"`
	}
	json.Unmarshal([]byte(stdout), &s)
	var out []string
	for _, p := range s.Problems {
		out = append(out, p.Message)
	}
	return out
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
