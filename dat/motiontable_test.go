package dat

import (
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"
)

// handMotionTable is a MotionTable written byte by byte from the layout
// (retail CMotionTable::UnPack, MotionData::UnPack, AnimData::UnPack):
// default style 0x8000003D, style defaults {0x8000003D → 0x41000003},
// one cycle 0x003D0003 with two animations and a velocity, no modifiers,
// one link with one motion and no animations.
func handMotionTable() []byte {
	var b []byte
	u := func(v uint32) { b = binary.LittleEndian.AppendUint32(b, v) }
	f := func(v float32) { u(math.Float32bits(v)) }
	u(0x09000001)             // id
	u(0x8000003D)             // default style
	u(1)                      // style defaults
	u(0x8000003D)             // style
	u(0x41000003)             // its default substate
	u(1)                      // cycles
	u(0x003D0003)             // key: style<<16 | substate&0xFFFFFF (0x8000003D<<16 = 0x003D0000)
	b = append(b, 2, 0, 1, 0) // num_anims 2, bitfield, flags (velocity), padding
	u(0x03000010)             // anim
	u(0)                      // low
	u(0xFFFFFFFF)             // high -1
	f(30)                     // framerate
	u(0x03000011)
	u(2)
	u(5)
	f(-10)
	f(1)
	f(2)
	f(3) // velocity
	u(0) // modifiers
	u(1) // links
	u(0x003D0003)
	u(1)
	u(0x41000005)
	b = append(b, 0, 0, 0, 0)
	return b
}

// TestMotionTableHandLayout pins the layout against the hand-written bytes:
// every field at the offset the layout gives it, and the default cycle.
func TestMotionTableHandLayout(t *testing.T) {
	m, err := ParseMotionTable(handMotionTable())
	if err != nil {
		t.Fatal(err)
	}
	if m.ID != 0x09000001 || m.DefaultStyle != 0x8000003D || len(m.StyleDefaults) != 1 || m.StyleDefaults[0] != (StyleDefault{0x8000003D, 0x41000003}) {
		t.Fatalf("header: %+v", m)
	}
	if len(m.Cycles) != 1 || len(m.Modifiers) != 0 || len(m.Links) != 1 || len(m.Links[0].Motions) != 1 || m.Links[0].Motions[0].Key != 0x41000005 {
		t.Fatalf("lists: %+v", m)
	}
	c := m.Cycles[0]
	if c.Key != 0x003D0003 || c.Off != 24 || c.Flags != 1 || c.Velocity != [3]float32{1, 2, 3} || len(c.Anims) != 2 {
		t.Fatalf("cycle: %+v", c)
	}
	if a := c.Anims[0]; a != (AnimData{Anim: 0x03000010, Low: 0, High: -1, Framerate: 30, Off: 32}) {
		t.Errorf("anim 0: %+v", a)
	}
	if a := c.Anims[1]; a != (AnimData{Anim: 0x03000011, Low: 2, High: 5, Framerate: -10, Off: 48}) {
		t.Errorf("anim 1: %+v", a)
	}
	d, ok := m.DefaultCycle()
	if !ok || d.Key != 0x003D0003 {
		t.Errorf("default cycle: %+v %v", d, ok)
	}
	if got := EncodeMotionTable(m); string(got) != string(handMotionTable()) {
		t.Errorf("encode: %x\nwant     %x", got, handMotionTable())
	}
}

// TestMotionTableDefaultCycleMissing: no style default for the default
// style, or no cycle under its key: no default cycle (retail's
// SetDefaultState fails and the sequence keeps the default animation).
func TestMotionTableDefaultCycleMissing(t *testing.T) {
	m := &MotionTable{ID: 0x09000001, DefaultStyle: 7, StyleDefaults: []StyleDefault{{8, 1}}}
	if _, ok := m.DefaultCycle(); ok {
		t.Error("no style default: a cycle")
	}
	m.StyleDefaults = []StyleDefault{{7, 1}}
	m.Cycles = []MotionData{{Key: 7<<16 | 2}}
	if _, ok := m.DefaultCycle(); ok {
		t.Error("no cycle under 0x00070001: a cycle")
	}
	// Duplicates: the later entry wins (retail's hash puts it in front).
	m.StyleDefaults = []StyleDefault{{7, 2}, {7, 1}}
	m.Cycles = []MotionData{{Key: 7<<16 | 1, Bitfield: 1}, {Key: 7<<16 | 1, Bitfield: 2}}
	if d, ok := m.DefaultCycle(); !ok || d.Bitfield != 2 {
		t.Errorf("duplicates: %+v %v, want the last cycle under 0x00070001", d, ok)
	}
}

