package assets

// TEMPORARY: the assets API others build against while assets/ is being written.
// The assets owner replaces this file and deletes it.

import (
	"errors"

	"soundworld/dat"
)

// Name is what the UI, README and dumps call the built-in world.
const Name = "Holtburg (stand-in)"

// StandIn builds the stand-in world's portal and cell dats in memory with the
// dat writer and opens them with dat.NewFile — the same path real files take.
func StandIn() (*dat.Archive, error) { return nil, errors.New("assets: not implemented yet") }

// DefaultLayout is the stand-in's default emitter layout file (JSON, the format
// documented in README "Emitter layout files"): the Holtburg forge.
func DefaultLayout() []byte { return nil }
