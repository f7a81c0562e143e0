package decode

import (
	"fmt"
	"io"
)

// The MP3 frame walk: every frame header from the first to the end, without
// decoding, for the recording's length and to find where the stream loses
// its frame sync (bytes that are not the next frame: a damaged or spliced
// file). Layer III only (what go-mp3 decodes).

// mp3Walk is what the walk found.
type mp3Walk struct {
	rate, spf int
	mono      bool
	frames    int64   // frames that decode, the tag frame included
	tag       *mp3Tag // the first frame's Xing/Info tag, or nil
	warn      []Warning
}

// mp3Header is one parsed frame header.
type mp3Header struct {
	version   byte // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
	rate, spf int
	size      int // bytes, header included
	mono      bool
}

var (
	mp3Bitrates1 = [15]int{0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320} // kbit/s, MPEG-1 Layer III
	mp3Bitrates2 = [15]int{0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160}     // MPEG-2/2.5 Layer III
	mp3Rates     = [3]int{44100, 48000, 32000}                                               // MPEG-1; /2 MPEG-2, /4 MPEG-2.5
)

// parseMP3Header reads a Layer III frame header; ok is false for anything
// else (no sync, reserved fields, free-format bitrate).
func parseMP3Header(b []byte) (h mp3Header, ok bool) {
	if len(b) < 4 || b[0] != 0xFF || b[1]&0xE0 != 0xE0 {
		return h, false
	}
	h.version = (b[1] >> 3) & 3
	layer := (b[1] >> 1) & 3
	bi, ri := int(b[2]>>4), int(b[2]>>2)&3
	if h.version == 1 || layer != 1 || bi == 0 || bi == 15 || ri == 3 {
		return h, false
	}
	pad := int(b[2]>>1) & 1
	h.mono = b[3]>>6 == 3
	h.rate = mp3Rates[ri]
	if h.version == 3 {
		h.spf = 1152
		h.size = 144000*mp3Bitrates1[bi]/h.rate + pad
	} else {
		h.rate /= map[byte]int{2: 2, 0: 4}[h.version]
		h.spf = 576
		h.size = 72000*mp3Bitrates2[bi]/h.rate + pad
	}
	return h, true
}

// byteWindow reads a file through a 64 kB window (the walk's sequential
// access without a read per frame).
type byteWindow struct {
	r    io.ReaderAt
	size int64
	off  int64
	buf  []byte
}

// at returns up to n bytes from pos (fewer at the end of the file).
func (w *byteWindow) at(pos int64, n int) []byte {
	if pos < w.off || pos+int64(n) > w.off+int64(len(w.buf)) {
		if cap(w.buf) < 64<<10 {
			w.buf = make([]byte, 64<<10)
		}
		w.buf = w.buf[:cap(w.buf)]
		k, _ := w.r.ReadAt(w.buf, pos)
		w.off, w.buf = pos, w.buf[:k]
	}
	i := int(pos - w.off)
	return w.buf[i:min(len(w.buf), i+n)]
}

// maxSyncWarnings bounds the warnings of one file (the rest are counted).
const maxSyncWarnings = 10

func walkMP3(r io.ReaderAt, size int64) (*mp3Walk, error) {
	w := &byteWindow{r: r, size: size}
	var pos int64
	if id := w.at(0, 10); len(id) == 10 {
		pos = int64(id3v2Size(id))
	}
	first, ok := parseMP3Header(w.at(pos, 4))
	if !ok {
		return nil, fmt.Errorf("no MPEG Layer III frame at byte offset %d", pos)
	}
	out := &mp3Walk{rate: first.rate, spf: first.spf, mono: first.mono}
	if t, ok := parseMP3Tag(w.at(pos, 4096)); ok {
		out.tag = &t
	}
	lost, lostBytes := 0, int64(0)
	for pos < size {
		h, ok := parseMP3Header(w.at(pos, 4))
		if ok && (h.rate != first.rate || h.version != first.version) {
			ok = false // a sync pattern inside other data
		}
		if ok {
			if pos+int64(h.size) > size {
				out.warn = append(out.warn, Warning{float64(out.frames*int64(out.spf)) / float64(out.rate),
					fmt.Sprintf("the file ends inside an MP3 frame (byte offset %d, %d of its %d bytes there): the recording is read as ending here", pos, size-pos, h.size)})
				break
			}
			out.frames++
			pos += int64(h.size)
			continue
		}
		if trailer(w.at(pos, 8)) {
			break
		}
		// Out of sync: the next offset where a frame starts and another
		// follows it.
		next := int64(-1)
		for p := pos + 1; p+4 <= size; p++ {
			h, ok := parseMP3Header(w.at(p, 4))
			if !ok || h.rate != first.rate || h.version != first.version {
				continue
			}
			if p+int64(h.size) >= size {
				next = p
				break
			}
			if h2, ok := parseMP3Header(w.at(p+int64(h.size), 4)); ok && h2.rate == h.rate {
				next = p
				break
			}
		}
		if next < 0 {
			if !trailer(w.at(pos, 8)) && size-pos > 128 {
				out.warn = append(out.warn, Warning{float64(out.frames*int64(out.spf)) / float64(out.rate),
					fmt.Sprintf("MPEG frame sync lost at byte offset %d and not found again: the last %d bytes are not audio", pos, size-pos)})
			}
			break
		}
		lost++
		lostBytes += next - pos
		if lost <= maxSyncWarnings {
			out.warn = append(out.warn, Warning{float64(out.frames*int64(out.spf)) / float64(out.rate),
				fmt.Sprintf("MPEG frame sync lost at byte offset %d: %d bytes skipped to the next frame", pos, next-pos)})
		}
		pos = next
	}
	if lost > maxSyncWarnings {
		out.warn = append(out.warn, Warning{0, fmt.Sprintf("MPEG frame sync lost %d times in all (%d bytes skipped); the first %d are listed", lost, lostBytes, maxSyncWarnings)})
	}
	return out, nil
}

// trailer tells the tags that may end an MP3: ID3v1 ("TAG"), APE
// ("APETAGEX"), Lyrics3 ("LYRICS").
func trailer(b []byte) bool {
	s := string(b)
	return len(s) >= 3 && s[:3] == "TAG" || len(s) >= 8 && s[:8] == "APETAGEX" || len(s) >= 6 && s[:6] == "LYRICS"
}
