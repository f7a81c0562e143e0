package assets

// objects.go: the stand-in's sounding objects (rule E3) — a forge whose
// default animation strikes the hammer through its sound table, a windmill
// whose motion table's cycle creaks through a SoundHook, a fountain whose
// flowing animation splashes through SoundTweakedHooks, and the inn's hearth
// (an EnvCell static) crackling through a SoundHook. They are data objects:
// Setups with default animations, motion tables and scripts, placed in
// 0xA9B4's LandBlockInfo and the taproom, played by
// the same code that plays a user's real dats. Authored here; not retail data.

import (
	"math"

	"soundworld/dat"
)

// Ids of the stand-in's object records.
const (
	ForgeAnim      uint32 = 0x03000001 // the forge's hammer loop
	WindmillSetup  uint32 = 0x02000002
	WindmillAnim   uint32 = 0x03000002 // the sails' turn
	FountainSetup  uint32 = 0x02000003
	FountainAnim   uint32 = 0x03000003 // the water's flow: splashes every loop
	FountainScript uint32 = 0x33000001 // splashes once after creation (the water starting)
	CreakWave      uint32 = 0x0A000050 // the windmill's creak (synthesised below)
	// WindmillMotion is the windmill's motion table (E3 [D4]): its default
	// state's cycle turns the sails twice as fast as the default animation
	// (WindmillCycleRate), so the creaks come every 1 s, not every 2 s.
	WindmillMotion uint32 = 0x09000001
	// The inn's hearth (E3, EnvCell statics): a static of the taproom
	// 0xA9B40100 whose animation crackles through a SoundHook.
	HearthSetup uint32 = 0x02000004
	HearthAnim  uint32 = 0x03000004
	CrackleWave uint32 = 0x0A000052
	ThumpSType  uint32 = 0x21 // Thump1 (§5.1), the forge's quench thud
)

// Where the windmill and the fountain stand in 0xA9B4 (local m).
const (
	WindmillX, WindmillY = 165.0, 20.0
	FountainX, FountainY = 108.0, 62.0
)

// Frame counts and hook frames. A static's default animation plays at 30
// frames a second from frame 0 and its last frame's hooks never run (E3,
// CSequence::update_internal), so no hook sits on a last frame.
const (
	forgeFrames    = 90 // 3 s loop
	windmillFrames = 120
	fountainFrames = 120 // 4 s loop
)

// ForgeHammerFrames are the forge animation's frames whose SoundTableHook
// strikes the hammer (SoundType 0x69): two strikes a 3 s loop.
var ForgeHammerFrames = []int{12, 45}

// ForgeThumpFrame holds a SoundTableHook for Thump1 (the quench).
const ForgeThumpFrame = 75

// WindmillCreakFrames hold a SoundHook playing CreakWave.
var WindmillCreakFrames = []int{20, 80}

// HearthCrackleFrames hold a SoundHook playing CrackleWave (a 60-frame,
// 2 s loop at 30 frames/s).
var HearthCrackleFrames = []int{10, 40}

const hearthFrames = 60

// The windmill's motion table's default state (retail's NonCombat style and
// its Ready substate) and its cycle's rate: WindmillAnim's frames at
// 60 frames/s (its default animation plays at 30).
const (
	WindmillStyle     uint32  = 0x8000003D
	WindmillSubstate  uint32  = 0x41000003
	WindmillCycleRate float32 = 60
)

// windmillMotionTable is the windmill's motion table: one style default,
// one cycle (keyed style<<16 | substate&0xFFFFFF) playing WindmillAnim whole
// at WindmillCycleRate.
func windmillMotionTable() *dat.MotionTable {
	style := WindmillStyle // a variable: the shift drops the style's high bits, as retail's u32 does
	key := style<<16 | WindmillSubstate&0xFFFFFF
	return &dat.MotionTable{ID: WindmillMotion, DefaultStyle: WindmillStyle,
		StyleDefaults: []dat.StyleDefault{{Style: WindmillStyle, Substate: WindmillSubstate}},
		Cycles:        []dat.MotionData{{Key: key, Anims: []dat.AnimData{{Anim: WindmillAnim, Low: 0, High: -1, Framerate: WindmillCycleRate}}}}}
}

// The fountain's splashes ride its looping animation, as a real fountain's
// do (a default script runs once per creation, E3, so a fountain that only
// scripted its sound would fall silent; docs/fidelity.md "The stand-in's
// fountain"): splash-a every loop, splash-b gated at 0.6. Its default script
// splashes once when it is created (the water starting).
const (
	FountainSplashAFrame = 15
	FountainSplashBFrame = 75
)

// objectAnim is an animation of n frames of one part at rest, with hooks.
func objectAnim(id uint32, n int, hooks map[int][]dat.Hook) *dat.Animation {
	a := &dat.Animation{ID: id, NumParts: 1, Frames: make([]dat.AnimFrame, n)}
	for i := range a.Frames {
		a.Frames[i] = dat.AnimFrame{Parts: []dat.Frame{{QW: 1}}, Hooks: hooks[i]}
	}
	return a
}

