package dat

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"
)

// wantProblem checks that probs hold exactly one problem saying want at
// record byte off (off < 0: any), of kind.
func wantProblem(t *testing.T, probs []Problem, kind string, off int64, want string) {
	t.Helper()
	n := 0
	for _, p := range probs {
		if strings.Contains(p.What, want) {
			n++
			if p.Kind != kind || (off >= 0 && (p.Off != off || !p.InRecord)) {
				t.Errorf("problem %+v: want kind %s at record byte 0x%X", p, kind, off)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d problems saying %q, want 1; got %v", n, want, probs)
	}
}

// wantProblemOrNone is wantProblem, or with want "" a check that probs is
// empty.
func wantProblemOrNone(t *testing.T, probs []Problem, kind string, off int64, want string) {
	t.Helper()
	if want != "" {
		wantProblem(t, probs, kind, off, want)
	} else if len(probs) != 0 {
		t.Errorf("problems %v, want none", probs)
	}
}

// mustParse is parse(b); the test fails on an error.
func mustParse[T any](t *testing.T, parse func([]byte) (T, error), b []byte) T {
	t.Helper()
	v, err := parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestSamplesHaveNoValueProblems(t *testing.T) {
	g, li := sampleRegion(), sampleLandBlockInfo()
	tb, err := ParseSoundTable(EncodeSoundTable(sampleSoundTable()))
	if err != nil {
		t.Fatal(err)
	}
	w, err := ParseWave(EncodeWave(sampleWave()))
	if err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string][]Problem{
		"region": g.Problems(EncodeRegion(g)), "table": tb.Problems(EncodeSoundTable(tb)), "wave": w.Problems(EncodeWave(w)),
		"landblock info": li.Problems(EncodeLandBlockInfo(li)),
	} {
		if len(p) != 0 {
			t.Errorf("%s: %v", name, p)
		}
	}
}

// Each rule's boundary: the bound itself is fine, just past it is a problem.
func TestRegionValueProblems(t *testing.T) {
	base := sampleRegion()
	raw := EncodeRegion(base)
	_, refs, err := ParseRegionRefs(raw)
	if err != nil {
		t.Fatal(err)
	}
	// desc 0 sound 1 (intermittent: base_chance 0.2), fields 4 bytes apart from +8+20
	field := func(k int) int64 { return refs.STBID[0] + 8 + 20 + 4*int64(k) }
	cases := []struct {
		name string
		mess func(g *Region)
		off  int64
		want string // "" = no problem
	}{
		{"volume 10", func(g *Region) { g.Sound.STBDescs[0].Sounds[1].Volume = 10 }, 0, ""},
		{"volume -1", func(g *Region) { g.Sound.STBDescs[0].Sounds[1].Volume = -1 }, field(1), "volume -1 outside [0, 10]"},
		{"volume 1e30", func(g *Region) { g.Sound.STBDescs[0].Sounds[1].Volume = 1e30 }, field(1), "volume 1e+30 outside"},
		{"base_chance 1", func(g *Region) { g.Sound.STBDescs[0].Sounds[1].BaseChance = 1 }, 0, ""},
		{"base_chance -0.5", func(g *Region) { g.Sound.STBDescs[0].Sounds[1].BaseChance = -0.5 }, field(2), "base_chance -0.5 outside [0, 1]"},
		{"base_chance 1e9", func(g *Region) { g.Sound.STBDescs[0].Sounds[1].BaseChance = 1e9 }, field(2), "base_chance 1e+09"},
		{"min_rate 0", func(g *Region) { g.Sound.STBDescs[0].Sounds[1].MinRate = 0 }, field(3), "min_rate 0 s is not positive"},
		{"max below min", func(g *Region) { g.Sound.STBDescs[0].Sounds[1].MaxRate = 4.99 }, field(4), "max_rate 4.99 s is below min_rate 5 s"},
		{"max equal min", func(g *Region) { g.Sound.STBDescs[0].Sounds[1].MaxRate = 5 }, 0, ""},
		{"continuous max 0", func(g *Region) { g.Sound.STBDescs[0].Sounds[0].MaxRate = 0 }, 0, ""},
		{"SoundType 0xCC", func(g *Region) { g.Sound.STBDescs[0].Sounds[1].SType = 0xCC }, 0, ""},
		{"SoundType past", func(g *Region) { g.Sound.STBDescs[0].Sounds[1].SType = 0xFFFFFFFF }, field(0), "SoundType 0xFFFFFFFF is past"},
		{"desc names a wave", func(g *Region) { g.Sound.STBDescs[1].STBID = 0x0A000001 }, refs.STBID[1], "names 0x0A000001 as its sound table"},
		{"height 800", func(g *Region) { g.LandDefs.HeightTable[255] = 800 }, 0, ""},
		{"height 1e30", func(g *Region) { g.LandDefs.HeightTable[3] = 1e30 }, -1, "height table value 3 is 1e+30 m"},
		{"height -1e30", func(g *Region) { g.LandDefs.HeightTable[0] = -1e30 }, -1, "height table value 0 is -1e+30 m"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, _ := ParseRegion(raw)
			c.mess(g)
			b := EncodeRegion(g)
			wantProblemOrNone(t, mustParse(t, ParseRegion, b).Problems(b), KindBadRegion, c.off, c.want)
		})
	}
	// The height table's byte: find the damaged value in the record.
	g, _ := ParseRegion(raw)
	g.LandDefs.HeightTable[3] = 1e30
	b := EncodeRegion(g)
	p := g.Problems(b)
	if len(p) != 1 || math.Float32frombits(binary.LittleEndian.Uint32(b[p[0].Off:])) != 1e30 {
		t.Errorf("height problem %v: its offset does not hold the value", p)
	}
}

func TestSoundTableValueProblems(t *testing.T) {
	// sampleSoundTable encodes: id, root (key 0, 1 default entry, 2 children);
	// child 0x1F's first entry starts at 4 + 8+16+4 + 8 = 40.
	const e0 = 40
	cases := []struct {
		name string
		mess func(*SoundTable)
		off  int64
		want string
	}{
		{"probability NaN", func(t *SoundTable) { t.Sounds[0x1F][0].Probability = float32(math.NaN()) }, e0 + 8, "probability NaN outside [0, 1]"},
		{"probability 1.5", func(t *SoundTable) { t.Sounds[0x1F][0].Probability = 1.5 }, e0 + 8, "probability 1.5 outside"},
		{"probability 0", func(t *SoundTable) { t.Sounds[0x1F][0].Probability = 0 }, 0, ""},
		{"priority +Inf", func(t *SoundTable) { t.Sounds[0x1F][0].Priority = float32(math.Inf(1)) }, e0 + 4, "priority is not a finite number"},
		{"volume -0.1", func(t *SoundTable) { t.Sounds[0x1F][0].Volume = -0.1 }, e0 + 12, "volume -0.1 outside [0, 10]"},
		{"wave id a table", func(t *SoundTable) { t.Sounds[0x1F][0].WaveID = 0x20000001 }, e0, "names 0x20000001, which is not a Wave id"},
		{"SoundType past", func(t *SoundTable) {
			t.Sounds[0xCD] = t.Sounds[0x58]
			delete(t.Sounds, 0x58)
		}, -1, "sound type 0xCD is past the last SoundType"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := sampleSoundTable()
			c.mess(tb)
			b := EncodeSoundTable(tb)
			wantProblemOrNone(t, mustParse(t, ParseSoundTable, b).Problems(b), KindBadTable, c.off, c.want)
		})
	}
	// n_children 0 with the children still in the record: it parses (as a
	// table with no sounds, what retail reads) and the rest is trailing.
	b := EncodeSoundTable(sampleSoundTable())
	binary.LittleEndian.PutUint32(b[4+8+16:], 0)
	tb, err := ParseSoundTable(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Sounds) != 0 {
		t.Fatalf("cut table: %d sound types, want 0", len(tb.Sounds))
	}
	wantProblem(t, tb.Problems(b), KindBadTable, 4+8+16+4, "bytes past the end of the record's content (32 of")
}

