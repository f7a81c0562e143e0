package audio

import (
	"encoding/binary"
	"fmt"
	"sync"
	"testing"

	"soundworld/dat"
)

// fakeTables serves in-memory sound tables and waves and counts wave reads.
type fakeTables struct {
	mu     sync.Mutex
	tables map[uint32]*dat.SoundTable
	waves  map[uint32]*dat.Wave
	reads  map[uint32]int
}

func newFake() *fakeTables {
	return &fakeTables{tables: map[uint32]*dat.SoundTable{}, waves: map[uint32]*dat.Wave{}, reads: map[uint32]int{}}
}

func (f *fakeTables) SoundTable(id uint32) (*dat.SoundTable, error) {
	if t, ok := f.tables[id]; ok {
		return t, nil
	}
	return nil, fmt.Errorf("no table 0x%08X", id)
}

func (f *fakeTables) Wave(id uint32) (*dat.Wave, error) {
	f.mu.Lock()
	f.reads[id]++
	f.mu.Unlock()
	if w, ok := f.waves[id]; ok {
		return w, nil
	}
	return nil, fmt.Errorf("no wave 0x%08X", id)
}

// pcm16 builds a 16-bit PCM wave of frames frames at rate Hz, every sample = v.
func pcm16(id uint32, channels, rate, frames int, v int16) *dat.Wave {
	b := make([]byte, 2*channels*frames)
	for i := 0; i < len(b); i += 2 {
		binary.LittleEndian.PutUint16(b[i:], uint16(v))
	}
	return &dat.Wave{ID: id, Format: dat.WaveFormat{Tag: dat.WaveTagPCM, Channels: uint16(channels),
		SamplesPerSec: uint32(rate), BlockAlign: uint16(2 * channels), BitsPerSample: 16}, Data: b}
}

// addWave registers a 44100 Hz mono wave of the given length in frames.
func (f *fakeTables) addWave(id uint32, frames int, v int16) {
	f.waves[id] = pcm16(id, 1, SampleRate, frames, v)
}

// addSound adds one SoundType with entries to table id.
func (f *fakeTables) addSound(table, stype uint32, entries ...dat.SoundData) {
	t := f.tables[table]
	if t == nil {
		t = &dat.SoundTable{ID: table, Sounds: map[uint32][]dat.SoundData{}}
		f.tables[table] = t
	}
	t.Sounds[stype] = entries
}

// newSureFake is a fake whose table tbl has one SoundType, 1: longWave (100
// frames) with probability 1 and volume 1, a sound that always plays in full.
func newSureFake() *fakeTables {
	f := newFake()
	f.addWave(longWave, 100, 1)
	f.addSound(tbl, 1, dat.SoundData{WaveID: longWave, Probability: 1, Volume: 1})
	return f
}

// newTestManager returns a manager with scripted dice (always 0.5) and rand (always 0).
func newTestManager(t *testing.T, f *fakeTables) *Manager {
	m := NewManager(NewBank(f), DefaultPrefs(), 1)
	m.SetRandom(constDice(0.5), constRand(0))
	return m
}

type constDice float32

func (c constDice) Roll() float32 { return float32(c) }

type constRand int

func (c constRand) Rand() int { return int(c) }

// failDice fails the test if a roll is drawn.
type failDice struct{ t *testing.T }

func (f failDice) Roll() float32 { f.t.Fatal("unexpected RollDice"); return 0 }

type failRand struct{ t *testing.T }

func (f failRand) Rand() int { f.t.Fatal("unexpected rand()"); return 0 }
