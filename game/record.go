package game

// Record a walk: R starts recording — the Sim restarts at
// 0 s with the running seed (render starts there too) and the emitters are
// saved next to the path — and R again writes the path file. The path is
// built from the Sim's own input record (world.InputLog), which has
// every placement, camera and preference call with its sim time and every
// tick: each tick's state becomes a point (when the player moved) or a change
// at that tick's time on render's 1/60 s grid, so `soundworld render -path`
// with the same seed and emitters makes the same calls before the same ticks
// and writes the samples the window mixed.

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"soundworld/audio"
	"soundworld/internal/cli"
	"soundworld/internal/outputs"
	"soundworld/world"
)

// walkRec records a walk into a path file. It holds the Sim it records
// and asks the window only for what a restart at 0 s means to it.
type walkRec struct {
	sim       *world.Sim
	datDir    string       // the game data folder outputs keep out of ("" for the stand-in)
	notice    func(string) // a toast on the map
	restarted func()       // the window after the Sim restarted at 0 s: own mix, device, first snapshot

	on      bool
	seed    uint32
	base    string // path files' name without extension: walk-YYYYMMDD-HHMMSS
	layout  string // the emitter layout saved at the start ("" = none)
	last    string // the last status line (shown in the Gate panel)
	lastErr bool
}

// newWalkRec is the recorder over g's Sim: a restart for a walk restarts
// the meters' own mix at frame 0 with the Sim, stops the device's voices
// and takes render's first step (placement at 0 s).
func newWalkRec(g *Game) walkRec {
	return walkRec{sim: g.sim, datDir: g.cfg.DatDir, notice: g.setToast, restarted: func() {
		if g.meters.local != nil {
			g.meters.local = audio.NewMixer(g.sim.Bank())
		}
		g.sess.StopAll()
		g.snap = g.sim.Tick(0)
	}}
}

// recordDir is where walks are written (the working folder, like captures).
var recordDir = "."

// Recording reports whether a walk is being recorded and the status line:
// the running one's length in sim s, or the last one's outcome.
func (r *walkRec) Recording() (on bool, status string) {
	if r.on {
		return true, fmt.Sprintf("recording %s: %.1f s (R stops)", r.base+".path.json", r.sim.Now())
	}
	return false, r.last
}

// Toggle is R: start, or stop and write.
func (r *walkRec) Toggle() {
	if r.on {
		r.stop()
		return
	}
	r.start()
}

// start restarts the Sim at 0 s with the running seed (a path file is
// rendered from 0 s) and saves the current emitters beside the path.
func (r *walkRec) start() {
	r.on, r.seed, r.layout, r.last, r.lastErr = true, r.sim.Seed(), "", "", false
	r.base = filepath.Join(recordDir, "walk-"+time.Now().UTC().Format("20060102-150405"))
	// The path file is checked before the walk, so a walk is never made
	// for nothing: never inside the game's data folder, a writable folder.
	if err := outputs.CheckFile("", r.base+".path.json", r.datDir); err != nil {
		r.on = false
		r.report(true, "Walk not recorded: "+err.Error())
		return
	}
	if es := r.sim.Emitters().List(); len(es) > 0 {
		r.layout = r.base + ".emitters.json"
		if err := cli.SaveLayout(r.layout, es, r.datDir); err != nil {
			r.on = false
			r.report(true, "Walk not recorded: "+err.Error())
			return
		}
	}
	r.sim.Reset(r.seed) // the record (world.InputLog) starts here, at 0 s
	r.restarted()
	r.notice(fmt.Sprintf("Recording the walk: sim restarted at 0 s with seed %d (R stops)", r.seed))
}

// stopIfOn ends a running recording (its path file is written): a reset or
// a jump is not part of the walk.
func (r *walkRec) stopIfOn() {
	if r.on {
		r.stop()
	}
}

// stop writes the path file and says how to render it.
func (r *walkRec) stop() {
	r.on = false
	log := r.sim.Inputs()
	if log == nil {
		r.report(true, "Walk not recorded: the Sim keeps no input record")
		return
	}
	w, warn, err := log.Walk()
	if err != nil {
		r.report(true, "Walk not recorded: "+err.Error())
		return
	}
	path := r.base + ".path.json"
	cmd := renderCommand(path, r.seed, r.layout, r.datDir, w.End())
	note := "recorded in the soundworld window; reproduce with: " + cmd
	if len(warn) > 0 {
		note += " — NOT exact: " + strings.Join(warn, "; ")
	}
	err = outputs.CheckFile("", path, r.datDir) // checked again: the folder may have changed during the walk
	if err == nil {
		err = outputs.WriteFile(path, func(f *os.File) error { return world.EncodeWalk(f, w, note) })
		if err != nil {
			err = fmt.Errorf("%s: %w", path, err)
		}
	}
	if err != nil {
		r.report(true, "Walk not written: "+err.Error())
		return
	}
	msg := fmt.Sprintf("Walk saved to %s (%d points, %.1f s): %s", path, len(w.Points), w.End(), cmd)
	if fi, err := os.Stat(path); err == nil && fi.Size() > walkFileLimit {
		warn = append(warn, fmt.Sprintf("the file is %d bytes, more than render -path reads (%d)", fi.Size(), walkFileLimit))
	}
	if len(warn) > 0 {
		msg += " — not exact: " + strings.Join(warn, "; ")
	}
	r.report(len(warn) > 0, msg)
}

// walkFileLimit is the largest path file LoadWalk reads (world's layout limit).
const walkFileLimit = 4 << 20

// report keeps msg as the status line (bad: the walk failed or is not
// exact) and shows it.
func (r *walkRec) report(bad bool, msg string) {
	r.last, r.lastErr = msg, bad
	r.notice(msg)
}

// renderCommand is the command line that reproduces a recorded walk.
func renderCommand(path string, seed uint32, layout, datDir string, seconds float64) string {
	c := "soundworld render"
	if datDir != "" {
		c += " -dat " + quoteArg(datDir)
	}
	c += " -path " + quoteArg(path) + fmt.Sprintf(" -seed %d", seed)
	if layout != "" {
		c += " -emitters " + quoteArg(layout)
	} else {
		c += " -emitters none"
	}
	return c + fmt.Sprintf(" -seconds %s -o %s", fmtSeconds(seconds), quoteArg(strings.TrimSuffix(path, ".path.json")+".wav"))
}

// fmtSeconds is the render length that covers the last tick's step exactly:
// (k+1)·735 frames for a last tick at k·735/44100 s (render rounds
// seconds·44100 to frames; the shortest decimal of frames/44100 reads back
// to that frame count).
func fmtSeconds(end float64) string {
	frames := int64(math.Round(end*audio.SampleRate)) + world.StepFrames
	return strconv.FormatFloat(float64(frames)/audio.SampleRate, 'g', -1, 64)
}

func quoteArg(s string) string {
	if strings.ContainsAny(s, " \t'\"") {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return s
}

// held stands in for the window's Tick(0) while a walk is recorded
// (render never re-evaluates between grid ticks, so the window must not
// either): a copy of the last snapshot with the player and camera where the
// Sim now has them; the move is heard at the next tick. ok is false when no
// walk is recorded (the window ticks as usual).
func (r *walkRec) held(last *world.Snapshot) (s *world.Snapshot, ok bool) {
	if !r.on || last == nil {
		return nil, false
	}
	c := *last
	c.Listener, c.Player, c.Camera = r.sim.Listener(), r.sim.Player(), r.sim.Camera()
	c.CameraPos = c.Camera.World()
	return &c, true
}
