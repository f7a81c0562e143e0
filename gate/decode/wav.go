package decode

import (
	"encoding/binary"
	"fmt"
	"math"
)

// WAV format tags.
const (
	tagPCM        = 1
	tagFloat      = 3
	tagExtensible = 0xFFFE
)

// readWAV reads a RIFF/WAVE file: PCM 8 (unsigned), 16, 24 or 32-bit signed
// integers, or IEEE float 32/64, plain or WAVE_FORMAT_EXTENSIBLE, any number
// of channels. Errors give the byte offset of the offending chunk or field.
func readWAV(b []byte) (ch [][]float32, rate int, format string, err error) {
	var (
		haveFmt            bool
		tag, nch, bits     int
		blockAlign         int
		data               []byte
		dataOff, fmtOffset int
	)
	for off := 12; off+8 <= len(b); {
		id := string(b[off : off+4])
		size := int(binary.LittleEndian.Uint32(b[off+4:]))
		body := off + 8
		if size < 0 || size > len(b)-body {
			if id == "data" { // a truncated recording: take what is there
				size = len(b) - body
			} else {
				return nil, 0, "", fmt.Errorf("wav: chunk %q at byte offset %d claims %d bytes, the file has %d left", id, off, size, len(b)-body)
			}
		}
		switch id {
		case "fmt ":
			fmtOffset = off
			if size < 16 {
				return nil, 0, "", fmt.Errorf("wav: fmt chunk at byte offset %d is %d bytes (want ≥ 16)", off, size)
			}
			f := b[body:]
			tag = int(binary.LittleEndian.Uint16(f[0:]))
			nch = int(binary.LittleEndian.Uint16(f[2:]))
			rate = int(binary.LittleEndian.Uint32(f[4:]))
			blockAlign = int(binary.LittleEndian.Uint16(f[12:]))
			bits = int(binary.LittleEndian.Uint16(f[14:]))
			if tag == tagExtensible {
				if size < 40 {
					return nil, 0, "", fmt.Errorf("wav: WAVE_FORMAT_EXTENSIBLE fmt chunk at byte offset %d is %d bytes (want 40)", off, size)
				}
				tag = int(binary.LittleEndian.Uint16(f[24:])) // the sub-format GUID's first two bytes
			}
			haveFmt = true
		case "data":
			data, dataOff = b[body:body+size], body
		}
		off = body + size + size&1 // chunks are padded to even sizes
	}
	if !haveFmt {
		return nil, 0, "", fmt.Errorf("wav: no fmt chunk")
	}
	if data == nil {
		return nil, 0, "", fmt.Errorf("wav: no data chunk")
	}
	at := func(field string, v int) error {
		return fmt.Errorf("wav: fmt chunk at byte offset %d: %s %d unsupported", fmtOffset, field, v)
	}
	if nch < 1 || nch > 32 {
		return nil, 0, "", at("channel count", nch)
	}
	switch {
	case tag == tagPCM && (bits == 8 || bits == 16 || bits == 24 || bits == 32):
		format = fmt.Sprintf("wav pcm%d", bits)
	case tag == tagFloat && (bits == 32 || bits == 64):
		format = fmt.Sprintf("wav float%d", bits)
	case tag != tagPCM && tag != tagFloat:
		return nil, 0, "", at("format tag", tag)
	default:
		return nil, 0, "", at("bits per sample", bits)
	}
	width := bits / 8
	if blockAlign != width*nch {
		return nil, 0, "", at("block align", blockAlign)
	}
	frames := len(data) / blockAlign
	if err := checkLength(int64(frames), rate); err != nil {
		return nil, 0, "", fmt.Errorf("wav: data chunk at byte offset %d: %v", dataOff-8, err)
	}
	ch = make([][]float32, nch)
	for c := range ch {
		ch[c] = make([]float32, frames)
	}
	sample := sampleReader(tag, bits)
	for i := 0; i < frames; i++ {
		p := data[i*blockAlign:]
		for c := 0; c < nch; c++ {
			ch[c][i] = sample(p[c*width:])
		}
	}
	return ch, rate, format, nil
}

// sampleReader returns the decoder of one sample to [−1, 1).
func sampleReader(tag, bits int) func([]byte) float32 {
	le := binary.LittleEndian
	if tag == tagFloat {
		finite := func(v float64) float32 { // NaN and ±Inf become silence
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return 0
			}
			return float32(v)
		}
		if bits == 64 {
			return func(p []byte) float32 { return finite(math.Float64frombits(le.Uint64(p))) }
		}
		return func(p []byte) float32 { return finite(float64(math.Float32frombits(le.Uint32(p)))) }
	}
	switch bits {
	case 8:
		return func(p []byte) float32 { return (float32(p[0]) - 128) / 128 }
	case 16:
		return func(p []byte) float32 { return float32(int16(le.Uint16(p))) / (1 << 15) }
	case 24:
		return func(p []byte) float32 {
			v := int32(uint32(p[0])<<8|uint32(p[1])<<16|uint32(p[2])<<24) >> 8
			return float32(v) / (1 << 23)
		}
	}
	return func(p []byte) float32 { return float32(float64(int32(le.Uint32(p))) / (1 << 31)) }
}

// EncodeWAV writes channels (equal lengths) as a WAV file at rate Hz: integer
// PCM of bits 8/16/24/32, or IEEE float when float is true (bits 32/64).
// Samples are clipped to [−1, 1] and rounded. For tests and tools.
func EncodeWAV(chans [][]float32, rate, bits int, float bool) []byte {
	nch, width := len(chans), bits/8
	frames := len(chans[0])
	tag := tagPCM
	if float {
		tag = tagFloat
	}
	b := make([]byte, 44, 44+frames*nch*width)
	le := binary.LittleEndian
	copy(b[0:], "RIFF")
	le.PutUint32(b[4:], uint32(36+frames*nch*width))
	copy(b[8:], "WAVEfmt ")
	le.PutUint32(b[16:], 16)
	le.PutUint16(b[20:], uint16(tag))
	le.PutUint16(b[22:], uint16(nch))
	le.PutUint32(b[24:], uint32(rate))
	le.PutUint32(b[28:], uint32(rate*nch*width))
	le.PutUint16(b[32:], uint16(nch*width))
	le.PutUint16(b[34:], uint16(bits))
	copy(b[36:], "data")
	le.PutUint32(b[40:], uint32(frames*nch*width))
	var tmp [8]byte
	for i := 0; i < frames; i++ {
		for c := 0; c < nch; c++ {
			v := math.Max(-1, math.Min(1, float64(chans[c][i])))
			switch {
			case float && bits == 64:
				le.PutUint64(tmp[:], math.Float64bits(v))
			case float:
				le.PutUint32(tmp[:], math.Float32bits(float32(v)))
			case bits == 8:
				tmp[0] = byte(math.Min(255, math.Round(v*128+128)))
			default:
				full := float64(int64(1) << (bits - 1))
				q := int64(math.Max(-full, math.Min(full-1, math.Round(v*full))))
				le.PutUint32(tmp[:], uint32(q))
				if bits == 16 {
					le.PutUint16(tmp[:], uint16(q))
				}
			}
			b = append(b, tmp[:width]...)
		}
	}
	return b
}
