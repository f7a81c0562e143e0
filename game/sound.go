package game

import (
	"time"

	"soundworld/audio"
)

// sound is the window's side of the audio device bridge: it forwards the
// manager's voice starts to the mixer that the device plays.
type sound struct {
	mixer  *audio.Mixer
	out    bridge // nil: no device
	notice string
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
func openSound(b *audio.Bank) *sound {
	s := &sound{mixer: audio.NewMixer(b)}
	s.out, s.notice = openBridge(s.mixer)
	return s
}

// openDevice opens the sound device on the Sim's bank and makes it the
// clock's device source (clock.Audio follows it once it keeps real time).
func (g *Game) openDevice() {
	g.sound = openSound(g.sim.Bank())
	g.st.Silent = g.sound.silent()
	g.st.AudioOn = !g.st.Silent
	if g.src != nil {
		g.src.Device = g.sound.played
	}
}

func (s *sound) silent() bool { return s == nil || s.out == nil }

func (s *sound) apply(starts []audio.VoiceStart) {
	if !s.silent() {
		s.out.Push(starts)
	}
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
