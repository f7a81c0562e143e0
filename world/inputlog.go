package world

// The input record: every call made on a Sim since its last
// Reset, in order, so a session can be replayed exactly. The Sim is a pure
// function of the data, the seed and the calls made on it (O3), so replaying
// the calls on a fresh Sim over the same data reproduces every Snapshot.

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"soundworld/audio"
)

// MaxInputs bounds the record (entries; a run of equal ticks is one entry).
// Past it the record stops and says so: a replay would be wrong, not short.
const MaxInputs = 1 << 20

// InputKind names one kind of call.
type InputKind string

const (
	InTick     InputKind = "tick"           // N ticks of Dt s
	InStep     InputKind = "step"           // N ticks of NextStepDt (the 1/60 s grid render uses)
	InListener InputKind = "listener"       // SetListener(X, Y, Heading)
	InPlayer   InputKind = "player"         // SetPlayer(Loc{Landblock, X, Y}, Heading): X, Y landblock-local
	InIndoor   InputKind = "indoor"         // SetPlayerIndoor(Loc{Landblock, X, Y, Z}, Cell, Heading) (A11)
	InEye      InputKind = "eye"            // SetEye(Eye)
	InChase    InputKind = "chase"          // SetChase(Chase)
	InPrefs    InputKind = "prefs"          // SetPrefs(Prefs)
	InActive   InputKind = "active"         // SetActive(Active)
	InEmitters InputKind = "set_emitters"   // Emitters().Set(Emitters)
	InAdd      InputKind = "add_emitter"    // Emitters().Add(Emitters[0])
	InUpdate   InputKind = "update_emitter" // Emitters().Update(Index, Emitters[0])
	InMove     InputKind = "move_emitter"   // Emitters().Move(Index, X, Y)
	InDelete   InputKind = "delete_emitter" // Emitters().Delete(Index)
	InStinger  InputKind = "stinger"        // PlayStinger(Table, SType)
	InObjMute  InputKind = "object_mute"    // SetObjectMuted(Object, Muted) (E3, a tool feature)
	InObjSolo  InputKind = "object_solo"    // SetObjectSolo(Object); 0 = none soloed
	// InDrag is a drag, one frame per x, y, heading triple of Drag: each
	// frame is SetListener(x, y, heading) then one InStep. The window's drag
	// (a listener move and a grid step every frame) would otherwise be two
	// entries of ~140 bytes each a frame; a frame here is 12 bytes.
	InDrag InputKind = "drag"
)

// Input is one call. T is the sim time when it was made (s; for reading and
// for cutting spans: a replay applies inputs in order). Zero fields are
// omitted from the JSON and read back as zero. A record keeps its calls
// packed (Inputs: Append packs one, At gives it back).
type Input struct {
	Kind      InputKind        `json:"kind"`
	T         float64          `json:"t"`
	N         int              `json:"n,omitempty"`
	Dt        float64          `json:"dt,omitempty"`
	X         float32          `json:"x,omitempty"` // world m
	Y         float32          `json:"y,omitempty"`
	Heading   float32          `json:"heading,omitempty"`   // compass deg as passed
	Eye       float32          `json:"eye,omitempty"`       // m
	Chase     float32          `json:"chase,omitempty"`     // m
	Landblock uint16           `json:"landblock,omitempty"` // player: 0xXXYY
	Z         float32          `json:"z,omitempty"`         // indoor: the floor, landblock-local m
	Cell      uint32           `json:"cell,omitempty"`      // indoor: the EnvCell (A11)
	Prefs     string           `json:"prefs,omitempty"`     // FormatPrefs form (exact for float32)
	Active    bool             `json:"active,omitempty"`
	Index     int              `json:"index,omitempty"`
	Emitters  RecordedEmitters `json:"emitters,omitempty"`
	Table     uint32           `json:"table,omitempty"`
	SType     uint32           `json:"stype,omitempty"`
	Drag      []float32        `json:"drag,omitempty"`   // InDrag: x, y (world m), heading (deg) per frame
	Object    uint32           `json:"object,omitempty"` // InObjMute, InObjSolo: the object source's id
	Muted     bool             `json:"muted,omitempty"`  // InObjMute
}

