package assets

// scenery.go: the stand-in's Scene records (0x12…) — what the region's scene
// types place on each terrain vertex by retail's scenery algorithm
// (world/scenery.go) — and their Setups: silent bushes, trees, rocks, reeds
// and barrels, and one sounding kind, a wind chime hung about the town,
// whose default animation rings through a SoundHook (E3). The scene ids are
// the ones land.txt's [scenes] lists. Authored here; not retail data.

import (
	"math"

	"soundworld/dat"
)

// Ids of the scenery records.
const (
	ChimeSetup uint32 = 0x02000030 // the wind chime (sounds)
	ChimeAnim  uint32 = 0x03000030 // its sway: SoundHooks on ChimeFrames
	ChimeWave  uint32 = 0x0A000051 // the chime's ring (synthesised below)

	bushSetup   uint32 = 0x02000020
	rockSetup   uint32 = 0x02000021
	treeSetup   uint32 = 0x02000022
	reedsSetup  uint32 = 0x02000023
	barrelSetup uint32 = 0x02000024
)

// chimeFrames is the length of the chime's sway loop (8 s at 30 frames/s).
const chimeFrames = 240

// ChimeFrames hold a SoundHook playing ChimeWave (none on the last frame,
// whose hooks never run: E3).
var ChimeFrames = []int{30, 150}

// scenery is one object of a scene: the model, how often a vertex places it,
// how far it wanders from the vertex, how it turns and grows, and the slopes
// it stands on.
func scenery(id uint32, freq, displace, maxRot, minScale, maxScale, minSlope float32) dat.ObjectDesc {
	return dat.ObjectDesc{ObjID: id, BaseLoc: dat.Frame{QW: 1}, Freq: freq, DisplaceX: displace, DisplaceY: displace,
		MinScale: minScale, MaxScale: maxScale, MaxRotation: maxRot, MinSlope: minSlope, MaxSlope: 1}
}

// Scenes are the stand-in's Scene records by id (land.txt's [scenes] DIDs).
func Scenes() []*dat.Scene {
	bush := scenery(bushSetup, 0.2, 10, 360, 0.7, 1.2, 0.8)
	rock := scenery(rockSetup, 0.1, 10, 360, 0.5, 1.5, 0)
	tree := scenery(treeSetup, 0.6, 10, 360, 0.8, 1.3, 0.85)
	reeds := scenery(reedsSetup, 0.4, 8, 360, 0.8, 1.1, 0.9)
	barrel := scenery(barrelSetup, 0.15, 10, 360, 1, 1, 0.95)
	chime := scenery(ChimeSetup, 0.07, 9, 360, 1, 1, 0.9)
	chime.BaseLoc.X, chime.BaseLoc.Y = 6, 6 // off the vertex, where the road margin is not
	return []*dat.Scene{
		{ID: 0x12000001, Objects: []dat.ObjectDesc{bush}},
		{ID: 0x12000002, Objects: []dat.ObjectDesc{bush, rock}},
		{ID: 0x12000003, Objects: []dat.ObjectDesc{rock, bush, bush}},
		{ID: 0x12000004, Objects: []dat.ObjectDesc{tree, bush}},
		{ID: 0x12000005, Objects: []dat.ObjectDesc{tree, tree, rock}},
		{ID: 0x12000006, Objects: []dat.ObjectDesc{reeds}},
		{ID: 0x12000007, Objects: []dat.ObjectDesc{reeds, reeds}},
		{ID: 0x12000008, Objects: []dat.ObjectDesc{chime, barrel}},
		{ID: 0x12000009, Objects: []dat.ObjectDesc{barrel, chime}},
		{ID: 0x1200000A, Objects: []dat.ObjectDesc{rock, rock}},
		{ID: 0x1200000B, Objects: []dat.ObjectDesc{reeds, bush}},
		{ID: 0x1200000C, Objects: []dat.ObjectDesc{}},
	}
}

// addSceneryRecords writes the scenes, their Setups, the chime's animation
// and its wave.
func addSceneryRecords(add func(id uint32, rec []byte)) {
	for _, s := range Scenes() {
		add(s.ID, dat.EncodeScene(s))
	}
	for _, id := range []uint32{bushSetup, rockSetup, treeSetup, reedsSetup, barrelSetup} {
		add(id, dat.EncodeSetup(&dat.Setup{ID: id})) // silent: no default animation or script
	}
	add(ChimeSetup, dat.EncodeSetup(&dat.Setup{ID: ChimeSetup, DefaultAnimation: ChimeAnim}))
	hooks := map[int][]dat.Hook{}
	for _, f := range ChimeFrames {
		hooks[f] = []dat.Hook{{Type: dat.HookSound, Wave: ChimeWave}}
	}
	add(ChimeAnim, dat.EncodeAnimation(objectAnim(ChimeAnim, chimeFrames, hooks)))
	add(ChimeWave, dat.EncodeWave(chimeWave()))
}

// chimeWave is a small wind chime: five tubes struck a few tens of ms apart,
// each three inharmonic partials (a free bar's 1 : 2.76 : 5.40) ringing
// down over about a second, 2.2 s in all.
func chimeWave() *dat.Wave {
	r := newRNG(81)
	out := make([]float64, int(2.2*SampleRate))
	tubes := []float64{1318.5, 1568.0, 1760.0, 2093.0, 2349.3} // Hz: a pentatonic E, G, A, C, D two octaves above middle C
	at := 0.01
	for i := range tubes {
		f := tubes[(i*3)%len(tubes)]
		start := int(at * SampleRate)
		amp := r.between(0.5, 1)
		damped(out, start, f, 0, 0.32, amp)
		damped(out, start, f*2.76, 0, 0.12, 0.4*amp)
		damped(out, start, f*5.40, 0, 0.05, 0.2*amp)
		at += r.between(0.04, 0.14)
	}
	fadeEdges(out, 0.001, 0.08)
	for i := range out {
		out[i] *= math.Exp(-0.3 * float64(i) / SampleRate) // the whole set settles
	}
	return pcmWave(ChimeWave, toPCM16(out, 0.6))
}
