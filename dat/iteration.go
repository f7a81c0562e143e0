package dat

// Iteration is the 0xFFFF0001 record (§2.6): the dat's patch iteration and the
// runs of iterations it holds. No leading id.
type Iteration struct {
	Total int32          // portal EoR 2072, cell 982
	Runs  []IterationRun // read until Total + Σ Run ≤ 0; a complete dat has one {−Total, 1}
}

// IterationRun is one (run, start) pair; Run is negative.
type IterationRun struct{ Run, Start int32 }

// ParseIteration decodes the iteration record (§2.6): i32 total ≥ 0, then
// (run, start) pairs until the running sum total + Σrun reaches ≤ 0. A run
// that is not negative, or bytes that end first, are a *FormatError at the
// pair; bytes after the last pair are ignored.
func ParseIteration(b []byte) (*Iteration, error) {
	r := newReader(b)
	it := &Iteration{Total: r.i32()}
	if r.err == nil && it.Total < 0 {
		r.failAt(0, "negative iteration", it.Total)
	}
	for sum := int64(it.Total); r.err == nil && sum > 0; {
		at := r.off
		if r.left() < 8 {
			r.failAt(at, "iteration runs end before the total is used up; left", sum)
			break
		}
		p := IterationRun{Run: r.i32(), Start: r.i32()}
		if p.Run >= 0 {
			r.failAt(at, "iteration run is not negative:", p.Run)
			break
		}
		it.Runs = append(it.Runs, p)
		sum += int64(p.Run)
	}
	return parsed(r, IterationID, it)
}

// Iteration reads the dat's patch iteration from record 0xFFFF0001 (§2.6): its
// leading i32 total (portal EoR 2072, cell 982), once the whole record checks.
// ErrNotFound (wrapped) if the dat has no such record.
func (f *File) Iteration() (int32, error) {
	b, err := f.Get(IterationID)
	if err != nil {
		return 0, err
	}
	it, err := ParseIteration(b)
	if err != nil {
		return 0, withRecord(err, f.Name(), IterationID)
	}
	return it.Total, nil
}
