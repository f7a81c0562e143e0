package dat

import (
	"errors"
	"fmt"
	"strings"
)

// ErrNotFound is returned (wrapped with the file name and record id) when an id
// is not in a dat's directory. Test with errors.Is.
var ErrNotFound = errors.New("not found")

// NotFoundError is the error for an id missing from a dat's directory; it
// matches ErrNotFound under errors.Is and names the file and id.
type NotFoundError struct {
	File string
	ID   uint32
	// Damaged, when set, is the first of the directory's problems (found
	// when the file opened): the record may be missing because of it.
	Damaged string
}

func (e *NotFoundError) Error() string {
	if e.Damaged != "" {
		return fmt.Sprintf("dat: %s: record 0x%08X not found in a damaged directory (%s)", e.File, e.ID, e.Damaged)
	}
	return fmt.Sprintf("dat: %s: record 0x%08X not found", e.File, e.ID)
}

// Is makes errors.Is(err, ErrNotFound) true.
func (e *NotFoundError) Is(target error) bool { return target == ErrNotFound }

// FormatError describes malformed data: which file, which record, which byte.
type FormatError struct {
	File string // path or name of the dat ("" for a bare record)
	ID   uint32 // record id (0 if not known / header)
	Off  int64  // byte offset: in the file for container errors, in the record for record errors
	Msg  string
	Val  any // the offending value, printed after Msg (unsigned ints in hex)

	// InRecord says Off counts from the record's first byte (record parse
	// errors) rather than from the start of the file.
	InRecord bool
}

// Error prints e.g. "dat: client_cell_1.dat: record 0xA9B4FFFF: bad block link
// 0x80001234 at byte 0x5400".
func (e *FormatError) Error() string {
	var s strings.Builder
	s.WriteString("dat: ")
	writePlace(&s, e.File, e.ID)
	s.WriteString(e.Msg)
	if e.Val != nil {
		s.WriteByte(' ')
		s.WriteString(fmtVal(e.Val))
	}
	writeOffset(&s, e.Off, e.InRecord)
	return s.String()
}

// writePlace writes where a message is about, "FILE: record 0xID: ", each
// part only when known (file "" and id 0 are not).
func writePlace(s *strings.Builder, file string, id uint32) {
	if file != "" {
		s.WriteString(file)
		s.WriteString(": ")
	}
	if id != 0 {
		fmt.Fprintf(s, "record 0x%08X: ", id)
	}
}

// writeOffset writes " at byte 0xOFF", or " at record byte 0xOFF" when off
// counts from the record's first byte.
func writeOffset(s *strings.Builder, off int64, inRecord bool) {
	if inRecord {
		fmt.Fprintf(s, " at record byte 0x%X", off)
	} else {
		fmt.Fprintf(s, " at byte 0x%X", off)
	}
}

// fmtVal prints unsigned values (ids, links, flags) in hex, the rest plainly.
func fmtVal(v any) string {
	switch v := v.(type) {
	case uint8, uint16, uint32, uint64:
		return fmt.Sprintf("0x%X", v)
	case string:
		return fmt.Sprintf("%q", v)
	default:
		return fmt.Sprint(v)
	}
}

// withRecord returns err with File and ID (the requested id) filled in when it is a
// *FormatError (a copy; the original is not modified), or err wrapped with the
// file and id otherwise.
func withRecord(err error, file string, id uint32) error {
	if err == nil {
		return nil
	}
	var fe *FormatError
	if errors.As(err, &fe) {
		c := *fe
		if c.File == "" {
			c.File = file
		}
		if id != 0 {
			c.ID = id // the id the record was asked for (and stored under)
		}
		return &c
	}
	return fmt.Errorf("dat: %s: record 0x%08X: %w", file, id, err)
}
