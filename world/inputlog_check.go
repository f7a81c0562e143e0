package world

// Checking an input record read from a file: a replayed
// sidecar is input like any other. Every recorded value goes through the
// bounds of the flag or box that produced it, and the ticks are bounded by
// the recorded span, before any of it reaches a Sim.

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"soundworld/audio"
)

// Bounds of the values a listener takes, the same for the command line
// (-eye, -chase, -heading), path files and replayed records.
const (
	MaxEye     = 1000 // m above the feet (W5); path files use it for chase too (= MaxChase)
	MaxChase   = 1000 // m behind the player (W5)
	MaxHeading = 360  // |compass degrees| as given (W4; the Sim normalises)
)

// Bounds of a replay. A replayed tick costs ~5 µs of Sim and ~15 µs of
// mixing (render -from): MaxReplayTicks is about three minutes of work,
// shown with a progress bar; MaxReplaySeconds is a day of sim time (the
// window records from its last reset: the clock restarts at 0 with each).
const (
	MaxReplaySeconds = 24 * 3600
	MaxReplayTicks   = 10_000_000
)

// spanSlack is how far (s) an entry's recorded time may stray from the
// clock its predecessors' ticks give: far below one 1/60 s tick, far above
// the rounding of summed float64 ticks.
const spanSlack = 1e-3

// Check validates a record read from a file whose stated instant is simTime
// (s; negative: not stated). Errors name the entry: "inputs[12] (listener
// at t=4.5 s): x 1e+38: off the map (0..49152 m)".
func (l *InputLog) Check(simTime float64) error {
	if l.Truncated {
		return ErrTruncated
	}
	st := &l.Start
	if err := checkLocal(st.LX, st.LY); err != nil {
		return fmt.Errorf("start: %w", err)
	}
	if err := checkListener(st.Heading, st.Eye, st.Chase, true, true, true); err != nil {
		return fmt.Errorf("start: %w", err)
	}
	if _, err := ParsePrefs(st.Prefs, audio.DefaultPrefs()); err != nil {
		return fmt.Errorf("start.prefs: %w", err)
	}
	for i, e := range st.Emitters {
		if err := checkEmitter(e); err != nil {
			return fmt.Errorf("start.emitters[%d]: %w", i, err)
		}
	}
	if l.Inputs.Len() > MaxInputs { // the window stops recording there (Truncated)
		return fmt.Errorf("inputs: %d entries, more than a record holds (%d)", l.Inputs.Len(), MaxInputs)
	}
	c := checkState{emitters: len(st.Emitters)}
	clock, ticks := 0.0, int64(0)
	var in Input // one for all: the kinds' checks keep a pointer to it (no copy per entry)
	for i := range l.Inputs.Len() {
		in = l.Inputs.At(i)
		if err := c.entry(&in, &clock, &ticks); err != nil { // named only when wrong: no string per entry
			return fmt.Errorf("inputs[%d] (%s at t=%v s): %w", i, in.Kind, in.T, err)
		}
	}
	if simTime >= 0 && math.Abs(simTime-clock) > spanSlack {
		return fmt.Errorf("sim_time %v s: the recorded ticks end at t=%v s: the record does not add up", simTime, clock)
	}
	for i, e := range l.Early {
		switch {
		case !(e.T >= 0 && e.T <= clock):
			return fmt.Errorf("early[%d]: t %v: want a time within the record (0..%v s)", i, e.T, clock)
		case i > 0 && !(e.T > l.Early[i-1].T):
			return fmt.Errorf("early[%d]: t %v: want times in increasing order", i, e.T)
		case e.Frames < 1 || e.Frames > MaxEarlyFrames:
			return fmt.Errorf("early[%d]: frames %d: want 1..%d", i, e.Frames, MaxEarlyFrames)
		}
	}
	if len(l.Early) > MaxInputs {
		return fmt.Errorf("early: more than %d marks", MaxInputs)
	}
	return checkAnchors(l.Anchors, clock)
}

// entry checks one entry of the record: its time against the ticks before
// it (clock, s), its values by its kind's row, and its ticks added to clock
// and ticks within what a replay runs.
func (c *checkState) entry(in *Input, clock *float64, ticks *int64) error {
	if !(in.T >= 0 && in.T <= MaxReplaySeconds) {
		return fmt.Errorf("t must be a time in 0..%d s", MaxReplaySeconds)
	}
	if math.Abs(in.T-*clock) > spanSlack {
		return fmt.Errorf("the ticks before it end at t=%v s: the record does not add up", *clock)
	}
	row, ok := inputKinds[in.Kind]
	if !ok {
		return fmt.Errorf("unknown kind %q", in.Kind)
	}
	if err := row.check(in, c); err != nil {
		return err
	}
	if n := in.ticks(); n > 0 {
		if n > MaxReplayTicks-*ticks {
			return fmt.Errorf("more than %d ticks in all: more than a replay runs", MaxReplayTicks)
		}
		*ticks += n
		if *clock = in.after(); !(*clock <= MaxReplaySeconds) {
			return fmt.Errorf("its ticks end at t=%v s, past %d s", *clock, MaxReplaySeconds)
		}
	}
	return nil
}

// The window's time scales (its [ and ] keys halve and double within these).
const (
	MinTimeScale = 0.25
	MaxTimeScale = 4
)

