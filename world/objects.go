package world

import (
	"errors"
	"fmt"
	"slices"

	"soundworld/audio"
	"soundworld/dat"
)

// E3: the world's own objects sound. Every LandBlockInfo object and building
// of the 3×3 landblocks around the player whose Setup's default animation or
// default script holds a sound hook is an object source at its frame's
// origin. Retail [D3]: CPhysicsObj::InitDefaults (acclient.c:320853) plays
// the DefaultScript at creation and, for a static with a DefaultAnim or
// DefaultScript, adds it to the static animating objects; each frame
// CPhysicsObj::animate_static_object (321149) advances its sequence
// (CSequence::update_internal 340658: 30 frames a second, CPartArray::
// InitDefaults 326157), runs its scripts (ScriptManager::UpdateScripts
// 329188) and executes the hooks reached. docs/fidelity.md E3 says what is
// and is not modelled.

// ObjectData is what object sources read besides Data. *dat.Archive
// satisfies it; a Data without it has no object sources.
type ObjectData interface {
	LandBlockInfo(id uint32) (*dat.LandBlockInfo, error)
	SetupData
}

// SetupData is what leads from a Setup to the sounds it plays: the Setup,
// its default animation and its default script (E3).
type SetupData interface {
	Setup(id uint32) (*dat.Setup, error)
	Animation(id uint32) (*dat.Animation, error)
	PhysicsScript(id uint32) (*dat.PhysicsScript, error)
}

// Object timing constants [D3 animate_static_object 321149, AnimData 341039].
const (
	objFrameRate  = 30.0          // frames/s of a static's default animation
	objMinQuantum = 1.0 / 30.0    // s: a static advances only once this much time has passed (MIN_QUANTUM)
	objMaxQuantum = 2.0           // s: a longer gap is dropped, not played through
	objEpsilon    = 0.00019999999 // s: retail's F_EPSILON (update_time reset below it; CallPES pause)
	maxScriptRuns = 64            // bound on queued scripts per object (a CallPES loop cannot grow without end)
)

// ObjectHook says which hook of an object fired (the event log's and the
// window's "why"): the animation frame or the script start time.
type ObjectHook struct {
	ObjectID uint32 // landblock<<16 | index (buildings: index | 0x8000)
	Setup    uint32
	Type     uint32  // dat.HookSound, HookSoundTable, HookSoundTweaked
	Anim     uint32  // the animation id (0 for a script hook)
	Frame    int     // the animation frame whose hooks ran
	Script   uint32  // the script id (0 for an animation hook)
	Start    float64 // the script entry's start time, s
}

// String is "object 0xA9B40000 setup 0x02000001 SoundTable anim 0x03000001 frame 3".
func (h *ObjectHook) String() string {
	s := fmt.Sprintf("object 0x%08X setup 0x%08X %s", h.ObjectID, h.Setup, dat.HookName(h.Type))
	if h.Anim != 0 {
		return s + fmt.Sprintf(" anim 0x%08X frame %d", h.Anim, h.Frame)
	}
	return s + fmt.Sprintf(" script 0x%08X at %gs", h.Script, h.Start)
}

// ObjectView is an object source as the window draws it.
type ObjectView struct {
	ID, Setup     uint32
	Table         uint32 // the object's sound table (Setup default), 0 if none
	Loc           Loc
	Pos           Pos     // drawing
	AudibleRadius float32 // m: S1 at −50 dB for its loudest hook at the current master
	Anim, Script  uint32
	Motion        uint32 // the motion table whose default cycle plays instead of Anim (E3 [D4]), 0 if none
	Muted         bool   // silent now: muted, or another object soloed
	UserMuted     bool   // the user muted it (the mute button's state)
	Soloed        bool   // the user soloed it (the solo button's state)
	// State says why the object is silent now, "" while it can sound:
	// ScriptFinished, OutOfRange, or another reason a later rule adds. The
	// window shows it as it is (map label, Emitters panel).
	State string
}

