package outputs

import (
	"fmt"
	"math"
)

// WAV limits of soundworld's renders: 16-bit stereo at 44 100 Hz in one RIFF
// file, whose size fields are 32-bit. The RIFF size (file length − 8 =
// 36 + data bytes) must fit in a uint32, so the data chunk holds at most
// 2³² − 1 − 36 bytes: 1 073 741 814 whole frames of 4 bytes, ≈ 24 347.9 s.
const (
	wavRate        = 44100
	wavFrameBytes  = 4 // 2 channels × 16 bit
	wavHeaderAfter = 36
	// MaxWAVFrames is the most sample frames one render can hold.
	MaxWAVFrames = (math.MaxUint32 - wavHeaderAfter) / wavFrameBytes
)

// MaxWAVSeconds is MaxWAVFrames in seconds (≈ 24 347.89).
const MaxWAVSeconds = float64(MaxWAVFrames) / wavRate

// CheckWAVSeconds refuses a render length that is not a finite number of
// seconds > 0 whose frames (rounded as the render rounds them) fit one WAV.
func CheckWAVSeconds(flag string, s float64) error {
	if !(s > 0) || math.IsInf(s, 0) || math.Round(s*wavRate) > MaxWAVFrames {
		return fmt.Errorf("%s %v: want a length in seconds > 0 and at most %.3f (the largest 16-bit stereo 44.1 kHz WAV file, 4 GiB)", flag, s, math.Floor(MaxWAVSeconds*1000)/1000)
	}
	return nil
}
