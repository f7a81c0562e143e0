package atlas

import (
	"context"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/internal/bigworld"
)

// TestE3_ObjectLayer: the stand-in's object sounds layer lists its three
// sounding objects; a search by table, SoundType or wave finds the objects
// that play it (a wave also through the variants a SoundTableHook picks).
func TestE3_ObjectLayer(t *testing.T) {
	arch, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	a, err := Open(arch)
	if err != nil {
		t.Fatal(err)
	}
	all, err := a.Objects(context.Background(), a.Landblocks(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 3 || all[0].Setup != assets.ForgeSetup || all[1].Setup != assets.WindmillSetup || all[2].Setup != assets.FountainSetup {
		t.Fatalf("layer: %+v", all)
	}
	for _, c := range []struct {
		q    Query
		want uint32
	}{
		{Query{QueryTable, assets.ForgeTable}, assets.ForgeSetup},
		{Query{QuerySType, assets.HammerSType}, assets.ForgeSetup},
		{Query{QueryWave, 0x0A000021}, assets.ForgeSetup}, // hammer-b, a variant of 0x69
		{Query{QueryWave, assets.CreakWave}, assets.WindmillSetup},
		{Query{QueryWave, 0x0A00000D}, assets.FountainSetup},
	} {
		got, err := a.Objects(context.Background(), a.Landblocks(), &c.q, nil)
		if err != nil || len(got) != 1 || got[0].Setup != c.want {
			t.Errorf("%s: got %+v %v, want setup 0x%08X", c.q, got, err, c.want)
		}
	}
	none, _ := a.Objects(context.Background(), a.Landblocks(), &Query{QueryWave, 0x0A000001}, nil)
	if len(none) != 0 {
		t.Errorf("wind-a is played by no object: %+v", none)
	}
}

// BenchmarkE3_AtlasObjectLayer: the whole-world object sounds layer on the
// full-size generated world (every landblock's LandBlockInfo looked up, the
// towns' Setups read and reduced). Budget: 10 s.
func BenchmarkE3_AtlasObjectLayer(b *testing.B) {
	dir, err := bigworld.Cached()
	if err != nil {
		b.Fatal(err)
	}
	for range b.N {
		arch, err := dat.OpenDir(dir)
		if err != nil {
			b.Fatal(err)
		}
		a, err := Open(arch)
		if err != nil {
			b.Fatal(err)
		}
		objs, err := a.Objects(context.Background(), a.Landblocks(), nil, nil)
		if err != nil || len(objs) == 0 {
			b.Fatalf("%d objects, %v", len(objs), err)
		}
		b.ReportMetric(float64(len(objs)), "objects")
		arch.Close()
	}
}