// Reasons an object is silent (ObjectView.State).
const (
	// ScriptFinished: its only sound is a script, which runs once per
	// creation (E3: InitDefaults plays the DefaultScript when created).
	ScriptFinished = "script finished — plays again when its landblock reloads"
	// OutOfRange: the camera is beyond the object's audible radius (S1).
	OutOfRange = "out of range"
)

// objAnim is an animation reduced to what E3 plays: per frame, the hooks
// that matter here (sound, CallPES, DefaultScript), either direction.
type objAnim struct {
	id     uint32
	frames [][]dat.Hook // only sound, CallPES and DefaultScript hooks
	high   int          // last frame index
}

// objScript is a script sorted by start time (retail PhysicsScript::Init).
type objScript struct {
	id      uint32
	entries []dat.ScriptEntry
	length  float64 // the last start time
}

// setupInfo is what a Setup makes of an object, cached per Setup id.
type setupInfo struct {
	setup  *dat.Setup
	seq    []seqNode // what animates (sequence.go); nil: nothing
	motion uint32    // the motion table whose default cycle is seq (E3 [D4]), 0 if none
	script *objScript
	sounds bool       // the animation or a reachable script holds a sound hook
	hooks  []dat.Hook // every sound hook it can run (the ring)
}

// objDef is one object source of a landblock.
type objDef struct {
	id   uint32
	loc  Loc
	si   *setupInfo
	cell uint32 // the EnvCell whose static it is (interior.go), 0 for the landscape's
}

// scriptRun is one queued script of an object (ScriptManager's ScriptData).
type scriptRun struct {
	s     *objScript
	start float64
}

// pendingPES is a CallPES waiting out its random pause (retail FPHook).
type pendingPES struct {
	script    uint32
	start, at float64 // PhysicsTimer time of the call; the rolled pause
}

// objState is one live object (created when its landblock entered the 3×3).
type objState struct {
	def        *objDef
	updateTime float64
	node       int     // the sequence node playing (sequence.go)
	frameNum   float64 // its frame number
	runs       []scriptRun
	hookIndex  int
	nextHook   float64
	pes        []pendingPES
}

// Objects is the E3 runtime over one Land.
type Objects struct {
	land    *Land
	data    ObjectData            // nil: no object sources
	scenes  SceneReader           // nil: no scenery (a Data without Scene records)
	sceneOf map[uint32]*dat.Scene // Scene records read (nil value: unreadable)
	setups  map[uint32]*setupInfo
	shapes  map[uint32]*ModelShape // scenery models' shapes (nil value: unknown)
	scripts map[uint32]*objScript  // nil value: unreadable
	anims   map[uint32]*objAnim    // nil value: unreadable or empty
	motions motionTables           // nil: no motion tables (E3 [D4])
	blocks  map[uint16][]*objDef
	live    []*objState
	lb      uint16
	placed  bool
	// released is the closed EnvCell whose entry released the landscape
	// (A11/E3 [D4]): no object lives while it is set (0: the landscape is loaded).
	released uint32
	// physicsRan, lastPhysics: CPhysics::UseTime's global gate (E3 [D4]):
	// the time of the last physics run, s.
	physicsRan  bool
	lastPhysics float64
	in          interiorState // EnvCell statics (interior.go)
	muted       map[uint32]bool
	solo        uint32 // 0 = none
}

func newObjects(land *Land, d Data) *Objects {
	o := &Objects{land: land, setups: map[uint32]*setupInfo{}, scripts: map[uint32]*objScript{}, anims: map[uint32]*objAnim{},
		blocks: map[uint16][]*objDef{}, muted: map[uint32]bool{}, sceneOf: map[uint32]*dat.Scene{}}
	if od, ok := d.(ObjectData); ok {
		o.data = od
	}
	if sr, ok := d.(SceneReader); ok {
		o.scenes = sr
	}
	if mt, ok := d.(motionTables); ok {
		o.motions = mt
	}
	return o
}

