// Package audition plays one sound alone on demand (the Sounds panel): the
// level and pan it would have at a chosen distance and bearing (S1, S4,
// S5) or flat, through a Mixer of its own beside the live one, and its
// waveform and spectrum. It never touches the Sim: it has its own Bank (a
// wave that does not decode is the panel's error, never a data problem of
// the session) and its own Mixer (the session's 16 slots and its timeline
// are not used), so a session's input record and Sim state are the same
// with and without auditions. No ebiten.
package audition

import (
	"math"
	"sync"

	"soundworld/audio"
)

// Placement is where the auditioned sound is, relative to a listener facing
// north: Dist m away on compass Bearing (deg, 0 north, 90 east), or Flat
// (no distance, no pan: the sound at its own volume, centred).
type Placement struct {
	Flat    bool
	Dist    float32 // m
	Bearing float32 // deg, compass
}

// Level is what a sound of volume vol gets at p: the retail level (S1) and
// pan (S4) in whole dB and the mixer's linear gains (S5). Play false: below
// −50 dB (S1), nothing would be heard in retail.
type Level struct {
	DB, Pan int
	GainL   float32
	GainR   float32
	Play    bool
}

// LevelAt is S1/S4/S5 for a sound of linear volume vol (its SoundData's,
// 1 for a bare wave) at p, with master volume 1 and pan on.
func LevelAt(vol float32, p Placement) Level {
	if p.Flat {
		p.Dist = 0
	}
	rad := float64(p.Bearing) * math.Pi / 180
	src := audio.Vec3{X: float32(float64(p.Dist) * math.Sin(rad)), Y: float32(float64(p.Dist) * math.Cos(rad))}
	a := audio.Attenuation(p.Dist, vol, 1)
	l := Level{DB: a.DB, Play: a.Play}
	if !p.Flat {
		l.Pan = audio.Pan(src, audio.Vec3{}, 0, true)
	}
	if l.Play {
		l.GainL, l.GainR = audio.Gains(l.DB, l.Pan)
	}
	return l
}

// Player is the audition's voice source: one slot of a Mixer of its own on
// a Bank of its own. The output device mixes it into what it plays
// (audio/device.AuditionSource); safe for concurrent use (the device renders
// on its own goroutine).
type Player struct {
	bank *audio.Bank

	mu      sync.Mutex
	mixer   *audio.Mixer
	left    int  // frames of the current sound still to play
	solo    bool // the session's mix is silenced while it plays
	scratch []float32
}

// NewPlayer is a Player reading waves from t (the window's archive).
func NewPlayer(t audio.Tables) *Player {
	b := audio.NewBank(t)
	return &Player{bank: b, mixer: audio.NewMixer(b)}
}

// Samples is wave id decoded at 44100 Hz stereo (O1), from the Player's own bank.
func (p *Player) Samples(id uint32) ([]float32, error) { return p.bank.Samples(id) }

// Play starts wave id at once with gains l (replacing what plays); solo
// silences the session's mix while it plays. The wave is decoded here, on
// the caller's goroutine, never on the device's.
func (p *Player) Play(id uint32, l Level, solo bool) error {
	buf, err := p.bank.Samples(id)
	if err != nil {
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.mixer.Apply([]audio.VoiceStart{{Slot: 0, Wave: id, GainL: l.GainL, GainR: l.GainR}})
	p.left, p.solo = len(buf)/2, solo
	return nil
}

// Stop silences the audition at once.
func (p *Player) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.mixer.Apply([]audio.VoiceStart{{Slot: 0}})
	p.left = 0
}

// Playing reports whether a sound is still sounding.
func (p *Player) Playing() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.left > 0
}

// MixInto adds the audition's next len(buf)/2 frames into buf (interleaved
// stereo), zeroing the session's mix first while a solo sound plays. The
// sum is clipped to [−1, 1] (O2).
func (p *Player) MixInto(buf []float32) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.left <= 0 {
		return
	}
	if cap(p.scratch) < len(buf) {
		p.scratch = make([]float32, len(buf))
	}
	s := p.scratch[:len(buf)]
	p.mixer.Render(s)
	if p.solo {
		clear(buf)
	}
	for i, v := range s {
		buf[i] = max(-1, min(1, buf[i]+v))
	}
	p.left -= len(buf) / 2
}