// ObjectRecords are the stand-in's Setups, Animations and PhysicsScript.
func ObjectRecords() (setups []*dat.Setup, anims []*dat.Animation, scripts []*dat.PhysicsScript) {
	forge := map[int][]dat.Hook{ForgeThumpFrame: {{Type: dat.HookSoundTable, SType: ThumpSType}}}
	for _, f := range ForgeHammerFrames {
		forge[f] = []dat.Hook{{Type: dat.HookSoundTable, SType: HammerSType}}
	}
	fountain := map[int][]dat.Hook{
		FountainSplashAFrame: {{Type: dat.HookSoundTweaked, Wave: 0x0A00000C, Probability: 1, Priority: 0.9, Volume: 0.8}},   // splash-a
		FountainSplashBFrame: {{Type: dat.HookSoundTweaked, Wave: 0x0A00000D, Probability: 0.6, Priority: 0.9, Volume: 0.7}}, // splash-b, gated
	}
	mill := map[int][]dat.Hook{}
	for _, f := range WindmillCreakFrames {
		mill[f] = []dat.Hook{{Type: dat.HookSound, Wave: CreakWave}}
	}
	setups = []*dat.Setup{
		{ID: ForgeSetup, DefaultAnimation: ForgeAnim, DefaultSoundTable: ForgeTable},
		{ID: WindmillSetup, DefaultAnimation: WindmillAnim, DefaultMotionTable: WindmillMotion},
		{ID: FountainSetup, DefaultAnimation: FountainAnim, DefaultScript: FountainScript},
		{ID: HearthSetup, DefaultAnimation: HearthAnim},
	}
	hearth := map[int][]dat.Hook{}
	for _, f := range HearthCrackleFrames {
		hearth[f] = []dat.Hook{{Type: dat.HookSound, Wave: CrackleWave}}
	}
	anims = []*dat.Animation{objectAnim(ForgeAnim, forgeFrames, forge), objectAnim(WindmillAnim, windmillFrames, mill),
		objectAnim(FountainAnim, fountainFrames, fountain), objectAnim(HearthAnim, hearthFrames, hearth)}
	scripts = []*dat.PhysicsScript{{ID: FountainScript, Entries: []dat.ScriptEntry{
		{StartTime: 0.5, Hook: dat.Hook{Type: dat.HookSoundTweaked, Wave: 0x0A00000C, Probability: 1, Priority: 0.9, Volume: 0.8}},   // splash-a
		{StartTime: 2.0, Hook: dat.Hook{Type: dat.HookSoundTweaked, Wave: 0x0A00000D, Probability: 0.6, Priority: 0.9, Volume: 0.7}}, // splash-b, gated
	}}}
	return setups, anims, scripts
}

// addObjectRecords writes the object records and the creak wave.
func addObjectRecords(add func(id uint32, rec []byte)) {
	setups, anims, scripts := ObjectRecords()
	for _, s := range setups {
		add(s.ID, dat.EncodeSetup(s))
	}
	for _, a := range anims {
		add(a.ID, dat.EncodeAnimation(a))
	}
	for _, s := range scripts {
		add(s.ID, dat.EncodePhysicsScript(s))
	}
	add(WindmillMotion, dat.EncodeMotionTable(windmillMotionTable()))
	add(CreakWave, dat.EncodeWave(creakWave()))
	add(CrackleWave, dat.EncodeWave(crackleWave()))
}

// objectStabs are the windmill and the fountain on the ground in 0xA9B4
// (the forge is placed by forgeInfo).
func objectStabs(lb *dat.LandBlock, table *[256]float32) []dat.Stab {
	at := func(id uint32, x, y float64) dat.Stab {
		return dat.Stab{ID: id, Frame: dat.Frame{X: float32(x), Y: float32(y), Z: groundZ(lb, table, x, y), QW: 1}}
	}
	return []dat.Stab{at(WindmillSetup, WindmillX, WindmillY), at(FountainSetup, FountainX, FountainY)}
}

// creakWave is a wooden creak: a slow irregular stick-slip — a train of
// short resonant clicks whose rate swells and falls — through a body
// resonance, 1.1 s.
func creakWave() *dat.Wave {
	r := newRNG(80)
	n := int(1.1 * SampleRate)
	out := make([]float64, n)
	body := newSVF(420, 4)
	t := 0.05
	for t < 1.0 {
		u := float64((t - 0.05) / 0.95)
		rate := 28 + float64(60*fsin(float64(math.Pi*u))) // clicks per s
		damped(out, int(float64(t*SampleRate)), r.between(650, 900), 0, 0.012, r.between(0.5, 1))
		t += float64(1/rate) + r.between(-0.004, 0.004)
	}
	for i := range out {
		_, b, _ := body.step(out[i])
		out[i] = float64(0.6*out[i]) + b
	}
	fadeEdges(out, 0.002, 0.05)
	return pcmWave(CreakWave, toPCM16(out, 0.7))
}

// crackleWave is a hearth's crackle: a burst of short bright pops of
// random pitch and level, 0.8 s.
func crackleWave() *dat.Wave {
	r := newRNG(81)
	n := int(0.8 * SampleRate)
	out := make([]float64, n)
	for t := 0.02; t < 0.7; t += r.between(0.015, 0.09) {
		damped(out, int(float64(t*SampleRate)), r.between(1800, 4200), 0, 0.004, r.between(0.3, 1))
	}
	fadeEdges(out, 0.002, 0.05)
	return pcmWave(CrackleWave, toPCM16(out, 0.6))
}
