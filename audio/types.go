// Package audio is the retail SoundManager (level, pan, the 16-voice pool,
// variant pick, probability gate, retail random sources, preferences) plus the
// deterministic 44100 Hz stereo mixer that plays or renders its voices.
//
// The rules are those of docs/rules.md (S, P, T, G, O); each is named by id
// where it is implemented. The package imports no window-side
// Ebitengine code, so its tests run headless.
package audio

import (
	"fmt"

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
	SourceObject                // a hook of an object the data places (E3)
)

// String names the source for logs.
func (s Source) String() string {
	switch s {
	case SourceBed:
		return "bed"
	case SourceOneShot:
		return "oneshot"
	case SourceEmitter:
		return "emitter"
	case SourceStinger:
		return "stinger"
	case SourceObject:
		return "object"
	}
	return "source?"
}

// Outcome is what became of one play request.
type Outcome uint8

const (
	OutcomeStart  Outcome = iota // took a free or finished slot
	OutcomeEvict                 // took a slot by stopping a lower-priority voice (P3; never in retail, rev. 2)
	OutcomeDrop                  // all 16 busy (P3, P4)
	OutcomeGated                 // failed the probability gate (T2)
	OutcomeSilent                // below −50 dB or g ≤ 0 (S1), or disabled by prefs, or no variant
	OutcomeNotNow                // an intermittent's PlayNow roll failed (A8; recorded for O4)
	// Silent because of bad data (P6). A bad wave costs
	// what a playable one costs — the pick, the gate, a slot (Slot ≥ 0, free
	// again on the next play) and the cursor — and plays silence (P6); a
	// missing table fails before any draw (no slot).
	OutcomeBadWave      // the wave is missing or does not decode (retail: a SoundBufRef with no buffer)
	OutcomeMissingTable // the sound table cannot be read (missing or damaged; A1)
)

// Silent reports whether o is a play that made no sound for want of a slot
// or a voice other than drop, gated and not_now: silent, bad_wave, missing_table.
func (o Outcome) Silent() bool {
	return o == OutcomeSilent || o == OutcomeBadWave || o == OutcomeMissingTable
}

// NotNow is OutcomeNotNow (the name the world's event rows use).
const NotNow = OutcomeNotNow

// String names the outcome for logs.
func (o Outcome) String() string {
	switch o {
	case OutcomeStart:
		return "start"
	case OutcomeEvict:
		return "evict"
	case OutcomeDrop:
		return "drop"
	case OutcomeGated:
		return "gated"
	case OutcomeSilent:
		return "silent"
	case OutcomeNotNow:
		return "not_now"
	case OutcomeBadWave:
		return "bad_wave"
	case OutcomeMissingTable:
		return "missing_table"
	}
	return "outcome?"
}

// Path is which retail play function an emitter imitates (T2, T3, E1).
type Path uint8

const (
	PathServer      Path = iota // PlaySound(SoundType, object, vol): pick, gate, caller volume
	PathHook                    // SoundTableHook, PlaySound(SoundType, object): pick, gate, entry volume
	PathSoundHook               // SoundHook, PlaySound(DataID, object): wave id, no gate, effect volume squared (G3)
	PathTweakedHook             // SoundTweakedHook, PlaySound(DataID, object, prio, prob, vol): gate on prob, caller volume
)

var pathNames = [...]string{"server", "hook", "sound_hook", "tweaked_hook"}

// String names the path as layouts and event logs write it.
func (p Path) String() string {
	if int(p) < len(pathNames) {
		return pathNames[p]
	}
	return "path?"
}

// PlaysWave reports whether the path plays a wave id (a DataID) rather than a SoundType.
func (p Path) PlaysWave() bool { return p == PathSoundHook || p == PathTweakedHook }

// ParsePath is the inverse of Path.String.
func ParsePath(s string) (Path, error) {
	for i, n := range pathNames {
		if s == n {
			return Path(i), nil
		}
	}
	return 0, fmt.Errorf("path %q: want one of server, hook, sound_hook, tweaked_hook", s)
}

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
	// Reason says why a play was silent, gated or dropped ("" for starts and
	// evictions), e.g. "inactive window (G4)" or "below -50 dB (S1)".
	Reason string
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
	// Why: the level computation's inputs (S1). Volume is the vol handed to
	// GetAttenuation (for ambient plays already pre-multiplied by the ambient
	// volume when Squared, G3); Distance in m; GainRaw before and GainClamped
	// after the clamp to 1; Master the multiplier applied after the clamp.
	Volume, Distance, GainRaw, GainClamped, Master float32
}

// VoiceStart is what the mixer needs to play one voice (S5, S6: frozen at birth).
// Wave 0 means "stop the voice in Slot at Time" (an eviction, P3).
type VoiceStart struct {
	Slot  int
	Wave  uint32
	GainL float32 // linear, DirectSound pan law of S5 applied
	GainR float32
	Time  float64 // sim seconds when it starts
}

// Tables is where the manager reads sound tables and waves (dat.Archive fits).
type Tables interface {
	SoundTable(id uint32) (*dat.SoundTable, error)
	Wave(id uint32) (*dat.Wave, error)
}

// SampleRate is the mix rate in Hz (O1).
const SampleRate = 44100

// LiveRow is something the live device did (spec O5), at the sim time of
// the Update that saw it: a start it got late (played at once, Ms late),
// an underrun, a stall, or an anchor. The live session keeps its account
// in these rows (audio/device.Event) and capture bundles list them
// (internal/capture.LiveRow).
type LiveRow struct {
	Time   float64 // sim s
	Kind   string  // "late", "underrun", "stall", "anchor"
	Slot   int     // −1 none
	Wave   uint32
	Ms     float64 // late_ms or underrun_ms
	Reason string  // the anchor's, or the stall's
}
