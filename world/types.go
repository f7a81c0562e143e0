package world

// The world's shared value types: positions, directions, shells, the snapshot.

import (
	"soundworld/audio"
	"soundworld/dat"
)

// Pos is a world position in metres from the SW corner of landblock (0,0) (W1).
type Pos = audio.Vec3

// Listener is the position and compass heading (deg, clockwise from north) (W4, W5).
type Listener struct {
	Pos     Pos
	Heading float32
	Eye     float32 // m above ground
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
	Pos    Pos    // the SW vertex where its sound sits
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

// Emitter is a placed point source (E1).
type Emitter struct {
	Name       string
	Landblock  uint16 // 0xXXYY
	X, Y       float32
	Z          *float32 // nil = on the ground
	SoundTable uint32
	SType      uint32
	Volume     float32
	Interval   [2]float32 // s
	Path       audio.Path
}

// EmitterView is an emitter plus derived values for drawing.
type EmitterView struct {
	Emitter
	Pos           Pos
	AudibleRadius float32 // m, S1 at its volume and the current master
	NextTrigger   float64
}

// Snapshot is an immutable copy of the Sim's state at the end of a Tick.
type Snapshot struct {
	Time        float64
	Listener    Listener
	CellID      uint32
	TotalWeight float32
	Cells       []CellWeight
	Instances   []Instance
	Spawns      []Spawn // recent, newest last
	Emitters    []EmitterView
	Voices      [16]audio.Voice
	Cursor      int
	Drops       int
	Evictions   int
	Events      []audio.Play // recent decisions, newest last
	Prefs       audio.Prefs
	NoAmbient   bool // A11: no ambient data at this position
}
