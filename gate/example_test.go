package gate_test

import (
	"fmt"
	"math"

	"soundworld/gate"
	"soundworld/gate/measure"
)

// A take measured: a gate file (here from bytes; gate.Load reads one from
// disk) names the spot, the recording and the part of it to compare; the
// take is measured as the gate measures the retail recording and our renders
// (BS.1770-4 loudness per channel, balance). The take is 10 s of a 997 Hz
// sine at amplitude 0.1 in both channels: its mean square is 0.005 per
// channel, K-weighting adds +0.691 dB at 1 kHz and BS.1770's −0.691 takes it
// off, so the programme (L + R) is 10·log10(2·0.005) = −20 LUFS and each
// channel alone 10·log10(0.005) = −23 LUFS.
func ExampleFile_MeasureRecording() {
	f, err := gate.Parse([]byte(`{
  "name": "holtburg-spawn", "dat": null,
  "loc": "0xA9B40019 [84.000000 7.100000 85.005000] 1.000000 0.000000 0.000000 0.000000",
  "camera": {"eye": 2, "chase": 0}, "prefs": "", "emitters": null,
  "seconds": 10, "recording": "retail.wav", "offset_s": 0, "ignore": [],
  "notes": "a take at the spawn", "history": []
}`), "holtburg-spawn.gate.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	n := int(f.Seconds * 44100)
	l, r := make([]float32, n), make([]float32, n)
	for i := range l {
		l[i] = float32(0.1 * math.Sin(2*math.Pi*997*float64(i)/44100))
		r[i] = l[i]
	}
	m := f.MeasureRecording(2, l, r, measure.Native{}, nil) // zero Native: the meters read l, r at 44.1 kHz
	fmt.Printf("%s: %.0f s, %s\n", f.Name, m.Seconds, f.ChannelMode(2))
	fmt.Printf("programme %.1f LUFS, left %.1f, right %.1f, balance %.1f dB\n",
		m.Loudness.Integrated, m.Loudness.IntegratedL, m.Loudness.IntegratedR, m.Balance.Median)
	// Output:
	// holtburg-spawn: 10 s, stereo
	// programme -20.0 LUFS, left -23.0, right -23.0, balance 0.0 dB
}
