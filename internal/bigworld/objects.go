package bigworld

import (
	"math"

	"soundworld/dat"
)

// Sounding objects (rule E3) for the generated world: every town holds a
// few statics whose Setup's default animation or script carries sound hooks,
// so the 3×3 object scan and the atlas's object layer are measured at scale.

// Ids of the object records.
const (
	SoundSetupAnim   uint32 = 0x02000001 // default animation with SoundTableHooks, table TableBase
	SoundSetupScript uint32 = 0x02000002 // default script with a SoundTweakedHook
	ObjectAnim       uint32 = 0x03000001
	ObjectScript     uint32 = 0x33000001
	ObjectsPerTown          = 4 // sounding statics added to each town's LandBlockInfo
)

// objectRecords are the Setups, the Animation and the PhysicsScript.
func objectRecords() (setups []*dat.Setup, anim *dat.Animation, script *dat.PhysicsScript) {
	stype := descs[0].sounds[0].SType // present in TableBase's table (SoundTables)
	anim = &dat.Animation{ID: ObjectAnim, NumParts: 1, Frames: make([]dat.AnimFrame, 60)}
	for i := range anim.Frames {
		anim.Frames[i].Parts = []dat.Frame{{QW: 1}}
	}
	anim.Frames[10].Hooks = []dat.Hook{{Type: dat.HookSoundTable, SType: stype}}
	anim.Frames[40].Hooks = []dat.Hook{{Type: dat.HookSoundTable, SType: stype}}
	script = &dat.PhysicsScript{ID: ObjectScript, Entries: []dat.ScriptEntry{
		{StartTime: 0.5, Hook: dat.Hook{Type: dat.HookSoundTweaked, Wave: WaveBase, Probability: 0.8, Priority: 1, Volume: 0.7}}}}
	setups = []*dat.Setup{
		{ID: SoundSetupAnim, DefaultAnimation: ObjectAnim, DefaultSoundTable: TableBase},
		{ID: SoundSetupScript, DefaultScript: ObjectScript},
	}
	return setups, anim, script
}

// addObjectRecords writes the object records to the portal dat.
func addObjectRecords(add func(id uint32, rec []byte)) {
	setups, anim, script := objectRecords()
	for _, s := range setups {
		add(s.ID, dat.EncodeSetup(s))
	}
	add(anim.ID, dat.EncodeAnimation(anim))
	add(script.ID, dat.EncodePhysicsScript(script))
}

// townObjects are a town's sounding statics on a small ring near its centre.
func townObjects(bx, by int, frame func(x, y, heading float64) dat.Frame) []dat.Stab {
	out := make([]dat.Stab, ObjectsPerTown)
	for i := range out {
		a := 2*math.Pi*float64(i)/ObjectsPerTown + 0.7
		id := SoundSetupAnim
		if i%2 == 1 {
			id = SoundSetupScript
		}
		out[i] = dat.Stab{ID: id, Frame: frame(96+30*math.Sin(a), 96+30*math.Cos(a), float64(hash2(int32(bx), int32(by+i), 97)%360))}
	}
	return out
}
