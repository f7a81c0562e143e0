package world

import (
	"fmt"
	"strings"
	"testing"

	"soundworld/audio"
	"soundworld/dat"
)

// fakeData is an in-memory Data: a region, landblocks and sound tables.
type fakeData struct {
	region     *dat.Region
	blocks     map[uint32]*dat.LandBlock
	tables     map[uint32]*dat.SoundTable
	tableReads map[uint32]int
}

func (f *fakeData) Region() (*dat.Region, error) { return f.region, nil }
func (f *fakeData) LandBlock(id uint32) (*dat.LandBlock, error) {
	if b, ok := f.blocks[id]; ok {
		return b, nil
	}
	return nil, fmt.Errorf("landblock 0x%08X: %w", id, dat.ErrNotFound)
}
func (f *fakeData) SoundTable(id uint32) (*dat.SoundTable, error) {
	f.tableReads[id]++
	if t, ok := f.tables[id]; ok {
		return t, nil
	}
	return nil, fmt.Errorf("sound table 0x%08X: %w", id, dat.ErrNotFound)
}
func (f *fakeData) Wave(id uint32) (*dat.Wave, error) {
	if id>>24 != 0x0A || id&0xFF > 3 {
		return nil, fmt.Errorf("wave 0x%08X: %w", id, dat.ErrNotFound)
	}
	// A short 16-bit mono PCM wave at 22050 Hz: 0.25 s × (id&0xFF + 1).
	n := 22050 / 4 * int(id&0xFF+1)
	data := make([]byte, 2*n)
	for i := 0; i < n; i++ {
		v := int16((i%50 - 25) * 400)
		data[2*i], data[2*i+1] = byte(v), byte(v>>8)
	}
	return &dat.Wave{ID: id, Format: dat.WaveFormat{Tag: dat.WaveTagPCM, Channels: 1, SamplesPerSec: 22050,
		AvgBytesPerSec: 44100, BlockAlign: 2, BitsPerSample: 16}, Data: data}, nil
}

// soundTable is a table whose SoundTypes each have one variant playing wave w.
func soundTable(id uint32, w uint32, stypes ...uint32) *dat.SoundTable {
	t := &dat.SoundTable{ID: id, Sounds: map[uint32][]dat.SoundData{}}
	for _, st := range stypes {
		t.Sounds[st] = []dat.SoundData{{WaveID: w, Priority: 0.5, Probability: 1, Volume: 1}}
	}
	return t
}

const forgeTable uint32 = 0x20000010

// Terrain words used by the ASCII maps: terrain type t, scene ordinal 0.
// Type 1 → scene 0 → STB desc 0 ('a'); type 2 → scene 1 → desc 1 ('b');
// type 3 → scene 2 → desc 2 whose table is missing ('x'); type 4 → scene 3 →
// desc 3 with no entries ('z'); type 0 → scene none ('.').
var mapWord = map[byte]uint16{'.': 0 << 2, 'a': 1 << 2, 'b': 2 << 2, 'x': 3 << 2, 'z': 4 << 2}

const (
	stbA       uint32 = 0x20000001
	stbB       uint32 = 0x20000002
	stbMissing uint32 = 0x200000FF
	stbEmpty   uint32 = 0x20000004
)

// newFake builds a region with the four STB descs above; descs a and b get the
// given sounds. Height table: Dereth's 2·i below 200.
func newFake(soundsA, soundsB []dat.AmbientSoundDesc) *fakeData {
	r := &dat.Region{ID: dat.RegionID, Version: 3}
	for i := range r.LandDefs.HeightTable {
		r.LandDefs.HeightTable[i] = float32(2 * i)
	}
	r.Sound = &dat.SoundInfo{STBDescs: []dat.AmbientSTBDesc{
		{STBID: stbA, Sounds: soundsA},
		{STBID: stbB, Sounds: soundsB},
		{STBID: stbMissing, Sounds: []dat.AmbientSoundDesc{{SType: 0x46, Volume: 1, MinRate: 5}}},
		{STBID: stbEmpty},
	}}
	r.Scene = &dat.SceneInfo{SceneTypes: []dat.SceneType{{StbIndex: 0}, {StbIndex: 1}, {StbIndex: 2}, {StbIndex: 3}}}
	r.Terrain.TerrainTypes = []dat.TerrainType{
		{Name: "none", SceneTypes: []uint32{dat.NoIndex}},
		{Name: "a", SceneTypes: []uint32{0}},
		{Name: "b", SceneTypes: []uint32{1}},
		{Name: "x", SceneTypes: []uint32{2}},
		{Name: "z", SceneTypes: []uint32{3}},
	}
	return &fakeData{
		region: r,
		blocks: map[uint32]*dat.LandBlock{},
		tables: map[uint32]*dat.SoundTable{
			stbA:       soundTable(stbA, 0x0A000001, 0x46, 0x47, 0x48),
			stbB:       soundTable(stbB, 0x0A000002, 0x46),
			stbEmpty:   {ID: stbEmpty},
			forgeTable: soundTable(forgeTable, 0x0A000000, 0x69),
		},
		tableReads: map[uint32]int{},
	}
}

