package device

import (
	"fmt"
	"math"

	"soundworld/audio"
)

// Lead growth: a late start means the game thread fell further behind the
// device than the lead covers, and an underrun that the device went dry; in
// either case the lead grows by leadStep (up to MaxLead), said in a toast
// and shown in the status bar. The anchor stays: the Sim just runs further
// ahead of the device, so no start moves. An underrun also grows the
// device's buffer by a period (GrowBuffer), said in the same toast.
const (
	leadStep = audio.SampleRate / 100 // 10 ms
	MaxLead  = 2 * audio.SampleRate   // 2 s
	// MinLead is the shortest session lead: 100 ms.
	MinLead = audio.SampleRate / 10
	// frameMargin is 20 ms over a read and a frame.
	frameMargin = audio.SampleRate / 50
	// stallGap (s) is the longest Update gap counted as frame jitter: the
	// window's clock drops longer gaps as stalls (explorer/clock.MaxGap).
	stallGap = 0.5
)

// growLead grows the lead by a step (not past MaxLead) and says why.
func (s *Session) growLead(d *Device, why string) { s.growLeadTo(d, d.LeadFrames()+1, why) }

// growLeadTo grows the lead in leadStep steps to at least frames (not past
// MaxLead) and says why.
func (s *Session) growLeadTo(d *Device, frames int64, why string) {
	l := d.LeadFrames()
	if l >= MaxLead || frames <= l {
		return
	}
	d.SetLead(min(MaxLead, l+(frames-l+leadStep-1)/leadStep*leadStep))
	s.host.Notice(fmt.Sprintf("%s: the audio lead grows to %.0f ms", why, float64(d.LeadFrames())*1000/audio.SampleRate))
}

// SessionLead is the lead (frames) the session starts with, from the
// longest of the warm-up's steady frame gaps (s): a period (the frontier
// moves a period at a time) plus three such gaps (a frame that takes three
// times the longest steady one: the first seconds load tiles and collect
// garbage) plus frameMargin, in leadStep steps, and at least MinLead. At
// 60 FPS (16.7 ms gaps) that is 100 ms; longer frames later grow it
// (growLeadTo). Inputs do not wait for the lead (PushNow): it only keeps
// the Sim's own starts exact, and sets how far the map's events run ahead
// of what is heard.
func SessionLead(maxGap float64) int64 {
	need := ChunkFrames + int64(3*maxGap*audio.SampleRate) + frameMargin
	return min(MaxLead, max(MinLead, (need+leadStep-1)/leadStep*leadStep))
}

// Warm-up: the window's first frames are its slowest (opening, tiles,
// shaders). The session's anchor waits until warmFrames Updates in a row
// came within warmGap s of each other (at most warmMax s), the Sim
// standing at its start and its first starts held; so the sound starts on
// a steady frame rate instead of starting late. Only in a real window
// (Frame.Warm: tests drive Update themselves).
const (
	warmFrames = 20
	warmGap    = 0.08
	warmMax    = 5.0
)

// warmBounds are the warm-up's bounds (Updates in a row within gap s, at
// most max s) and the session lead's floor (frames), per output.
type warmBounds struct {
	frames   int
	gap, max float64
	minLead  int64
}

// warmDevice are the bounds of a device written just ahead of what it
// plays (ALSA, pulse, oto).
var warmDevice = warmBounds{frames: warmFrames, gap: warmGap, max: warmMax, minLead: MinLead}

// warmBounds are d's output's bounds (the browser's has its own, webWarm).
func (d *Device) warmBounds() warmBounds {
	if w, ok := d.out.(interface{ warm() warmBounds }); ok {
		return w.warm()
	}
	return warmDevice
}

// warmUp is the session anchor's wait.
type warmUp struct {
	started bool
	start   float64            // s on the device's wall clock when the warm-up began
	steady  int                // Updates in a row within warmGap
	maxGap  float64            // s, the longest gap of those steady Updates
	longest float64            // s, the longest gap of any Update of the warm-up
	holding bool               // the session's anchor waits
	done    bool               // the warm-up is over
	held    []audio.VoiceStart // starts held while warming up
}

// waiting reports whether the session's anchor still waits (warm: a real window).
func (w *warmUp) waiting(s *Session, b warmBounds, warm bool, now, gap float64) bool {
	if s.anchored || len(s.anchors) > 0 || !warm || w.done {
		w.holding = false
		return false
	}
	if !w.started {
		w.started, w.start = true, now
	}
	w.longest = max(w.longest, gap)
	if gap > 0 && gap < b.gap {
		w.steady++
		w.maxGap = max(w.maxGap, gap)
	} else {
		w.steady, w.maxGap = 0, 0
	}
	if w.steady >= b.frames || now-w.start >= b.max {
		w.holding, w.done = false, true
		return false
	}
	w.holding = true
	return true
}

func (w *warmUp) hold(starts []audio.VoiceStart) { w.held = append(w.held, starts...) }

// take returns the held starts and forgets them.
func (w *warmUp) take() []audio.VoiceStart {
	h := w.held
	w.held = nil
	return h
}

// GapHist counts Update gaps in 1 ms bins (the last bin: 1 s and more).
type GapHist struct {
	n    int
	bins [1001]int
}

// Add counts a gap of gap s.
func (h *GapHist) Add(gap float64) {
	h.n++
	h.bins[min(1000, int(gap*1000))]++
}

// Quantile is the gap (ms, the bin's upper edge) below which a fraction q of the gaps lie.
func (h *GapHist) Quantile(q float64) int {
	need := int(math.Ceil(q * float64(h.n)))
	c := 0
	for i, k := range h.bins {
		if c += k; c >= need && c > 0 {
			return i + 1
		}
	}
	return 0
}
