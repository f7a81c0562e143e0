package atlas

// landmarks.go: the buildings and static objects of a landblock's
// LandBlockInfo (dat-format §3.5) as map markers (the data side
// of the window's markers).

import (
	"soundworld/dat"
)

// InfoSource reads LandBlockInfo records (dat.Archive does).
type InfoSource interface {
	LandBlockInfo(id uint32) (*dat.LandBlockInfo, error)
}

// Marker is one landmark: a building or a static object at its frame.
type Marker struct {
	Landblock uint16
	Building  bool
	Model     uint32  // Setup (0x02…) or GfxObj (0x01…) id
	X, Y, Z   float32 // landblock-local metres
	Heading   float32 // compass degrees the model's front (+Y) faces (W4)
}