// TestMotionTableDamage: every truncation, a huge count, a NaN framerate and
// trailing bytes are errors naming the record and byte, never a panic.
func TestMotionTableDamage(t *testing.T) {
	good := handMotionTable()
	for n := range len(good) {
		if _, err := ParseMotionTable(good[:n]); err == nil {
			t.Fatalf("truncated to %d bytes: no error", n)
		}
	}
	huge := append([]byte{}, good...)
	binary.LittleEndian.PutUint32(huge[20:], 0x7FFFFFFF) // cycles count
	_, err := ParseMotionTable(huge)
	var fe *FormatError
	if !errors.As(err, &fe) || fe.Off != 20 || fe.ID != 0x09000001 {
		t.Errorf("huge cycle count: %v, want an error at byte 20 of 0x09000001", err)
	}
	nan := append([]byte{}, good...)
	binary.LittleEndian.PutUint32(nan[44:], 0x7FC00000) // anim 0's framerate
	if _, err := ParseMotionTable(nan); !errors.As(err, &fe) || fe.Off != 44 || !strings.Contains(err.Error(), "framerate") {
		t.Errorf("NaN framerate: %v, want an error at byte 44", err)
	}
	if _, err := ParseMotionTable(append(append([]byte{}, good...), 0)); !errors.As(err, &fe) || fe.Off != int64(len(good)) {
		t.Errorf("a trailing byte: %v, want an error at byte %d", err, len(good))
	}
}

// FuzzParseMotionTable: any bytes parse or fail, never panic, and what
// parses encodes back to the same bytes.
func FuzzParseMotionTable(f *testing.F) {
	f.Add(handMotionTable())
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := ParseMotionTable(b)
		if err != nil {
			return
		}
		if got := EncodeMotionTable(m); string(got) != string(b) {
			// Padding bytes are not kept: only a non-zero pad may differ.
			if len(got) != len(b) {
				t.Fatalf("re-encoded %d bytes, parsed %d", len(got), len(b))
			}
		}
	})
}

// TestMotionTableProblems: a MotionTable is one row of the record checks
// (check ⊇ commands, E3 [D4]); an animation id of another type is a
// problem at its AnimData's byte (id, style, 1 style default, cycle count,
// key, 4 header bytes = 32), a NaN velocity one at its MotionData's (24).
func TestMotionTableProblems(t *testing.T) {
	c, ok := CheckOf("portal", 0x09000001)
	if !ok || c.Name != "MotionTable" {
		t.Fatalf("CheckOf(portal, 0x09000001) = %q, %v; want the MotionTable row", c.Name, ok)
	}
	if _, probs, err := c.Validate(handMotionTable()); err != nil || len(probs) != 0 {
		t.Fatalf("the hand table: %v, %v; want no problems", probs, err)
	}
	b := handMotionTable()
	binary.LittleEndian.PutUint32(b[32:], 0x01000010)
	binary.LittleEndian.PutUint32(b[64:], math.Float32bits(float32(math.NaN()))) // velocity x
	_, probs, err := c.Validate(b)
	if err != nil || len(probs) != 2 {
		t.Fatalf("damaged: %v, %v; want two problems", probs, err)
	}
	if probs[0].Off != 32 || !strings.Contains(probs[0].What, "0x01000010") {
		t.Errorf("anim id problem %+v: want byte 32 naming 0x01000010", probs[0])
	}
	if probs[1].Off != 24 || !strings.Contains(probs[1].What, "NaN") {
		t.Errorf("velocity problem %+v: want byte 24 naming NaN", probs[1])
	}
}