// reset forgets the live objects and the physics gate (Sim.Reset): the next
// update creates them again.
func (o *Objects) reset() {
	o.live, o.placed, o.released, o.physicsRan = o.live[:0], false, 0, false
	o.in.key, o.in.loaded = interiorKey{}, nil
}

// changePosition is E3's part of CellManager::ChangePosition (A11 [D4:
// acclient.c:146645]): in an EnvCell without seen_outside the landscape is
// released (LScape::release_all 306380 → CLandBlock::release_all 352086:
// every static, building and scenery object leaves the world and is deleted;
// keep_lscape_loaded is never set), so no object lives there and none
// starts a sound (voices already playing finish: the pool keeps them).
// Outdoors or in a seen_outside cell the 3×3 is loaded (scan): after a
// release every object is created anew at now, its clocks, scripts and
// animation from the start (CPhysicsObj::InitObjectBegin 317272).
func (o *Objects) changePosition(now float64, feet Loc, indoor uint32, seesOutside bool) {
	if o.data == nil {
		return
	}
	if indoor != 0 && !seesOutside {
		if o.released != indoor {
			o.dropLandscape()
			o.placed, o.released = false, indoor
		}
	} else {
		o.released = 0
		o.scan(now, feet)
	}
	o.interiors(now, feet, indoor, seesOutside)
}

// dropLandscape deletes every landscape object (LScape::release_all); the
// statics of EnvCells stay for interiors to decide (a cell still visible
// keeps its objects: add_visible_cell takes it back from the release list).
func (o *Objects) dropLandscape() {
	keep := o.live[:0]
	for _, st := range o.live {
		if st.def.cell != 0 {
			keep = append(keep, st)
		}
	}
	clear(o.live[len(keep):])
	o.live = keep
}

// Released is the closed EnvCell that released the landscape (A11/E3
// [D4]), 0 while the world's objects are loaded.
func (o *Objects) Released() uint32 { return o.released }

// scan is the 3×3 object scan on a cell change: when the player's landblock
// changed, objects of landblocks that left the 3×3 are destroyed and those
// of landblocks that entered are created at now (E3: created when their
// landblock loads); objects that stay keep their clocks.
func (o *Objects) scan(now float64, feet Loc) {
	if o.data == nil || (o.placed && feet.Landblock == o.lb) {
		return
	}
	o.lb, o.placed = feet.Landblock, true
	px, py := int(feet.Landblock>>8), int(feet.Landblock&0xFF)
	in := func(lb uint16) bool {
		dx, dy := int(lb>>8)-px, int(lb&0xFF)-py
		return dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1
	}
	had := map[uint16]bool{}
	keep := o.live[:0]
	for _, st := range o.live {
		lb := uint16(st.def.id >> 16)
		switch {
		case st.def.cell != 0: // an EnvCell's static: interiors decides (interior.go)
			keep = append(keep, st)
		case in(lb):
			keep = append(keep, st)
			had[lb] = true
		}
	}
	o.live = keep
	// Creation order E3 [D4: LScape::grab_visible_cells 306570]: the
	// buildings of every new block first (init_buildings), then each block's
	// statics and scenery (init_static_objs: its LandBlockInfo objects, then
	// get_land_scenes); blocks in the gather's order (A2): west to east,
	// south to north.
	for _, buildings := range []bool{true, false} {
		for x := px - 1; x <= px+1; x++ {
			for y := py - 1; y <= py+1; y++ {
				if x < 0 || x > 255 || y < 0 || y > 255 || had[uint16(x<<8|y)] {
					continue
				}
				for _, d := range o.block(uint16(x<<8 | y)) {
					if isBuilding(d.id) == buildings {
						o.create(now, d)
					}
				}
			}
		}
	}
}

