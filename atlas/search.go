package atlas

// search.go: sound search — by sound table, SoundType or
// wave → the landblocks where it can play, ranked by its peak value there.

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"soundworld/dat"
	"soundworld/world"
)

// QueryKind says what a search names.
type QueryKind int

const (
	QueryTable QueryKind = iota // a sound table id (0x20xxxxxx)
	QuerySType                  // a SoundType
	QueryWave                   // a wave id (0x0Axxxxxx)
)

// Query is one search.
type Query struct {
	Kind QueryKind
	ID   uint32
	// Table, with QuerySType: only that sound table's SoundType (a query
	// TABLE:STYPE); 0: the SoundType in any table.
	Table uint32
}

func (q Query) String() string {
	switch q.Kind {
	case QueryTable:
		return fmt.Sprintf("sound table 0x%08X", q.ID)
	case QueryWave:
		return fmt.Sprintf("wave 0x%08X", q.ID)
	}
	st := fmt.Sprintf("SoundType 0x%X", q.ID)
	if n := dat.SoundTypeName(q.ID); n != "" {
		st = "SoundType " + n
	}
	if q.Table != 0 {
		st += fmt.Sprintf(" of sound table 0x%08X", q.Table)
	}
	return st
}

// ParseQuery reads a search: a hex id with the sound-table high byte 0x20 or
// the wave high byte 0x0A (e.g. 0x20000001, 0x0A000123), a SoundType name or
// number (Ambient1, 0x46), or one table's SoundType (0x20000010:0x69).
func ParseQuery(s string) (Query, error) {
	t := strings.TrimSpace(s)
	if table, st, ok := strings.Cut(t, ":"); ok { // TABLE:STYPE, one table's SoundType
		q, err := ParseQuery(table)
		if err != nil || q.Kind != QueryTable {
			return Query{}, fmt.Errorf("search %q: before the colon a sound table id (0x20xxxxxx)", s)
		}
		typ, err := ParseSoundType(strings.TrimSpace(st))
		if err != nil {
			return Query{}, fmt.Errorf("search %q: %w", s, err)
		}
		return Query{Kind: QuerySType, ID: typ, Table: q.ID}, nil
	}
	if low := strings.ToLower(t); strings.HasPrefix(low, "0x") && len(low) > 6 {
		v, err := strconv.ParseUint(low[2:], 16, 32)
		if err != nil {
			return Query{}, fmt.Errorf("search %q: not a hex id", s)
		}
		switch v >> 24 {
		case 0x20:
			return Query{Kind: QueryTable, ID: uint32(v)}, nil
		case 0x0A:
			return Query{Kind: QueryWave, ID: uint32(v)}, nil
		}
		return Query{}, fmt.Errorf("search %q: a sound table (0x20xxxxxx) or wave (0x0Axxxxxx) id, or a SoundType", s)
	}
	st, err := ParseSoundType(t)
	if err != nil {
		return Query{}, fmt.Errorf("search %q: %w", s, err)
	}
	return Query{Kind: QuerySType, ID: st}, nil
}

// Hit is one (landblock, sound) where the sound can play (A8's CanHear: a
// bed at crossfade volume ≥ 0.03, a one-shot with play chance > 0 — for a
// player at some cell centre of the landblock).
type Hit struct {
	Landblock uint16
	Sound     Sound
	Kind      Kind // KindVolume or KindChance
	Peak      float32
	Cell      *CellRef // where the peak is (the first such cell in id order)
	Cells     int      // cells of the landblock where it can play
}

// searchMatch is one (desc, sound) entry of the region that q names.
type searchMatch struct {
	desc  int32
	vol   float32 // volume (bed) or base chance (one-shot)
	bed   bool
	sound int // index into searchSounds.sounds
}

// searchSounds are the distinct sounds q names, with the entries that carry
// them.
type searchSounds struct {
	matches []searchMatch
	sounds  []Sound
	kinds   []Kind
}

// Search finds where q can play among the landblocks lbs (nil: all present),
// ranked by peak value (highest first; then landblock id, then sound). A
// sound in several descs counts at its largest value per cell.
func (a *Atlas) Search(ctx context.Context, q Query, lbs []uint16, progress func(done, total int)) ([]Hit, error) {
	ss := a.searchMatches(q)
	if len(ss.matches) == 0 {
		return nil, fmt.Errorf("%s: %w", q, ErrNoSound)
	}
	keep := a.presentOf(lbs)
	if err := a.resolve(keep, ^uint64(0)); err != nil {
		return nil, err
	}
	t := newSearchTally(len(keep), len(ss.sounds))
	err := a.run(ctx, keep, 1, 0, progress, func(s *world.AtlasSums, bi, i int) {
		t.add(ss, s, bi, i)
	})
	if err != nil {
		return nil, err
	}
	hits := t.hits(ss, keep)
	sortHits(hits)
	return hits, nil
}

