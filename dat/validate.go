package dat

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Record validation: values a record can hold that retail data never does.
// Each parsed record type has one Problems method, called by the Archive for
// every record the commands read (Archive.Problems) and by `soundworld check`
// for every record of the files, so both report the same faults. The records
// stay usable: the simulation does with such a value what retail's code does
// (docs/fidelity.md, "Values retail would not see"); the problem only says so.
// Offsets are record bytes; File is left for the caller.

// Bounds of authored values (see docs/fidelity.md for the choices).
const (
	SoundTypeMax = 0xCC // the last SoundType (§5.1)
	MaxVolume    = 10   // authored volumes reach 10 (retail-audio S2; seeds 001)
	MaxHeight    = 800  // RE clamps the height table to [0, 800] m (§4.4)
)

// valueProblems collects one record's problems.
type valueProblems struct {
	id   uint32
	kind string
	list []Problem
}

func (v *valueProblems) add(off int64, format string, a ...any) {
	v.list = append(v.list, Problem{Record: v.id, Off: off, InRecord: off >= 0, Kind: v.kind, What: fmt.Sprintf(format, a...)})
}

// trailing notes bytes past the record's content (end, rounded up to 4: the
// Align4 that ends every record, §1) — retail reads what it needs and never
// looks at them, so they are a damaged or wrongly sized record.
func (v *valueProblems) trailing(raw []byte, end int) {
	end = (end + 3) &^ 3
	if len(raw) > end {
		v.add(int64(end), "%d bytes past the end of the record's content (%d of %d bytes used)", len(raw)-end, end, len(raw))
	}
}

func finite32(x float32) bool { return !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0) }

// inRange reports lo ≤ x ≤ hi (false for NaN).
func inRange(x float32, lo, hi float32) bool { return x >= lo && x <= hi }

// Problems lists what is wrong with a parsed region (raw: its record bytes):
// trailing bytes, height table values outside [0, 800] m (retail clamps
// them, as the Land does), and each ambient sound's values: a SoundType past
// the enum, a volume outside [0, 10], a base_chance outside [0, 1], a
// min_rate ≤ 0, an intermittent sound's max_rate below its min_rate.
func (g *Region) Problems(raw []byte) []Problem {
	v := &valueProblems{id: g.ID, kind: KindBadRegion}
	v.trailing(raw, len(EncodeRegion(g)))
	// The height table sits after id, number, version, the name and 8 fields.
	hAt := int64(12 + (2+len(encode1252(g.Name))+3)&^3 + 32)
	for i, h := range g.LandDefs.HeightTable {
		if !inRange(h, 0, MaxHeight) {
			v.add(hAt+4*int64(i), "height table value %d is %g m, outside [0, %d] (retail clamps it)", i, h, MaxHeight)
		}
	}
	if g.Sound == nil {
		return v.list
	}
	refs := &RegionRefs{}
	if _, rr, err := ParseRegionRefs(raw); err == nil {
		refs = rr
	}
	for i, d := range g.Sound.STBDescs {
		at := int64(-1)
		if i < len(refs.STBID) {
			at = refs.STBID[i]
		}
		if d.STBID>>24 != typeSoundTable {
			v.add(at, "sound desc %d names 0x%08X as its sound table, which is not a SoundTable id (0x20…)", i, d.STBID)
		}
		for j, s := range d.Sounds {
			field := func(k int) int64 {
				if at < 0 {
					return -1
				}
				return at + 8 + 20*int64(j) + 4*int64(k)
			}
			what := fmt.Sprintf("sound desc %d ambient sound %d", i, j)
			if s.SType > SoundTypeMax {
				v.add(field(0), "%s: SoundType 0x%X is past the last SoundType 0x%X", what, s.SType, SoundTypeMax)
			}
			if !inRange(s.Volume, 0, MaxVolume) {
				v.add(field(1), "%s: volume %g outside [0, %d]", what, s.Volume, MaxVolume)
			}
			if !inRange(s.BaseChance, 0, 1) {
				v.add(field(2), "%s: base_chance %g outside [0, 1]", what, s.BaseChance)
			}
			if !(s.MinRate > 0) {
				v.add(field(3), "%s: min_rate %g s is not positive", what, s.MinRate)
			}
			if !s.IsContinuous() && !(s.MaxRate >= s.MinRate) {
				v.add(field(4), "%s: max_rate %g s is below min_rate %g s", what, s.MaxRate, s.MinRate)
			}
		}
	}
	return v.list
}

// Problems lists what is wrong with a parsed sound table (raw: its record
// bytes): trailing bytes (a node whose counts were cut leaves its children
// in the record), a root child keyed past the last SoundType, a wave id that
// is not a Wave's (0 is "no wave"), and each entry's priority not finite,
// probability outside [0, 1] (T2 compares rand()/32767 < p, so NaN or ≤ 0
// never plays, ≥ 1 always does) or volume outside [0, 10].
func (t *SoundTable) Problems(raw []byte) []Problem {
	v := &valueProblems{id: t.ID, kind: KindBadTable}
	off := int64(4)
	var node func(n *SoundNode, depth int)
	node = func(n *SoundNode, depth int) {
		if depth == 1 && n.Key > SoundTypeMax {
			v.add(off, "sound type 0x%X is past the last SoundType 0x%X", n.Key, SoundTypeMax)
		}
		off += 8
		for _, d := range n.Data {
			what := fmt.Sprintf("sound type 0x%X wave 0x%08X", n.Key, d.WaveID)
			if d.WaveID != 0 && d.WaveID>>24 != typeWave {
				v.add(off, "sound type 0x%X names 0x%08X, which is not a Wave id (0x0A…)", n.Key, d.WaveID)
			}
			if !finite32(d.Priority) {
				v.add(off+4, "%s: priority is not a finite number: %v", what, d.Priority)
			}
			if !inRange(d.Probability, 0, 1) {
				v.add(off+8, "%s: probability %v outside [0, 1]", what, d.Probability)
			}
			if !inRange(d.Volume, 0, MaxVolume) {
				v.add(off+12, "%s: volume %v outside [0, %d]", what, d.Volume, MaxVolume)
			}
			off += 16
		}
		off += 4
		for i := range n.Children {
			node(&n.Children[i], depth+1)
		}
	}
	node(&t.Root, 0)
	v.trailing(raw, int(off))
	return v.list
}

