package dat

import "fmt"

// BadTerrainWord finds the terrain words of l whose terrain type (§3.4 bits
// 2–6) has no TerrainType in g, or whose scene index (bits 11–15) is past
// the end of that type's non-empty scene list — a landcell the region chain
// cannot resolve (A1 gives it no sound), which in end-of-retail data never
// happens (ACE indexes the list unchecked for every landblock). A type with
// no scene types at all is taken as "no scenery, no sound", not a fault. It
// returns the first such vertex (−1 if none), how many more there are, and
// what is wrong with the first.
func BadTerrainWord(l *LandBlock, g *Region) (first, more int, what string) {
	first = -1
	types := g.Terrain.TerrainTypes
	for i, w := range l.Terrain {
		t, s := int(TerrainCode(w)), int(SceneryIndex(w))
		if t < len(types) && (s < len(types[t].SceneTypes) || len(types[t].SceneTypes) == 0) {
			continue
		}
		if first >= 0 {
			more++
			continue
		}
		first = i
		if t >= len(types) {
			what = fmt.Sprintf("vertex %d terrain word 0x%04X: terrain type %d, the region has %d", i, w, t, len(types))
		} else {
			what = fmt.Sprintf("vertex %d terrain word 0x%04X: scene index %d, terrain type %d has %d", i, w, s, t, len(types[t].SceneTypes))
		}
	}
	if more > 0 {
		what += fmt.Sprintf(" (and %d more vertices)", more)
	}
	return first, more, what
}

// TerrainWordOffset is the record byte of terrain word i in a LandBlock (§3.4).
func TerrainWordOffset(i int) int64 { return 8 + 2*int64(i) }
