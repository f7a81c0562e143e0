package device

import (
	"fmt"
	"math"

	"soundworld/audio"
)

// Timeline places the Sim's voice starts on the mixer's sample timeline
// (spec O5): the frames the device has consumed from the mixer are the one
// clock. An Anchor ties sim time t0 to mixer frame F0 = frontier + lead (the
// frontier is the mixer's next frame to render); from then on a start at sim
// time t lands at
//
//	F0 + round(t·44100) − round(t0·44100)          (time scale 1: as render)
//	F0 + round((t − t0)·44100 / scale)             (any other scale)
//
// and the Sim is due at SimTarget(frontier). Anchors are taken only when a
// session, a reset, a jump, a pause or a time-scale change starts, each
// logged with its reason; a start whose frame is already rendered is late:
// the caller plays it at once and logs the lateness (Late), it is never
// re-anchored or moved silently. Pure: no device, no clock of its own; the
// Device guards it with its lock.
type Timeline struct {
	lead    int64 // frames between the frontier and an anchor's first start
	cur     Anchor
	anchors []Anchor // every anchor taken, oldest first
}

// Anchor is one tie of sim time to the mixer's frames.
type Anchor struct {
	Reason string  // "session", "reset", "jump", "pause", "time scale", "lead"
	SimT   float64 // s
	Frame  int64   // mixer frame of a start at SimT
	Scale  float64 // sim s per device s
	Lead   int64   // frames: Frame minus the frontier when it was taken
}

// Late is a start the game thread delivered after its frame was rendered
// (O5): it played at once, LateMs after its place on the timeline.
type Late struct {
	Start  audio.VoiceStart // as the Sim gave it (Time in sim s)
	Frame  int64            // where it should have started
	Played int64            // where it did (the frontier)
	LateMs float64
}

// NewTimeline returns an unanchored timeline with the given lead (frames).
func NewTimeline(lead int64) *Timeline { return &Timeline{lead: lead} }

// Anchored reports whether an anchor has been taken.
func (tl *Timeline) Anchored() bool { return len(tl.anchors) > 0 }

// Anchor ties sim time simT to frontier + lead at time scale (≤ 0 or NaN
// counts as 1) and logs it with reason.
func (tl *Timeline) Anchor(reason string, simT float64, frontier int64, scale float64) Anchor {
	if !(scale > 0) || math.IsInf(scale, 0) {
		scale = 1
	}
	if math.IsNaN(simT) || math.IsInf(simT, 0) {
		simT = 0
	}
	tl.cur = Anchor{Reason: reason, SimT: simT, Frame: frontier + tl.lead, Scale: scale, Lead: tl.lead}
	tl.anchors = append(tl.anchors, tl.cur)
	return tl.cur
}

// Anchors returns the anchors taken so far (a copy).
func (tl *Timeline) Anchors() []Anchor { return append([]Anchor(nil), tl.anchors...) }

// Current is the anchor in force.
func (tl *Timeline) Current() Anchor { return tl.cur }

// Lead is the lead in frames.
func (tl *Timeline) Lead() int64 { return tl.lead }

// SetLead changes the lead: SimTarget runs the Sim that much ahead of the
// frontier from now on, on the anchor in force (nothing is re-anchored).
func (tl *Timeline) SetLead(frames int64) { tl.lead = max(0, frames) }

// FrameOf is the mixer frame of a start at sim time t under the anchor in force.
func (tl *Timeline) FrameOf(t float64) int64 {
	a := tl.cur
	if math.IsNaN(t) || math.IsInf(t, 0) || math.Abs(t) > 1e9 {
		t = a.SimT
	}
	return audio.AnchoredFrame(t, a.SimT, a.Frame, a.Scale)
}

// SimTarget is the sim time (s) the Sim is due at when the mixer's frontier
// is at frame frontier: the time whose starts land lead ahead of it (the
// current lead: growing it runs the Sim further ahead on the same anchor,
// so no start moves).
func (tl *Timeline) SimTarget(frontier int64) float64 {
	a := tl.cur
	return a.SimT + float64(frontier+tl.lead-a.Frame)/audio.SampleRate*a.Scale
}

// Place maps s onto the timeline against the frontier: the mixer frame it
// starts at and, when that frame is already rendered, its lateness.
func (tl *Timeline) Place(s audio.VoiceStart, frontier int64) (int64, *Late) {
	f := tl.FrameOf(s.Time)
	if f >= frontier {
		return f, nil
	}
	return frontier, &Late{Start: s, Frame: f, Played: frontier, LateMs: float64(frontier-f) * 1000 / audio.SampleRate}
}

// String names the anchor for the event log.
func (a Anchor) String() string {
	return fmt.Sprintf("anchor (%s): sim %.3f s = mixer frame %d, scale %g", a.Reason, a.SimT, a.Frame, a.Scale)
}