// isBuilding reports whether object id is a LandBlockInfo building (0x8000).
func isBuilding(id uint32) bool { return id&InteriorIDBits == 0x8000 }

// InOwnBlock reports whether a LandBlockInfo object or building at
// landblock-local (x, y) m is created at all (E3 [D4]; dat.OriginInBlock
// holds the rule).
func InOwnBlock(x, y float32) bool { return dat.OriginInBlock(x, y) }

// create is CPhysicsObj::InitDefaults for one object: the default script is
// queued at now and the object's update clock starts at now (ASSUMED:
// update_time = the creation frame's time).
func (o *Objects) create(now float64, d *objDef) {
	st := &objState{def: d, updateTime: now, hookIndex: -1}
	if seq := d.si.seq; seq != nil {
		st.frameNum = seq[0].startFrame()
	}
	o.live = append(o.live, st)
	if s := d.si.script; s != nil {
		st.addScript(now, s)
	}
}

// block lists landblock lb's object sources (cached): its LandBlockInfo
// objects, then its buildings, whose model is a Setup that sounds.
func (o *Objects) block(lb uint16) []*objDef {
	if defs, ok := o.blocks[lb]; ok {
		return defs
	}
	var defs []*objDef
	id := uint32(lb)<<16 | dat.LandBlockInfoL
	info, err := o.data.LandBlockInfo(id)
	if err != nil && !errors.Is(err, dat.ErrNotFound) {
		o.land.skipped(dat.KindBadLandBlock, id, fmt.Errorf("world: landblock info 0x%08X: %w", id, err))
	}
	if info != nil {
		add := func(idx uint32, model uint32, f dat.Frame) {
			if model>>24 != 0x02 {
				return // a GfxObj: no Setup, no defaults
			}
			if !finite32(f.X) || !finite32(f.Y) || !finite32(f.Z) {
				return // heard nowhere (S1: a NaN distance is below −50 dB); LandBlockInfo.Problems names it
			}
			if !InOwnBlock(f.X, f.Y) {
				return // E3 [D4]: never created (check lists it as a note)
			}
			if si := o.setupInfo(model); si != nil && si.sounds {
				defs = append(defs, &objDef{id: uint32(lb)<<16 | idx, si: si,
					loc: Loc{Landblock: lb, X: f.X, Y: f.Y, Z: f.Z}})
			}
		}
		for i, s := range info.Objects {
			add(uint32(i), s.ID, s.Frame)
		}
		for i, b := range info.Buildings {
			add(uint32(i)|0x8000, b.ModelID, b.Frame)
		}
	}
	// Scenery after the LandBlockInfo's objects, as retail's init_static_objs
	// calls get_land_scenes after them; its Loc is already on the ground.
	if o.scenes != nil {
		o.land.eachScenery(lb, o.scene, o.shape, BuildingCells(info), func(p Placed) {
			if p.ObjID>>24 != 0x02 || p.Index >= SceneryIDBit {
				return // a GfxObj (no Setup, no defaults), or no id left to name it by (> 16383 placed)
			}
			if si := o.setupInfo(p.ObjID); si.sounds {
				defs = append(defs, &objDef{id: uint32(lb)<<16 | SceneryIDBit | uint32(p.Index), si: si, loc: p.Loc})
			}
		})
	}
	o.blocks[lb] = defs
	return defs
}

// SceneryIDBit marks a scenery object's id: landblock<<16 | 0x4000 | its
// placement index (LandBlockInfo objects are landblock<<16 | index,
// buildings | 0x8000).
const SceneryIDBit = 0x4000

// scenery places landblock lb's scenery (scenery.go) with info's buildings.
func (o *Objects) scenery(lb uint16, info *dat.LandBlockInfo) []Placed {
	if o.scenes == nil {
		return nil
	}
	return o.land.PlaceScenery(lb, o.scene, o.shape, BuildingCells(info))
}

