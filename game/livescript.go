package game

import (
	"fmt"
	"strconv"
	"strings"
)

// LiveStep is one timed call of -live-script, the live rig's inputs
// (scripts/live-smoke.sh "inputs"): at At s of wall time after the sound
// started (the session's anchor; with no device, the first Update), Verb
// with Arg, as the keys and panels would make it:
//
//	jump LOC      the Jump field (a map location or /loc line)
//	pause, resume Space
//	scale X       the time-scale buttons (0.25–4)
//	sidecar PATH  the F12 sidecar of this instant, written to PATH
type LiveStep struct {
	At   float64
	Verb string
	Arg  string
}

// ParseLiveScript reads "T VERB [ARG]; …" (T in s, ascending).
func ParseLiveScript(s string) ([]LiveStep, error) {
	var out []LiveStep
	for _, part := range strings.Split(s, ";") {
		f := strings.Fields(part)
		if len(f) == 0 {
			continue
		}
		at, err := strconv.ParseFloat(f[0], 64)
		if err != nil || at < 0 || len(out) > 0 && at < out[len(out)-1].At || len(f) < 2 {
			return nil, fmt.Errorf("-live-script %q: want \"SECONDS VERB [ARG]\", seconds ascending", strings.TrimSpace(part))
		}
		st := LiveStep{At: at, Verb: f[1], Arg: strings.Join(f[2:], " ")}
		switch st.Verb {
		case "pause", "resume":
		case "jump", "sidecar":
			if st.Arg == "" {
				return nil, fmt.Errorf("-live-script %q: %s needs an argument", strings.TrimSpace(part), st.Verb)
			}
		case "scale":
			if v, err := strconv.ParseFloat(st.Arg, 64); err != nil || v < 0.25 || v > 4 {
				return nil, fmt.Errorf("-live-script %q: want a time scale 0.25–4", strings.TrimSpace(part))
			}
		default:
			return nil, fmt.Errorf("-live-script %q: unknown verb %q (jump, pause, resume, scale, sidecar)", strings.TrimSpace(part), st.Verb)
		}
		out = append(out, st)
	}
	return out, nil
}

// runLiveScript makes the script's calls that are due (each Update, before
// the Sim steps); each is printed with the sim time it was made at.
func (g *Game) runLiveScript() {
	if len(g.script) == 0 {
		return
	}
	if !g.scriptStarted {
		if silent, _ := g.sess.Silent(); !silent && g.st.AudioOn && !g.sess.Status().Clock {
			return // the sound has not started yet (warm-up)
		}
		g.scriptStarted, g.scriptT0 = true, g.wallNow()
		fmt.Fprintf(g.cfg.Stdout, "live: script starts at sim %.6f s\n", g.sim.Now())
	}
	for len(g.script) > 0 && g.wallNow()-g.scriptT0 >= g.script[0].At {
		st := g.script[0]
		g.script = g.script[1:]
		var err error
		switch st.Verb {
		case "jump":
			err = g.panels.Jump(st.Arg)
		case "pause":
			g.st.Paused = true
		case "resume":
			g.st.Paused = false
		case "scale":
			g.st.TimeScale, _ = strconv.ParseFloat(st.Arg, 64)
		case "sidecar":
			var js []byte
			if js, err = sidecarJSON(g.sidecar()); err == nil {
				err = writeAtomic(st.Arg, append(js, '\n'), g.cfg.DatDir)
			}
		}
		fmt.Fprintf(g.cfg.Stdout, "live: script %s %s at sim %.6f s", st.Verb, st.Arg, g.sim.Now())
		if err != nil {
			fmt.Fprintf(g.cfg.Stdout, ": %v", err)
		}
		fmt.Fprintln(g.cfg.Stdout)
	}
}
