package world

import (
	"math"

	"soundworld/audio"
	"soundworld/dat"
)

// Player is what the ambient runtime plays through and rolls dice on.
// *audio.Manager satisfies it; tests use scripted fakes. Positions handed to
// PlayAmbientAt are in the manager's frame (managerPos: the camera at the
// origin, W6).
type Player interface {
	PlayAmbientAt(now float64, table, stype uint32, pos audio.Vec3, vol float32) audio.Play
	PlayAmbientFromCenter(now float64, table, stype uint32, vol float32) audio.Play
	RollDice(lo, hi float32) float32
	TakeTrace() audio.Trace // O4: the draws since the last call
}

// Ambient constants (A2, A3, A4, A6, A8, A9).
const (
	maxDist2    float32 = 14400 // m², (120 m)²: cells at or beyond are skipped (A2), weight 0 beyond (A3)
	fullDist2   float32 = 400   // m², (20 m)²: weight 1 inside (A3)
	viewerDist2 float32 = 200   // m², ambient_sound_min_dist_sq·0.5: in-viewer-block below (A4)
	dirEps      float32 = 0.0002
	hearVolume  float32 = 0.03 // A8: continuous threshold, float32 0.029999999
	viewerMin   float32 = 4    // m, A6 in-viewer-block shell [5 − 1, 20·0.5]
	viewerMax   float32 = 10
	shellHalf   float32 = 10 // m, A6 shell [d − 10, 10 + d] (ambient_sound_min_dist·0.5)
	// spreadRad is A9's jitter range in radians: the float constant
	// upper_bound = 0.39269909 (π/8, i.e. 22.5°) of IntermitSound::GetSoundPos.
	spreadRad = float32(math.Pi / 8)
)

func weightD2(d2 float32) float32 {
	switch {
	case d2 > maxDist2:
		return 0
	case d2 < fullDist2:
		return 1
	}
	return fullDist2 / d2
}

// calcDir is CalcDir with the squares already rounded (the gather has them).
func calcDir(x, y, x2, y2 float32) Dir {
	if !(viewerDist2 <= y2+x2) {
		return DirInViewerBlock
	}
	ax, ay := abs32(x), abs32(y)
	if ax < dirEps || ay/ax > 2 {
		if y < 0 {
			return DirS
		}
		return DirN
	}
	if ay < dirEps || ax/ay > 2 {
		if x < 0 {
			return DirW
		}
		return DirE
	}
	switch {
	case x < 0 && y < 0:
		return DirSW
	case x < 0:
		return DirNW
	case y < 0:
		return DirSE
	}
	return DirNE
}

func abs32(v float32) float32 { return math.Float32frombits(math.Float32bits(v) &^ (1 << 31)) }

// String is the direction's short name ("N", "NE", …, "IVB").
func (d Dir) String() string {
	if int(d) < len(dirNames) {
		return dirNames[d]
	}
	return "?"
}

var dirNames = [...]string{"N", "S", "E", "W", "NE", "NW", "SE", "SW", "IVB"}

// Heading is the direction's compass heading in degrees (N 0, NE 45, E 90, …),
// for display. A9 computes in radians (HeadingRad).
func (d Dir) Heading() float32 { return dirHeadings[d&7] }

var dirHeadings = [8]float32{DirN: 0, DirS: 180, DirE: 90, DirW: 270, DirNE: 45, DirNW: 315, DirSE: 135, DirSW: 225}

// HeadingRad is retail's LandDefs::heading(dir): the direction's compass
// heading in radians as a float (N 0, E π/2, S π, W 3π/2, diagonals between).
func (d Dir) HeadingRad() float32 { return dirRadians[d&7] }

var dirRadians = [8]float32{
	DirN: 0, DirS: float32(math.Pi), DirE: float32(math.Pi / 2), DirW: float32(3 * math.Pi / 2),
	DirNE: float32(math.Pi / 4), DirSE: float32(3 * math.Pi / 4), DirSW: float32(5 * math.Pi / 4), DirNW: float32(7 * math.Pi / 4),
}

// viewerOrder is the order IntermitSound::AddTo registers the in-viewer-block
// directions (A6 [D]): N, S, E, W, NW, NE, SW, SE.
var viewerOrder = [8]Dir{DirN, DirS, DirE, DirW, DirNW, DirNE, DirSW, DirSE}

