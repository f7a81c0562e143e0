package audio

import (
	"bytes"
	"encoding/binary"
	"io"
	"testing"
)

// Writes, seeks back and overwrites land where a file's would; a gap after a
// seek past the end is zeros, also when the memory is reused after Reset.
func TestSeekBuffer(t *testing.T) {
	var s SeekBuffer
	s.Write([]byte("abcdef"))
	s.Seek(1, io.SeekStart)
	s.Write([]byte("XY"))
	if end, _ := s.Seek(0, io.SeekEnd); end != 6 || string(s.Bytes()) != "aXYdef" {
		t.Fatalf("after overwrite: %q, end %d; want \"aXYdef\", 6", s.Bytes(), end)
	}
	s.Reset()
	s.Seek(3, io.SeekCurrent)
	s.Write([]byte("z"))
	if !bytes.Equal(s.Bytes(), []byte{0, 0, 0, 'z'}) {
		t.Fatalf("after Reset and a seek past the end: %q, want 3 zeros then z", s.Bytes())
	}
	if _, err := s.Seek(-5, io.SeekCurrent); err == nil {
		t.Fatal("a seek before the start was accepted")
	}
}

// A WAV written to a SeekBuffer has its sizes patched: 44-byte header, RIFF
// size = 36 + data bytes, data size = 4 bytes a stereo frame.
func TestSeekBuffer_WAV(t *testing.T) {
	var s SeekBuffer
	w, err := NewWAVWriter(&s)
	if err != nil {
		t.Fatal(err)
	}
	frames := make([]float32, 2*1000)
	for i := 0; i < 3; i++ {
		if err := w.Write(frames); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	b := s.Bytes()
	const data = 3 * 1000 * 4
	if len(b) != 44+data || binary.LittleEndian.Uint32(b[4:]) != 36+data || binary.LittleEndian.Uint32(b[40:]) != data {
		t.Fatalf("WAV of %d bytes, RIFF size %d, data size %d; want %d, %d, %d",
			len(b), binary.LittleEndian.Uint32(b[4:]), binary.LittleEndian.Uint32(b[40:]), 44+data, 36+data, data)
	}
}
