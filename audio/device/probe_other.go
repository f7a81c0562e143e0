//go:build !linux || android

package device

import "errors"

// probe has nothing to check outside Linux: the platform audio APIs Ebitengine
// uses there report failure through the player instead.
func probe(rate int) error { return nil }

// DefaultPath is the output path on this platform: oto.
const DefaultPath = PathOto

// readyALSA: our own ALSA writer is Linux-only.
func readyALSA() (begin, error) {
	return nil, errors.New("-audio alsa: ALSA is Linux-only (use oto)")
}

// readyALSAWhereThere: no ALSA to fall back on outside Linux (resolvePulse).
var readyALSAWhereThere func() (begin, error)