// scene reads a Scene record (cached); an unreadable one is a problem and
// places nothing.
func (o *Objects) scene(id uint32) *dat.Scene {
	if s, ok := o.sceneOf[id]; ok {
		return s
	}
	s, err := o.scenes.Scene(id)
	if err != nil {
		o.land.skipped(dat.KindBadRecord, id, fmt.Errorf("world: scene 0x%08X: %w", id, err))
		s = nil
	}
	o.sceneOf[id] = s
	return s
}

// setupInfo reads and reduces a Setup (cached). Unreadable records are
// problems and make no source.
func (o *Objects) setupInfo(id uint32) *setupInfo {
	if si, ok := o.setups[id]; ok {
		return si
	}
	si := &setupInfo{}
	o.setups[id] = si
	s, err := o.data.Setup(id)
	if err != nil {
		o.land.skipped(dat.KindBadSetup, id, fmt.Errorf("world: setup 0x%08X: %w", id, err))
		return si
	}
	si.setup = s
	si.seq, si.motion = o.sequence(s)
	if s.DefaultScript != 0 {
		si.script = o.script(s.DefaultScript)
	}
	// Does anything it can run hold a sound hook? Scripts run only on an
	// object with a default script (animate_static_object's 0x80000 state).
	seen := map[uint32]bool{}
	var scriptSounds func(sc *objScript) bool
	scriptSounds = func(sc *objScript) bool {
		if sc == nil || seen[sc.id] {
			return false
		}
		seen[sc.id] = true
		found := false
		for i := range sc.entries {
			h := &sc.entries[i].Hook
			if h.IsSound() {
				si.note(h)
				found = true
			} else if h.Type == dat.HookCallPES && scriptSounds(o.script(h.Script)) {
				found = true
			}
		}
		return found
	}
	for _, n := range si.seq { // the frames the node plays, in its direction
		dir := dat.HookForward
		if n.rate < 0 {
			dir = dat.HookBackward
		}
		for k := max(n.low, 0); k <= n.high && k < len(n.anim.frames); k++ {
			for i := range n.anim.frames[k] {
				h := &n.anim.frames[k][i]
				switch {
				case h.Dir != dat.HookBoth && h.Dir != dir:
				case h.IsSound():
					si.note(h)
					si.sounds = true
				case si.script != nil && h.Type == dat.HookCallPES:
					si.sounds = scriptSounds(o.script(h.Script)) || si.sounds
				}
			}
		}
	}
	if si.script != nil && scriptSounds(si.script) {
		si.sounds = true
	}
	return si
}

// note keeps a sound hook for the ring.
func (si *setupInfo) note(h *dat.Hook) { si.hooks = append(si.hooks, *h) }

// script reads and sorts a PhysicsScript (cached; nil if unreadable or empty).
func (o *Objects) script(id uint32) *objScript {
	if s, ok := o.scripts[id]; ok {
		return s
	}
	o.scripts[id] = nil // a chain back to this script reads it as absent (cycle-safe)
	ps, err := o.data.PhysicsScript(id)
	if err != nil {
		o.land.skipped(dat.KindBadRecord, id, fmt.Errorf("world: physics script 0x%08X: %w", id, err))
		return nil
	}
	if len(ps.Entries) == 0 {
		return nil // retail would read entry 0 of an empty script; there is nothing to run
	}
	s := &objScript{id: id, entries: slices.Clone(ps.Entries)}
	// PhysicsScript::Init sorts by start time (qsort; stable here, a decision).
	slices.SortStableFunc(s.entries, func(a, b dat.ScriptEntry) int {
		switch {
		case a.StartTime < b.StartTime:
			return -1
		case a.StartTime > b.StartTime:
			return 1
		}
		return 0
	})
	s.length = s.entries[len(s.entries)-1].StartTime
	o.scripts[id] = s
	return s
}

