package audio

import (
	"errors"
	"io"
)

// SeekBuffer is an in-memory io.WriteSeeker: a WAV written to memory (the
// WAVWriter seeks back on Close to patch its header). Writing past the end
// grows it (a gap left by a seek past the end reads as zeros), geometrically
// like a file, so a long render is not copied on every write. The zero value
// is empty and ready.
type SeekBuffer struct {
	b   []byte
	pos int64
}

// Write writes p at the current position and moves past it.
func (s *SeekBuffer) Write(p []byte) (int, error) {
	need := s.pos + int64(len(p))
	if n := int64(len(s.b)); need > n {
		if need > int64(cap(s.b)) {
			nb := make([]byte, len(s.b), max(need, 2*int64(cap(s.b))))
			copy(nb, s.b)
			s.b = nb
		}
		s.b = s.b[:need]
		if s.pos > n {
			clear(s.b[n:s.pos])
		}
	}
	copy(s.b[s.pos:], p)
	s.pos = need
	return len(p), nil
}

// Seek sets the position as io.Seeker; a position before the start is an
// error.
func (s *SeekBuffer) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		off += s.pos
	case io.SeekEnd:
		off += int64(len(s.b))
	default:
		return 0, errors.New("seek buffer: bad whence")
	}
	if off < 0 {
		return 0, errors.New("seek buffer: seek before the start")
	}
	s.pos = off
	return off, nil
}

// Bytes is everything written (not a copy: valid until the next Write).
func (s *SeekBuffer) Bytes() []byte { return s.b }

// Reset empties the buffer and keeps its memory for the next file.
func (s *SeekBuffer) Reset() { s.b, s.pos = s.b[:0], 0 }
