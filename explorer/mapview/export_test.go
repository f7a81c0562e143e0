package mapview

import "soundworld/dat"

// newPyramid is a pyramid with its worker and its scan of the cell dat
// started (the tests'; New starts the scan by Config.ScanAfterFirstView).
func newPyramid(a *dat.Archive, r *dat.Region, nt NewTexture, maxBlocks int) *pyramid {
	p := idlePyramid(a, r, nt, maxBlocks)
	p.startScan()
	return p
}
