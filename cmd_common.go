package main

import (
	"soundworld/assets"
	"soundworld/dat"
)

// openArchive opens the user's dat folder, or builds the stand-in world when
// dir is empty. Both go through dat.NewFile: one code path for all data.
func openArchive(dir string) (*dat.Archive, error) {
	if dir == "" {
		return assets.StandIn()
	}
	a, err := dat.OpenDir(dir)
	if err != nil {
		return nil, userError{err}
	}
	return a, nil
}
