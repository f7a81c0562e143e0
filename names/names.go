// Package names is the one place a record, object or sound gets the name a
// designer sees: the user's names file first, then the stand-in's own names
// (assets.Names, for stand-in data only), then the best name the data gives
// (a Setup by what its default animation or script plays), then the id.
// The map, the panels, the atlas search, the events CSV and the reports all
// ask a Book; none keeps names of its own. No ebiten.
package names

import (
	"fmt"
	"sync"

	"soundworld/assets"
	"soundworld/world"
)

// Data is what a Book reads to describe a Setup by what it plays: the same
// records object sources follow. *dat.Archive satisfies it.
type Data = world.SetupData

// Book resolves names. A nil *Book names everything by its id.
type Book struct {
	user   map[uint32]string    // the user's names file: id → name
	ids    map[uint32]string    // the stand-in's names (empty for real data)
	sounds map[[2]uint32]string // the stand-in's (table, SoundType) names
	data   Data                 // nil: Setups are not described

	mu     sync.Mutex
	setups map[uint32]string // Setup id → what it plays (cache)
}

// New is a Book over data d (nil: no Setup descriptions); standIn selects
// the stand-in's own names; user is the user's names file (nil: none).
func New(d Data, standIn bool, user map[uint32]string) *Book {
	b := &Book{user: user, data: d, setups: map[uint32]string{}}
	if standIn {
		n := assets.Names()
		b.ids, b.sounds = n.IDs, n.Sounds
	}
	return b
}

// Known is the name the user or the stand-in gives id, and whether one does.
func (b *Book) Known(id uint32) (string, bool) {
	if b == nil {
		return "", false
	}
	if s, ok := b.user[id]; ok {
		return s, true
	}
	s, ok := b.ids[id]
	return s, ok
}

// Object is an object's short name: the user's name for the object id, then
// for its Setup, then the stand-in's; else "Setup 0x… — plays …" from the
// data; else "object 0x…".
func (b *Book) Object(id, setup uint32) string {
	if s, ok := b.Known(id); ok {
		return s
	}
	if s, ok := b.Known(setup); ok {
		return s
	}
	if d := b.describeSetup(setup); d != "" {
		return d
	}
	return fmt.Sprintf("object 0x%08X", id)
}

// ObjectWithID is Object with the id beside it: "forge 0xA9B40000".
func (b *Book) ObjectWithID(id, setup uint32) string {
	s := b.Object(id, setup)
	if s == fmt.Sprintf("object 0x%08X", id) {
		return s
	}
	return fmt.Sprintf("%s 0x%08X", s, id)
}

// Sound names what a play or voice sounds: the user's name for the wave of
// a table-less play or for the table; the stand-in's name for (table,
// SoundType) or its wave; else the SoundType's §5.1 name, or "wave 0x…" for
// a wave played directly (E1's sound_hook and tweaked_hook: no table, no
// SoundType).
func (b *Book) Sound(stype, table, wave uint32) string {
	if stype == 0 && table == 0 && wave != 0 {
		return b.Wave(wave)
	}
	if b != nil {
		if s, ok := b.sounds[[2]uint32{table, stype}]; ok {
			return s
		}
	}
	return SType(stype)
}

// SoundWithID is Sound with the SoundType or wave id beside it when the name
// is not the SoundType's own: "forge hammer (0x69)".
func (b *Book) SoundWithID(stype, table, wave uint32) string {
	s := b.Sound(stype, table, wave)
	switch {
	case stype == 0 && table == 0 && wave != 0:
		if s == fmt.Sprintf("wave 0x%08X", wave) {
			return s
		}
		return fmt.Sprintf("%s (0x%08X)", s, wave)
	case s == SType(stype):
		return s
	}
	return fmt.Sprintf("%s (0x%02X)", s, stype)
}

// Wave names a wave: the user's or the stand-in's name, else "wave 0x…".
func (b *Book) Wave(id uint32) string {
	if s, ok := b.Known(id); ok {
		return s
	}
	return fmt.Sprintf("wave 0x%08X", id)
}

// Model names a landmark's model (a GfxObj or Setup id), "" if none does.
func (b *Book) Model(id uint32) string {
	s, _ := b.Known(id)
	return s
}

// Play names one play of the events CSV's name column: what sounds and, for
// an object's play (E3), on which object (b nil: ids and SoundType names).
func (b *Book) Play(ev world.Event) string {
	p := ev.Play
	s := b.Sound(p.SType, p.Table, p.Wave)
	if ev.Object != nil {
		s += " on " + b.Object(ev.Object.ObjectID, ev.Object.Setup)
	}
	return s
}
