package dat

import "fmt"

// Animation hooks (docs/formats.md "Animation hooks"): the polymorphic
// AnimationHook of Animation frames (0x03…) and PhysicsScript entries
// (0x33…). On disk a hook is `u32 type`, `i32 direction`, a body whose size
// the type alone decides (the format declares no size field), then Align4
// (retail CAnimHook::UnPackHook, acclient.c:342736, ends every hook with
// PackObj::ALIGN_PTR). Sources: the retail decompile (UnPackHook's switch and
// each hook's UnPack), ACE.DatLoader Entity/AnimationHooks/*.cs, DRW dats.xml
// AnimationHook.

// Hook types (ACE AnimationHookType = DRW AnimationHookType = retail GetType).
const (
	HookNoOp                   uint32 = 0
	HookSound                  uint32 = 1 // SoundHook: wave id → E1 sound_hook
	HookSoundTable             uint32 = 2 // SoundTableHook: SoundType → E1 hook
	HookAttack                 uint32 = 3
	HookAnimationDone          uint32 = 4
	HookReplaceObject          uint32 = 5
	HookEthereal               uint32 = 6
	HookTransparentPart        uint32 = 7
	HookLuminous               uint32 = 8
	HookLuminousPart           uint32 = 9
	HookDiffuse                uint32 = 10
	HookDiffusePart            uint32 = 11
	HookScale                  uint32 = 12
	HookCreateParticle         uint32 = 13
	HookDestroyParticle        uint32 = 14
	HookStopParticle           uint32 = 15
	HookNoDraw                 uint32 = 16
	HookDefaultScript          uint32 = 17
	HookDefaultScriptPart      uint32 = 18
	HookCallPES                uint32 = 19 // CallPESHook: chain a PhysicsScript
	HookTransparent            uint32 = 20
	HookSoundTweaked           uint32 = 21 // SoundTweakedHook: wave, prob, prio, vol → E1 tweaked_hook
	HookSetOmega               uint32 = 22
	HookTextureVelocity        uint32 = 23
	HookTextureVelocityPart    uint32 = 24
	HookSetLight               uint32 = 25
	HookCreateBlockingParticle uint32 = 26
)

// hookBody is each known type's body size in bytes (after type and
// direction, before the Align4 pad). −1 marks ReplaceObject, whose body is
// variable: u8 part index then a packed GfxObj id (2 or 4 bytes). Types 0
// (NoOp), 4 (AnimationDone) and 17 (DefaultScript) have no body.
var hookBody = [...]int{
	HookNoOp: 0, HookSound: 4, HookSoundTable: 4, HookAttack: 28, HookAnimationDone: 0,
	HookReplaceObject: -1, HookEthereal: 4, HookTransparentPart: 16, HookLuminous: 12,
	HookLuminousPart: 16, HookDiffuse: 12, HookDiffusePart: 16, HookScale: 8,
	HookCreateParticle: 40, HookDestroyParticle: 4, HookStopParticle: 4, HookNoDraw: 4,
	HookDefaultScript: 0, HookDefaultScriptPart: 4, HookCallPES: 8, HookTransparent: 12,
	HookSoundTweaked: 16, HookSetOmega: 12, HookTextureVelocity: 8, HookTextureVelocityPart: 12,
	HookSetLight: 4, HookCreateBlockingParticle: 40,
}

var hookNames = [...]string{"NoOp", "Sound", "SoundTable", "Attack", "AnimationDone", "ReplaceObject",
	"Ethereal", "TransparentPart", "Luminous", "LuminousPart", "Diffuse", "DiffusePart", "Scale",
	"CreateParticle", "DestroyParticle", "StopParticle", "NoDraw", "DefaultScript", "DefaultScriptPart",
	"CallPES", "Transparent", "SoundTweaked", "SetOmega", "TextureVelocity", "TextureVelocityPart",
	"SetLight", "CreateBlockingParticle"}

// HookName names a hook type ("SoundTable"), or "type N" for an unknown one.
func HookName(t uint32) string {
	if int(t) < len(hookNames) {
		return hookNames[t]
	}
	return fmt.Sprintf("type %d", t)
}

// Hook directions (AnimationHookDir): a forward-playing animation runs hooks
// whose direction is Both or Forward (CSequence::execute_hooks).
const (
	HookBackward int32 = -1
	HookBoth     int32 = 0
	HookForward  int32 = 1
)

// Hook is one animation hook. The sound hooks and CallPES are decoded; every
// other type keeps its body bytes (Body) so the writer puts them back.
type Hook struct {
	Type uint32
	Dir  int32 // HookBackward, HookBoth, HookForward
	Off  int   // record byte of the hook's type field (errors, check, dump)

	Wave  uint32 // HookSound, HookSoundTweaked: a Wave id 0x0A…
	SType uint32 // HookSoundTable: a SoundType (§5.1), looked up in the object's sound table
	// HookSoundTweaked, in retail's byte order (SoundTweakedHook::UnPack,
	// acclient.c:343122: prob, then prio, then vol — ACE and DRW name the
	// first float Priority; retail's own field names win, docs/formats.md).
	Probability, Priority, Volume float32
	Script                        uint32  // HookCallPES: a PhysicsScript id 0x33…
	Pause                         float32 // HookCallPES: s, the random delay's upper bound

	Body []byte // other types: the body as stored, without the Align4 pad
}

// IsSound reports whether the hook plays a sound (E3: SoundHook,
// SoundTableHook, SoundTweakedHook).
func (h *Hook) IsSound() bool {
	return h.Type == HookSound || h.Type == HookSoundTable || h.Type == HookSoundTweaked
}