// EarlyMark says that the voice starts made at sim time T by inputs (a
// click, a key, a move between two frames: their Time is T) were played
// Frames earlier than round(T·44100) puts them, and that the starts and
// stops then waiting on the same slots from that frame on were dropped
// (the input's start supersedes them).
type EarlyMark struct {
	T      float64 `json:"t"`      // s
	Frames int64   `json:"frames"` // > 0
}

// MaxEarlyFrames bounds an EarlyMark: the live window's longest lead (2 s).
const MaxEarlyFrames = 2 * audio.SampleRate

// MarkEarly records that the starts made by inputs at sim time t were
// played frames early (the window's device path; nil-safe, ignored when
// not recording, for t before the record's start, or frames ≤ 0).
func (s *Sim) MarkEarly(t float64, frames int64) {
	l := s.inputs
	if l == nil || l.Truncated || frames <= 0 || l.Inputs.Len() == 0 || t < l.Inputs.rows[0].t || t > s.now {
		return
	}
	frames = min(frames, MaxEarlyFrames)
	if n := len(l.Early); n > 0 && l.Early[n-1].T >= t {
		if l.Early[n-1].T == t {
			l.Early[n-1].Frames = frames
		}
		return // times only increase
	}
	if len(l.Early) >= MaxInputs {
		l.Truncated = true
		return
	}
	l.Early = append(l.Early, EarlyMark{T: t, Frames: frames})
}

// AnchorMark says that from sim time T on the live window placed the Sim's
// starts on a new anchor (spec O5; a time-scale change, or sound turned
// back on): a start at sim time t ≥ T at frame Frame + round(t·44100) −
// round(T·44100) at time scale 1, else Frame + round((t − T)·44100 /
// Scale), frames counted on render's timeline (frame 0 is sim 0 as the
// record's first anchor placed it). Before it the record's first anchor
// holds: round(t·44100), as render. Lead is how far ahead of the mixer's
// frontier Frame was when the anchor was taken: the mix had reached
// Frame − Lead and no further.
type AnchorMark struct {
	T     float64 `json:"t"`     // s
	Frame int64   `json:"frame"` // render's frame of a start at T
	Scale float64 `json:"scale"` // sim s per device s, > 0
	Lead  int64   `json:"lead"`  // frames, 0..MaxEarlyFrames
}

// FrameOf is the frame on render's timeline of a start at sim time t ≥ T.
func (m AnchorMark) FrameOf(t float64) int64 { return audio.AnchoredFrame(t, m.T, m.Frame, m.Scale) }

// MarkAnchor records an anchor the live window took at sim time t (nil-safe,
// ignored when not recording or for t before the record's start or after
// now; a second mark at the same time replaces the first).
func (s *Sim) MarkAnchor(m AnchorMark) {
	l := s.inputs
	if l == nil || l.Truncated || m.T < 0 || l.Inputs.Len() > 0 && m.T < l.Inputs.rows[0].t || m.T > s.now {
		return
	}
	if n := len(l.Anchors); n > 0 && l.Anchors[n-1].T >= m.T {
		if l.Anchors[n-1].T == m.T {
			l.Anchors[n-1] = m
		}
		return // times only increase
	}
	if len(l.Anchors) >= MaxInputs {
		l.Truncated = true
		return
	}
	l.Anchors = append(l.Anchors, m)
}

