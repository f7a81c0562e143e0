package atlas

// select.go: what a cell's value is — one ambient sound,
// one STB desc, or the loudest bed — computed from the gather's sums exactly
// as world's UpdateSound (A7) and its snapshot compute them.

import (
	"fmt"
	"strconv"
	"strings"

	"soundworld/dat"
	"soundworld/world"
)

// Kind says what a value means.
type Kind int

const (
	// KindVolume: a continuous sound's crossfade volume (A7:
	// volume / total · count), linear.
	KindVolume Kind = iota
	// KindChance: an intermittent sound's play chance (A7:
	// base_chance / total · count).
	KindChance
	// KindShare: a desc's share of the total weight (count / total, 0..1).
	KindShare
	// KindLoudestBed: the highest crossfade volume of any continuous sound,
	// with the sound as the cell's category.
	KindLoudestBed
)

func (k Kind) String() string {
	return [...]string{"volume", "chance", "share", "loudest-bed"}[k]
}

// Label says what the value is, for titles and legends.
func (k Kind) Label() string {
	return [...]string{"crossfade volume (A7)", "play chance (A7)", "share of the total weight (A2)", "loudest bed by crossfade volume (A7)"}[k]
}

// SelKind is the kind of selector.
type SelKind int

const (
	BySound SelKind = iota
	ByDesc
	LoudestBed
)

// Selector picks what to map.
type Selector struct {
	Kind  SelKind
	Table uint32 // BySound: the sound table (AmbientSTBDesc.STBID)
	SType uint32 // BySound: the SoundType
	Desc  int    // ByDesc: index into Region.Sound.STBDescs
}

// Sound names one ambient sound: a sound table and a SoundType.
type Sound struct {
	Table, SType uint32
}

func (s Sound) String() string {
	n := dat.SoundTypeName(s.SType)
	if n == "" {
		n = fmt.Sprintf("0x%X", s.SType)
	}
	return fmt.Sprintf("0x%08X:%s", s.Table, n)
}

// String describes the selector ("sound 0x20000001:Ambient1", "desc 3", "loudest bed").
func (s Selector) String() string {
	switch s.Kind {
	case ByDesc:
		return fmt.Sprintf("desc %d", s.Desc)
	case LoudestBed:
		return "loudest bed"
	}
	return "sound " + Sound{s.Table, s.SType}.String()
}

// ParseSound parses "TABLE:STYPE": a sound table id (hex, 0x optional) and a
// SoundType as a name ("Ambient1", any case) or a number ("0x46", "70").
func ParseSound(s string) (Sound, error) {
	t, st, ok := strings.Cut(s, ":")
	if !ok {
		return Sound{}, fmt.Errorf("sound %q: want TABLE:STYPE, e.g. 0x20000001:Ambient1", s)
	}
	id, err := strconv.ParseUint(strings.TrimPrefix(strings.ToLower(strings.TrimSpace(t)), "0x"), 16, 32)
	if err != nil {
		return Sound{}, fmt.Errorf("sound %q: table %q is not a hex id", s, t)
	}
	typ, err := ParseSoundType(st)
	if err != nil {
		return Sound{}, fmt.Errorf("sound %q: %w", s, err)
	}
	return Sound{uint32(id), typ}, nil
}

// ParseSoundType parses a SoundType name (dat-format §5.1, any case) or number.
func ParseSoundType(s string) (uint32, error) {
	s = strings.TrimSpace(s)
	for i, n := range dat.SoundTypeNames {
		if n != "" && strings.EqualFold(n, s) {
			return uint32(i), nil
		}
	}
	v, err := strconv.ParseUint(s, 0, 32)
	if err != nil {
		return 0, fmt.Errorf("SoundType %q: not a name (e.g. Ambient1) or a number", s)
	}
	return uint32(v), nil
}

// entry is one ambient sound desc entry the selector reads.
type entry struct {
	desc       int32
	volume     float32 // authored volume (continuous) or base chance (intermittent)
	continuous bool
	cat        int16 // loudest bed: category index
}

// evaluator computes a cell's value from the sums.
type evaluator struct {
	kind    Kind
	entries []entry
	desc    int32
	cats    []Sound
}

// compile checks the selector against the region and prepares its evaluator.
func (s Selector) compile(r *dat.Region) (*evaluator, error) {
	var descs []dat.AmbientSTBDesc
	if r.Sound != nil {
		descs = r.Sound.STBDescs
	}
	ev := &evaluator{}
	switch s.Kind {
	case ByDesc:
		if s.Desc < 0 || s.Desc >= len(descs) {
			return nil, fmt.Errorf("desc %d: %w: the region has %d ambient descs (0..%d)", s.Desc, ErrSelector, len(descs), len(descs)-1)
		}
		ev.kind, ev.desc = KindShare, int32(s.Desc)
	case LoudestBed:
		ev.kind = KindLoudestBed
		idx := map[Sound]int16{}
		for d, sd := range descs {
			for _, e := range sd.Sounds {
				if !e.IsContinuous() {
					continue
				}
				k := Sound{sd.STBID, e.SType}
				c, ok := idx[k]
				if !ok {
					c = int16(len(ev.cats))
					idx[k] = c
					ev.cats = append(ev.cats, k)
				}
				ev.entries = append(ev.entries, entry{desc: int32(d), volume: e.Volume, continuous: true, cat: c})
			}
		}
	default:
		kinds := map[bool]bool{}
		for d, sd := range descs {
			if sd.STBID != s.Table {
				continue
			}
			for _, e := range sd.Sounds {
				if e.SType != s.SType {
					continue
				}
				v := e.Volume
				if !e.IsContinuous() {
					v = e.BaseChance
				}
				ev.entries = append(ev.entries, entry{desc: int32(d), volume: v, continuous: e.IsContinuous()})
				kinds[e.IsContinuous()] = true
			}
		}
		switch {
		case len(ev.entries) == 0:
			return nil, fmt.Errorf("%s: %w", s, ErrNoSound)
		case len(kinds) == 2:
			return nil, fmt.Errorf("%s: %w: continuous in one desc and intermittent in another; map one desc with -desc", s, ErrSelector)
		case kinds[true]:
			ev.kind = KindVolume
		default:
			ev.kind = KindChance
		}
	}
	return ev, nil
}

// eval is A7's UpdateSound on the gathered sums, with world's float32 op
// order: continuous volume / total · count (0 when count is 0), intermittent
// base_chance / total · count (0 when count is 0); a desc's share count / total.
// When several entries match (the same sound in several descs, or twice in one),
// the value is the largest (decision, docs/fidelity.md: each is its own
// instance and plays on its own; the map shows the strongest).
func (ev *evaluator) eval(s *world.AtlasSums) (float32, int16) {
	switch ev.kind {
	case KindShare:
		c := countOf(s, ev.desc)
		if c == 0 {
			return 0, -1
		}
		return c / s.Total, -1
	}
	best, cat := float32(0), int16(-1)
	for _, e := range ev.entries {
		c := countOf(s, e.desc)
		if c == 0 {
			continue // continuous: volume 0; intermittent: chance stays 0 (ResetCount)
		}
		v := e.volume / s.Total * c
		if v > best { // ties: the first entry in desc order keeps the cell
			best, cat = v, e.cat
		}
	}
	if ev.kind != KindLoudestBed {
		cat = -1
	}
	return best, cat
}

func countOf(s *world.AtlasSums, d int32) float32 {
	if int(d) >= len(s.Count) {
		return 0
	}
	return s.Count[d]
}
