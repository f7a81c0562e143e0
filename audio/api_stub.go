package audio

// TEMPORARY: the audio API that world/ and game/ build against while audio/ is
// being written. The audio owner replaces this file with the real code (same
// names and signatures; adding is fine) and deletes it.

import (
	"io"

	"soundworld/dat"
)

// Vec3 is a world position or offset in metres (+X east, +Y north, +Z up; W1).
type Vec3 struct{ X, Y, Z float32 }

// Prefs are the retail sound preferences (G1–G5) plus this tool's quirk switch.
type Prefs struct {
	EffectVolume    float32 // 0..1, default 1
	AmbientVolume   float32 // 0..1, default 1
	InterfaceVolume float32 // 0..1, default 1; G2: never read by retail
	Effects         bool    // effect enabled
	Ambient         bool    // ambient enabled (G5)
	Interface       bool    // interface enabled
	Pan             bool    // false = Sound Features 1 (pan off, S4)
	OnlyWhenActive  bool    // G4, default on
	Squared         bool    // G3 squared-master quirk, default on
}

// DefaultPrefs returns retail defaults (G1) with the squared quirk on (G3).
func DefaultPrefs() Prefs {
	return Prefs{1, 1, 1, true, true, true, true, true, true}
}

// Source says which kind of caller asked for a play (for logs and the UI).
type Source uint8

const (
	SourceBed     Source = iota // continuous ambient, from the centre
	SourceOneShot               // intermittent ambient at a position
	SourceEmitter               // a placed emitter
	SourceStinger               // a UI/environs stinger from the centre
)

// Outcome is what became of one play request.
type Outcome uint8

const (
	OutcomeStart  Outcome = iota // took a free or finished slot
	OutcomeEvict                 // took a slot by stopping a lower-priority voice (P3)
	OutcomeDrop                  // all 16 busy, nothing lower (P4)
	OutcomeGated                 // failed the probability gate (T2)
	OutcomeSilent                // below −50 dB or g ≤ 0 (S1), or disabled by prefs, or no variant
)

// Path is which retail play function an emitter imitates (T2, T3, E1).
type Path uint8

const (
	PathServer Path = iota // PlaySound(SoundType, object, vol): caller volume, gate applied
	PathHook               // animation hook: entry volume, gate applied
)

// Play is one decision, for the event log.
type Play struct {
	Time     float64 // sim seconds
	Source   Source
	Table    uint32
	SType    uint32
	Wave     uint32
	Slot     int // -1 if none
	Priority float32
	DB       int // −50 when not played (S1)
	Pan      int
	Outcome  Outcome
}

// Voice is one of the 16 slots as the UI sees it.
type Voice struct {
	Busy     bool
	Source   Source
	Table    uint32
	SType    uint32
	Wave     uint32
	Priority float32
	DB       int
	Pan      int
	Start    float64 // sim seconds
	Length   float64 // s
	// Why: the level computation's inputs.
	Volume, Distance, GainRaw, GainClamped, Master float32
}

// Tables is where the manager reads sound tables and waves (dat.Archive fits).
type Tables interface {
	SoundTable(id uint32) (*dat.SoundTable, error)
	Wave(id uint32) (*dat.Wave, error)
}

// Bank loads sound tables and decodes waves once per id at 44100 Hz stereo (O1).
// Shared by the Manager (wave lengths decide when a voice has finished) and the
// Mixer (samples); safe for concurrent use.
type Bank struct{}

// NewBank builds a bank over t.
func NewBank(t Tables) *Bank { return &Bank{} }

// Manager is the retail SoundManager: level, pan, pool, pick, gate, RNGs.
type Manager struct{}

// NewManager builds a manager over the bank with retail RNGs seeded by seed.
func NewManager(b *Bank, p Prefs, seed uint32) *Manager { return &Manager{} }

// SetPrefs replaces the preferences.
func (m *Manager) SetPrefs(p Prefs) {}

// Prefs returns the current preferences.
func (m *Manager) Prefs() Prefs { return Prefs{} }

// SetListener sets the listener origin and compass heading (deg) (W4, W5).
func (m *Manager) SetListener(pos Vec3, heading float32) {}

// SetActive reports window focus for G4.
func (m *Manager) SetActive(active bool) {}

// RollDice is the retail RollDice(lo, hi) on the manager's generator (T4).
func (m *Manager) RollDice(lo, hi float32) float32 { return lo }

// PlayAmbientAt plays an intermittent ambient one-shot at pos with the desc volume (A9).
func (m *Manager) PlayAmbientAt(now float64, table uint32, stype uint32, pos Vec3, vol float32) Play {
	return Play{}
}

// PlayAmbientFromCenter plays a continuous bed from the centre at vol (A9).
func (m *Manager) PlayAmbientFromCenter(now float64, table uint32, stype uint32, vol float32) Play {
	return Play{}
}

// PlayEmitter plays a placed emitter's sound at pos (E1).
func (m *Manager) PlayEmitter(now float64, table uint32, stype uint32, pos Vec3, vol float32, path Path) Play {
	return Play{}
}

// PlayStinger plays a SoundType from the centre (PlaySoundFromCenter(SoundType, table)).
func (m *Manager) PlayStinger(now float64, table uint32, stype uint32) Play { return Play{} }

// Voices returns the 16 slots at time now, the ring cursor, and the drop and eviction counts.
func (m *Manager) Voices(now float64) (v [16]Voice, cursor int, drops, evictions int) {
	return
}

// VoiceStart is what the mixer needs to play one voice (S5, S6: frozen at birth).
type VoiceStart struct {
	Slot  int
	Wave  uint32
	GainL float32 // linear, DirectSound pan law of S5 applied
	GainR float32
	Time  float64 // sim seconds when it starts
}

// TakeStarts returns and clears voice starts (and evictions, as Slot with Wave 0) since the last call.
func (m *Manager) TakeStarts() []VoiceStart { return nil }

// AudibleRadius solves S1 for −50 dB: the distance in m beyond which vol·master is not played.
func AudibleRadius(vol, master float32) float32 { return 0 }

// Mixer sums voices at 44100 Hz stereo (O1, O2). Render and live playback share it (O3).
type Mixer struct{}

// NewMixer builds a mixer playing waves from the bank.
func NewMixer(b *Bank) *Mixer { return &Mixer{} }

// Apply starts/stops voices.
func (x *Mixer) Apply(starts []VoiceStart) {}

// Render fills dst (interleaved stereo float32, len even) with the next len(dst)/2 frames.
func (x *Mixer) Render(dst []float32) {}

// SampleRate is the mix rate (O1).
const SampleRate = 44100

// DecodeWave decodes a dat wave (PCM 8/16-bit, MP3) to interleaved stereo float32
// at SampleRate (O1). Other format tags → an error naming the wave and tag.
func DecodeWave(w *dat.Wave) ([]float32, error) { return nil, nil }

// WAVWriter writes 16-bit PCM stereo 44100 Hz WAV (O3).
type WAVWriter struct{}

// NewWAVWriter starts a WAV file on w; Close patches the sizes.
func NewWAVWriter(w io.WriteSeeker) (*WAVWriter, error) { return &WAVWriter{}, nil }

// Write appends interleaved stereo frames (clipped to [−1, 1], then 16-bit).
func (w *WAVWriter) Write(frames []float32) error { return nil }

// Close finishes the header.
func (w *WAVWriter) Close() error { return nil }