// reduceAnim keeps, per frame, the hooks E3 needs, either direction
// (execute_hooks filters by the direction played).
func reduceAnim(a *dat.Animation) *objAnim {
	oa := &objAnim{id: a.ID, frames: make([][]dat.Hook, len(a.Frames)), high: len(a.Frames) - 1}
	for i, f := range a.Frames {
		for _, h := range f.Hooks {
			if h.IsSound() || h.Type == dat.HookCallPES || h.Type == dat.HookDefaultScript {
				oa.frames[i] = append(oa.frames[i], h)
			}
		}
	}
	return oa
}

// addScript is ScriptManager::AddScriptInternal: a script starts at now, or
// when the last queued one ends (its start + length) if one is queued.
func (st *objState) addScript(now float64, s *objScript) {
	if s == nil || len(st.runs) >= maxScriptRuns {
		return
	}
	start := now
	if n := len(st.runs); n > 0 {
		last := st.runs[n-1]
		start = last.start + last.s.length
	}
	st.runs = append(st.runs, scriptRun{s: s, start: start})
	if len(st.runs) == 1 {
		st.hookIndex = -1
		st.nextHook = s.entries[0].StartTime + start
	}
}

// fire is one hook reached by an object: its frame or start time says why.
type fire struct {
	hook  dat.Hook
	anim  bool
	frame int
	start float64
	src   uint32 // animation or script id
}

// update is CPhysics::UseTime's static part [D4: acclient.c:311334]: one
// global gate — physics runs only in a frame at least MIN_QUANTUM (1/30 s)
// after the LAST run (a negative quantum restarts the gate at now) — then
// animate_static_object for every live object at now, in creation order
// (each object's own Δ rules apply on top); each sound hook reached plays
// through play. Decision (docs/fidelity.md): the first frame after a Reset
// runs physics (a client that has been running for a while last ran physics
// at least 1/30 s before).
func (o *Objects) update(now float64, r *objRunner) {
	if o.physicsRan {
		q := now - o.lastPhysics
		if q < 0 {
			o.lastPhysics = now
			return
		}
		if q < objMinQuantum {
			return
		}
	}
	o.physicsRan, o.lastPhysics = true, now
	for _, st := range o.live {
		o.animate(now, st, r)
	}
}

// objRunner carries what a hook needs to play and roll (the Sim).
type objRunner struct {
	play func(st *objState, f fire)
	roll func(lo, hi float32) float32 // RollDice on the shared generator (CallPES pause)
}

// animate is CPhysicsObj::animate_static_object [D3 321149] for one object:
// with Δ = now − update_time, Δ ≤ ε resets update_time; ε < Δ < MIN_QUANTUM
// waits (update_time kept, so Δ grows); MIN_QUANTUM ≤ Δ ≤ 2 s advances the
// sequence by Δ, runs the scripts, then the queued hooks (process_hooks);
// Δ > 2 s skips. Either of the last two sets update_time = now.
func (o *Objects) animate(now float64, st *objState, r *objRunner) {
	dt := now - st.updateTime
	if !(dt > objEpsilon) {
		st.updateTime = now
		return
	}
	if dt < objMinQuantum {
		return
	}
	if dt <= objMaxQuantum {
		si := st.def.si
		var animFires []fire
		if si.seq != nil {
			animFires = st.advance(si.seq, float32(dt))
		}
		if si.setup.DefaultScript != 0 { // state 0x80000: only then do scripts run
			st.updateScripts(now, o, r)
		}
		st.processPES(now, o)
		for _, f := range animFires { // process_hooks: the anim hooks queued above
			st.execute(now, f, o, r)
		}
	}
	st.updateTime = now
}

