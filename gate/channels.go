package gate

import (
	"fmt"

	"soundworld/gate/measure"
)

// How a one-channel recording is measured (the gate file's "mono").
const (
	// MonoDual (the default): the channel is played on both sides, L = R,
	// as a mono take sounds on a stereo system; its programme loudness is
	// 3.01 LU above the channel alone (ffmpeg ebur128's dualmono=true).
	MonoDual = "dual"
	// MonoSingle: the channel is measured as BS.1770's single channel of
	// weight 1 (ffmpeg ebur128's default for mono).
	MonoSingle = "single"
)

// ChannelMode says in words how a recording of channels channels is
// measured under the gate file's choice (report header and report.json).
func (f *File) ChannelMode(channels int) string {
	switch {
	case channels == 2:
		return "stereo"
	case channels == 1 && f.Mono == MonoSingle:
		return "mono, measured as a single channel (gate file: mono single)"
	case channels == 1:
		return "mono, measured as dual mono: the channel on both sides, 3.01 LU above a single channel (gate file key mono: single to change)"
	case channels == 4:
		return "4 channels: the first two measured as left and right"
	}
	return fmt.Sprintf("%d channels folded to stereo: front left and right plus the centre at −3 dB, the others dropped", channels)
}

// MeasureRecording measures a decoded recording's analysed part l, r (both
// sides of a mono recording are equal) by the gate file's channel choice;
// the meters read nat, the same part at the recording's own rate (zero
// Native: l, r).
func (f *File) MeasureRecording(channels int, l, r []float32, nat measure.Native, ignore []measure.Range) measure.Result {
	if channels == 1 && f.Mono == MonoSingle {
		return measure.MeasureSingleNative(l, nat, ignore)
	}
	return measure.MeasureNative(l, r, nat, ignore)
}
