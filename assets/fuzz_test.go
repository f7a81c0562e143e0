package assets

import (
	"errors"
	"testing"
)

// FuzzParseDescription: any description files give a description or a
// *DescError with a real position — never a panic or a hang.
func FuzzParseDescription(f *testing.F) {
	f.Add(file("holtburg/land.txt"), file("holtburg/sound.txt"), file("holtburg/terrain.map"), file("holtburg/heights.map"))
	f.Add([]byte("[terrain]\n0 X 1 -\n"), []byte("[descs]\n[ambient]\n[sounds]\n[waves]\nw 0x0A000001 bell f=1e99\n"), []byte("..\n"), []byte("1 2\n"))
	f.Fuzz(func(t *testing.T, land, sound, tmap, heights []byte) {
		d, err := ParseDescription("land.txt", land, "sound.txt", sound, "terrain.map", tmap, "heights.map", heights)
		if err == nil {
			if len(d.TerrainMap) != VertsPerSide || len(d.TerrainTypes) != numTerrainTypes {
				t.Fatalf("accepted a description of the wrong shape: %d columns, %d terrain types", len(d.TerrainMap), len(d.TerrainTypes))
			}
			return
		}
		var de *DescError
		if !errors.As(err, &de) || de.Line < 1 || de.Col < 1 || de.File == "" {
			t.Fatalf("got %v (%T), want a *DescError with file, line ≥ 1 and column ≥ 1", err, err)
		}
	})
}
