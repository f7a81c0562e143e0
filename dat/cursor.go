package dat

import (
	"encoding/binary"
	"fmt"
	"math"
	"unicode/utf8"
)

// reader is a little-endian cursor over one record. Every read checks the
// length first; the first failure is kept in err (with the record offset) and
// every later read returns zero, so parsers check err once at the end.
type reader struct {
	b   []byte
	off int
	err *FormatError
}

func newReader(b []byte) *reader { return &reader{b: b} }

// left is the number of unread bytes.
func (r *reader) left() int { return len(r.b) - r.off }

// fail records the first error at the current offset.
func (r *reader) fail(msg string, val any) {
	r.failAt(r.off, msg, val)
}

func (r *reader) failAt(off int, msg string, val any) {
	if r.err == nil {
		r.err = &FormatError{Off: int64(off), Msg: msg, Val: val, InRecord: true}
	}
	r.off = len(r.b)
}

// need reports whether n more bytes are available, failing otherwise.
func (r *reader) need(n int, what string) bool {
	if r.err != nil {
		return false
	}
	if n < 0 || n > r.left() {
		r.fail(fmt.Sprintf("%s needs %d bytes, record has %d left", what, n, r.left()), nil)
		return false
	}
	return true
}

func (r *reader) u8() uint8 {
	if !r.need(1, "u8") {
		return 0
	}
	v := r.b[r.off]
	r.off++
	return v
}

// take returns the next n bytes (not copied) and moves past them; nil after
// failing when fewer are left.
func (r *reader) take(n int, what string) []byte {
	if !r.need(n, what) {
		return nil
	}
	b := r.b[r.off : r.off+n]
	r.off += n
	return b
}

