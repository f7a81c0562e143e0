package device

import "soundworld/audio"

// PushNow plays starts made by an input (a click, a key: a stinger, a
// re-evaluation after the listener moved) at the next block the mixer
// renders instead of at their place on the timeline, which is the lead
// ahead: an input is heard a block plus the player and ALSA buffers after it
// is made, not the lead later (docs/fidelity.md, "input at the next block").
// A pending start or stop on the same slot was made earlier in sim time, so
// the input's start supersedes it; it is dropped rather than allowed to cut
// the input's sound off when its frame comes. Nothing else moves: the Sim's
// own starts keep their frames (O5). It returns the frame they start at.
func (d *Device) PushNow(starts []audio.VoiceStart) int64 {
	if d.silent || len(starts) == 0 {
		return -1
	}
	d.mixer.Prepare(starts) // outside the lock, as Push
	d.mu.Lock()
	defer d.mu.Unlock()
	front := d.frontier(starts)
	for _, s := range starts {
		d.pending = dropSlot(d.pending, s.Slot)
		d.mixer.DropPending(s.Slot, front)
		s.Time = float64(front) / audio.SampleRate
		d.pending = append(d.pending, s)
	}
	d.inFrame.Store(front) // before the count: a reader that sees the count sees the frame
	d.inputs.Add(int64(len(starts)))
	return front
}

// dropSlot removes the starts and stops for slot from ss (in place).
func dropSlot(ss []audio.VoiceStart, slot int) []audio.VoiceStart {
	out := ss[:0]
	for _, s := range ss {
		if s.Slot != slot {
			out = append(out, s)
		}
	}
	return out
}

// Inputs is how many starts PushNow placed at the next block, and the mixer
// frame of the last of them (−1 before any).
func (d *Device) Inputs() (n, lastFrame int64) {
	if d == nil || d.inputs.Load() == 0 {
		return 0, -1
	}
	return d.inputs.Load(), d.inFrame.Load()
}

// TimelineFrame is the mixer frame the anchor in force gives sim time t
// (where a start at t lands on the timeline, past or not).
func (d *Device) TimelineFrame(t float64) int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.tl.FrameOf(t)
}