// instance is one ambient sound (A5): an entry of one STB desc.
type instance struct {
	stb, index int
	stbID      uint32
	desc       dat.AmbientSoundDesc
	continuous bool

	count      float32
	curVolume  float32
	playChance float32
	shells     [8]Shell
	nShells    int

	onQueue  bool
	deadline float64
}

// resetCount is ResetCount (A2 via InitSounds): count, directions and an
// intermittent's play chance cleared. A bed keeps its current volume
// (ConstantSound::ResetCount does not touch it).
func (in *instance) resetCount() {
	in.count = 0
	in.nShells = 0
	if !in.continuous {
		in.playChance = 0
	}
}

// addTo is A6 [D: IntermitSound::AddTo]: count += w; intermittent sounds
// also merge a distance shell. d2 is the CalcWeight sum x² + y² + z².
func (in *instance) addTo(w float32, d2 float32, dir Dir) {
	in.count += w
	if in.continuous {
		return
	}
	if dir == DirInViewerBlock {
		for _, d := range viewerOrder {
			in.merge(d, viewerMin, viewerMax)
		}
		return
	}
	d := float32(math.Sqrt(float64(d2))) // fsqrt rounds to float32 in single-precision mode
	in.merge(dir, d-shellHalf, shellHalf+d)
}

// merge is AddDir: fold [lo, hi] into direction d's shell, first-seen order, at most 8.
func (in *instance) merge(d Dir, lo, hi float32) {
	for i := 0; i < in.nShells; i++ {
		s := &in.shells[i]
		if s.Dir == d {
			if lo < s.Min {
				s.Min = lo
			}
			if hi > s.Max {
				s.Max = hi
			}
			return
		}
	}
	if in.nShells < len(in.shells) {
		in.shells[in.nShells] = Shell{Dir: d, Min: lo, Max: hi}
		in.nShells++
	}
}

// updateSound is A7's per-instance step (UpdateSound).
func (in *instance) updateSound(total float32) {
	if in.continuous {
		if in.count == 0 {
			in.curVolume = 0
		} else {
			in.curVolume = in.desc.Volume / total * in.count
		}
		return
	}
	if in.count > 0 {
		in.playChance = in.desc.BaseChance / total * in.count
	}
}

// Ambient is the retail ambient runtime (A1–A10) over one Land.
type Ambient struct {
	land   *Land
	player Player
	// OnEvent, if set, sees every decision of the runtime with the draws it
	// consumed (O4): plays, and fires whose PlayNow roll failed (not_now).
	OnEvent func(Event)

	feet     Loc // the PLAYER (W5): the gather's centre
	camera   Loc // the CAMERA (W5): A9's base and the manager's listener
	cell     uint32
	placed   bool
	gathered bool // the last cell change gathered (ambient was on, G5)
	released bool // every sound table released by an ambient-off cell change (G5)
	total    float32
	cells    []CellWeight // contributing cells of the last rebuild; never mutated after
	insts    []*instance  // creation order
	byStb    [][]*instance
	queue    pqueue     // A10: retail's PQueueArray<double>
	frozen   []Instance // snapshot rows of the last rebuild (shells shared, immutable)
	rebuilds int

	indoor      uint32 // A11: the player's EnvCell id, 0 outdoors
	seesOutside bool   // A11: that EnvCell's seen_outside flag
}

// NewAmbient builds the runtime over land, playing through p.
func NewAmbient(land *Land, p Player) *Ambient {
	a := &Ambient{land: land, player: p}
	if s := land.region.Sound; s != nil {
		a.byStb = make([][]*instance, len(s.STBDescs))
	}
	return a
}

// Invalidate forces a cell change on the next Update (world change, A2).
func (a *Ambient) Invalidate() { a.placed = false }

// Update is one frame of the runtime at sim time now (s) in retail's order
// (A10 [D: SmartBox::UseTime]): the cell change first — when the player's land
// cell changed or on first placement, CellManager::ChangePosition's
// InitSounds, gather and UpdatePlayQueue (A2, A7) — then the drain
// (Ambient::UseTime). With ambient off (G5) a cell change still resets every
// count and the total but gathers nothing and updates nothing, and nothing
// drains; turning ambient back on does not gather until the next cell change.
// Such a cell change also releases every desc's sound table
// (Ambient::ReleaseSoundTables frees the tables of descs whose play_count
// InitSounds zeroed and no UpdateSound raised), so a bed still on the queue
// cannot hear when the drain resumes and is dropped: silence until the next
// cell change.
func (a *Ambient) Update(now float64, player, camera Loc, enabled bool) {
	a.ChangePosition(now, player, camera, enabled)
	a.UseTime(now, enabled)
}

