package damage

import (
	"testing"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/internal/datcheck"
)

// StandInTargets are the records at the Holtburg spawn the stand-in sets hit.
var StandInTargets = Targets{Table: 0x20000001, Wave: 0x0A000001, LandBlock: 0xA9B4FFFF, LandBlockInfo: 0xA9B4FFFE,
	Scene: 0x12000009, Setup: 0x02000030, Animation: 0x03000030, Script: 0x33000001, EnvCell: 0xA9B40101}

func openPair(t *testing.T, portal, cell []byte) *dat.Archive {
	t.Helper()
	a, err := Open(portal, cell)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// Every damaged stand-in set is flagged by check: a problem the clean
// stand-in does not have.
func TestCheckFlagsEveryStandInSet(t *testing.T) {
	portal, cell, err := assets.StandInImages()
	if err != nil {
		t.Fatal(err)
	}
	clean := map[string]bool{}
	for _, p := range datcheck.Check(openPair(t, portal, cell), datcheck.Options{}).Problems {
		clean[p.String()] = true
	}
	sets, err := Sets(portal, cell, StandInTargets)
	if err != nil {
		t.Fatal(err)
	}
	if len(sets) < 25 {
		t.Fatalf("%d sets", len(sets))
	}
	for _, s := range sets {
		var fresh []string
		for _, p := range datcheck.Check(openPair(t, s.Portal, s.Cell), datcheck.Options{}).Problems {
			if !clean[p.String()] {
				fresh = append(fresh, p.String())
			}
		}
		if len(fresh) == 0 {
			t.Errorf("%s: check found nothing new", s.Name)
		} else {
			t.Logf("%s: %s", s.Name, fresh[0])
		}
	}
}
