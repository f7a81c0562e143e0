package decode

import "encoding/binary"

// Gapless MP3 (the Xing/Info and LAME tags, as LAME and ffmpeg write them).
//
// An encoder that writes a Xing or Info tag puts it in a first frame that
// holds no audio (its side information is all zeros, so it decodes to one
// frame of silence). The LAME extension that follows the tag gives the
// encoder's delay (samples of silence it put before the signal) and its
// padding (samples after it, to fill the last frame). A decoder adds a delay
// of its own: the hybrid filter bank of Layer III outputs each sample 529
// samples late (528 of the polyphase synthesis + 1, the figure ffmpeg, mpg123
// and LAME's own decoder use; gate/decode's test measures it for our go-mp3
// copy). So the signal the encoder was given starts at decoded sample
// tagFrame + delay + 529 and is frames·samplesPerFrame − delay − padding long.
const mp3DecoderDelay = 529

// mp3Tag is what the first frame's tags say.
type mp3Tag struct {
	samplesPerFrame int // 1152 (MPEG-1) or 576 (MPEG-2, 2.5)
	frames          int // audio frames after the tag frame (0: not given)
	lame            bool
	delay, padding  int // encoder delay and padding in samples (LAME tag)
}

// id3v2Size is the length of an ID3v2 tag at the start of b (0 if none).
func id3v2Size(b []byte) int {
	if len(b) < 10 || string(b[:3]) != "ID3" {
		return 0
	}
	n := 10 + (int(b[6]&0x7F)<<21 | int(b[7]&0x7F)<<14 | int(b[8]&0x7F)<<7 | int(b[9]&0x7F))
	if b[5]&0x10 != 0 { // footer present
		n += 10
	}
	return n
}

// parseMP3Tag looks for a Xing/Info tag in the first frame, h from its
// header on (after any ID3v2 tag); ok is false when there is none, and the
// file is decoded as it comes (every frame, the delays kept).
func parseMP3Tag(h []byte) (t mp3Tag, ok bool) {
	if len(h) < 4 {
		return t, false
	}
	if h[0] != 0xFF || h[1]&0xE0 != 0xE0 || (h[1]>>1)&3 != 1 { // frame sync, Layer III
		return t, false
	}
	version := (h[1] >> 3) & 3 // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
	if version == 1 {
		return t, false
	}
	mono := h[3]>>6 == 3
	side := map[bool]map[bool]int{true: {true: 17, false: 32}, false: {true: 9, false: 17}}[version == 3][mono]
	t.samplesPerFrame = 576
	if version == 3 {
		t.samplesPerFrame = 1152
	}
	p := 4 + side
	if h[1]&1 == 0 { // protected: a 16-bit CRC follows the header
		p += 2
	}
	if p+8 > len(h) || (string(h[p:p+4]) != "Xing" && string(h[p:p+4]) != "Info") {
		return t, false
	}
	flags := binary.BigEndian.Uint32(h[p+4:])
	q := p + 8
	if flags&1 != 0 {
		if q+4 > len(h) {
			return t, false
		}
		t.frames = int(binary.BigEndian.Uint32(h[q:]))
		q += 4
	}
	for _, f := range []struct {
		bit  uint32
		size int
	}{{2, 4}, {4, 100}, {8, 4}} { // bytes, TOC, quality
		if flags&f.bit != 0 {
			q += f.size
		}
	}
	// The LAME extension: a 9-byte encoder string, then at +21 the delay
	// (12 bits) and padding (12 bits). Trusted when its CRC-16 (over the
	// frame's first 190 bytes, stored at +34) checks, or the string names
	// LAME or ffmpeg's libavcodec/libavformat.
	if q+36 <= len(h) {
		enc := string(h[q : q+4])
		crcOK := q+36 >= 192 && crc16(h[:190]) == binary.BigEndian.Uint16(h[q+34:])
		if crcOK || enc == "LAME" || enc[:3] == "Lav" {
			t.lame = true
			t.delay = int(h[q+21])<<4 | int(h[q+22])>>4
			t.padding = int(h[q+22]&0x0F)<<8 | int(h[q+23])
		}
	}
	return t, true
}

// crc16 is CRC-16/ARC (polynomial 0x8005 reflected, initial 0), the LAME
// tag's checksum.
func crc16(b []byte) uint16 {
	var c uint16
	for _, v := range b {
		c ^= uint16(v)
		for range 8 {
			if c&1 != 0 {
				c = c>>1 ^ 0xA001
			} else {
				c >>= 1
			}
		}
	}
	return c
}

// gaplessSpan returns the decoded samples [start, start+n) that are the
// encoder's input, for a stream of decoded samples (tag frame included). n
// is clipped to what was decoded.
func (t mp3Tag) gaplessSpan(decoded int) (start, n int) {
	start = t.samplesPerFrame // the tag frame
	n = decoded - start
	if t.lame {
		start += t.delay + mp3DecoderDelay
		n = decoded - t.samplesPerFrame - t.delay - t.padding
		if t.frames > 0 {
			n = t.frames*t.samplesPerFrame - t.delay - t.padding
		}
	}
	n = max(0, min(n, decoded-start))
	return start, n
}