// InputStart is the Sim's state at the Reset the record starts from.
type InputStart struct {
	Seed      uint32           `json:"seed"`
	Landblock uint16           `json:"landblock"` // the player's feet exactly (W6): landblock 0xXXYY
	LX        float32          `json:"local_x"`   // and landblock-local m
	LY        float32          `json:"local_y"`
	X         float32          `json:"x"` // the same in world m (for reading)
	Y         float32          `json:"y"`
	Heading   float32          `json:"heading"`
	Cell      uint32           `json:"cell,omitempty"` // A11: the EnvCell the player stands in (0 outdoors)
	Z         float32          `json:"z,omitempty"`    // A11: indoors, the floor (landblock-local m)
	Eye       float32          `json:"eye"`
	Chase     float32          `json:"chase"`
	Prefs     string           `json:"prefs"`
	Active    bool             `json:"active"`
	Emitters  RecordedEmitters `json:"emitters"`
	// NoObjects: the session left the data's object sources out (E3, -objects=false).
	NoObjects bool `json:"no_objects,omitempty"`
	// MutedObjects and SoloObject: the object sources muted and soloed in
	// the tool at the start (E3; ascending ids; 0 = none soloed).
	MutedObjects []uint32 `json:"muted_objects,omitempty"`
	SoloObject   uint32   `json:"solo_object,omitempty"`
}

// InputLog is the record: the start state and the calls since.
type InputLog struct {
	Start     InputStart `json:"start"`
	Inputs    Inputs     `json:"inputs"`
	Truncated bool       `json:"truncated,omitempty"` // MaxInputs, MaxReplayTicks or MaxReplaySeconds reached: not replayable
	// Early: where the live window played an input's starts ahead of their
	// place on the Sim's timeline (spec O5: at the device's next period, not
	// the lead later). The Sim ignores it; render -from places the same
	// starts as early, so it writes what was heard (capture.RenderFrom).
	Early []EarlyMark `json:"early,omitempty"`
	// Anchors: where the live window re-anchored the Sim's starts on the
	// device's timeline after the record's first anchor (O5); the Sim
	// ignores them, render -from places the following starts as they were
	// heard (capture.RenderFrom).
	Anchors []AnchorMark `json:"anchors,omitempty"`

	ticks int64 // Ticks recorded (MaxReplayTicks)
}

// RecordInputs starts recording this Sim's inputs. It restarts the clock with
// the current seed (Reset) so the record begins at a reset; call it before
// the first Tick. Each later Reset starts a new record.
func (s *Sim) RecordInputs() {
	s.inputs = &InputLog{}
	s.Reset(s.seed)
}

// Inputs returns a copy of the record since the last Reset (nil if not recording).
func (s *Sim) Inputs() *InputLog {
	if s.inputs == nil {
		return nil
	}
	c := &InputLog{Start: s.inputs.Start, Truncated: s.inputs.Truncated}
	c.Start.Emitters = cloneEmitters(c.Start.Emitters)
	c.Inputs = s.inputs.Inputs.Clone()
	c.Early = append([]EarlyMark(nil), s.inputs.Early...)
	c.Anchors = append([]AnchorMark(nil), s.inputs.Anchors...)
	return c
}

// restart is called by Reset: a new record from the current state.
func (l *InputLog) restart(s *Sim) {
	if l == nil {
		return
	}
	l.Start = InputStart{Seed: s.seed, Landblock: s.feet.Landblock, LX: s.feet.X, LY: s.feet.Y,
		X: s.lis.Pos.X, Y: s.lis.Pos.Y, Heading: s.lis.Heading, Cell: s.indoor, Z: s.indoorZ(),
		Eye: s.lis.Eye, Chase: s.lis.Chase, Prefs: FormatPrefs(s.prefs), Active: s.active, NoObjects: s.noObjs,
		MutedObjects: s.objs.mutedIDs(), SoloObject: s.objs.solo}
	l.Start.Emitters = s.emitters.copies()
	l.Inputs, l.Early, l.Anchors, l.Truncated, l.ticks = Inputs{}, nil, nil, false, 0
}