// Problems lists what is wrong with a parsed wave (raw: its record bytes):
// trailing bytes, a WAVEFORMATEX cbSize claiming more extra bytes than the
// header holds, a PCM header whose block_align or data size contradicts its
// channels and bits, and an MP3 header whose channels or
// rate contradict the stream's first frame. A wave that does not decode at
// all is audio.CheckWave's problem, not repeated here; avg_bytes_per_sec
// is not read by the decoder and is not checked.
func (w *Wave) Problems(raw []byte) []Problem {
	v := &valueProblems{id: w.ID, kind: KindBadWave}
	v.trailing(raw, 12+len(w.Header)+len(w.Data))
	f := w.Format
	if len(w.Header) >= 18 {
		if cb := binary.LittleEndian.Uint16(w.Header[16:]); 18+int(cb) > len(w.Header) {
			v.add(12+16, "WAVEFORMATEX cbSize %d claims %d header bytes, the record's header_size is %d", cb, 18+int(cb), len(w.Header))
		}
	}
	switch f.Tag {
	case WaveTagPCM:
		if (f.Channels != 1 && f.Channels != 2) || (f.BitsPerSample != 8 && f.BitsPerSample != 16) {
			return v.list // does not decode: CheckWave says so
		}
		align := f.Channels * f.BitsPerSample / 8
		if f.BlockAlign != align {
			v.add(12+12, "block_align %d contradicts %d channels of %d bits (%d)", f.BlockAlign, f.Channels, f.BitsPerSample, align)
		}
		if len(w.Data)%int(align) != 0 {
			v.add(8, "data size %d is not a whole number of %d-byte frames (%d channels of %d bits)", len(w.Data), align, f.Channels, f.BitsPerSample)
		}
	case WaveTagMP3:
		ch, rate, ok := mp3FrameHeader(w.Data)
		if !ok {
			return v.list
		}
		if int(f.Channels) != ch {
			v.add(12+2, "header says %d channels, the MP3 stream's first frame has %d", f.Channels, ch)
		}
		if int(f.SamplesPerSec) != rate {
			v.add(12+4, "header says %d Hz, the MP3 stream's first frame is %d Hz", f.SamplesPerSec, rate)
		}
	}
	return v.list
}

// mp3FrameHeader reads the channels and rate of an MPEG audio Layer III
// frame header at the start of b (ISO 11172-3 / 13818-3): sync 11 bits,
// version, layer, then the rate index and the channel mode (3 = mono).
func mp3FrameHeader(b []byte) (channels, rate int, ok bool) {
	if len(b) < 4 || b[0] != 0xFF || b[1]&0xE0 != 0xE0 || (b[1]>>1)&3 != 1 {
		return 0, 0, false
	}
	base := map[byte]int{3: 44100, 2: 22050, 0: 11025}[(b[1]>>3)&3] // MPEG-1, 2, 2.5
	idx := (b[2] >> 2) & 3
	if base == 0 || idx == 3 {
		return 0, 0, false
	}
	rate = [3]int{base, base * 48000 / 44100, base * 32000 / 44100}[idx]
	channels = 2
	if b[3]>>6 == 3 {
		channels = 1
	}
	return channels, rate, true
}

// Problems lists what is wrong with a parsed LandBlockInfo (raw: its record
// bytes): trailing bytes, a frame value that is not finite (a NaN position
// places a building or a sound nowhere), and a placed model that is neither
// a GfxObj (0x01…) nor a Setup (0x02…) id.
func (l *LandBlockInfo) Problems(raw []byte) []Problem {
	v := &valueProblems{id: l.ID, kind: KindBadLandBlock}
	v.trailing(raw, len(EncodeLandBlockInfo(l)))
	frame := func(off int64, what string, fr Frame) {
		for k, x := range [7]float32{fr.X, fr.Y, fr.Z, fr.QW, fr.QX, fr.QY, fr.QZ} {
			if !finite32(x) {
				v.add(off+4*int64(k), "%s frame value %d is not a finite number: %v", what, k, x)
				return
			}
		}
	}
	model := func(off int64, what string, id uint32) {
		if t := id >> 24; t != 0x01 && t != 0x02 {
			v.add(off, "%s model 0x%08X is neither a GfxObj (0x01…) nor a Setup (0x02…) id", what, id)
		}
	}
	off := int64(12)
	for i, o := range l.Objects {
		model(off, fmt.Sprintf("object %d", i), o.ID)
		frame(off+4, fmt.Sprintf("object %d", i), o.Frame)
		off += 32
	}
	off += 4 // num_buildings, pack_mask
	for i, b := range l.Buildings {
		model(off, fmt.Sprintf("building %d", i), b.ModelID)
		frame(off+4, fmt.Sprintf("building %d", i), b.Frame)
		off += 4 + 28 + 4 + 4
		for _, p := range b.Portals {
			off += 8 + 2*int64(len(p.Stabs))
			off += (4 - off%4) % 4
		}
	}
	return v.list
}
