package damage

import (
	"fmt"
	"math"

	"soundworld/dat"
)

// objectEdit is one damage of an object record (Scene, Setup, Animation,
// PhysicsScript, EnvCell, LandBlockInfo): a value retail data never holds,
// a record id that is not the record's, a record cut short.
type objectEdit struct {
	name, kind string
	cell       bool
	do         func(m *image) error
}

// objectEdits are the object sets of t (a kind whose target is 0 has none).
func objectEdits(t Targets) []objectEdit {
	var es []objectEdit
	add := func(id uint32, e ...objectEdit) {
		if id != 0 {
			es = append(es, e...)
		}
	}
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	add(t.Scene,
		objectEdit{"values/scene-base-loc-NaN", "values", false, recF32(t.Scene, func(raw []byte) (int, error) { return lastSceneObject(raw, 4) }, nan)},
		objectEdit{"values/scene-freq-Inf", "values", false, recF32(t.Scene, func(raw []byte) (int, error) { return lastSceneObject(raw, 32) }, inf)},
		objectEdit{"headers/scene-id", "headers", false, recU32(t.Scene, 0, t.Scene+1)})
	add(t.Setup,
		objectEdit{"headers/setup-cut-in-half", "headers", false, cutRecord(t.Setup)},
		objectEdit{"headers/setup-id", "headers", false, recU32(t.Setup, 0, t.Setup+1)})
	add(t.Animation,
		objectEdit{"values/animation-NaN", "values", false, recF32(t.Animation, hookFloat(func(raw []byte) ([]dat.Hook, error) {
			a, err := dat.ParseAnimation(raw)
			if err != nil {
				return nil, err
			}
			var hs []dat.Hook
			for _, f := range a.Frames {
				hs = append(hs, f.Hooks...)
			}
			return hs, nil
		}, func(raw []byte) (int, error) { return 16, nil }), nan)}, // else frame 0's first x
		objectEdit{"values/animation-hook-kind-unknown", "values", false, func(m *image) error {
			pos, raw, err := m.rec(t.Animation)
			if err != nil {
				return err
			}
			a, err := dat.ParseAnimation(raw)
			if err != nil {
				return err
			}
			for _, f := range a.Frames {
				if len(f.Hooks) > 0 {
					m.put32(pos(f.Hooks[0].Off), 0x7F)
					return nil
				}
			}
			return errSkip
		}})
	add(t.Script,
		objectEdit{"values/script-NaN", "values", false, recF32(t.Script, hookFloat(func(raw []byte) ([]dat.Hook, error) {
			s, err := dat.ParsePhysicsScript(raw)
			if err != nil {
				return nil, err
			}
			var hs []dat.Hook
			for _, e := range s.Entries {
				hs = append(hs, e.Hook)
			}
			return hs, nil
		}, func(raw []byte) (int, error) { return 8 + 4, nil }), nan)}, // else entry 0's start time (f64 high word)
		objectEdit{"headers/script-id", "headers", false, recU32(t.Script, 0, t.Script+1)})
	add(t.EnvCell,
		objectEdit{"values/envcell-frame-NaN", "values", true, recF32(t.EnvCell, func(raw []byte) (int, error) {
			if len(raw) < 12 {
				return 0, fmt.Errorf("damage: EnvCell too small")
			}
			return 16 + 2*int(raw[12]) + 4, nil // after id, flags, id, counts and surfaces, environment, structure
		}, nan)},
		objectEdit{"headers/envcell-id-again", "headers", true, recU32(t.EnvCell, 8, t.EnvCell+1)},
		objectEdit{"headers/envcell-cut", "headers", true, cutRecord(t.EnvCell)})
	add(t.LandBlockInfo,
		objectEdit{"values/landblockinfo-model-is-an-animation", "values", true, func(m *image) error {
			pos, raw, err := m.rec(t.LandBlockInfo)
			if err != nil {
				return err
			}
			if le.Uint32(raw[8:]) == 0 {
				return errSkip
			}
			m.put32(pos(12), 0x03000001) // object 0's model
			return nil
		}})
	return es
}

