package atlas

import (
	"context"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/internal/bigworld/bigtest"
	"soundworld/world"
)

// TestE3_ObjectLayer: the stand-in's object sounds layer lists its three
// sounding statics and the wind chimes its town scenes place; a search by table, SoundType or wave finds the objects
// that play it (a wave also through the variants a SoundTableHook picks).
func TestE3_ObjectLayer(t *testing.T) {
	a := standInAtlas(t)
	all, err := a.Objects(context.Background(), a.Landblocks(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The three LandBlockInfo statics of 0xA9B4 in record order; every
	// other hit is a wind chime the town scenes placed (scenery).
	var statics []ObjectHit
	chimes := 0
	for _, o := range all {
		switch {
		case o.Setup == assets.ChimeSetup && world.ObjectKind(o.ID) == "scenery":
			chimes++
		case world.ObjectKind(o.ID) == "static":
			statics = append(statics, o)
		default:
			t.Errorf("unexpected object %+v", o)
		}
	}
	if len(statics) != 3 || statics[0].Setup != assets.ForgeSetup || statics[1].Setup != assets.WindmillSetup || statics[2].Setup != assets.FountainSetup {
		t.Fatalf("layer statics: %+v", statics)
	}
	if chimes == 0 {
		t.Errorf("no wind chime in the layer")
	}
	for _, c := range []struct {
		q    Query
		want uint32
	}{
		{Query{Kind: QueryTable, ID: assets.ForgeTable}, assets.ForgeSetup},
		{Query{Kind: QuerySType, ID: assets.HammerSType}, assets.ForgeSetup},
		{Query{Kind: QueryWave, ID: 0x0A000021}, assets.ForgeSetup}, // hammer-b, a variant of 0x69
		{Query{Kind: QueryWave, ID: assets.CreakWave}, assets.WindmillSetup},
		{Query{Kind: QueryWave, ID: 0x0A00000D}, assets.FountainSetup},
		{Query{Kind: QueryWave, ID: assets.ChimeWave}, assets.ChimeSetup},
	} {
		got, err := a.Objects(context.Background(), a.Landblocks(), &c.q, nil)
		n := 1
		if c.want == assets.ChimeSetup {
			n = chimes
		}
		for _, o := range got {
			if o.Setup != c.want {
				t.Errorf("%s: found setup 0x%08X, want only 0x%08X", c.q, o.Setup, c.want)
			}
		}
		if err != nil || len(got) != n {
			t.Errorf("%s: got %+v %v, want setup 0x%08X", c.q, got, err, c.want)
		}
	}
	none, _ := a.Objects(context.Background(), a.Landblocks(), &Query{Kind: QueryWave, ID: 0x0A000001}, nil)
	if len(none) != 0 {
		t.Errorf("wind-a is played by no object: %+v", none)
	}
}

// BenchmarkE3_AtlasObjectLayer: the whole-world object sounds layer on the
// full-size generated world (every landblock's LandBlockInfo looked up, the
// towns' Setups read and reduced). Budget: 10 s.
func BenchmarkE3_AtlasObjectLayer(b *testing.B) {
	dir := bigtest.Dir(b)
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
