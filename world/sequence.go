package world

import (
	"fmt"
	"math"

	"soundworld/dat"
)

// A static's animation sequence (E3): CSequence with its AnimSequenceNodes.
// A Setup's DefaultAnimation makes one node (CPartArray::InitDefaults
// 326157 appends AnimData's defaults, 341039: frames 0..last at 30
// frames/s); a DefaultMotionTable replaces it with the default state's
// cycle [D4: CPhysicsObj::InitDefaults 320853 → SetMotionTableID 319692 →
// CMotionTable::SetDefaultState 337969: clear_animations, then add_motion
// appends the cycle's AnimData in order]. The sequence plays its nodes in
// order and then loops the last one (append_animation makes each appended
// node first_cyclic; advance_to_next_animation 341050 goes on to the next
// node or back to first_cyclic).

// seqNode is one AnimSequenceNode: an animation's frames, the range it
// plays and its rate.
type seqNode struct {
	anim      *objAnim
	low, high int
	rate      float64 // frames/s (the record's float32); negative plays backwards
}

// newSeqNode is AnimSequenceNode's constructor with set_animation_id's
// clamps (341096): high < 0 → the last frame; low or high past the last
// frame → the last frame; low > high → high = low.
func newSeqNode(a *objAnim, low, high int32, rate float32) seqNode {
	n := int32(len(a.frames))
	if high < 0 {
		high = n - 1
	}
	if low >= n {
		low = n - 1
	}
	if high >= n {
		high = n - 1
	}
	if low > high {
		high = low
	}
	return seqNode{anim: a, low: int(low), high: int(high), rate: float64(rate)}
}

// startFrame is AnimSequenceNode::get_starting_frame (341015): low, or
// just below high+1 when playing backwards.
func (n *seqNode) startFrame() float64 {
	if n.rate < 0 {
		return float64(n.high+1) - objEpsilon
	}
	return float64(n.low)
}

// maxSeqWraps bounds the node changes of one update (a bound, not retail:
// a one-frame node at a huge rate would otherwise loop for very long).
const maxSeqWraps = 4096

// advance is CSequence::update_internal [D3/D4 340589] over the object's
// sequence for quantum s: the frame number moves by rate·quantum; each
// whole frame LEFT runs its hooks (forward: those of direction Both or
// Forward; backward: Both or Backward); past the node's last frame (or
// below its first, backwards) the number is set to that frame — so the
// frame play ends on never runs its hooks — the time beyond is carried, and
// play goes on with the next node (or first_cyclic, the last node) from its
// starting frame.
func (st *objState) advance(seq []seqNode, quantum float32) []fire {
	var out []fire
	q := float64(quantum)
	for wraps := 0; wraps < maxSeqWraps; wraps++ {
		n := &seq[st.node]
		fq := n.rate * q
		last := math.Floor(st.frameNum)
		st.frameNum += fq
		wrap, left := false, 0.0
		switch {
		case fq > 0:
			if float64(n.high) < math.Floor(st.frameNum) {
				left = seqLeft(max(st.frameNum-float64(n.high)-1, 0), n.rate)
				wrap, st.frameNum = true, float64(n.high)
			}
			for ; math.Floor(st.frameNum) > last; last++ {
				out = n.hooks(out, int(last), dat.HookForward)
			}
		case fq < 0:
			if float64(n.low) > math.Floor(st.frameNum) {
				left = seqLeft(min(st.frameNum-float64(n.low), 0), n.rate)
				wrap, st.frameNum = true, float64(n.low)
			}
			for ; math.Floor(st.frameNum) < last; last-- {
				out = n.hooks(out, int(last), dat.HookBackward)
			}
		default:
			return out
		}
		if !wrap {
			return out
		}
		if st.node+1 < len(seq) {
			st.node++
		} else {
			st.node = len(seq) - 1 // first_cyclic: the last node appended
		}
		st.frameNum = seq[st.node].startFrame()
		q = left
	}
	return out
}

// seqLeft is the time an overshoot of over frames stands for at rate
// (update_internal: 0 when |rate| ≤ F_EPSILON).
func seqLeft(over, rate float64) float64 {
	if math.Abs(rate) <= objEpsilon {
		return 0
	}
	return over / rate
}

// hooks appends frame k's hooks that run in direction dir (execute_hooks:
// Both, or the direction played).
func (n *seqNode) hooks(out []fire, k int, dir int32) []fire {
	if k < 0 || k >= len(n.anim.frames) {
		return out
	}
	for _, h := range n.anim.frames[k] {
		if h.Dir == dat.HookBoth || h.Dir == dir {
			out = append(out, fire{hook: h, anim: true, frame: k, src: n.anim.id})
		}
	}
	return out
}

// motionTables is what a static's motion table needs (E3 [D4]);
// *dat.Archive has it. A Data without it plays default animations only.
type motionTables interface {
	MotionTable(id uint32) (*dat.MotionTable, error)
}

// sequence builds a Setup's sequence: the default animation as one node,
// replaced by the motion table's default cycle when the Setup names a
// motion table that has one (a table without one, as retail's failing
// SetDefaultState, leaves the default animation). nil: nothing animates —
// also when the Setup has no default animation at all, because then
// CPhysicsObj::InitDefaults never sets the 0x40000 state under which
// animate_static_object updates the part array.
// motion is the motion table when the sequence is its cycle, else 0.
func (o *Objects) sequence(s *dat.Setup) (seq []seqNode, motion uint32) {
	if s.DefaultAnimation == 0 {
		return nil, 0
	}
	if s.DefaultMotionTable != 0 && o.motions != nil {
		if seq, ok := o.motionSequence(s); ok {
			return seq, s.DefaultMotionTable
		}
	}
	a := o.anim(s.DefaultAnimation, s.ID)
	if a == nil {
		return nil, 0
	}
	return []seqNode{newSeqNode(a, 0, -1, objFrameRate)}, 0
}

// motionSequence is SetDefaultState's add_motion: the default cycle's
// animations in order (speed 1). An unreadable table is a problem and, like
// one without a default cycle, leaves the default animation; an unreadable
// or empty animation is left out (append_animation drops a node without
// an animation).
func (o *Objects) motionSequence(s *dat.Setup) ([]seqNode, bool) {
	mt, err := o.motions.MotionTable(s.DefaultMotionTable)
	if err != nil {
		o.land.skipped(dat.KindBadRecord, s.DefaultMotionTable, fmt.Errorf("world: motion table 0x%08X (setup 0x%08X): %w", s.DefaultMotionTable, s.ID, err))
		return nil, false
	}
	cyc, ok := mt.DefaultCycle()
	if !ok {
		return nil, false
	}
	var seq []seqNode
	for _, ad := range cyc.Anims {
		if a := o.anim(ad.Anim, s.ID); a != nil {
			seq = append(seq, newSeqNode(a, ad.Low, ad.High, ad.Framerate))
		}
	}
	return seq, true
}

// anim reads and reduces an Animation (cached; nil if unreadable or
// without frames).
func (o *Objects) anim(id, setup uint32) *objAnim {
	if a, ok := o.anims[id]; ok {
		return a
	}
	o.anims[id] = nil
	a, err := o.data.Animation(id)
	if err != nil {
		o.land.skipped(dat.KindBadRecord, id, fmt.Errorf("world: animation 0x%08X (setup 0x%08X): %w", id, setup, err))
		return nil
	}
	if len(a.Frames) == 0 {
		return nil
	}
	o.anims[id] = reduceAnim(a)
	return o.anims[id]
}
