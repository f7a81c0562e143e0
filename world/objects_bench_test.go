package world

import (
	"testing"

	"soundworld/internal/bigworld/bigtest"
)

// BenchmarkE3_ObjectScan measures the 3×3 object scan on a cell change that
// crosses a landblock edge on the full-size generated world (issue 19's
// budget: under 1 ms), among its towns, whose LandBlockInfos hold sounding
// statics (bigworld objects.go). warm: the player steps back and forth
// between two landblocks whose records were read before — three landblocks'
// objects destroyed, three created, per step. cold: a fresh runtime reads all
// nine landblocks' LandBlockInfos, Setups, Animations and Scripts from the
// dat and creates every object; each landblock's scenery is placed
// (world/scenery.go). wild-warm and wild-cold do the same where the
// scenery itself sounds.
func BenchmarkE3_ObjectScan(b *testing.B) {
	a := bigtest.Archive(b)
	infos, err := a.LandBlockInfoIDs()
	if err != nil || len(infos) == 0 {
		b.Fatalf("no town in the generated world: %v", err)
	}
	town := uint16(infos[len(infos)/2] >> 16)
	land, err := NewLand(a)
	if err != nil {
		b.Fatal(err)
	}
	here, east := Loc{Landblock: town, X: 96, Y: 96}, Loc{Landblock: town + 0x100, X: 96, Y: 96}
	// wild: the first landblock (walking east from the town) whose own
	// scenery holds a sounding object (bigworld scenery.go).
	cat := NewObjectCatalog(land, a)
	wild := Loc{}
	for lb := town; lb>>8 < 0xFE && wild.Landblock == 0; lb += 0x100 {
		for _, d := range cat.Block(lb) {
			if ObjectKind(d.ID) == "scenery" {
				wild = Loc{Landblock: lb, X: 96, Y: 96}
				break
			}
		}
	}
	if wild.Landblock == 0 {
		b.Fatal("no sounding scenery east of the town")
	}
	wildEast := Loc{Landblock: wild.Landblock + 0x100, X: 96, Y: 96}
	// warm steps back and forth between p and q, records already read.
	warm := func(p, q Loc) func(b *testing.B) {
		return func(b *testing.B) {
			o := newObjects(land, a)
			o.scan(0, p)
			o.scan(0, q)
			if len(o.live) == 0 {
				b.Fatal("no object sources here")
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				if i%2 == 0 {
					o.scan(float64(i), p)
				} else {
					o.scan(float64(i), q)
				}
			}
			b.ReportMetric(float64(len(o.live)), "objects")
		}
	}
	// cold creates a fresh runtime at p each time: every record read.
	cold := func(p Loc) func(b *testing.B) {
		return func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				b.StopTimer()
				o := newObjects(land, a)
				b.StartTimer()
				o.scan(0, p)
			}
		}
	}
	b.Run("warm", warm(here, east))
	b.Run("wild-warm", warm(wild, wildEast))
	b.Run("wild-cold", cold(wild))
	b.Run("cold", cold(here))
}