// lastSceneObject is the record byte of field (record bytes from the
// object's start) of a Scene's last object: the one placed last, which
// the suite's spots hear (the stand-in's chimes).
func lastSceneObject(raw []byte, field int) (int, error) {
	s, err := dat.ParseScene(raw)
	if err != nil || len(s.Objects) == 0 {
		return 0, fmt.Errorf("damage: scene has no objects (%v)", err)
	}
	return 8 + 76*(len(s.Objects)-1) + field, nil
}

// hookFloat finds the first float of a SoundTweaked (probability) or
// CallPES (pause) hook among hooks(raw), else the byte fallback gives.
func hookFloat(hooks func([]byte) ([]dat.Hook, error), fallback func([]byte) (int, error)) func([]byte) (int, error) {
	return func(raw []byte) (int, error) {
		hs, err := hooks(raw)
		if err != nil {
			return 0, err
		}
		for _, h := range hs {
			if h.Type == dat.HookSoundTweaked || h.Type == dat.HookCallPES {
				return h.Off + 12, nil
			}
		}
		return fallback(raw)
	}
}

func recU32(id uint32, k int, v uint32) func(m *image) error {
	return func(m *image) error {
		pos, _, err := m.rec(id)
		if err != nil {
			return err
		}
		m.put32(pos(k), v)
		return nil
	}
}

func recF32(id uint32, at func(raw []byte) (int, error), v float32) func(m *image) error {
	return func(m *image) error {
		pos, raw, err := m.rec(id)
		if err != nil {
			return err
		}
		k, err := at(raw)
		if err != nil {
			return err
		}
		if k+4 > len(raw) {
			return fmt.Errorf("damage: record 0x%08X: byte %d past its %d bytes", id, k, len(raw))
		}
		m.putF(pos(k), v)
		return nil
	}
}

// cutRecord halves id's directory size (to a multiple of 4): the record
// as a torn write or a bad patch leaves it.
func cutRecord(id uint32) func(m *image) error {
	return func(m *image) error {
		e, at, err := m.entry(id)
		if err != nil {
			return err
		}
		m.put32(at+8, (e.Size/2)&^3)
		return nil
	}
}

// ObjectTargets fills t's object records from a's: the region's first
// scene that places a sounding Setup (else its first scene), that Setup
// (else the first Setup), its default animation and script (else the
// first of each), and the cell dat's first EnvCell.
func ObjectTargets(a *dat.Archive, t *Targets) error {
	first := func(f *dat.File, keep func(uint32) bool) uint32 {
		ids, err := dat.IDs(f, 0, 0xFFFFFFFF, keep)
		if err != nil || len(ids) == 0 {
			return 0
		}
		return ids[0]
	}
	typ := func(b uint32) func(uint32) bool { return func(id uint32) bool { return id>>24 == b } }
	t.Scene = first(a.Portal, typ(0x12))
	t.Setup = first(a.Portal, typ(0x02))
	t.Animation = first(a.Portal, typ(0x03))
	t.Script = first(a.Portal, typ(0x33))
	if a.Cell != nil {
		t.EnvCell = first(a.Cell, dat.IsEnvCellID)
	}
	g, err := a.Region()
	if err != nil || g.Scene == nil {
		return err
	}
	for _, st := range g.Scene.SceneTypes {
		for _, sid := range st.Scenes {
			sc, err := a.Scene(sid)
			if err != nil {
				continue
			}
			for _, o := range sc.Objects {
				s, err := a.Setup(o.ObjID)
				if err != nil || (s.DefaultAnimation == 0 && s.DefaultScript == 0) {
					continue
				}
				t.Scene, t.Setup = sid, o.ObjID
				t.Animation = cmpOr(s.DefaultAnimation, t.Animation)
				t.Script = cmpOr(s.DefaultScript, t.Script)
				return nil
			}
		}
	}
	return nil
}

func cmpOr(a, b uint32) uint32 {
	if a != 0 {
		return a
	}
	return b
}
