package capture

import (
	"math"

	"soundworld/audio"
	"soundworld/world"
)

// marks is render -from's copy of the live window's timeline (spec O5):
// before the record's first anchor mark a start at sim time t plays at
// round(t·44100), as render; from a mark's time on, where the mark puts it
// (world.AnchorMark.FrameOf). A mark is taken up once the mix has covered
// its time (the window took it at the start of an Update, after the
// starts up to then were placed on the anchor before).
type marks struct {
	all []world.AnchorMark
	cur int // index of the mark in force (−1: none)
}

func newMarks(all []world.AnchorMark) *marks {
	m := &marks{all: all, cur: -1}
	m.advance(0) // a mark at the record's start holds from its first start
	return m
}

// advance takes up every mark at or before sim time t (s).
func (m *marks) advance(t float64) {
	for m.cur+1 < len(m.all) && m.all[m.cur+1].T <= t {
		m.cur++
	}
}

func (m *marks) anchored() bool { return m.cur >= 0 }

// frameOf is the frame of a start at sim time t under the mark in force.
func (m *marks) frameOf(t float64) int64 {
	if m.cur < 0 {
		return int64(math.Round(t * audio.SampleRate))
	}
	return m.all[m.cur].FrameOf(t)
}

// at is the frame of sim time t under the last mark at or before it.
func (m *marks) at(t float64) int64 {
	c := &marks{all: m.all, cur: -1}
	c.advance(t)
	return c.frameOf(t)
}

// mixTarget is the frame render mixes up to after a tick ending at sim
// time now: the next tick's end, where its starts are stamped (as render),
// but not past the device's frontier when the next mark was taken.
func (m *marks) mixTarget(now float64) int64 {
	target := int64(math.Round(now*audio.SampleRate)) + world.StepFrames
	if m.anchored() {
		target = m.frameOf(now + world.NextStepDt(now))
	}
	if m.cur+1 < len(m.all) {
		next := m.all[m.cur+1]
		target = min(target, next.Frame-next.Lead)
	}
	return target
}
