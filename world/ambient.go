package world

import (
	"math"

	"soundworld/audio"
	"soundworld/dat"
)

// Player is what the ambient runtime plays through and rolls dice on.
// *audio.Manager satisfies it; tests use scripted fakes.
type Player interface {
	PlayAmbientAt(now float64, table, stype uint32, pos audio.Vec3, vol float32) audio.Play
	PlayAmbientFromCenter(now float64, table, stype uint32, vol float32) audio.Play
	RollDice(lo, hi float32) float32
}

// Ambient constants (A2, A3, A4, A8).
const (
	maxDist2     float32 = 14400 // m², (120 m)²: cells at or beyond are skipped (A2), weight 0 beyond (A3)
	fullDist2    float32 = 400   // m², (20 m)²: weight 1 inside (A3)
	viewerDist2  float32 = 200   // m², half of 400: in-viewer-block (A4)
	dirEps       float32 = 0.0002
	hearVolume   float32 = 0.03 // A8: continuous threshold, float32 0.029999999
	viewerMin    float32 = 4    // m, A6 in-viewer-block shell
	viewerMax    float32 = 10
	shellHalf    float32 = 10 // m, A6 shell [d − 10, d + 10]
	shellSpread  float32 = 22.5
	shellSpread2 float32 = 11.25
)

// CalcWeight is A3: d2 = x² + y² + z² (Z included); d2 > 14400 → 0; d2 < 400 → 1;
// else 400/d2.
func CalcWeight(off Pos) float32 {
	return weightD2(off.X*off.X + off.Y*off.Y + off.Z*off.Z)
}

func weightD2(d2 float32) float32 {
	switch {
	case d2 > maxDist2:
		return 0
	case d2 < fullDist2:
		return 1
	}
	return fullDist2 / d2
}

// CalcDir is A4 on the XY part of off: in-viewer-block inside x²+y² < 200,
// else N/S when nearly vertical, E/W when nearly horizontal, else a diagonal.
func CalcDir(off Pos) Dir {
	x, y := off.X, off.Y
	if x*x+y*y < viewerDist2 {
		return DirInViewerBlock
	}
	ax, ay := abs32(x), abs32(y)
	if ax < dirEps || ay/ax > 2 {
		if y >= 0 {
			return DirN
		}
		return DirS
	}
	if ay < dirEps || ax/ay > 2 {
		if x >= 0 {
			return DirE
		}
		return DirW
	}
	switch {
	case x >= 0 && y >= 0:
		return DirNE
	case x < 0 && y >= 0:
		return DirNW
	case x >= 0:
		return DirSE
	}
	return DirSW
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

// Heading is the direction's compass heading in degrees (A9): N 0, NE 45, E 90, …
func (d Dir) Heading() float32 { return dirHeadings[d&7] }

var dirHeadings = [8]float32{DirN: 0, DirS: 180, DirE: 90, DirW: 270, DirNE: 45, DirNW: 315, DirSE: 135, DirSW: 225}

// instance is one ambient sound (A5): an entry of one STB desc.
type instance struct {
	stb, index int
	stbID      uint32
	desc       dat.AmbientSoundDesc
	continuous bool
	order      int // creation (first-contribution) order

	count      float32
	curVolume  float32
	playChance float32
	shells     [8]Shell
	nShells    int

	onQueue  bool
	deadline float64
	heapAt   int
}

// resetCount starts a rebuild (A2): count, directions and play chance cleared.
func (in *instance) resetCount() {
	in.count = 0
	in.nShells = 0
	if !in.continuous {
		in.playChance = 0
	}
}

// addTo is A6: count += w; intermittent sounds also merge a distance shell.
func (in *instance) addTo(w float32, d2 float32, dir Dir) {
	in.count += w
	if in.continuous {
		return
	}
	if dir == DirInViewerBlock {
		for d := DirN; d <= DirSW; d++ {
			in.merge(d, viewerMin, viewerMax)
		}
		return
	}
	d := float32(math.Sqrt(float64(d2)))
	in.merge(dir, d-shellHalf, d+shellHalf)
}

// merge folds [lo, hi] into direction d's shell, first-seen order, at most 8.
func (in *instance) merge(d Dir, lo, hi float32) {
	for i := 0; i < in.nShells; i++ {
		s := &in.shells[i]
		if s.Dir == d {
			s.Min, s.Max = min(s.Min, lo), max(s.Max, hi)
			return
		}
	}
	if in.nShells < len(in.shells) {
		in.shells[in.nShells] = Shell{Dir: d, Min: lo, Max: hi}
		in.nShells++
	}
}

// updateSound is A7's per-instance step.
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
	// OnPlay, if set, sees every ambient play with its position (the listener for beds).
	OnPlay func(p audio.Play, pos Pos)

	listener Pos
	cell     uint32
	placed   bool
	total    float32
	cells    []CellWeight // contributing cells of the last rebuild; never mutated after
	insts    []*instance  // creation order
	byStb    [][]*instance
	queue    []*instance // min-heap on deadline (A10)
	frozen   []Instance  // snapshot rows of the last rebuild (shells shared, immutable)
	rebuilds int
}

