package world

import (
	"testing"

	"soundworld/dat"
)

// denseMap has sound on every vertex (two descs, checkered): the worst case.
const denseMap = `
abababab.
babababa.
abababab.
babababa.
abababab.
babababa.
abababab.
babababa.
abababab.`

// BenchmarkRebuild is one full A2 rebuild: 9 landblocks × 64 cells, every
// landblock present, listener in the centre block.
func BenchmarkRebuild(b *testing.B) {
	f := newFake([]dat.AmbientSoundDesc{bedA, shotA}, []dat.AmbientSoundDesc{bedA, shotA, bedA})
	for x := 0; x < 3; x++ {
		for y := 0; y < 3; y++ {
			f.addMap(b, uint16(x<<8|y), uint8(x+y), denseMap)
		}
	}
	a, _ := newAmbient(b, f)
	a.feet = at(0x0101, 100, 90, 30)
	a.camera = a.feet
	a.Rebuild(0) // warm the landblock and chain caches
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a.Rebuild(float64(i))
	}
	b.ReportMetric(float64(len(a.Cells())), "cells")
}

// BenchmarkTickNoRebuild is a Sim.Tick (60 Hz) where the listener stays in its
// cell: queue drain, emitters, snapshot.
func BenchmarkTickNoRebuild(b *testing.B) {
	s, _ := simFixture(b, 1)
	s.Emitters().Set([]Emitter{forge})
	x, y := WorldPos(0x0101, 100, 90)
	s.SetListener(x, y, 0)
	for range 600 {
		s.Tick(1.0 / 60)
		s.Manager().TakeStarts()
	}
	r := s.Ambient().Rebuilds()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Tick(1.0 / 60)
		s.Manager().TakeStarts()
	}
	b.StopTimer()
	if s.Ambient().Rebuilds() != r {
		b.Fatalf("the listener left its cell")
	}
}
