//go:build !linux || android

package device

import "errors"

// probe has nothing to check outside Linux: the platform audio APIs Ebitengine
// uses there report failure through the player instead.
func probe(rate int) error { return nil }

// DefaultPath is the output path on this platform: oto.
const DefaultPath = PathOto

// openALSAOutput: our own ALSA writer is Linux-only.
func openALSAOutput(*Device) (output, error) {
	return nil, errors.New("-audio alsa: ALSA is Linux-only (use oto)")
}

// openALSAWhereThere: no ALSA to fall back on outside Linux (startPulse).
var openALSAWhereThere func(*Device) (output, error)