func TestWaveValueProblems(t *testing.T) {
	cases := []struct {
		name string
		mess func(*Wave)
		off  int64
		want string
	}{
		{"stereo header on mono data", func(w *Wave) { w.Format.Channels = 2; w.Data = w.Data[:98] }, 12 + 12, "block_align 2 contradicts 2 channels of 16 bits (4)"},
		{"odd data size", func(w *Wave) { w.Data = w.Data[:99] }, 8, "data size 99 is not a whole number of 2-byte frames"},
		{"mp3 channels", func(w *Wave) {
			w.Format = WaveFormat{Tag: WaveTagMP3, Channels: 2, SamplesPerSec: 22050}
			w.Data = []byte{0xFF, 0xF3, 0x00, 0xC0} // MPEG-2 layer III, 22050 Hz, mono
		}, 12 + 2, "header says 2 channels, the MP3 stream's first frame has 1"},
		{"mp3 rate", func(w *Wave) {
			w.Format = WaveFormat{Tag: WaveTagMP3, Channels: 1, SamplesPerSec: 11025}
			w.Data = []byte{0xFF, 0xF3, 0x00, 0xC0}
		}, 12 + 4, "header says 11025 Hz, the MP3 stream's first frame is 22050 Hz"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := sampleWave()
			c.mess(w)
			b := EncodeWave(w)
			wantProblem(t, mustParse(t, ParseWave, b).Problems(b), KindBadWave, c.off, c.want)
		})
	}
	// Trailing bytes: 4 past the (aligned) content; padding to 4 is fine.
	w := sampleWave()
	w.Data = w.Data[:96]
	b := EncodeWave(w) // 12 + 18 + 96 = 126, padded to 128
	w, err := ParseWave(b)
	if err != nil {
		t.Fatal(err)
	}
	if p := w.Problems(append(b, 0, 0)); len(p) != 0 {
		t.Errorf("align padding: %v", p)
	}
	wantProblem(t, w.Problems(append(b, 0, 0, 0, 0, 0, 0)), KindBadWave, 128, "4 bytes past the end")
}

