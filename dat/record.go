package dat

import "fmt"

// Record type bytes (high byte of a portal DID) and cell-dat low words (§1, §4.1).
const (
	typeSetup      = 0x02
	typeWave       = 0x0A
	typeRegion     = 0x13
	typeSoundTable = 0x20
)

// leadID reads a record's leading u32 id and checks it with ok (which names
// the expected kind in what).
func (r *reader) leadID(what string, ok func(uint32) bool) uint32 {
	id := r.u32()
	if r.err == nil && !ok(id) {
		r.failAt(0, fmt.Sprintf("record id is not a %s id:", what), id)
	}
	return id
}

func highByte(t uint32) func(uint32) bool { return func(id uint32) bool { return id>>24 == t } }

// done turns the reader's sticky error into the parser's result, filling in
// the record id when it is known.
func (r *reader) done(id uint32) error {
	if r.err == nil {
		return nil
	}
	e := *r.err
	e.ID = id
	return &e
}

// wholeRecord is for a record that must end at its last field: bytes left
// after it fail, trailing (e.g. "bytes after the last scene object:")
// followed by their count, at the first of them.
func (r *reader) wholeRecord(trailing string) {
	if r.err == nil && r.left() > 0 {
		r.fail(trailing, r.left())
	}
}

// parsed is how a parser ends: v, or nil and the record's first error
// (naming id).
func parsed[T any](r *reader, id uint32, v *T) (*T, error) {
	if err := r.done(id); err != nil {
		return nil, err
	}
	return v, nil
}
