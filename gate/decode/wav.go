package decode

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
)

// WAV format tags.
const (
	tagPCM        = 1
	tagFloat      = 3
	tagExtensible = 0xFFFE
)

// wavSource reads a RIFF/WAVE file: PCM 8 (unsigned), 16, 24 or 32-bit
// signed integers, or IEEE float 32/64, plain or WAVE_FORMAT_EXTENSIBLE, any
// number of channels. It reads the chunk headers at open and the samples from
// where they are asked for (io.ReaderAt), never the whole file.
type wavSource struct {
	r          io.ReaderAt
	rate, nch  int
	format     string
	width      int   // bytes per sample
	blockAlign int   // bytes per frame
	dataOff    int64 // byte offset of the first sample
	frames     int64
	pos        int64 // next frame
	sample     func([]byte) float32
	raw        []byte
	warn       []Warning
}

// openWAV reads the chunk headers. Errors give the byte offset of the
// offending chunk or field. A data chunk that claims more bytes than the
// file has is read as far as it goes, with a warning; so are other sizes
// that contradict the file.
func openWAV(r io.ReaderAt, size int64) (*wavSource, error) {
	var (
		haveFmt, haveData  bool
		tag, bits          int
		w                  = &wavSource{r: r}
		dataSize           int64
		fmtOffset          int64
		claimed, riffClaim int64
	)
	var hdr [8]byte
	if _, err := r.ReadAt(hdr[:], 0); err == nil {
		riffClaim = int64(binary.LittleEndian.Uint32(hdr[4:]))
	}
	for off := int64(12); off+8 <= size; {
		if _, err := r.ReadAt(hdr[:], off); err != nil {
			return nil, fmt.Errorf("wav: chunk header at byte offset %d: %v", off, err)
		}
		id := string(hdr[:4])
		csize := int64(binary.LittleEndian.Uint32(hdr[4:]))
		body := off + 8
		if csize > size-body {
			if id != "data" {
				return nil, fmt.Errorf("wav: chunk %q at byte offset %d claims %d bytes, the file has %d left", id, off, csize, size-body)
			}
			claimed = csize // a truncated recording: take what is there
			csize = size - body
		}
		switch id {
		case "fmt ":
			fmtOffset = off
			if csize < 16 {
				return nil, fmt.Errorf("wav: fmt chunk at byte offset %d is %d bytes (want ≥ 16)", off, csize)
			}
			f := make([]byte, min(csize, 40))
			if _, err := r.ReadAt(f, body); err != nil {
				return nil, fmt.Errorf("wav: fmt chunk at byte offset %d: %v", off, err)
			}
			tag = int(binary.LittleEndian.Uint16(f[0:]))
			w.nch = int(binary.LittleEndian.Uint16(f[2:]))
			w.rate = int(binary.LittleEndian.Uint32(f[4:]))
			w.blockAlign = int(binary.LittleEndian.Uint16(f[12:]))
			bits = int(binary.LittleEndian.Uint16(f[14:]))
			if tag == tagExtensible {
				if csize < 40 {
					return nil, fmt.Errorf("wav: WAVE_FORMAT_EXTENSIBLE fmt chunk at byte offset %d is %d bytes (want 40)", off, csize)
				}
				tag = int(binary.LittleEndian.Uint16(f[24:])) // the sub-format GUID's first two bytes
			}
			haveFmt = true
		case "data":
			if !haveData {
				w.dataOff, dataSize, haveData = body, csize, true
			}
		}
		off = body + csize + csize&1 // chunks are padded to even sizes
	}
	if !haveFmt {
		return nil, fmt.Errorf("wav: no fmt chunk")
	}
	if !haveData {
		return nil, fmt.Errorf("wav: no data chunk")
	}
	at := func(field string, v int) error {
		return fmt.Errorf("wav: fmt chunk at byte offset %d: %s %d unsupported", fmtOffset, field, v)
	}
	if w.nch < 1 || w.nch > 32 {
		return nil, at("channel count", w.nch)
	}
	switch {
	case tag == tagPCM && (bits == 8 || bits == 16 || bits == 24 || bits == 32):
		w.format = fmt.Sprintf("wav pcm%d", bits)
	case tag == tagFloat && (bits == 32 || bits == 64):
		w.format = fmt.Sprintf("wav float%d", bits)
	case tag != tagPCM && tag != tagFloat:
		return nil, at("format tag", tag)
	default:
		return nil, at("bits per sample", bits)
	}
	w.width = bits / 8
	if w.blockAlign != w.width*w.nch {
		return nil, at("block align", w.blockAlign)
	}
	w.frames = dataSize / int64(w.blockAlign)
	w.sample = sampleReader(tag, bits)
	end := float64(w.frames) / float64(max(1, w.rate))
	switch {
	case claimed == 0xFFFFFFFF:
		w.warn = append(w.warn, Warning{0, fmt.Sprintf("the data chunk (byte offset %d) gives no size (0xFFFFFFFF, a recorder that never finished the file?): read to the end of the file, %.3f s", w.dataOff-8, end)})
	case claimed > 0:
		w.warn = append(w.warn, Warning{end, fmt.Sprintf("the file ends early: its data chunk (byte offset %d) claims %d bytes, the file has %d; the recording is read as ending here", w.dataOff-8, claimed, dataSize)})
	}
	if dataSize%int64(w.blockAlign) != 0 {
		w.warn = append(w.warn, Warning{end, fmt.Sprintf("the data chunk ends inside a frame (%d of its %d bytes left over); those bytes are dropped", dataSize%int64(w.blockAlign), w.blockAlign)})
	}
	if claimed == 0 && riffClaim != 0 && riffClaim != 0xFFFFFFFF && riffClaim+8 != size {
		w.warn = append(w.warn, Warning{0, fmt.Sprintf("the RIFF header gives the file as %d bytes, it is %d", riffClaim+8, size)})
	}
	return w, nil
}

func (w *wavSource) info() (int, int, string, int64) { return w.rate, w.nch, w.format, w.frames }
func (w *wavSource) warnings() []Warning             { return w.warn }
func (w *wavSource) skip(n int64) error              { w.pos = min(w.frames, w.pos+n); return nil }

func (w *wavSource) read(dst [][]float32) (int, error) {
	n := int(min(int64(len(dst[0])), w.frames-w.pos))
	if n <= 0 {
		return 0, io.EOF
	}
	need := n * w.blockAlign
	if cap(w.raw) < need {
		w.raw = make([]byte, need)
	}
	raw := w.raw[:need]
	got, err := w.r.ReadAt(raw, w.dataOff+w.pos*int64(w.blockAlign))
	n = got / w.blockAlign
	for i := 0; i < n; i++ {
		p := raw[i*w.blockAlign:]
		for c := 0; c < w.nch; c++ {
			dst[c][i] = w.sample(p[c*w.width:])
		}
	}
	w.pos += int64(n)
	if err == io.EOF && n > 0 {
		err = nil
	}
	return n, err
}

// sampleReader returns the decoder of one sample to [−1, 1).
func sampleReader(tag, bits int) func([]byte) float32 {
	le := binary.LittleEndian
	if tag == tagFloat {
		finite := func(v float64) float32 { return float32(v) } // NaN and ±Inf are counted and silenced by decodeRange
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
