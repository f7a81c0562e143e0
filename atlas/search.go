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

// Search finds where q can play among the landblocks lbs (nil: all present),
// ranked by peak value (highest first; then landblock id, then sound). A
// sound in several descs counts at its largest value per cell.
func (a *Atlas) Search(ctx context.Context, q Query, lbs []uint16, progress func(done, total int)) ([]Hit, error) {
	type match struct {
		desc  int32
		vol   float32 // volume (bed) or base chance (one-shot)
		bed   bool
		sound int // index into sounds
	}
	var (
		matches []match
		sounds  []Sound
		kinds   []Kind
	)
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
			ok := false
			switch q.Kind {
			case QueryTable:
				ok = sd.STBID == q.ID
			case QuerySType:
				ok = e.SType == q.ID && (q.Table == 0 || sd.STBID == q.Table)
			case QueryWave:
				ok = slices.ContainsFunc(table.Sounds[e.SType], func(v dat.SoundData) bool { return v.WaveID == q.ID })
			}
			if !ok {
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
				si = len(sounds)
				idx[key] = si
				sounds = append(sounds, Sound{sd.STBID, e.SType})
				kinds = append(kinds, k)
			}
			matches = append(matches, match{int32(d), v, bed, si})
		}
	}
	if len(matches) == 0 {
		return nil, fmt.Errorf("%s: %w", q, ErrNoSound)
	}
	keep := a.presentOf(lbs)
	if err := a.resolve(keep, ^uint64(0)); err != nil {
		return nil, err
	}
	ns := len(sounds)
	peak := make([]float32, len(keep)*ns)
	at := make([]int8, len(keep)*ns)
	count := make([]int16, len(keep)*ns)
	err := a.run(ctx, keep, 1, 0, progress, func(s *world.AtlasSums, bi, i int) {
		base := bi * ns
		var vals [64]float32
		var v []float32
		if ns <= 64 {
			v = vals[:ns]
		} else {
			v = make([]float32, ns)
		}
		for _, m := range matches {
			c := countOf(s, m.desc)
			if c == 0 {
				continue
			}
			v[m.sound] = max(v[m.sound], m.vol/s.Total*c) // A7, world's op order
		}
		for si, x := range v {
			if kinds[si] == KindVolume && x < quietBelow || x <= 0 {
				continue // A8: cannot hear
			}
			count[base+si]++
			if x > peak[base+si] {
				peak[base+si], at[base+si] = x, int8(i)
			}
		}
	})
	if err != nil {
		return nil, err
	}
	var hits []Hit
	for bi, lb := range keep {
		for si := range ns {
			if count[bi*ns+si] == 0 {
				continue
			}
			i := int(at[bi*ns+si])
			hits = append(hits, Hit{Landblock: lb, Sound: sounds[si], Kind: kinds[si], Peak: peak[bi*ns+si],
				Cell: cellRef(lb, i/8, i%8), Cells: int(count[bi*ns+si])})
		}
	}
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
	return hits, nil
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
