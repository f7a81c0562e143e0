package device

import (
	"math"

	"soundworld/audio"
)

// The browser's lead (an output with its own pace and queue: the audio
// worklet, output_web.go). The worklet's queue is the lead, and the page's
// thread feeds it only between frames, so a frame gap longer than the
// queue is an underrun. The lead follows the page's frame gaps:
//   - at the session's anchor, SessionLead of the longest gap the warm-up
//     saw (three such frames: the seconds after the click are the slowest),
//     not under the output's floor (webWarm: 300 ms);
//   - at each Update, up at once to what its gap needs (pageNeed), for a gap
//     of any length up to MaxLead (the queue drains in any gap);
//   - down, by at most pageShrink per s, to what the longest gap of the
//     last pageWindow s needs, never under the floor: the lead is also how
//     late what you do on the map is heard and how far the map runs ahead
//     of the sound, so a start-up's or a capture's stall should not keep
//     it long.
//
// Nothing moves either way (Timeline.SetLead): up runs the Sim further
// ahead on the same anchor, down lets the worklet play the queue down to
// the new depth. No toast (the page's gaps change all the time): the
// status line shows the lead; an underrun still grows it with its toast.
const (
	pageWindow = 10.0 // s of Update gaps the lead covers
	pageShrink = 0.05 // s of lead given back per s
)

// pageLead is the browser's lead policy's state.
type pageLead struct {
	win  []timedGap // the window's gaps, a monotonic deque: longest first
	last float64    // s, wall time of the last Update seen
	seen bool       // an Update was seen
}

// timedGap is an Update's gap (s) and when it ended (wall s).
type timedGap struct{ at, gap float64 }

// pageNeed is the lead (frames) that keeps the queue through a frame gap of
// gap s: a period (the frames go over a period at a time) plus the gap and
// half of it again (the next gap may be longer) plus frameMargin.
func pageNeed(gap float64) int64 {
	return ChunkFrames + int64(math.Ceil(1.5*gap*audio.SampleRate)) + frameMargin
}

// next is the lead (frames) after an Update that ended at wall time now
// (s) after a gap of gap s, from lead, never under floor nor over MaxLead.
func (p *pageLead) next(now, gap float64, lead, floor int64) int64 {
	for len(p.win) > 0 && p.win[len(p.win)-1].gap <= gap {
		p.win = p.win[:len(p.win)-1]
	}
	p.win = append(p.win, timedGap{now, gap})
	for len(p.win) > 1 && p.win[0].at < now-pageWindow {
		p.win = p.win[1:]
	}
	dt := 0.0
	if p.seen {
		dt = max(0, now-p.last)
	}
	p.last, p.seen = now, true
	want := min(MaxLead, max(floor, pageNeed(p.win[0].gap)))
	if want >= lead {
		return want
	}
	return max(want, lead-int64(dt*pageShrink*audio.SampleRate))
}

// followPage sets the browser's lead after an Update's gap (s).
func (s *Session) followPage(d *Device, gap float64) {
	l := d.LeadFrames()
	if n := s.page.next(s.lastU, gap, l, d.warmBounds().minLead); n != l {
		d.SetLead(n)
	}
}