func (r *reader) u16() uint16 {
	if b := r.take(2, "u16"); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (r *reader) u32() uint32 {
	if b := r.take(4, "u32"); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (r *reader) i32() int32   { return int32(r.u32()) }
func (r *reader) f32() float32 { return math.Float32frombits(r.u32()) }

func (r *reader) f64() float64 {
	if b := r.take(8, "f64"); b != nil {
		return math.Float64frombits(binary.LittleEndian.Uint64(b))
	}
	return 0
}

// fin32 is f32 for a value that must be finite (NaN/±Inf fail at its byte).
func (r *reader) fin32() float32 {
	at := r.off
	v := r.f32()
	if f := float64(v); r.err == nil && (math.IsNaN(f) || math.IsInf(f, 0)) {
		r.failAt(at, "region value is not a finite number:", v)
	}
	return v
}

// fin64 is f64 for a value that must be finite.
func (r *reader) fin64() float64 {
	at := r.off
	v := r.f64()
	if r.err == nil && (math.IsNaN(v) || math.IsInf(v, 0)) {
		r.failAt(at, "region value is not a finite number:", v)
	}
	return v
}

// bytes returns a copy of the next n bytes.
func (r *reader) bytes(n int, what string) []byte {
	if !r.need(n, what) {
		return nil
	}
	out := make([]byte, n)
	copy(out, r.b[r.off:])
	r.off += n
	return out
}

// skip passes over n bytes that must be there.
func (r *reader) skip(n int, what string) {
	if r.need(n, what) {
		r.off += n
	}
}

// align4 skips to the next multiple of 4 measured from the record start.
func (r *reader) align4() {
	if pad := (4 - r.off%4) % 4; pad > 0 && r.need(pad, "align4 padding") {
		r.off += pad
	}
}

// count reads a u32 list count and checks count × minSize bytes remain before
// the caller allocates (minSize = smallest encoding of one element).
func (r *reader) count(minSize int, what string) int {
	at := r.off
	n := r.u32()
	return r.checkCount(at, uint64(n), minSize, what)
}

// readList reads a u32 count (each element at least minSize bytes, checked
// before allocating) and then that many elements with read. It stops at the
// first failure: every later read would return zero, which the list already
// holds.
func readList[T any](r *reader, minSize int, what string, read func(*reader) T) []T {
	v := make([]T, r.count(minSize, what))
	for i := range v {
		if r.err != nil {
			break
		}
		v[i] = read(r)
	}
	return v
}

// count16 is count for a u16 count.
func (r *reader) count16(minSize int, what string) int {
	at := r.off
	n := r.u16()
	return r.checkCount(at, uint64(n), minSize, what)
}

func (r *reader) checkCount(at int, n uint64, minSize int, what string) int {
	if r.err != nil {
		return 0
	}
	if n*uint64(minSize) > uint64(r.left()) {
		r.failAt(at, fmt.Sprintf("%s count %d × %d bytes exceeds the %d bytes left", what, n, minSize, r.left()), nil)
		return 0
	}
	return int(n)
}

// pstring reads a Turbine PString: u16 length (0xFFFF ⇒ u32 length follows),
// the Windows-1252 bytes, then Align4 (spec §1). Bytes are kept as stored
// (a trailing NUL, which retail drops and writers should not store, is kept so
// every record round-trips).
func (r *reader) pstring(what string) string {
	at := r.off
	n := uint32(r.u16())
	if n == 0xFFFF {
		n = r.u32()
	}
	if r.err != nil {
		return ""
	}
	if uint64(n) > uint64(r.left()) {
		r.failAt(at, what+" string length past record end; length", n)
		return ""
	}
	raw := r.b[r.off : r.off+int(n)]
	r.off += int(n)
	r.align4()
	return decode1252(raw)
}

// writer appends little-endian values to one record; offsets (for Align4)
// count from the record start, which is byte 0 of b.
type writer struct{ b []byte }

func (w *writer) u8(v uint8)   { w.b = append(w.b, v) }
func (w *writer) u16(v uint16) { w.b = binary.LittleEndian.AppendUint16(w.b, v) }
func (w *writer) u32(v uint32) { w.b = binary.LittleEndian.AppendUint32(w.b, v) }
func (w *writer) i32(v int32)  { w.u32(uint32(v)) }
func (w *writer) f32(v float32) {
	w.u32(math.Float32bits(v))
}

// f32s writes each of vs in order.
func (w *writer) f32s(vs ...float32) {
	for _, v := range vs {
		w.f32(v)
	}
}
func (w *writer) f64(v float64) {
	w.b = binary.LittleEndian.AppendUint64(w.b, math.Float64bits(v))
}
func (w *writer) raw(p []byte) { w.b = append(w.b, p...) }

func (w *writer) align4() {
	for len(w.b)%4 != 0 {
		w.b = append(w.b, 0)
	}
}

// count writes a list length.
func (w *writer) count(n int) { w.u32(uint32(n)) }

// writeList writes readList's layout: the u32 count, then each element with
// write.
func writeList[T any](w *writer, xs []T, write func(*writer, T)) {
	w.count(len(xs))
	for _, x := range xs {
		write(w, x)
	}
}

// pstring writes a PString (u16 length or the 0xFFFF escape) and Align4.
func (w *writer) pstring(s string) {
	p := encode1252(s)
	if len(p) < 0xFFFF {
		w.u16(uint16(len(p)))
	} else {
		w.u16(0xFFFF)
		w.u32(uint32(len(p)))
	}
	w.raw(p)
	w.align4()
}

// cp1252 maps bytes 0x80–0x9F of Windows-1252 to Unicode; undefined bytes map
// to the same-numbered C1 control so every byte round-trips.
var cp1252 = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
}

// decode1252 turns stored Windows-1252 text into a Go (UTF-8) string.
func decode1252(p []byte) string {
	ascii := true
	for _, c := range p {
		if c >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return string(p)
	}
	out := make([]byte, 0, len(p)+len(p)/2) // grows only for many 3-byte runes
	for _, c := range p {
		r := rune(c)
		if c >= 0x80 && c < 0xA0 {
			r = cp1252[c-0x80]
		}
		out = utf8.AppendRune(out, r)
	}
	return string(out)
}

// encode1252 is the inverse of decode1252; runes Windows-1252 cannot hold
// become '?'.
func encode1252(s string) []byte {
	out := make([]byte, 0, len(s))
	for _, c := range s {
		switch {
		case c < 0x80 || (c >= 0xA0 && c <= 0xFF):
			out = append(out, byte(c))
		default:
			b := byte('?')
			for i, m := range cp1252 {
				if m == c {
					b = byte(0x80 + i)
					break
				}
			}
			out = append(out, b)
		}
	}
	return out
}