// NewAmbient builds the runtime over land, playing through p.
func NewAmbient(land *Land, p Player) *Ambient {
	a := &Ambient{land: land, player: p}
	if s := land.region.Sound; s != nil {
		a.byStb = make([][]*instance, len(s.STBDescs))
	}
	return a
}

// Invalidate forces a rebuild on the next Update (world change, A2).
func (a *Ambient) Invalidate() { a.placed = false }

// Update is one tick of the runtime at sim time now (s) with the listener at l:
// rebuild if the land cell changed or on first placement (A2), then drain the
// queue (A10).
func (a *Ambient) Update(now float64, l Pos) {
	a.listener = l
	if c := CellID(l.X, l.Y); !a.placed || c != a.cell {
		a.cell, a.placed = c, true
		a.Rebuild(now)
	}
	a.Drain(now)
}

// Rebuild is A2: reset every instance, gather the 3×3 landblocks × 64 cells
// around the listener, then UpdatePlayQueue (A7).
func (a *Ambient) Rebuild(now float64) {
	a.rebuilds++
	for _, in := range a.insts {
		in.resetCount()
	}
	a.total = 0
	cells := make([]CellWeight, 0, len(a.cells)+8)
	l := a.listener
	if lb, ok := Landblock(l.X, l.Y); ok {
		bx, by := int(lb>>8), int(lb&0xFF)
		// Landblock order (a decision, docs/fidelity.md): west to east, south to
		// north within a column; cells likewise x-major (the cell id order).
		for x := bx - 1; x <= bx+1; x++ {
			for y := by - 1; y <= by+1; y++ {
				if x < 0 || x > 255 || y < 0 || y > 255 {
					continue
				}
				cells = a.gatherBlock(cells, uint16(x<<8|y), x, y)
			}
		}
	}
	a.cells = cells
	a.updatePlayQueue(now)
	a.freeze()
}

