package world

import (
	"slices"
	"strings"
	"testing"
)

// TestE1_EmittersList pins the emitter list's invariants: an index is a
// position (deleting shifts the later ones down), a refused call changes
// nothing and records nothing, Update keeps the schedule, and an emitter
// added at t first triggers at the next Tick (E1's decision).
func TestE1_EmittersList(t *testing.T) {
	named := func(n string) Emitter { e := forge; e.Name = n; return e }
	s, _ := simFixture(t, 3)
	s.RecordInputs()
	em := s.Emitters()
	em.Set([]Emitter{named("a"), named("b"), named("c")})
	if err := em.Delete(1); err != nil {
		t.Fatal(err)
	}
	if l := em.List(); len(l) != 2 || l[0].Name != "a" || l[1].Name != "c" {
		t.Fatalf("after Delete(1): %+v, want a, c", l)
	}
	if err := em.Update(2, named("x")); err == nil || !strings.Contains(err.Error(), "no emitter 2") {
		t.Errorf("Update(2) of 2 emitters: %v, want no emitter 2", err)
	}
	if err := em.Move(0, -5, -5); err == nil || !strings.Contains(err.Error(), "off the map") {
		t.Errorf("Move off the map: %v, want an error", err)
	}
	for range 90 {
		s.Tick(1.0 / 60)
	}
	next := s.Snapshot().Emitters[1].NextTrigger
	if err := em.Update(1, named("c2")); err != nil {
		t.Fatal(err)
	}
	i := em.Add(named("d"))
	sn := s.Tick(1.0 / 60)
	// forge's interval is 2..4 s: c fired at the first Tick and is not due
	// again yet; d fires at this Tick and is re-armed 2..4 s on.
	if sn.Emitters[1].Name != "c2" || next <= sn.Time || sn.Emitters[1].NextTrigger != next {
		t.Errorf("Update: %q next %v at t=%v, want c2 keeping next %v", sn.Emitters[1].Name, sn.Emitters[1].NextTrigger, sn.Time, next)
	}
	if d := sn.Emitters[i].NextTrigger - sn.Time; i != 2 || d < 2 || d > 4 {
		t.Errorf("Add: index %d re-armed %v s after t=%v, want index 2 fired at this Tick, next in 2..4 s", i, d, sn.Time)
	}
	var kinds []InputKind
	for k := range s.Inputs().Inputs.Len() {
		if in := s.Inputs().Inputs.At(k); in.Kind != InTick && in.Kind != InStep {
			kinds = append(kinds, in.Kind)
		}
	}
	want := []InputKind{InEmitters, InDelete, InUpdate, InAdd}
	if !slices.Equal(kinds, want) {
		t.Errorf("recorded %v, want %v (refused calls not recorded)", kinds, want)
	}
}
