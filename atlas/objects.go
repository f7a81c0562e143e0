package atlas

import (
	"context"
	"fmt"
	"strings"

	"soundworld/dat"
	"soundworld/world"
)

// The object sounds layer (E3): every object of the data whose Setup's
// default animation or script sounds, over the whole world or a region, and
// the search for those that play a sound table, a SoundType or a wave.

// ObjectHit is one sounding object.
type ObjectHit struct {
	Landblock uint16
	world.ObjectSource
	Map string // map coordinates of the object
}

// Plays describes what the object's hooks play ("hook 0x69 Lockpicking
// (table 0x20000010); sound_hook 0x0A000050").
func (h ObjectHit) Plays() string {
	var parts []string
	seen := map[string]bool{}
	for _, k := range h.Hooks {
		var s string
		switch k.Type {
		case dat.HookSoundTable:
			s = fmt.Sprintf("hook 0x%02X %s (table 0x%08X)", k.SType, dat.SoundTypeName(k.SType), h.Table)
		case dat.HookSound:
			s = fmt.Sprintf("sound_hook 0x%08X", k.Wave)
		case dat.HookSoundTweaked:
			s = fmt.Sprintf("tweaked_hook 0x%08X p=%g v=%g", k.Wave, k.Probability, k.Volume)
		}
		if !seen[s] {
			seen[s] = true
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, "; ")
}

// matches reports whether one of the object's hooks plays what q names: its
// table (a SoundTableHook through it), a SoundTableHook's SoundType, or a
// wave (a SoundHook's or SoundTweakedHook's, or one of the variants a
// SoundTableHook can pick from the object's table).
func (a *Atlas) matches(o world.ObjectSource, q Query) bool {
	for _, h := range o.Hooks {
		switch q.Kind {
		case QueryTable:
			if h.Type == dat.HookSoundTable && o.Table == q.ID {
				return true
			}
		case QuerySType:
			if h.Type == dat.HookSoundTable && h.SType == q.ID && (q.Table == 0 || o.Table == q.Table) {
				return true
			}
		case QueryWave:
			if h.Type != dat.HookSoundTable {
				if h.Wave == q.ID {
					return true
				}
				continue
			}
			if t, err := a.data.SoundTable(o.Table); err == nil && t != nil {
				for _, v := range t.Sounds[h.SType] {
					if v.WaveID == q.ID {
						return true
					}
				}
			}
		}
	}
	return false
}

// Objects lists the sounding objects of lbs (landblock order, then
// LandBlockInfo order); with q, only those that play it.
func (a *Atlas) Objects(ctx context.Context, lbs []uint16, q *Query, progress func(done, total int)) ([]ObjectHit, error) {
	cat := world.NewObjectCatalog(a.Land(), a.data)
	var out []ObjectHit
	for i, lb := range lbs {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if progress != nil {
				progress(i, len(lbs))
			}
		}
		for _, o := range cat.Block(lb) {
			if q != nil && !a.matches(o, *q) {
				continue
			}
			p := o.Loc.World()
			out = append(out, ObjectHit{Landblock: lb, ObjectSource: o, Map: world.FormatMap(p.X, p.Y)})
		}
	}
	if progress != nil {
		progress(len(lbs), len(lbs))
	}
	return out, nil
}