// addMap adds landblock lb from a 9-line ASCII map of its 9×9 vertices, north
// at the top, west on the left; every vertex has height byte h.
func (f *fakeData) addMap(t testing.TB, lb uint16, h uint8, m string) {
	t.Helper()
	rows := strings.Fields(m)
	if len(rows) != 9 {
		t.Fatalf("map for 0x%04X: %d rows, want 9", lb, len(rows))
	}
	b := &dat.LandBlock{ID: uint32(lb)<<16 | 0xFFFF}
	for r, row := range rows {
		if len(row) != 9 {
			t.Fatalf("map row %q: want 9 vertices", row)
		}
		vy := 8 - r
		for vx := 0; vx < 9; vx++ {
			w, ok := mapWord[row[vx]]
			if !ok {
				t.Fatalf("map char %q unknown", row[vx])
			}
			b.Terrain[vx*9+vy] = w
			b.Height[vx*9+vy] = h
		}
	}
	f.blocks[b.ID] = b
}

const emptyMap = `
.........
.........
.........
.........
.........
.........
.........
.........
.........`

// fakePlayer scripts RollDice's u (u·(hi−lo) + lo) and records plays and,
// like the manager, every u drawn since the last TakeTrace (O4).
type fakePlayer struct {
	us    []float32
	def   float32 // u when the script is exhausted
	beds  []fakePlay
	shots []fakePlay
	rolls int
	trace audio.Trace
}

type fakePlay struct {
	now   float64
	table uint32
	stype uint32
	pos   audio.Vec3
	vol   float32
}

func (p *fakePlayer) RollDice(lo, hi float32) float32 {
	if lo == hi {
		return lo // T4: no draw
	}
	p.rolls++
	u := p.def
	if len(p.us) > 0 {
		u, p.us = p.us[0], p.us[1:]
	}
	p.trace.Draws = append(p.trace.Draws, u)
	return float32(u*(hi-lo)) + lo
}

func (p *fakePlayer) TakeTrace() audio.Trace {
	t := p.trace
	p.trace = audio.Trace{}
	return t
}

func (p *fakePlayer) PlayAmbientAt(now float64, table, stype uint32, pos audio.Vec3, vol float32) audio.Play {
	p.shots = append(p.shots, fakePlay{now, table, stype, pos, vol})
	return audio.Play{Time: now, Source: audio.SourceOneShot, Table: table, SType: stype}
}

func (p *fakePlayer) PlayAmbientFromCenter(now float64, table, stype uint32, vol float32) audio.Play {
	p.beds = append(p.beds, fakePlay{now: now, table: table, stype: stype, vol: vol})
	return audio.Play{Time: now, Source: audio.SourceBed, Table: table, SType: stype}
}

// newAmbient builds the runtime over f with a fresh fake player.
func newAmbient(t testing.TB, f *fakeData) (*Ambient, *fakePlayer) {
	t.Helper()
	land, err := NewLand(f)
	if err != nil {
		t.Fatal(err)
	}
	p := &fakePlayer{def: 0.5}
	return NewAmbient(land, p), p
}

// at is landblock lb, local (x, y), at height z.
func at(lb uint16, x, y, z float32) Loc { return Loc{Landblock: lb, X: x, Y: y, Z: z} }

// upd is one ambient frame with ambient on and the camera at the player.
func upd(a *Ambient, now float64, l Loc) { a.Update(now, l, l, true) }

func near(a, b, eps float32) bool { return a-b <= eps && b-a <= eps }

// record is the fake readers' lookup: the record with id, or an error
// wrapping dat.ErrNotFound that names it.
func record[T any](m map[uint32]*T, id uint32) (*T, error) {
	if v, ok := m[id]; ok {
		return v, nil
	}
	return nil, fmt.Errorf("0x%08X: %w", id, dat.ErrNotFound)
}