func (a *Ambient) gatherBlock(cells []CellWeight, lb uint16, x, y int) []CellWeight {
	b := a.land.block(lb)
	if b == nil {
		return cells // A2: landblocks missing from the dat are skipped
	}
	l := a.listener
	descs := a.land.region.Sound
	ox, oy := float32(x*BlockSize), float32(y*BlockSize)
	for cx := 0; cx < 8; cx++ {
		px := ox + float32(cx*CellSize)
		if dx := px - l.X; dx*dx >= maxDist2 {
			continue // d² ≥ dx² (float32 sums of non-negatives never shrink): the whole column is out
		}
		for cy := 0; cy < 8; cy++ {
			vi := cx*9 + cy // A2: the cell's south-west vertex
			pos := Pos{X: px, Y: oy + float32(cy*CellSize), Z: b.height[vi]}
			off := Pos{X: pos.X - l.X, Y: pos.Y - l.Y, Z: pos.Z - l.Z}
			d2 := off.X*off.X + off.Y*off.Y + off.Z*off.Z
			if d2 >= maxDist2 {
				continue
			}
			w := weightD2(d2)
			if w <= 0 {
				continue
			}
			stb := a.land.STBFor(b.terrain[vi]) // A1, decision: the SW vertex's word
			if stb < 0 {
				continue
			}
			dir := CalcDir(off)
			a.total += w
			cells = append(cells, CellWeight{
				CellID: uint32(lb)<<16 | uint32(cx*8+cy+1),
				Pos:    pos, Weight: w, Dir: dir, Stb: stb,
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
		continuous: d.Sounds[i].IsContinuous(), order: len(a.insts), heapAt: -1,
	}
	row[i] = in
	a.insts = append(a.insts, in)
	return in
}

// updatePlayQueue is A7: UpdateSound for every instance, then every audible
// instance not on the queue fires at once.
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

// canHear is A8's CanHear.
func (a *Ambient) canHear(in *instance) bool {
	if in.continuous {
		return in.curVolume >= hearVolume && a.land.TableOK(in.stbID)
	}
	return in.playChance > 0
}

// fire is A10's Fire: play if PlayNow, then arm at now + interval.
func (a *Ambient) fire(now float64, in *instance) {
	// A8 PlayNow: continuous always; intermittent RollDice(0,1) ≤ play_chance.
	if in.continuous || a.player.RollDice(0, 1) <= in.playChance {
		a.play(now, in)
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
	a.push(in)
}

// play is A9: beds from the centre; one-shots at a rolled bearing and t² distance.
func (a *Ambient) play(now float64, in *instance) {
	if in.continuous {
		p := a.player.PlayAmbientFromCenter(now, in.stbID, in.desc.SType, in.curVolume)
		if a.OnPlay != nil {
			a.OnPlay(p, a.listener)
		}
		return
	}
	if in.nShells == 0 {
		return
	}
	n := in.nShells
	u := a.player.RollDice(0, 1)
	k := min(max(int(math.Floor(float64(u*float32(n)))), 0), n-1)
	s := in.shells[k]
	u = a.player.RollDice(0, 1)
	h := s.Dir.Heading() + u*shellSpread - shellSpread2
	t := a.player.RollDice(0, 1)
	d := s.Min + (s.Max-s.Min)*t*t
	hr := float64(h * degToRad)
	pos := Pos{
		X: a.listener.X + float32(math.Sin(hr))*d,
		Y: a.listener.Y + float32(math.Cos(hr))*d,
		Z: a.listener.Z,
	}
	p := a.player.PlayAmbientAt(now, in.stbID, in.desc.SType, pos, in.desc.Volume)
	if a.OnPlay != nil {
		a.OnPlay(p, pos)
	}
}

// degToRad is the float32 constant retail uses for degrees → radians (S4).
const degToRad float32 = 0.0174532924

// Drain is A10: while the earliest deadline is STRICTLY below now, pop it; if it
// cannot hear, drop it (not re-armed), else Fire.
func (a *Ambient) Drain(now float64) {
	for len(a.queue) > 0 && a.queue[0].deadline < now {
		in := a.pop()
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

// Rebuilds counts rebuilds so far.
func (a *Ambient) Rebuilds() int { return a.rebuilds }

// QueueLen is the number of queued instances.
func (a *Ambient) QueueLen() int { return len(a.queue) }

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

// Heap (A10): a binary min-heap on deadline, ties by creation order so the
// order of plays never depends on anything but the inputs.

func (a *Ambient) less(i, j int) bool {
	x, y := a.queue[i], a.queue[j]
	if x.deadline != y.deadline {
		return x.deadline < y.deadline
	}
	return x.order < y.order
}

func (a *Ambient) swap(i, j int) {
	q := a.queue
	q[i], q[j] = q[j], q[i]
	q[i].heapAt, q[j].heapAt = i, j
}

func (a *Ambient) push(in *instance) {
	in.onQueue = true
	in.heapAt = len(a.queue)
	a.queue = append(a.queue, in)
	for i := in.heapAt; i > 0; {
		p := (i - 1) / 2
		if !a.less(i, p) {
			break
		}
		a.swap(i, p)
		i = p
	}
}

func (a *Ambient) pop() *instance {
	q := a.queue
	top := q[0]
	last := len(q) - 1
	a.swap(0, last)
	a.queue = q[:last]
	q[last] = nil
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < last && a.less(l, m) {
			m = l
		}
		if r < last && a.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		a.swap(i, m)
		i = m
	}
	top.onQueue, top.heapAt = false, -1
	return top
}
