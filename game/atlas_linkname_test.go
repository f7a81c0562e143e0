package game

import _ "unsafe" // go:linkname

// restorableImages is ebiten v2.8's set of live GPU images (one per atlas
// page or unshared image), which every draw call walks
// (restorable.makeStaleIfDependingOn). Read only for ATLAS_FRAMES's
// per-frame diagnostics in BenchmarkAtlas_OverviewCold: it assumes the
// set's map is the struct's first field (true in ebiten v2.8.8).
//
//go:linkname restorableImages github.com/hajimehoshi/ebiten/v2/internal/restorable.theImages
var restorableImages *struct{ images map[uintptr]struct{} }

// gpuImages is the number of live GPU images.
func gpuImages() int { return len(restorableImages.images) }