// note appends one call (nil-safe: a Sim that does not record ignores it).
// Consecutive ticks of the same dt merge into one entry.
func (s *Sim) note(in Input) {
	l := s.inputs
	if l == nil || l.Truncated {
		return
	}
	in.T = s.now
	if in.Kind == InTick {
		// Past what a replay runs (Check) the record stops: it would be refused.
		if l.ticks++; l.ticks > MaxReplayTicks || s.now > MaxReplaySeconds {
			l.Truncated = true
			return
		}
		if !(in.Dt > 0) || math.IsInf(in.Dt, 0) {
			in.Dt = 0 // Tick treats NaN, negative and infinite dt as 0
		}
		if in.Dt != 0 && in.Dt == NextStepDt(s.now) {
			in.Kind, in.Dt = InStep, 0
		}
		if in.Kind == InStep && l.dragFrame() {
			return
		}
		if n := l.Inputs.Len(); n > 0 {
			if last := l.Inputs.At(n - 1); last.Kind == in.Kind && last.Dt == in.Dt {
				l.Inputs.rows[n-1].w[0]++ // its N (inputRow)
				return
			}
		}
		in.N = 1
	}
	if l.Inputs.Len() >= MaxInputs {
		l.Truncated = true
		return
	}
	l.Inputs.Append(in)
}

// dragFrame turns a listener move followed by this grid step into a frame
// of a drag: appended to the drag just before the move, or a new drag. It
// reports whether it did (the step is then recorded).
func (l *InputLog) dragFrame() bool {
	n := l.Inputs.Len()
	if n == 0 || kindList[l.Inputs.rows[n-1].kind] != InListener {
		return false
	}
	mv := l.Inputs.At(n - 1)
	if n >= 2 && kindList[l.Inputs.rows[n-2].kind] == InDrag {
		l.Inputs.appendFrame(n-2, mv.X, mv.Y, mv.Heading)
		l.Inputs.Truncate(n - 1)
		return true
	}
	l.Inputs.Set(n-1, Input{Kind: InDrag, T: mv.T, Drag: []float32{mv.X, mv.Y, mv.Heading}})
	return true
}

// notePlayer records SetPlayer when it moves the feet or turns.
func (s *Sim) notePlayer(l Loc, heading float32) {
	if s.inputs != nil && (l.Landblock != s.feet.Landblock || l.X != s.feet.X || l.Y != s.feet.Y || normDeg(heading) != s.lis.Heading || s.indoor != 0) { // leaving an EnvCell is a move (A11)
		s.note(Input{Kind: InPlayer, Landblock: l.Landblock, X: l.X, Y: l.Y, Heading: heading})
	}
}

// noteEmitters records a call on the emitter list with a copy of its
// emitters (none copied when the Sim does not record).
func (s *Sim) noteEmitters(in Input) {
	if s.inputs != nil {
		in.Emitters = cloneEmitters(in.Emitters)
		s.note(in)
	}
}

func cloneEmitter(e Emitter) Emitter {
	if e.Z != nil {
		z := *e.Z
		e.Z = &z
	}
	return e
}

func cloneEmitters(es []Emitter) []Emitter {
	if es == nil {
		return nil
	}
	out := make([]Emitter, len(es))
	for i, e := range es {
		out[i] = cloneEmitter(e)
	}
	return out
}

// ErrTruncated says a record cannot be replayed because it stopped at
// MaxInputs entries, MaxReplayTicks ticks or MaxReplaySeconds.
var ErrTruncated = errors.New("input record truncated (more than 2^20 entries, 10 000 000 ticks or 24 h of sim time since the last reset): cannot replay")

// Begin puts s in the record's start state: start listener, eye, prefs,
// activity and emitters, then Reset with the start seed (clock 0, fresh
// generators, emitters armed at 0).
func (l *InputLog) Begin(s *Sim) error {
	if l.Truncated {
		return ErrTruncated
	}
	p, err := ParsePrefs(l.Start.Prefs, audio.DefaultPrefs())
	if err != nil {
		return fmt.Errorf("input record start: %w", err)
	}
	s.SetPrefs(p)
	s.SetActive(l.Start.Active)
	if err := s.PlaceAt(Loc{Landblock: l.Start.Landblock, X: l.Start.LX, Y: l.Start.LY, Z: l.Start.Z}, l.Start.Cell, l.Start.Heading); err != nil {
		return fmt.Errorf("input record start: %w", err) // A11: an indoor start needs its cell
	}
	s.SetEye(l.Start.Eye)
	s.SetChase(l.Start.Chase)
	s.emitters.Set(cloneEmitters(l.Start.Emitters))
	s.setObjects(!l.Start.NoObjects)
	s.objs.setMuted(l.Start.MutedObjects, l.Start.SoloObject)
	s.Reset(l.Start.Seed)
	return nil
}

