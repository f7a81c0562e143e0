package commands

import (
	"encoding/json"
	"fmt"
	"io"
	"math"

	"soundworld/audio"
)

// runLevel is `soundworld level`: the retail level (S1) and pan (S4) of one
// play, like an attenuation editor ("how loud is this at 40 m?").
func runLevel(e *Env, args []string) error { return level(args, e.Stdout, e.Stderr) }

// levelResult is the JSON line `soundworld level` prints.
type levelResult struct {
	Distance float32 `json:"distance"` // m, 3-D (S3)
	Play     bool    `json:"play"`     // false: below −50 dB or g ≤ 0 (S1)
	DB       int     `json:"db"`       // whole dB; −50 when not played
	Pan      int     `json:"pan"`      // dB, + = right (S4)
}

const levelUsage = `usage: soundworld level -vol V [-master M] -dx E -dy N [-dz U] [-heading DEG] [-ambient] [-single] [-nopan]

Prints {"distance":…,"play":true|false,"db":INT,"pan":INT}: the level and pan
retail gives a sound of linear volume V at offset (E east, N north, U up) metres
from a listener facing DEG (compass: 0 = north, 90 = east).

`

// maxOffset bounds -dx, -dy, -dz in m.
const maxOffset = 1e6

// level parses args, computes one play and prints it on stdout.
func level(args []string, stdout, stderr io.Writer) error {
	fs := NewFlags("level", levelUsage, stdout, stderr)
	vol := fs.Float64("vol", 0, "linear `volume` of the sound (authored volumes reach 10; S2)")
	master := fs.Float64("master", 1, "master volume 0..1: the effect volume, or with -ambient the ambient volume")
	dx := fs.Float64("dx", 0, "source offset east of the listener, `m`")
	dy := fs.Float64("dy", 0, "source offset north of the listener, `m`")
	dz := fs.Float64("dz", 0, "source offset up from the listener, `m`")
	heading := fs.Float64("heading", 0, "listener heading, compass `degrees` (0 = north, 90 = east)")
	ambient := fs.Bool("ambient", false, "an ambient play: the master is the ambient volume, applied twice (G3 squared quirk)")
	single := fs.Bool("single", false, "with -ambient: apply the ambient volume once (squared quirk off, G3)")
	nopan := fs.Bool("nopan", false, "Sound Features pan-off: pan 0 (S4)")
	if err := fs.ParseNoArgs(args); err != nil {
		return err
	}
	if err := fs.Require("vol", "dx", "dy"); err != nil {
		return err
	}
	bad := fs.Bad
	// A slice, not a map: with two bad flags the first named is always the same.
	flags := []struct {
		name string
		v    float64
	}{{"vol", *vol}, {"master", *master}, {"dx", *dx}, {"dy", *dy}, {"dz", *dz}, {"heading", *heading}}
	for _, fl := range flags {
		if math.IsNaN(fl.v) || math.IsInf(fl.v, 0) || math.Abs(fl.v) > math.MaxFloat32 {
			return bad("-%s %v is not a finite number", fl.name, fl.v)
		}
	}
	for _, fl := range flags[2:5] { // dx, dy, dz
		if math.Abs(fl.v) > maxOffset { // the map is 49 152 m across; beyond this the 3-D distance overflows float32
			return bad("-%s %v: want metres in -%g..%g", fl.name, fl.v, maxOffset, maxOffset)
		}
	}
	if math.Abs(*heading) > 360 {
		return bad("-heading %v: want compass degrees in -360..360", *heading)
	}
	if *vol < 0 { // a linear volume (S2): an emitter's or a table's is ≥ 0 too
		return bad("-vol %v: want a linear volume ≥ 0", *vol)
	}
	if *master < 0 || *master > 1 {
		return bad("-master %v outside 0..1", *master)
	}
	if *single && !*ambient {
		return bad("-single only applies with -ambient")
	}

	p := audio.DefaultPrefs()
	p.Squared = !*single
	p.EffectVolume, p.AmbientVolume = float32(*master), float32(*master)
	v, m := audio.EffectiveVolume(p, *ambient, float32(*vol))
	src := audio.Vec3{X: float32(*dx), Y: float32(*dy), Z: float32(*dz)}
	dist := audio.Distance(src, audio.Vec3{})
	l := audio.Attenuation(dist, v, m)
	out := levelResult{Distance: dist, Play: l.Play, DB: l.DB,
		Pan: audio.Pan(src, audio.Vec3{}, float32(*heading), !*nopan)}
	b, err := json.Marshal(out)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s\n", b)
	return err
}