// ChangePosition is Update's first half, CellManager::ChangePosition's
// ambient part (A2, A7, A11): on a cell change InitSounds, the gather (or,
// in a closed EnvCell, none) and UpdatePlayQueue. The Sim runs the world's
// objects between it and UseTime (E3 [D4: SmartBox::UseTime 146255]).
func (a *Ambient) ChangePosition(now float64, player, camera Loc, enabled bool) {
	a.feet, a.camera = player, camera
	c := player.CellID()
	if a.indoor != 0 { // A11: the player's cell is the EnvCell
		c = a.indoor
	}
	if !a.placed || c != a.cell {
		a.cell, a.placed = c, true
		switch {
		case enabled && a.indoor != 0 && !a.seesOutside:
			a.rebuildClosed(now)
		case enabled:
			a.Rebuild(now)
		default:
			a.initSounds()
			a.cells, a.gathered, a.released = nil, false, true
			a.freeze()
		}
	}
}

// UseTime is Update's second half, Ambient::UseTime: the drain (A10), only
// with ambient on (G5).
func (a *Ambient) UseTime(now float64, enabled bool) {
	if enabled {
		a.Drain(now)
	}
}

// SetIndoor puts the player in EnvCell cell (0: outdoors) whose flags say
// whether it sees outside (A11); the next Update treats a different cell as
// a cell change, EnvCell to EnvCell included.
func (a *Ambient) SetIndoor(cell uint32, seesOutside bool) {
	a.indoor, a.seesOutside = cell, seesOutside
}

// rebuildClosed is A11's cell change into an EnvCell that does not see
// outside [D3: CellManager::ChangePosition]: InitSounds, no gather, then
// UpdatePlayQueue — every count is 0, so queued beds and one-shots cannot
// hear and are dropped at their deadlines (A10); nothing playing is cut.
func (a *Ambient) rebuildClosed(now float64) {
	a.rebuilds++
	a.initSounds()
	a.cells, a.gathered, a.released = nil, true, false
	a.updatePlayQueue(now)
	a.freeze()
}

// initSounds is InitSounds: every instance's count, directions (and an
// intermittent's chance) reset, total = 0.
func (a *Ambient) initSounds() {
	for _, in := range a.insts {
		in.resetCount()
	}
	a.total = 0
}

// Rebuild is A2: InitSounds, gather the 3×3 landblocks × 64 cells around the
// player, then UpdatePlayQueue (A7).
func (a *Ambient) Rebuild(now float64) {
	a.rebuilds++
	a.initSounds()
	cells := make([]CellWeight, 0, len(a.cells)+8)
	p := a.feet
	px, py := int(p.Landblock>>8), int(p.Landblock&0xFF)
	// Landblock order (a decision, docs/fidelity.md): west to east, south to
	// north within a column; cells likewise x-major (the cell id order).
	for x := px - 1; x <= px+1; x++ {
		for y := py - 1; y <= py+1; y++ {
			if x < 0 || x > 255 || y < 0 || y > 255 {
				continue
			}
			cells = a.gatherBlock(cells, uint16(x<<8|y), x-px, y-py)
		}
	}
	a.cells, a.gathered, a.released = cells, true, false
	a.updatePlayQueue(now)
	a.freeze()
}

