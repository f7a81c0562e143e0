package dat

import (
	"fmt"
	"slices"
)

// maxSoundDepth bounds SoundTable recursion (§3.2: EoR is always 2 levels,
// deeper is legal per RE) so hostile input cannot exhaust the stack.
const maxSoundDepth = 16

// DefaultSoundData is a fresh SoundData (§3.2): wave 0, priority 0,
// probability 1, volume 1; EoR roots carry exactly one.
var DefaultSoundData = SoundData{WaveID: 0, Priority: 0, Probability: 1, Volume: 1}

// ParseSoundTable decodes a SoundTable record (§3.2): id then one recursive
// node. Sounds holds the root's direct children keyed by SoundType (if a key
// repeats, the later child wins, as a hash insert would).
func ParseSoundTable(b []byte) (*SoundTable, error) {
	r := newReader(b)
	t := &SoundTable{}
	t.ID = r.leadID("SoundTable (0x20xxxxxx)", highByte(typeSoundTable))
	readSoundNode(r, &t.Root, 1)
	if err := r.done(t.ID); err != nil {
		return nil, err
	}
	t.Sounds = make(map[uint32][]SoundData, len(t.Root.Children))
	for _, c := range t.Root.Children {
		t.Sounds[c.Key] = c.Data
	}
	return t, nil
}

func readSoundNode(r *reader, n *SoundNode, depth int) {
	if depth > maxSoundDepth {
		r.fail(fmt.Sprintf("sound table nested deeper than %d levels", maxSoundDepth), nil)
		return
	}
	n.Key = r.u32()
	n.Data = readList(r, 16, "sound data", func(r *reader) SoundData {
		return SoundData{WaveID: r.u32(), Priority: r.f32(), Probability: r.f32(), Volume: r.f32()}
	})
	n.Children = readList(r, 12, "sound table children", func(r *reader) (c SoundNode) {
		readSoundNode(r, &c, depth+1)
		return c
	})
}

// EncodeSoundTable encodes t (§3.2). If t.Root has no children but t.Sounds
// is set, the root is made as the spec's writer recipe says: key 0, one
// DefaultSoundData, one child per SoundType in ascending order.
func EncodeSoundTable(t *SoundTable) []byte {
	root := t.Root
	if len(root.Children) == 0 && len(t.Sounds) > 0 {
		root = SoundNode{Key: 0, Data: []SoundData{DefaultSoundData}}
		keys := make([]uint32, 0, len(t.Sounds))
		for k := range t.Sounds {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			root.Children = append(root.Children, SoundNode{Key: k, Data: t.Sounds[k]})
		}
	}
	var w writer
	w.u32(t.ID)
	writeSoundNode(&w, &root)
	w.align4()
	return w.b
}

func writeSoundNode(w *writer, n *SoundNode) {
	w.u32(n.Key)
	writeList(w, n.Data, func(w *writer, d SoundData) {
		w.u32(d.WaveID)
		w.f32s(d.Priority, d.Probability, d.Volume)
	})
	writeList(w, n.Children, func(w *writer, c SoundNode) { writeSoundNode(w, &c) })
}
