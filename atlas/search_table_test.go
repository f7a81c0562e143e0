package atlas

import (
	"context"
	"testing"

	"soundworld/assets"
)

// A search TABLE:STYPE is that table's SoundType only: Ambient1 alone is
// in the stand-in's meadow (0x20000001) and rock (0x20000006) tables;
// 0x20000001:Ambient1 finds the meadow's hits and none of the rock's. The
// forge's hammer (0x69 of 0x20000010) is found in its own table, not in
// the meadow's.
func TestSearch_TableAndSoundType(t *testing.T) {
	q, err := ParseQuery("0x20000001:Ambient1")
	if err != nil || q != (Query{Kind: QuerySType, ID: 0x46, Table: 0x20000001}) {
		t.Fatalf("ParseQuery: %+v, %v", q, err)
	}
	for _, bad := range []string{"0x0A000001:0x46", "0x20000001:nonsense", ":0x46"} {
		if _, err := ParseQuery(bad); err == nil {
			t.Errorf("ParseQuery(%q): no error", bad)
		}
	}
	arch, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	a, err := Open(arch)
	if err != nil {
		t.Fatal(err)
	}
	tables := func(q Query) map[uint32]int {
		hits, err := a.Search(context.Background(), q, nil, nil)
		if err != nil {
			t.Fatalf("%v: %v", q, err)
		}
		n := map[uint32]int{}
		for _, h := range hits {
			n[h.Sound.Table]++
		}
		return n
	}
	all, one := tables(Query{Kind: QuerySType, ID: 0x46}), tables(q)
	if all[0x20000001] == 0 || all[0x20000006] == 0 {
		t.Fatalf("Ambient1 anywhere: %v; want hits in tables 0x20000001 and 0x20000006", all)
	}
	if one[0x20000001] != all[0x20000001] || len(one) != 1 {
		t.Errorf("0x20000001:Ambient1: %v; want only table 0x20000001's %d hits", one, all[0x20000001])
	}
	for table, want := range map[uint32]int{assets.ForgeTable: 1, 0x20000001: 0} {
		objs, err := a.Objects(context.Background(), a.Landblocks(), &Query{Kind: QuerySType, ID: assets.HammerSType, Table: table}, nil)
		if err != nil || len(objs) != want {
			t.Errorf("objects playing 0x%08X:0x69: %d, %v; want %d", table, len(objs), err, want)
		}
	}
}
