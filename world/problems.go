package world

import (
	"errors"
	"fmt"

	"soundworld/dat"
)

// SetProblems makes the land report each record it skips to ps, once: a bad
// landblock, a sound table that is bad or missing. The simulation still does
// what retail does with them (A1: a table that cannot be read adds no weight;
// a bad landblock is like a missing one; an index of the region's chain that
// points nowhere is no sound there). Problems met before the call (say, while
// NewSim placed the listener) are passed on to ps first.
func (l *Land) SetProblems(ps *dat.Problems) {
	portal, _ := dataNames(l.data)
	l.setProblems(ps, portal)
}

// setProblems is SetProblems; file names the portal dat in region problems.
func (l *Land) setProblems(ps *dat.Problems, file string) {
	if ps == nil || ps == l.problems {
		return
	}
	locate(ps, l.data)
	for _, p := range l.problems.List() {
		ps.Add(p)
	}
	l.problems = ps
	l.regionProblems(file)
}

// regionProblems reports the region chain's indices that point nowhere (A1
// treats them as no sound): a scene type's sound desc index and a terrain
// type's scene type indices out of range (0xFFFFFFFF, none, is fine). The
// bytes named are those of the region as re-encoded, which are the stored
// ones for any region that parsed.
func (l *Land) regionProblems(file string) {
	r := l.region
	refs := &dat.RegionRefs{} // no offsets (-1) if the re-encoding does not parse
	if _, rr, err := dat.ParseRegionRefs(dat.EncodeRegion(r)); err == nil {
		refs = rr
	}
	at := func(offs []int64, i int, plus int64) int64 {
		if i >= len(offs) {
			return -1
		}
		return offs[i] + plus
	}
	add := func(off int64, what string, a ...any) {
		l.problems.Add(dat.Problem{File: file, Record: r.ID, Off: off, InRecord: off >= 0, Kind: dat.KindBadReference, What: fmt.Sprintf(what, a...)})
	}
	nDesc, nScene := 0, 0
	if r.Sound != nil {
		nDesc = len(r.Sound.STBDescs)
	}
	if r.Scene != nil {
		nScene = len(r.Scene.SceneTypes)
		for i, s := range r.Scene.SceneTypes {
			if s.StbIndex != dat.NoIndex && uint64(s.StbIndex) >= uint64(nDesc) {
				add(at(refs.StbIndex, i, 0), "scene type %d names sound desc %d of %d", i, s.StbIndex, nDesc)
			}
		}
	}
	for i, t := range r.Terrain.TerrainTypes {
		for j, s := range t.SceneTypes {
			if s != dat.NoIndex && uint64(s) >= uint64(nScene) {
				add(at(refs.TerrainScenes, i, 4*int64(j)), "terrain type %d (%s) scene %d names scene type %d of %d", i, t.Name, j, s, nScene)
			}
		}
	}
}

// Problems is the land's collector: the one given to SetProblems, else its own.
func (l *Land) Problems() *dat.Problems {
	if l.problems == nil {
		l.problems = &dat.Problems{}
		locate(l.problems, l.data)
	}
	return l.problems
}

// locate makes ps name the byte where a record begins for problems found
// after the record parsed (a wave that does not decode), when d is
// (or embeds) a *dat.Archive. It also passes on to ps the archive's own
// problems, those so far and each new one: the directory's (found when the
// files opened) and the values of every record read that retail data never
// holds (dat's Problems methods).
func locate(ps *dat.Problems, d Data) {
	if a, ok := d.(interface {
		RecordOffset(file string, id uint32) (string, int64, bool)
	}); ok {
		ps.SetLocator(a.RecordOffset)
	}
	if a, ok := d.(interface{ Problems() *dat.Problems }); ok {
		src := a.Problems()
		src.OnNew(func(p dat.Problem) { ps.Add(p) }) // first, so none falls between
		for _, p := range src.List() {
			ps.Add(p)
		}
	}
}

// skipped notes err for a record the land could not use: as a problem of
// kind, and in Errs unless the record is simply absent or the same fault
// was already noted (two readers of one record — a Setup's defaults and its
// shape — meet one fault, which is one problem and one skip).
func (l *Land) skipped(kind string, id uint32, err error) {
	if l.Problems().AddErr(kind, "", id, err) && !errors.Is(err, dat.ErrNotFound) {
		l.Errs = append(l.Errs, err)
	}
}

// dataNames are the portal and cell file names when d is (or embeds) a
// *dat.Archive, else "".
func dataNames(d Data) (portal, cell string) {
	if n, ok := d.(interface{ Names() (string, string) }); ok {
		return n.Names()
	}
	return "", ""
}

// terrainProblems reports a landblock whose terrain words the region chain
// cannot resolve (A1: no sound there), naming the first bad vertex's byte.
func (l *Land) terrainProblems(rec *dat.LandBlock) {
	first, _, what := dat.BadTerrainWord(rec, l.region)
	if first < 0 {
		return
	}
	_, file := dataNames(l.data)
	l.Problems().Add(dat.Problem{File: file, Record: rec.ID, Off: dat.TerrainWordOffset(first), InRecord: true, Kind: dat.KindBadReference, What: what})
}

// SetProblems reports every data problem the Sim meets to ps: landblocks and
// sound tables the land skips (Land.SetProblems), and tables and waves the
// audio bank cannot use (audio.Bank.SetProblems; a wave that does not decode
// plays silence, as before).
func (s *Sim) SetProblems(ps *dat.Problems) {
	file, _ := dataNames(s.data)
	s.land.setProblems(ps, file)
	s.bank.SetProblems(s.land.Problems(), file)
}

// Problems is the Sim's collector (the land's own if none was set).
func (s *Sim) Problems() *dat.Problems { return s.land.Problems() }
