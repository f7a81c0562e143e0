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
	w := &wavSource{r: r}
	h, err := w.chunks(size)
	if err != nil {
		return nil, err
	}
	if !h.haveFmt {
		return nil, fmt.Errorf("wav: no fmt chunk")
	}
	if !h.haveData {
		return nil, fmt.Errorf("wav: no data chunk")
	}
	if err := w.setFormat(h); err != nil {
		return nil, err
	}
	w.frames = h.dataSize / int64(w.blockAlign)
	w.sample = sampleReader(h.tag, h.bits)
	w.sizeWarnings(h, size)
	return w, nil
}

// wavHeader is what the chunk walk found: the fmt chunk's tag and bits and
// its byte offset, the data chunk's size (bytes, as far as the file goes)
// and what it claimed when the file is shorter, the RIFF header's size.
type wavHeader struct {
	haveFmt, haveData  bool
	tag, bits          int
	dataSize           int64
	fmtOffset          int64
	claimed, riffClaim int64
}

// chunks walks the chunk headers of a file of size bytes, reading the fmt
// chunk into w and noting the first data chunk.
func (w *wavSource) chunks(size int64) (wavHeader, error) {
	var h wavHeader
	var hdr [8]byte
	if _, err := w.r.ReadAt(hdr[:], 0); err == nil {
		h.riffClaim = int64(binary.LittleEndian.Uint32(hdr[4:]))
	}
	for off := int64(12); off+8 <= size; {
		if _, err := w.r.ReadAt(hdr[:], off); err != nil {
			return h, fmt.Errorf("wav: chunk header at byte offset %d: %v", off, err)
		}
		id := string(hdr[:4])
		csize := int64(binary.LittleEndian.Uint32(hdr[4:]))
		body := off + 8
		if csize > size-body {
			if id != "data" {
				return h, fmt.Errorf("wav: chunk %q at byte offset %d claims %d bytes, the file has %d left", id, off, csize, size-body)
			}
			h.claimed = csize // a truncated recording: take what is there
			csize = size - body
		}
		switch id {
		case "fmt ":
			if err := w.readFmt(&h, off, csize); err != nil {
				return h, err
			}
		case "data":
			if !h.haveData {
				w.dataOff, h.dataSize, h.haveData = body, csize, true
			}
		}
		off = body + csize + csize&1 // chunks are padded to even sizes
	}
	return h, nil
}

// readFmt reads the fmt chunk of csize bytes whose header is at byte offset
// off.
func (w *wavSource) readFmt(h *wavHeader, off, csize int64) error {
	h.fmtOffset = off
	if csize < 16 {
		return fmt.Errorf("wav: fmt chunk at byte offset %d is %d bytes (want ≥ 16)", off, csize)
	}
	f := make([]byte, min(csize, 40))
	if _, err := w.r.ReadAt(f, off+8); err != nil {
		return fmt.Errorf("wav: fmt chunk at byte offset %d: %v", off, err)
	}
	h.tag = int(binary.LittleEndian.Uint16(f[0:]))
	w.nch = int(binary.LittleEndian.Uint16(f[2:]))
	w.rate = int(binary.LittleEndian.Uint32(f[4:]))
	w.blockAlign = int(binary.LittleEndian.Uint16(f[12:]))
	h.bits = int(binary.LittleEndian.Uint16(f[14:]))
	if h.tag == tagExtensible {
		if csize < 40 {
			return fmt.Errorf("wav: WAVE_FORMAT_EXTENSIBLE fmt chunk at byte offset %d is %d bytes (want 40)", off, csize)
		}
		h.tag = int(binary.LittleEndian.Uint16(f[24:])) // the sub-format GUID's first two bytes
	}
	h.haveFmt = true
	return nil
}

// setFormat checks the fmt chunk's channels, tag, bits and block align,
// and names the format.
func (w *wavSource) setFormat(h wavHeader) error {
	at := func(field string, v int) error {
		return fmt.Errorf("wav: fmt chunk at byte offset %d: %s %d unsupported", h.fmtOffset, field, v)
	}
	if w.nch < 1 || w.nch > 32 {
		return at("channel count", w.nch)
	}
	switch tag, bits := h.tag, h.bits; {
	case tag == tagPCM && (bits == 8 || bits == 16 || bits == 24 || bits == 32):
		w.format = fmt.Sprintf("wav pcm%d", bits)
	case tag == tagFloat && (bits == 32 || bits == 64):
		w.format = fmt.Sprintf("wav float%d", bits)
	case tag != tagPCM && tag != tagFloat:
		return at("format tag", tag)
	default:
		return at("bits per sample", bits)
	}
	w.width = h.bits / 8
	if w.blockAlign != w.width*w.nch {
		return at("block align", w.blockAlign)
	}
	return nil
}

// sizeWarnings warns of sizes that contradict the file (size bytes): a data
// chunk with no size or cut short, a part frame, the RIFF header's size.
func (w *wavSource) sizeWarnings(h wavHeader, size int64) {
	end := float64(w.frames) / float64(max(1, w.rate))
	switch {
	case h.claimed == 0xFFFFFFFF:
		w.warn = append(w.warn, Warning{0, fmt.Sprintf("the data chunk (byte offset %d) gives no size (0xFFFFFFFF, a recorder that never finished the file?): read to the end of the file, %.3f s", w.dataOff-8, end)})
	case h.claimed > 0:
		w.warn = append(w.warn, Warning{end, fmt.Sprintf("the file ends early: its data chunk (byte offset %d) claims %d bytes, the file has %d; the recording is read as ending here", w.dataOff-8, h.claimed, h.dataSize)})
	}
	if h.dataSize%int64(w.blockAlign) != 0 {
		w.warn = append(w.warn, Warning{end, fmt.Sprintf("the data chunk ends inside a frame (%d of its %d bytes left over); those bytes are dropped", h.dataSize%int64(w.blockAlign), w.blockAlign)})
	}
	if h.claimed == 0 && h.riffClaim != 0 && h.riffClaim != 0xFFFFFFFF && h.riffClaim+8 != size {
		w.warn = append(w.warn, Warning{0, fmt.Sprintf("the RIFF header gives the file as %d bytes, it is %d", h.riffClaim+8, size)})
	}
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
