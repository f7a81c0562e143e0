package game

import (
	"soundworld/assets"
	"soundworld/world"
)

// standInFootprints are the stand-in inn's room footprints (A11,
// assets/interior.go) for walking into its cells; real data states none
// (docs/fidelity.md "A11 footprints"), so there it is nil.
func standInFootprints(standIn bool) []world.Footprint {
	if !standIn {
		return nil
	}
	fs, err := assets.Footprints()
	if err != nil {
		return nil
	}
	out := make([]world.Footprint, len(fs))
	for i, f := range fs {
		out[i] = world.Footprint{Cell: f.Cell, X0: f.X0, Y0: f.Y0, X1: f.X1, Y1: f.Y1, Z: f.Z}
	}
	return out
}