// searchMatches lists the region's ambient entries that q names: by table,
// by SoundType, or (reading each table) by a wave among its variants.
func (a *Atlas) searchMatches(q Query) searchSounds {
	var ss searchSounds
	idx := map[[2]uint32]int{} // (table, stype|bed bit) → sound index
	var descs []dat.AmbientSTBDesc
	if a.region.Sound != nil {
		descs = a.region.Sound.STBDescs
	}
	for d, sd := range descs {
		var table *dat.SoundTable
		if q.Kind == QueryWave {
			t, err := a.data.SoundTable(sd.STBID)
			if err != nil || t == nil {
				continue // A1: a table that cannot be read plays nothing
			}
			table = t
		}
		for _, e := range sd.Sounds {
			if !queryNames(q, sd.STBID, e.SType, table) {
				continue
			}
			bed := e.IsContinuous()
			v, k := e.BaseChance, KindChance
			if bed {
				v, k = e.Volume, KindVolume
			}
			key := [2]uint32{sd.STBID, e.SType<<1 | map[bool]uint32{true: 1}[bed]}
			si, seen := idx[key]
			if !seen {
				si = len(ss.sounds)
				idx[key] = si
				ss.sounds = append(ss.sounds, Sound{sd.STBID, e.SType})
				ss.kinds = append(ss.kinds, k)
			}
			ss.matches = append(ss.matches, searchMatch{int32(d), v, bed, si})
		}
	}
	return ss
}

// queryNames reports whether q names the entry (table stb, SoundType stype);
// table is stb read, for a wave query.
func queryNames(q Query, stb, stype uint32, table *dat.SoundTable) bool {
	switch q.Kind {
	case QueryTable:
		return stb == q.ID
	case QuerySType: // TABLE:STYPE names one table's SoundType
		return stype == q.ID && (q.Table == 0 || stb == q.Table)
	case QueryWave:
		return slices.ContainsFunc(table.Sounds[stype], func(v dat.SoundData) bool { return v.WaveID == q.ID })
	}
	return false
}

// searchTally holds, per (landblock, sound), the peak value, the cell it is
// at and how many cells can hear the sound; index bi*ns+si.
type searchTally struct {
	ns    int
	peak  []float32
	at    []int8
	count []int16
}

func newSearchTally(lbs, ns int) *searchTally {
	return &searchTally{ns: ns, peak: make([]float32, lbs*ns), at: make([]int8, lbs*ns), count: make([]int16, lbs*ns)}
}

// add counts cell i of landblock bi, whose sums are s.
func (t *searchTally) add(ss searchSounds, s *world.AtlasSums, bi, i int) {
	base := bi * t.ns
	var vals [64]float32
	var v []float32
	if t.ns <= 64 {
		v = vals[:t.ns]
	} else {
		v = make([]float32, t.ns)
	}
	for _, m := range ss.matches {
		c := countOf(s, m.desc)
		if c == 0 {
			continue
		}
		v[m.sound] = max(v[m.sound], m.vol/s.Total*c) // A7, world's op order
	}
	for si, x := range v {
		if ss.kinds[si] == KindVolume && x < quietBelow || x <= 0 {
			continue // A8: cannot hear
		}
		t.count[base+si]++
		if x > t.peak[base+si] {
			t.peak[base+si], t.at[base+si] = x, int8(i)
		}
	}
}

// hits are the tally's heard (landblock, sound) pairs, in landblock then
// sound order.
func (t *searchTally) hits(ss searchSounds, keep []uint16) []Hit {
	var hits []Hit
	for bi, lb := range keep {
		for si := range t.ns {
			j := bi*t.ns + si
			if t.count[j] == 0 {
				continue
			}
			i := int(t.at[j])
			hits = append(hits, Hit{Landblock: lb, Sound: ss.sounds[si], Kind: ss.kinds[si], Peak: t.peak[j],
				Cell: cellRef(lb, i/8, i%8), Cells: int(t.count[j])})
		}
	}
	return hits
}

// sortHits ranks hits by peak (highest first), then landblock id; equal
// ones keep their (sound) order.
func sortHits(hits []Hit) {
	slices.SortStableFunc(hits, func(x, y Hit) int {
		switch {
		case x.Peak != y.Peak:
			if x.Peak > y.Peak {
				return -1
			}
			return 1
		case x.Landblock != y.Landblock:
			return int(x.Landblock) - int(y.Landblock)
		}
		return 0
	})
}

// WriteHitsCSV writes `rank,landblock,sound,kind,peak,cells,peak_cell,x,y,map`.
func WriteHitsCSV(w interface{ Write([]byte) (int, error) }, hits []Hit) error {
	var b []byte
	b = append(b, "rank,landblock,sound,kind,peak,cells,peak_cell,x,y,map\n"...)
	for i, h := range hits {
		b = fmt.Appendf(b, "%d,0x%04X,%s,%s,%s,%d,%s,%g,%g,\"%s\"\n", i+1, h.Landblock, h.Sound, h.Kind,
			FormatValue(h.Peak), h.Cells, h.Cell.Cell, h.Cell.X, h.Cell.Y, h.Cell.Map)
	}
	_, err := w.Write(b)
	return err
}
