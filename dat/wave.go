package dat

import "encoding/binary"

// waveFormatSize is the fixed leading part of WAVEFORMATEX that WaveFormat
// decodes (tag … bits per sample).
const waveFormatSize = 16

// ParseWave decodes a Wave record (§3.3): id, u32 header size H, u32 data
// size D, H bytes of WAVEFORMATEX, D bytes of payload. Any format tag is
// accepted; decoding the payload is audio.DecodeWave's job. H must be ≥ 16.
func ParseWave(b []byte) (*Wave, error) {
	r := newReader(b)
	v := &Wave{}
	v.ID = r.leadID("Wave (0x0Axxxxxx)", highByte(typeWave))
	at := r.off
	h := r.u32()
	d := r.u32()
	if r.err == nil && h < waveFormatSize {
		r.failAt(at, "wave header shorter than a 16-byte WAVEFORMAT:", h)
	}
	if r.err == nil && uint64(h)+uint64(d) > uint64(r.left()) {
		r.failAt(at, "wave header+data sizes past record end:", uint64(h)+uint64(d))
	}
	v.Header = r.bytes(int(h), "wave header")
	v.Data = r.bytes(int(d), "wave data")
	if err := r.done(v.ID); err != nil {
		return nil, err
	}
	v.Format = decodeWaveFormat(v.Header)
	return v, nil
}

func decodeWaveFormat(h []byte) WaveFormat {
	le := binary.LittleEndian
	return WaveFormat{
		Tag: le.Uint16(h), Channels: le.Uint16(h[2:]), SamplesPerSec: le.Uint32(h[4:]),
		AvgBytesPerSec: le.Uint32(h[8:]), BlockAlign: le.Uint16(h[12:]), BitsPerSample: le.Uint16(h[14:]),
	}
}

// WaveHeader builds an 18-byte WAVEFORMATEX (cbSize 0) for f.
func WaveHeader(f WaveFormat) []byte {
	var w writer
	w.u16(f.Tag)
	w.u16(f.Channels)
	w.u32(f.SamplesPerSec)
	w.u32(f.AvgBytesPerSec)
	w.u16(f.BlockAlign)
	w.u16(f.BitsPerSample)
	w.u16(0)
	return w.b
}

// EncodeWave encodes v (§3.3). v.Header is written as is; if it is empty an
// 18-byte WAVEFORMATEX is built from v.Format.
func EncodeWave(v *Wave) []byte {
	h := v.Header
	if len(h) == 0 {
		h = WaveHeader(v.Format)
	}
	var w writer
	w.u32(v.ID)
	w.u32(uint32(len(h)))
	w.u32(uint32(len(v.Data)))
	w.raw(h)
	w.raw(v.Data)
	return w.b
}
