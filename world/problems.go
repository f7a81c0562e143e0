package world

import (
	"errors"

	"soundworld/dat"
)

// SetProblems makes the land report each record it skips to ps, once: a bad
// landblock, a sound table that is bad or missing. The simulation still does
// what retail does with them (A1: a table that cannot be read adds no weight;
// a bad landblock is like a missing one). Problems met before the call (say,
// while NewSim placed the listener) are passed on to ps first.
func (l *Land) SetProblems(ps *dat.Problems) {
	if ps == nil || ps == l.problems {
		return
	}
	for _, p := range l.problems.List() {
		ps.Add(p)
	}
	l.problems = ps
}

// Problems is the land's collector: the one given to SetProblems, else its own.
func (l *Land) Problems() *dat.Problems {
	if l.problems == nil {
		l.problems = &dat.Problems{}
	}
	return l.problems
}

// skipped notes err for a record the land could not use: in Errs unless the
// record is simply absent, and as a problem of kind.
func (l *Land) skipped(kind string, id uint32, err error) {
	if !errors.Is(err, dat.ErrNotFound) {
		l.Errs = append(l.Errs, err)
	}
	l.Problems().AddErr(kind, "", id, err)
}

// SetProblems reports every data problem the Sim meets to ps: landblocks and
// sound tables the land skips (Land.SetProblems), and tables and waves the
// audio bank cannot use (audio.Bank.SetProblems; a wave that does not decode
// plays silence, as before).
func (s *Sim) SetProblems(ps *dat.Problems) {
	s.land.SetProblems(ps)
	file := ""
	if a, ok := s.data.(*dat.Archive); ok && a.Portal != nil {
		file = a.Portal.Name()
	}
	s.bank.SetProblems(s.land.Problems(), file)
}

// Problems is the Sim's collector (the land's own if none was set).
func (s *Sim) Problems() *dat.Problems { return s.land.Problems() }
