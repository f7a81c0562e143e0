package audio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// WAVWriter writes 16-bit PCM stereo 44100 Hz WAV (O3).
// Samples are clipped to [−1, 1] and scaled by 32767 with rounding half away
// from zero (math.Round), so ±1 map to ±32767 symmetrically.
type WAVWriter struct {
	w      io.WriteSeeker
	start  int64 // offset of "RIFF"
	data   int64 // bytes of sample data written
	buf    []byte
	closed bool
}

const wavHeaderSize = 44

// maxWAVData is the largest data chunk a RIFF size field can describe.
const maxWAVData = math.MaxUint32 - (wavHeaderSize - 8)

// NewWAVWriter starts a WAV file on w; Close patches the sizes.
func NewWAVWriter(w io.WriteSeeker) (*WAVWriter, error) {
	start, err := w.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil, fmt.Errorf("wav: %w", err)
	}
	x := &WAVWriter{w: w, start: start}
	if _, err := w.Write(x.header()); err != nil {
		return nil, fmt.Errorf("wav: header: %w", err)
	}
	return x, nil
}

// header is the canonical 44-byte RIFF/WAVE header for the data written so far.
func (x *WAVWriter) header() []byte {
	const channels, bits = 2, 16
	h := make([]byte, 0, wavHeaderSize)
	le := binary.LittleEndian
	h = append(h, "RIFF"...)
	h = le.AppendUint32(h, uint32(wavHeaderSize-8+x.data))
	h = append(h, "WAVEfmt "...)
	h = le.AppendUint32(h, 16)
	h = le.AppendUint16(h, 1) // PCM
	h = le.AppendUint16(h, channels)
	h = le.AppendUint32(h, SampleRate)
	h = le.AppendUint32(h, SampleRate*channels*bits/8)
	h = le.AppendUint16(h, channels*bits/8)
	h = le.AppendUint16(h, bits)
	h = append(h, "data"...)
	h = le.AppendUint32(h, uint32(x.data))
	return h
}

// Write appends interleaved stereo frames (clipped to [−1, 1], then 16-bit).
func (x *WAVWriter) Write(frames []float32) error {
	if x.closed {
		return errors.New("wav: write after close")
	}
	if len(frames)%2 != 0 {
		return fmt.Errorf("wav: %d samples is not whole stereo frames", len(frames))
	}
	if x.data+int64(2*len(frames)) > maxWAVData {
		return errors.New("wav: file would exceed the 4 GiB RIFF limit")
	}
	x.buf = x.buf[:0]
	for _, v := range frames {
		x.buf = binary.LittleEndian.AppendUint16(x.buf, uint16(FloatToInt16(v)))
	}
	n, err := x.w.Write(x.buf)
	x.data += int64(n)
	if err != nil {
		return fmt.Errorf("wav: %w", err)
	}
	return nil
}

// FloatToInt16 converts one sample: clip to [−1, 1], ×32767, round half away from zero.
func FloatToInt16(v float32) int16 {
	switch {
	case v != v: // NaN
		return 0
	case v > 1:
		v = 1
	case v < -1:
		v = -1
	}
	return int16(math.Round(float64(v) * 32767))
}

// Close finishes the header.
func (x *WAVWriter) Close() error {
	if x.closed {
		return nil
	}
	x.closed = true
	end, err := x.w.Seek(0, io.SeekCurrent)
	if err != nil {
		return fmt.Errorf("wav: %w", err)
	}
	if _, err := x.w.Seek(x.start, io.SeekStart); err != nil {
		return fmt.Errorf("wav: %w", err)
	}
	if _, err := x.w.Write(x.header()); err != nil {
		return fmt.Errorf("wav: patch header: %w", err)
	}
	if _, err := x.w.Seek(end, io.SeekStart); err != nil {
		return fmt.Errorf("wav: %w", err)
	}
	return nil
}