// updateScripts is ScriptManager::UpdateScripts: while the next hook's time
// has come (cur_time ≥ next_hook_time), run it; past a script's last hook,
// drop the script and go on with the next queued one.
func (st *objState) updateScripts(now float64, o *Objects, r *objRunner) {
	for len(st.runs) > 0 && !(now < st.nextHook) {
		cur := st.runs[0]
		st.hookIndex++
		n := len(cur.s.entries)
		if st.hookIndex < n {
			switch {
			case st.hookIndex+1 < n:
				st.nextHook = cur.s.entries[st.hookIndex+1].StartTime + cur.start
			case len(st.runs) > 1:
				st.nextHook = st.runs[1].s.entries[0].StartTime + st.runs[1].start
			default:
				st.nextHook = -1
			}
			e := cur.s.entries[st.hookIndex]
			st.execute(now, fire{hook: e.Hook, start: e.StartTime, src: cur.s.id}, o, r)
			continue
		}
		st.runs = st.runs[1:]
		st.hookIndex = -1
		if len(st.runs) > 0 {
			st.nextHook = st.runs[0].s.entries[0].StartTime + st.runs[0].start
		} else {
			st.nextHook = -1
		}
	}
}

// processPES runs the CallPES calls whose pause has passed (FPHook reaching
// 1: CallPESInternal plays the script). E3 [D4: CPhysicsObj::CallPES
// 318972 prepends each FPHook to the object's hook list; process_hooks 3083
// walks it from the head]: pauses run newest call first, so two maturing in
// the same frame start in reverse order of their calls. st.pes is kept in
// call order and walked backwards.
func (st *objState) processPES(now float64, o *Objects) {
	if len(st.pes) == 0 {
		return
	}
	for i := len(st.pes) - 1; i >= 0; i-- {
		if p := st.pes[i]; now-p.start >= p.at {
			st.addScript(now, o.script(p.script))
		}
	}
	keep := st.pes[:0]
	for _, p := range st.pes {
		if !(now-p.start >= p.at) {
			keep = append(keep, p)
		}
	}
	st.pes = keep
}

// execute runs one hook: a sound plays; CallPES chains a script at once
// (pause < ε) or after RollDice(0, pause) s [D3 CPhysicsObj::CallPES 318972];
// DefaultScript plays the Setup's default script again.
func (st *objState) execute(now float64, f fire, o *Objects, r *objRunner) {
	switch h := &f.hook; h.Type {
	case dat.HookCallPES:
		if float64(h.Pause) >= objEpsilon {
			st.pes = append(st.pes, pendingPES{script: h.Script, start: now, at: float64(r.roll(0, h.Pause))})
		} else {
			st.addScript(now, o.script(h.Script))
		}
	case dat.HookDefaultScript:
		st.addScript(now, st.def.si.script)
	default:
		if h.IsSound() {
			r.play(st, f)
		}
	}
}

// Views lists the live object sources for drawing.
func (o *Objects) views(master float32, squared bool, tables func(uint32) *dat.SoundTable) []ObjectView {
	if len(o.live) == 0 {
		return nil
	}
	out := make([]ObjectView, len(o.live))
	for i, st := range o.live {
		d := st.def
		v := ObjectView{ID: d.id, Setup: d.si.setup.ID, Table: d.si.setup.DefaultSoundTable, Loc: d.loc, Pos: d.loc.World(),
			Muted: o.silenced(d.id), UserMuted: o.muted[d.id], Soloed: o.solo == d.id}
		v.Anim, v.Motion = d.si.setup.DefaultAnimation, d.si.motion
		v.Script = d.si.setup.DefaultScript
		v.AudibleRadius = d.si.radius(master, squared, tables)
		if st.scriptDone() {
			v.State = ScriptFinished
		}
		out[i] = v
	}
	return out
}

