package game

import (
	"time"

	"soundworld/audio"
	"soundworld/world"
)

// sound is the window's side of the audio device bridge: it forwards the
// manager's voice starts to the mixer that the device plays.
type sound struct {
	mixer  *audio.Mixer
	out    bridge // nil: no device
	notice string
	// instant is the sim time (s) the Sim stood at when this Update began,
	// with its starts already handed over; set while the device is the
	// clock and no anchor was taken this Update (live.go). A start at or
	// before it was made by an input between two Updates: it goes to the
	// next block (inputNow).
	instant   float64
	isInstant bool
}

// inputNow is what a device offers for inputs: their starts at the next
// block rendered instead of the lead later (audio/device PushNow), and the
// timeline frame they would have had.
type inputNow interface {
	PushNow(starts []audio.VoiceStart) int64
	TimelineFrame(t float64) int64
}

// bridge is what the window needs of audio's device package.
type bridge interface {
	Push(starts []audio.VoiceStart)
	Played() (time.Duration, bool)
	Close() error
}

// played is the device's played position in s (the window clock's device
// source); false with no device.
func (s *sound) played() (float64, bool) {
	if s.silent() {
		return 0, false
	}
	d, ok := s.out.Played()
	return d.Seconds(), ok
}

// openSound opens the audio device over a mixer on bank b; with no device it
// returns a silent sound whose notice says why.
func openSound(b *audio.Bank, path string) *sound {
	s := &sound{mixer: audio.NewMixer(b)}
	s.out, s.notice = openBridge(s.mixer, path)
	return s
}

// openDevice opens the sound device on the Sim's bank and makes it the
// clock's device source (clock.Audio follows it once it keeps real time).
func (g *Game) openDevice() {
	g.sound = openSound(g.sim.Bank(), g.cfg.AudioPath)
	g.st.Silent = g.sound.silent()
	g.st.AudioOn = !g.st.Silent
	if g.src != nil {
		g.src.Device = g.sound.played
	}
}

func (s *sound) silent() bool { return s == nil || s.out == nil }

// apply hands starts to the device. Those made by inputs between two
// Updates go to the next period (inputNow); it returns, per sim time, how
// many frames before their timeline place they went, for the input record
// (world.EarlyMark: render -from places them the same).
func (s *sound) apply(starts []audio.VoiceStart) []world.EarlyMark {
	if s.silent() {
		return nil
	}
	var marks []world.EarlyMark
	if d, ok := s.out.(inputNow); ok && s.isInstant {
		var now []audio.VoiceStart
		rest := starts[:0:0]
		for _, v := range starts {
			if v.Time <= s.instant {
				now = append(now, v)
			} else {
				rest = append(rest, v)
			}
		}
		if len(now) > 0 {
			front := d.PushNow(now) // first: they are earlier in sim time than the rest
			for _, v := range now {
				if n := len(marks); n == 0 || marks[n-1].T != v.Time {
					marks = append(marks, world.EarlyMark{T: v.Time, Frames: d.TimelineFrame(v.Time) - front})
				}
			}
			starts = rest
		}
	}
	s.out.Push(starts)
	return marks
}

// stopAll stops every voice (Slot with Wave 0 is a stop, per TakeStarts' contract).
func (s *sound) stopAll() {
	stops := make([]audio.VoiceStart, 16)
	for i := range stops {
		stops[i].Slot = i
	}
	s.apply(stops)
}

func (s *sound) close() {
	if !s.silent() {
		s.out.Close()
	}
}

// silentWhy says why there is no device ("" with one).
func (s *sound) silentWhy() string {
	switch {
	case s == nil:
		return "audio off"
	case s.out == nil:
		return s.notice
	}
	return ""
}