func TestLandBlockInfoValueProblems(t *testing.T) {
	li := sampleLandBlockInfo()
	li.Objects[0].Frame.Y = float32(math.NaN())
	li.Buildings[0].ModelID = 0x0A000001
	b := EncodeLandBlockInfo(li)
	probs := li.Problems(b)
	wantProblem(t, probs, KindBadLandBlock, 12+4+4, "object 0 frame value 1 is not a finite number")
	wantProblem(t, probs, KindBadLandBlock, 12+32+4, "building 0 model 0x0A000001 is neither a GfxObj")
}

// Records read through an Archive note their problems in Archive.Problems,
// with the file; the record itself is still returned.
func TestArchiveNotesRecordProblems(t *testing.T) {
	tb := sampleSoundTable()
	tb.Sounds[0x1F][0].Probability = float32(math.NaN())
	w := NewWriter(1024, DataSetPortal, 0)
	w.Add(tb.ID, EncodeSoundTable(tb))
	img, err := w.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	f := openImage(t, img)
	a := &Archive{Portal: f, Cell: f}
	if _, err := a.SoundTable(tb.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := a.SoundTable(tb.ID); err != nil { // read twice: one problem
		t.Fatal(err)
	}
	ps := a.Problems().List()
	if len(ps) != 1 || ps[0].File != "cell.dat" || ps[0].Record != tb.ID || !strings.Contains(ps[0].What, "probability NaN") {
		t.Errorf("archive problems %v, want the table's NaN probability once", ps)
	}
}