// scriptDone reports whether the object will sound no more until it is
// created again: its looping animation (the sequence's last node, which
// alone loops) fires no hook — a frame's hooks run when it is left, never
// the last frame's in the direction of play (E3 [D4]) — no script is
// queued and no CallPES waits.
func (st *objState) scriptDone() bool {
	if seq := st.def.si.seq; len(seq) > 0 {
		n := seq[len(seq)-1]
		lo, hi := n.low, n.high-1 // forwards: the high frame never fires
		if n.rate < 0 {
			lo, hi = n.low+1, n.high
		}
		for f := lo; f <= hi && f < len(n.anim.frames); f++ {
			if f >= 0 && len(n.anim.frames[f]) > 0 {
				return false
			}
		}
	}
	return len(st.runs) == 0 && len(st.pes) == 0
}

// radius is S1 solved for −50 dB at the loudest of the object's sound
// hooks: a SoundTableHook plays its entry's volume (the loudest entry of
// that SoundType in the object's table), a SoundHook the effect volume
// (squared, G3), a SoundTweakedHook its own volume.
func (si *setupInfo) radius(master float32, squared bool, tables func(uint32) *dat.SoundTable) float32 {
	vol := float32(0)
	var t *dat.SoundTable
	for _, h := range si.hooks {
		switch h.Type {
		case dat.HookSoundTable:
			if t == nil {
				if t = tables(si.setup.DefaultSoundTable); t == nil {
					continue
				}
			}
			for _, e := range t.Sounds[h.SType] {
				vol = max(vol, e.Volume)
			}
		case dat.HookSoundTweaked:
			vol = max(vol, h.Volume)
		case dat.HookSound:
			w := float32(1)
			if squared {
				w = master
			}
			vol = max(vol, w)
		}
	}
	return audio.AudibleRadius(vol, master)
}

// mutedIDs lists the muted object ids, ascending (the input record's start).
func (o *Objects) mutedIDs() []uint32 {
	if len(o.muted) == 0 {
		return nil
	}
	ids := make([]uint32, 0, len(o.muted))
	for id := range o.muted {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// setMuted replaces the muted set and the solo (an input record's start).
func (o *Objects) setMuted(ids []uint32, solo uint32) {
	clear(o.muted)
	for _, id := range ids {
		o.muted[id] = true
	}
	o.solo = solo
}

// silenced reports whether object id is muted, or another is soloed.
func (o *Objects) silenced(id uint32) bool {
	return o.muted[id] || (o.solo != 0 && o.solo != id)
}

// ObjectSource is one sounding object of the data as the atlas lists it
// (E3): where it stands and every sound hook its default animation and
// script can run.
type ObjectSource struct {
	ID, Setup, Table uint32 // object id (landblock<<16 | index), Setup, its sound table
	Loc              Loc
	Hooks            []dat.Hook // the sound hooks it can run (shared: do not modify)
}

// ObjectCatalog reads object sources landblock by landblock with the rules
// and caches the Sim uses (one copy of E3's "which objects sound").
type ObjectCatalog struct{ o *Objects }

// NewObjectCatalog builds a catalog over land; a Data without ObjectData
// has no object sources.
func NewObjectCatalog(land *Land, d Data) *ObjectCatalog { return &ObjectCatalog{newObjects(land, d)} }

// Scenery lists every scenery object placed in landblock lb, sounding or
// not (`dump scenery`, the atlas's count).
func (c *ObjectCatalog) Scenery(lb uint16) []Placed {
	if c.o.data == nil {
		return nil
	}
	info, _ := c.o.data.LandBlockInfo(uint32(lb)<<16 | dat.LandBlockInfoL)
	return c.o.scenery(lb, info)
}

// Block lists landblock lb's object sources in LandBlockInfo order, then its
// sounding scenery in placement order.
func (c *ObjectCatalog) Block(lb uint16) []ObjectSource {
	if c.o.data == nil {
		return nil
	}
	defs := c.o.block(lb)
	out := make([]ObjectSource, len(defs))
	for i, d := range defs {
		out[i] = ObjectSource{ID: d.id, Setup: d.si.setup.ID, Table: d.si.setup.DefaultSoundTable, Loc: d.loc, Hooks: d.si.hooks}
	}
	return out
}