// Apply makes call in on s. tick is called after each single Tick (nil: none):
// a renderer mixes the frames of that tick there.
func (in *Input) Apply(s *Sim, tick func()) error {
	row, ok := inputKinds[in.Kind]
	if !ok {
		return fmt.Errorf("input at t=%v: unknown kind %q", in.T, in.Kind)
	}
	return row.apply(in, s, tick)
}

// Replay puts s in the start state and makes every recorded call; tick is
// called after each Tick (nil: none). s must be a Sim over the same data.
func (l *InputLog) Replay(s *Sim, tick func()) error {
	if err := l.Begin(s); err != nil {
		return err
	}
	var in Input // one for all (Apply's rows keep a pointer to it)
	for i := range l.Inputs.Len() {
		in = l.Inputs.At(i)
		if err := in.Apply(s, tick); err != nil {
			return err
		}
	}
	return nil
}

// End is the sim time after the last recorded tick (s).
func (l *InputLog) End() float64 {
	for i := l.Inputs.Len() - 1; i >= 0; i-- {
		if in := l.Inputs.At(i); in.ticks() > 0 {
			return in.after()
		}
	}
	return 0
}

// DragFrames is the number of frames of a drag.
func (in *Input) DragFrames() int { return len(in.Drag) / 3 }

// DragFrame is frame j of a drag: the SetListener call and its sim time (s;
// frame 0 at T, each later one a grid step after the one before).
func (in *Input) DragFrame(j int) (x, y, heading float32, t float64) {
	t = in.T
	if j > 0 {
		t = float64((int64(math.Round(in.T*60))+int64(j))*StepFrames) / audio.SampleRate
	}
	return in.Drag[3*j], in.Drag[3*j+1], in.Drag[3*j+2], t
}

// ticks is the number of Ticks in makes (0 for a call that does not tick).
func (in *Input) ticks() int64 {
	switch in.Kind {
	case InTick, InStep:
		return int64(max(in.N, 0))
	case InDrag:
		return int64(len(in.Drag) / 3)
	}
	return 0
}

// after is the sim time after in's ticks, from in.T. Grid steps are closed
// form: from t, n steps of NextStepDt end on grid point round(t·60) + n
// exactly (each lands on its grid point: TestNextStepDt_MatchesRenderClock).
// Ticks of Dt are summed as the Sim sums them (bounded: Check).
func (in *Input) after() float64 {
	t := in.T
	switch in.Kind {
	case InStep, InDrag:
		if n := in.ticks(); n > 0 {
			return float64((int64(math.Round(t*60))+n)*StepFrames) / audio.SampleRate
		}
	case InTick:
		if in.Dt > 0 && !math.IsInf(in.Dt, 0) {
			for range in.ticks() {
				t += in.Dt
			}
		}
	}
	return t
}

// TickRate is the Sim's tick rate in Hz: the window and render advance it by
// 1/TickRate s steps (O3). The one definition of the tick.
const TickRate = 60

// StepFrames is one tick in frames at 44100 Hz (735: render's step).
const StepFrames = audio.SampleRate / TickRate

// NextStepDt is the dt that takes the clock from now to the next point of the
// 1/60 s grid exactly as the render loop computes it: t = k·735/44100 s and
// dt = t − now, for the k after now. A window that ticks by NextStepDt keeps
// the very same clock values as render, so decisions at a deadline equal to a
// grid time (a bed's fixed interval) fall on the same tick in both (O3).
func NextStepDt(now float64) float64 {
	k := math.Round(now*TickRate) + 1
	return float64(int64(k)*StepFrames)/audio.SampleRate - now
}

// MarshalJSON writes the record (its entries: Inputs.MarshalJSON, a
// record of no calls as [], not a missing one).
func (l InputLog) MarshalJSON() ([]byte, error) {
	type plain InputLog
	return json.Marshal(plain(l))
}