// readHook reads one hook and its Align4 pad. A type with no known size
// cannot be skipped (the format declares no size) and is an error at its
// type field naming the record; so is a ReplaceObject whose packed id runs
// past the record.
func readHook(r *reader) Hook {
	at := r.off
	h := Hook{Off: at, Type: r.u32(), Dir: r.i32()}
	if r.err != nil {
		return h
	}
	if int64(h.Type) >= int64(len(hookBody)) {
		r.failAt(at, "animation hook type has no known size (the format declares none), cannot skip it:", h.Type)
		return h
	}
	switch h.Type {
	case HookSound:
		h.Wave = r.u32()
	case HookSoundTable:
		h.SType = r.u32()
	case HookSoundTweaked:
		h.Wave = r.u32()
		h.Probability, h.Priority, h.Volume = r.f32(), r.f32(), r.f32()
	case HookCallPES:
		h.Script = r.u32()
		h.Pause = r.f32()
	case HookReplaceObject:
		// AnimPartChange::UnPack (acclient.c:471698): u8 part index, then
		// Unpack_AsDataIDOfKnownType: u16, and a second u16 when the first
		// has bit 15 set.
		n := 3
		if r.left() >= 3 && r.b[r.off+2]&0x80 != 0 {
			n = 5
		}
		h.Body = r.bytes(n, "ReplaceObject hook body")
	default:
		h.Body = r.bytes(hookBody[h.Type], HookName(h.Type)+" hook body")
	}
	r.align4()
	return h
}

// writeHook is readHook's inverse.
func writeHook(w *writer, h *Hook) {
	w.u32(h.Type)
	w.i32(h.Dir)
	switch h.Type {
	case HookSound:
		w.u32(h.Wave)
	case HookSoundTable:
		w.u32(h.SType)
	case HookSoundTweaked:
		w.u32(h.Wave)
		w.f32(h.Probability)
		w.f32(h.Priority)
		w.f32(h.Volume)
	case HookCallPES:
		w.u32(h.Script)
		w.f32(h.Pause)
	default:
		w.raw(h.Body)
	}
	w.align4()
}

// AnimationFlagPosFrames says an Animation carries one root Frame per frame
// before the part frames (ACE AnimationFlags, DRW Animation).
const AnimationFlagPosFrames uint32 = 0x1

// Animation is record 0x03xxxxxx: per frame, one Frame per part and the
// frame's hooks. It holds no frame rate: a static's default animation plays
// at AnimData's default 30 frames a second (E3, docs/formats.md).
type Animation struct {
	ID        uint32
	Flags     uint32
	NumParts  uint32
	PosFrames []Frame // iff Flags&AnimationFlagPosFrames: one per frame
	Frames    []AnimFrame
}

// AnimFrame is one frame: its parts' frames and its hooks.
type AnimFrame struct {
	Parts []Frame
	Hooks []Hook
}

// ParseAnimation decodes an Animation record: u32 id (0x03…), u32 flags, u32
// num_parts, u32 num_frames, [num_frames × Frame if flags&1], then
// num_frames × {num_parts × Frame, u32 num_hooks, hooks}.
func ParseAnimation(b []byte) (*Animation, error) {
	r := newReader(b)
	a := &Animation{}
	a.ID = r.leadID("Animation (0x03xxxxxx)", highByte(typeAnimation))
	a.Flags = r.u32()
	a.NumParts = r.u32()
	at := r.off
	nf := r.u32()
	// Each frame needs num_parts frames and a hook count (and a pos frame).
	per := uint64(a.NumParts)*28 + 4
	if a.Flags&AnimationFlagPosFrames != 0 {
		per += 28
	}
	n := r.checkCount(at, uint64(nf), int(min(per, uint64(len(b))+1)), "animation frames")
	if a.Flags&AnimationFlagPosFrames != 0 {
		a.PosFrames = make([]Frame, n)
		for i := range a.PosFrames {
			a.PosFrames[i] = readFrame(r)
		}
	}
	a.Frames = make([]AnimFrame, n)
	for i := range a.Frames {
		f := &a.Frames[i]
		f.Parts = make([]Frame, a.NumParts)
		for j := range f.Parts {
			f.Parts[j] = readFrame(r)
		}
		f.Hooks = readList(r, 8, "frame hooks", readHook)
		if r.err != nil {
			break
		}
	}
	r.wholeRecord("bytes after the last animation frame:")
	return parsed(r, a.ID, a)
}

// EncodeAnimation is ParseAnimation's inverse. PosFrames are written iff
// Flags has AnimationFlagPosFrames (one per frame; missing ones as zero).
func EncodeAnimation(a *Animation) []byte {
	var w writer
	w.u32(a.ID)
	w.u32(a.Flags)
	w.u32(a.NumParts)
	w.count(len(a.Frames))
	if a.Flags&AnimationFlagPosFrames != 0 {
		for i := range a.Frames {
			var f Frame
			if i < len(a.PosFrames) {
				f = a.PosFrames[i]
			}
			writeFrame(&w, f)
		}
	}
	for _, f := range a.Frames {
		for j := range int(a.NumParts) {
			var p Frame
			if j < len(f.Parts) {
				p = f.Parts[j]
			}
			writeFrame(&w, p)
		}
		writeList(&w, f.Hooks, func(w *writer, h Hook) { writeHook(w, &h) })
	}
	return w.b
}

// Animation reads a 0x03xxxxxx record from the portal dat.
func (a *Archive) Animation(id uint32) (*Animation, error) {
	return record(a, a.Portal, id, ParseAnimation, func(v *Animation) uint32 { return v.ID }, (*Animation).Problems)
}