// gatherBlock adds the cells of landblock lb, (dbx, dby) landblocks from the
// player's, in retail's arithmetic (A2 [D: Ambient::AddSound]).
func (a *Ambient) gatherBlock(cells []CellWeight, lb uint16, dbx, dby int) []CellWeight {
	b := a.land.block(lb)
	if b == nil {
		return cells // A2: landblocks missing from the dat are skipped
	}
	p := a.feet
	descs := a.land.region.Sound
	// W6: the block offset is whole metres; vertex coordinates are whole too,
	// so ox + cx·24 is exact and each difference rounds once.
	ox, oy := float32(dbx*BlockSize), float32(dby*BlockSize)
	wx, wy := float32(int(lb>>8)*BlockSize), float32(int(lb&0xFF)*BlockSize) // drawing only, exact
	// dy and y² depend on the row only. A row or column whose square alone
	// reaches 14400 is out: the skip sum below is ≥ each of its terms
	// (float32 rounding is monotonic).
	var dys, y2s [8]float32
	for cy := range 8 {
		dys[cy] = (oy + float32(cy*CellSize)) - p.Y
		y2s[cy] = float32(dys[cy] * dys[cy])
	}
	for cx := 0; cx < 8; cx++ {
		dx := (ox + float32(cx*CellSize)) - p.X
		x2 := float32(dx * dx)
		if x2 >= maxDist2 {
			continue
		}
		for cy := 0; cy < 8; cy++ {
			dy, y2 := dys[cy], y2s[cy]
			if y2 >= maxDist2 {
				continue
			}
			vi := cx*9 + cy // A2: the cell's south-west vertex
			dz := b.height[vi] - p.Z
			z2 := float32(dz * dz)
			// AddSound's range test sums z² + y² + x² (in that order); the
			// comparison is the seed's (≥ 14400 skips, docs/fidelity.md A2).
			if float32(z2+y2)+x2 >= maxDist2 {
				continue
			}
			d2 := float32(x2+y2) + z2 // CalcWeight's sum (A3)
			w := weightD2(d2)
			if !(w > 0) { // retail: weight != 0; !(w > 0) also drops a NaN
				continue
			}
			stb := a.land.STBFor(b.terrain[vi]) // A1, decision: the SW vertex's word
			if stb < 0 {
				continue
			}
			dir := calcDir(dx, dy, x2, y2)
			a.total += w
			cells = append(cells, CellWeight{
				CellID: uint32(lb)<<16 | uint32(cx*8+cy+1),
				Pos:    Pos{X: wx + float32(cx*CellSize), Y: wy + float32(cy*CellSize), Z: b.height[vi]},
				Weight: w, Dir: dir, Stb: stb,
			})
			for i := range descs.STBDescs[stb].Sounds {
				a.instance(stb, i).addTo(w, d2, dir)
			}
		}
	}
	return cells
}

// instance returns (creating on first contribution, A5) the instance (stb, i).
func (a *Ambient) instance(stb, i int) *instance {
	row := a.byStb[stb]
	if row == nil {
		row = make([]*instance, len(a.land.region.Sound.STBDescs[stb].Sounds))
		a.byStb[stb] = row
	}
	if in := row[i]; in != nil {
		return in
	}
	d := a.land.region.Sound.STBDescs[stb]
	in := &instance{
		stb: stb, index: i, stbID: d.STBID, desc: d.Sounds[i],
		continuous: d.Sounds[i].IsContinuous(),
	}
	row[i] = in
	a.insts = append(a.insts, in)
	return in
}

// updatePlayQueue is A7: UpdateSound for every instance, then every audible
// instance not on the queue fires at once (Ambient::Play, in instance order).
func (a *Ambient) updatePlayQueue(now float64) {
	for _, in := range a.insts {
		in.updateSound(a.total)
	}
	for _, in := range a.insts {
		if !in.onQueue && a.canHear(in) {
			a.fire(now, in)
		}
	}
}

// canHear is A8's CanHear: a bed also needs its desc's sound table loaded
// (A1; released after an ambient-off cell change, G5).
func (a *Ambient) canHear(in *instance) bool {
	if in.continuous {
		return in.curVolume >= hearVolume && !a.released && a.land.TableOK(in.stbID)
	}
	return in.playChance > 0
}

// fire is A10's Fire (Ambient::Play once CanHear holds): PlayNow, then the
// play (A9), then the interval draw, then arm at now + interval. It reports one
// event carrying every number drawn on the way (O4); a failed PlayNow roll is
// an event too (outcome not_now).
func (a *Ambient) fire(now float64, in *instance) {
	var ev Event
	// A8 PlayNow: continuous always; intermittent RollDice(0,1) ≤ play_chance.
	if in.continuous || a.player.RollDice(0, 1) <= in.playChance {
		ev = a.play(now, in)
	} else {
		ev = Event{Play: audio.Play{Time: now, Source: audio.SourceOneShot, Table: in.stbID, SType: in.desc.SType,
			Slot: -1, DB: audio.VolMin, Outcome: audio.NotNow, Reason: "PlayNow roll above the play chance (A8)"},
			Pos: a.camera.World()}
	}
	// A8 interval: continuous min_rate; intermittent RollDice(min_rate, max_rate).
	iv := in.desc.MinRate
	if !in.continuous {
		iv = a.player.RollDice(in.desc.MinRate, in.desc.MaxRate)
	}
	if !(iv >= 0) {
		iv = 0 // decision: NaN or negative intervals act as 0 (one fire per tick at most)
	}
	in.deadline = now + float64(iv)
	a.queue.insert(in)
	ev.Trace = a.player.TakeTrace()
	if a.OnEvent != nil {
		a.OnEvent(ev)
	}
}

