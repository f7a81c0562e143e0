package assets

import (
	"slices"
	"testing"
)

// Every Scene id land.txt's [scenes] lists has a record, and every record is
// listed: the region's scene chain never points at nothing.
func TestScenery_EveryListedSceneHasARecord(t *testing.T) {
	d, _, err := Holtburg()
	if err != nil {
		t.Fatal(err)
	}
	var listed []uint32
	for _, s := range d.Scenes {
		listed = append(listed, s.DIDs...)
	}
	var have []uint32
	for _, s := range Scenes() {
		have = append(have, s.ID)
	}
	slices.Sort(listed)
	listed = slices.Compact(listed)
	slices.Sort(have)
	if !slices.Equal(listed, have) {
		t.Errorf("land.txt lists scenes %x, scenery.go has %x", listed, have)
	}
}
