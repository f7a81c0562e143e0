package dat

// Iteration reads the dat's patch iteration from record 0xFFFF0001 (§2.6): its
// leading i32 total (portal EoR 2072, cell 982). ErrNotFound (wrapped) if the
// dat has no such record.
func (f *File) Iteration() (int32, error) {
	b, err := f.Get(IterationID)
	if err != nil {
		return 0, err
	}
	r := newReader(b)
	n := r.i32()
	if r.err != nil {
		r.err.File, r.err.ID = f.Name(), IterationID
		return 0, r.err
	}
	if n < 0 {
		return 0, &FormatError{File: f.Name(), ID: IterationID, Msg: "negative iteration", Val: n, InRecord: true}
	}
	return n, nil
}