// play is A9 [D: Ambient::Play, IntermitSound::GetSoundPos]: beds from the
// centre; one-shots at a rolled direction, jitter and t² distance around the
// camera, worked in radians and float32 steps as retail does.
func (a *Ambient) play(now float64, in *instance) Event {
	cam := a.camera
	if in.continuous {
		p := a.player.PlayAmbientFromCenter(now, in.stbID, in.desc.SType, in.curVolume)
		return Event{Play: p, Pos: cam.World()}
	}
	n := in.nShells
	if n == 0 { // unreachable: a positive chance needs a count, and AddTo adds directions
		return Event{Play: audio.Play{Time: now, Source: audio.SourceOneShot, Table: in.stbID, SType: in.desc.SType,
			Slot: -1, DB: audio.VolMin, Outcome: audio.OutcomeSilent, Reason: "no direction (A9)"}, Pos: cam.World()}
	}
	k := int(math.Floor(float64(a.player.RollDice(0, float32(n)))))
	k = min(max(k, 0), n-1) // u < 1 (T4) keeps k < n; the clamp only guards scripted dice
	s := in.shells[k]
	jitter := a.player.RollDice(0, spreadRad)
	h := float32(s.Dir.HeadingRad()+jitter) - spreadRad*0.5
	t := a.player.RollDice(0, 1)
	d := float32(t*float32((s.Max-s.Min)*t)) + s.Min
	// sin and cos stay at full precision; each product rounds once (Precision).
	src := Loc{
		Landblock: cam.Landblock,
		X:         mulRound32(math.Sin(float64(h)), d) + cam.X,
		Y:         mulRound32(math.Cos(float64(h)), d) + cam.Y,
		Z:         cam.Z,
	}
	p := a.player.PlayAmbientAt(now, in.stbID, in.desc.SType, managerPos(src, cam), in.desc.Volume)
	return Event{Play: p, Pos: src.World(), Loc: src}
}

// Drain is A10 (Ambient::UseTime): while the earliest deadline is STRICTLY
// below now, RemoveMin; if it cannot hear, drop it (not re-armed), else Fire.
func (a *Ambient) Drain(now float64) {
	for a.queue.len() > 0 && a.queue.min().deadline < now {
		in := a.queue.removeMin()
		if !a.canHear(in) {
			continue
		}
		a.fire(now, in)
	}
}

// TotalWeight is the total of the last rebuild.
func (a *Ambient) TotalWeight() float32 { return a.total }

// Cells are the contributing cells of the last rebuild (do not modify).
func (a *Ambient) Cells() []CellWeight { return a.cells }

// Gathered reports whether the last cell change gathered (false after one
// made while ambient was off, G5).
func (a *Ambient) Gathered() bool { return a.gathered }

// Rebuilds counts rebuilds (gathers) so far.
func (a *Ambient) Rebuilds() int { return a.rebuilds }

// QueueLen is the number of queued instances.
func (a *Ambient) QueueLen() int { return a.queue.len() }

// NumInstances is the number of instances ever created.
func (a *Ambient) NumInstances() int { return len(a.insts) }

// freeze makes the immutable snapshot rows after a rebuild.
func (a *Ambient) freeze() {
	rows := make([]Instance, len(a.insts))
	for i, in := range a.insts {
		var shells []Shell
		if in.nShells > 0 {
			shells = append([]Shell(nil), in.shells[:in.nShells]...)
		}
		share := float32(0)
		if a.total > 0 {
			share = in.count / a.total
		}
		rows[i] = Instance{
			Stb: in.stb, Index: in.index, STBID: in.stbID, Desc: in.desc,
			Continuous: in.continuous, Count: in.count, Share: share,
			CurrentVolume: in.curVolume, PlayChance: in.playChance,
			CanHear: a.canHear(in), Shells: shells,
		}
	}
	a.frozen = rows
}

// Instances returns a fresh copy of every instance (first-contribution order)
// with its current queue state.
func (a *Ambient) Instances() []Instance {
	rows := make([]Instance, len(a.frozen))
	copy(rows, a.frozen)
	for i := range rows {
		in := a.insts[i]
		rows[i].OnQueue, rows[i].Deadline = in.onQueue, in.deadline
	}
	return rows
}