// checkAnchors checks the anchor marks of a record whose ticks end at clock
// (s): times in increasing order within it, scales a time-scale box gives,
// frames within render's timeline of a day, leads up to the longest lead.
func checkAnchors(as []AnchorMark, clock float64) error {
	if len(as) > MaxInputs {
		return fmt.Errorf("anchors: more than %d marks", MaxInputs)
	}
	for i, a := range as {
		switch {
		case !(a.T >= 0 && a.T <= clock):
			return fmt.Errorf("anchors[%d]: t %v: want a time within the record (0..%v s)", i, a.T, clock)
		case i > 0 && !(a.T > as[i-1].T):
			return fmt.Errorf("anchors[%d]: t %v: want times in increasing order", i, a.T)
		case !(a.Scale >= MinTimeScale && a.Scale <= MaxTimeScale):
			return fmt.Errorf("anchors[%d]: scale %v: want %v..%v", i, a.Scale, MinTimeScale, MaxTimeScale)
		case a.Frame < 0 || a.Frame > 2*MaxReplaySeconds*audio.SampleRate:
			return fmt.Errorf("anchors[%d]: frame %d: want 0..%d", i, a.Frame, 2*MaxReplaySeconds*audio.SampleRate)
		case a.Lead < 0 || a.Lead > MaxEarlyFrames:
			return fmt.Errorf("anchors[%d]: lead %d: want 0..%d", i, a.Lead, MaxEarlyFrames)
		}
	}
	return nil
}

func firstErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// checkWorld: world metres on the map (W1), as -loc and a drag give them.
func checkWorld(x, y float32) error {
	if _, ok := Landblock(x, y); !ok {
		return fmt.Errorf("x, y (%v, %v): off the map (0..%d m)", x, y, 256*BlockSize)
	}
	return nil
}

// checkLocal: landblock-local metres, as -at and a path file give them.
func checkLocal(x, y float32) error {
	if !(x >= 0 && x < BlockSize && y >= 0 && y < BlockSize) {
		return fmt.Errorf("local x, y (%v, %v): want metres in [0, %d)", x, y, BlockSize)
	}
	return nil
}

// checkListener checks the heading, eye and chase asked for, as their flags.
func checkListener(heading, eye, chase float32, h, e, c bool) error {
	switch {
	case h && !(heading >= -MaxHeading && heading <= MaxHeading):
		return fmt.Errorf("heading %v: want compass degrees in -%d..%d", heading, MaxHeading, MaxHeading)
	case e && !(eye >= 0 && eye <= MaxEye):
		return fmt.Errorf("eye %v: want metres in 0..%d", eye, MaxEye)
	case c && !(chase >= 0 && chase <= MaxChase):
		return fmt.Errorf("chase %v: want metres in 0..%d", chase, MaxChase)
	}
	return nil
}

func checkIndex(i, n int) error {
	if i < 0 || i >= n {
		return fmt.Errorf("index %d: there are %d emitters", i, n)
	}
	return nil
}

// checkEmitter accepts e when a layout file holding it (EncodeLayout) is
// one LoadLayout accepts: the emitter as the Emitters panel and a layout
// file make it (E1, T2). It checks the values without the file's text (a
// record holds up to MaxInputs emitters; the round trip allocated ~5 KB
// each); TestCheckEmitter_AsLayout pins the two verdicts equal.
func checkEmitter(e Emitter) error {
	fin := func(v float32) bool { return !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0) }
	switch {
	case strings.TrimSpace(e.Name) == "":
		return errors.New("name: missing")
	case !fin(e.X) || !(e.X >= 0 && e.X < BlockSize), !fin(e.Y) || !(e.Y >= 0 && e.Y < BlockSize):
		return fmt.Errorf("x, y: (%v, %v) outside [0, %d)", e.X, e.Y, BlockSize)
	case e.Z != nil && !fin(*e.Z):
		return fmt.Errorf("z: bad number %v", *e.Z)
	case e.Path > audio.PathTweakedHook:
		return fmt.Errorf("path: %d unknown", e.Path)
	case e.Path.PlaysWave() && e.Wave>>24 != 0x0A:
		return fmt.Errorf("wave: bad id 0x%08X (want \"0x0Axxxxxx\")", e.Wave)
	case !e.Path.PlaysWave() && e.SoundTable>>24 != 0x20:
		return fmt.Errorf("sound_table: bad id 0x%08X (want \"0x20xxxxxx\")", e.SoundTable)
	case !e.Path.PlaysWave() && (e.SType < 1 || e.SType > 0xCC):
		return fmt.Errorf("stype: bad SoundType %d (want 1..204)", e.SType)
	case e.Path == audio.PathTweakedHook && (!fin(e.Probability) || !(e.Probability >= 0 && e.Probability <= 1)):
		return fmt.Errorf("probability: %v outside [0, 1]", e.Probability)
	case !fin(e.Volume) || e.Volume < 0:
		return fmt.Errorf("volume: %v is negative or not a number", e.Volume)
	case !fin(e.Interval[0]) || !fin(e.Interval[1]) || e.Interval[0] < 0 || e.Interval[0] > e.Interval[1]:
		return fmt.Errorf("interval: [%v, %v]: want 0 ≤ min ≤ max seconds", e.Interval[0], e.Interval[1])
	}
	return nil
}
