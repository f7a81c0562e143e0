package world

// The world's shared value types: positions, directions, shells, the snapshot.

import (
	"soundworld/audio"
	"soundworld/dat"
)

// Pos is a world position in metres from the SW corner of landblock (0,0) (W1).
type Pos = audio.Vec3

// Listener is what the user places (W4, W5): the PLAYER's feet on the ground
// (Pos, world metres for drawing; Z = terrain height) and the compass heading
// (deg, clockwise from north) the player and the camera share; the camera sits
// Eye metres above the feet and Chase metres behind along the heading.
type Listener struct {
	Pos     Pos
	Heading float32
	Eye     float32 // m, camera above the player's feet
	Chase   float32 // m, camera behind the player along the heading (horizontal)
}

// Dir is one of the 8 bearings of CalcDir (A4) or InViewerBlock.
type Dir uint8

const (
	DirN Dir = iota
	DirS
	DirE
	DirW
	DirNE
	DirNW
	DirSE
	DirSW
	DirInViewerBlock
)

// Shell is one direction's [Min, Max] distance range for one-shots (A6).
type Shell struct {
	Dir      Dir
	Min, Max float32
}

// CellWeight is one contributing land cell of the last rebuild (A2).
type CellWeight struct {
	CellID uint32 // full land cell id (W2)
	Pos    Pos    // the SW vertex where its sound sits, world metres (drawing); Loc() is exact
	Weight float32
	Dir    Dir
	Stb    int // index into Region.Sound.STBDescs, -1 if none
}

// Instance is one ambient instance (A5) as the UI sees it.
type Instance struct {
	Stb           int // STB desc index
	Index         int // entry index within the desc
	STBID         uint32
	Desc          dat.AmbientSoundDesc
	Continuous    bool
	Count         float32
	Share         float32 // Count / total weight
	CurrentVolume float32
	PlayChance    float32
	CanHear       bool
	OnQueue       bool
	Deadline      float64 // absolute sim seconds; valid if OnQueue
	Shells        []Shell // first-seen order
}

// Spawn is a recent one-shot or emitter trigger at a position.
type Spawn struct {
	Time float64
	Pos  Pos
	DB   int
	Pan  int
	Play audio.Play
}

// Emitter is a placed point source (E1). Server and hook plays name a sound
// table and SoundType; sound_hook and tweaked_hook plays name a Wave (a DataID)
// and tweaked_hook a gate Probability.
type Emitter struct {
	Name        string
	Landblock   uint16 // 0xXXYY
	X, Y        float32
	Z           *float32 // nil = on the ground
	SoundTable  uint32
	SType       uint32
	Wave        uint32 // sound_hook, tweaked_hook
	Probability float32
	Volume      float32
	Interval    [2]float32 // s
	Path        audio.Path
}

// EmitterView is an emitter plus derived values for drawing.
type EmitterView struct {
	Emitter
	Pos           Pos
	AudibleRadius float32 // m, S1 at its volume and the current master
	NextTrigger   float64
}

// Event is one decision that drew random numbers or tried to play (O4): the
// play, where it sounded (world metres, for drawing; the camera for beds and
// not_now rows) and the draws it consumed, in draw order. Concatenating the
// traces of every event of a run gives both generators' streams.
type Event struct {
	audio.Play
	Pos   Pos
	Loc   Loc         // W6 position of positioned plays (zero for beds and not_now rows)
	Trace audio.Trace // RollDice unit values and rand() values consumed
	// Object is the object and hook behind an E3 play (nil for every other source).
	Object *ObjectHook
}

// Snapshot is an immutable copy of the Sim's state at the end of a Tick.
type Snapshot struct {
	Time     float64
	Listener Listener
	// Player and Camera are W5's two positions, landblock-local (W6): the
	// gather is centred on Player, the SoundManager listens at Camera.
	Player, Camera Loc
	CameraPos      Pos // Camera in world metres (drawing)
	CellID         uint32
	TotalWeight    float32
	Cells          []CellWeight
	Instances      []Instance
	Spawns         []Spawn // recent, newest last
	Emitters       []EmitterView
	Objects        []ObjectView // E3: the data's object sources around the player (nil with -objects=false)
	// ObjectsReleased says why Objects is empty when a closed EnvCell
	// released the landscape (A11/E3 [D4]); "" otherwise.
	ObjectsReleased string
	Voices          [16]audio.Voice
	// VoiceTraces are the draws behind the play that started each slot's
	// voice (O4, the voices panel's "why"); shared between snapshots, never written.
	VoiceTraces *[16]audio.Trace
	Cursor      int
	Drops       int
	Evictions   int
	Events      []Event   // recent decisions, newest last
	RNG         *RNGState // shared between snapshots while nothing is drawn
	Prefs       audio.Prefs
	NoAmbient   bool // A11: no ambient data at this position
	// A11: the player's EnvCell (0 outdoors) and whether it sees outside
	// (else no ambient gathers there).
	Indoor      uint32
	SeesOutside bool
}

// RNGState is both generators' state after the snapshot's tick (T4), for the
// screenshot sidecar: RollDice's ran2 and rand()'s MSVC state, plus how many
// values each has produced since the seed.
type RNGState struct {
	Seed         uint32
	Ran2         audio.Ran2State
	Rand         uint32
	Draws, Rands int
}

// Loc is the cell's sound position, landblock-local (W6): its SW vertex.
func (c CellWeight) Loc() Loc {
	n := c.CellID & 0xFFFF
	return Loc{Landblock: uint16(c.CellID >> 16), X: float32((n - 1) / 8 * CellSize), Y: float32((n - 1) % 8 * CellSize), Z: c.Pos.Z}
}
