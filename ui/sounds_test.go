package ui

import (
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/names"
)

// The Sounds panel's rows come from the names catalogue: an object source
// plays what its first sound hook plays (the forge: SoundType 0x69 of its
// table 0x20000010, whose four variants the stand-in's sound list gives;
// the windmill: wave 0x0A000050), and "where can this play?" searches
// that (a SoundType in its own table: TABLE:STYPE).
func TestSounds_RowsPlayWhatTheDataSays(t *testing.T) {
	a, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	c, err := names.New(a, true, nil).List(a, &dat.Problems{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(soundPicks(&c, tabWaves)); n != 48 {
		t.Errorf("%d wave rows; want the stand-in's 48", n)
	}
	objs := soundPicks(&c, tabObjects)
	var forge, mill *soundPick
	for i := range objs {
		switch {
		case strings.HasPrefix(objs[i].Label, "forge "):
			forge = &objs[i]
		case strings.HasPrefix(objs[i].Label, "windmill "):
			mill = &objs[i]
		}
	}
	if forge == nil || forge.Query != "0x20000010:0x69" || len(forge.Variants) != 4 {
		t.Fatalf("forge row %+v; want SoundType 0x69's 4 variants, query 0x20000010:0x69", forge)
	}
	if mill == nil || mill.Query != "0x0A000050" || len(mill.Variants) != 1 || mill.Variants[0].Wave != 0x0A000050 {
		t.Errorf("windmill row %+v; want wave 0x0A000050", mill)
	}
	hits := filterPicks(soundPicks(&c, tabTypes), "FORGE hammer")
	if len(hits) != 1 || !strings.Contains(hits[0].Label, "(0x69)") {
		t.Errorf("filter \"FORGE hammer\": %+v; want the one forge hammer SoundType", hits)
	}
}
