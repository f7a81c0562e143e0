package bigworld

import "soundworld/dat"

// Scenery for the generated world: a Scene record for every scene id the
// region lists (region.go), so the region's scene chain points at records
// and retail's scenery placement (world/scenery.go) runs at full scale. Most
// scenes place silent trees; every fifth also places, rarely, the sounding
// SoundSetupAnim (E3), so the 3×3 object scan and the atlas's object layer
// are measured with sounding scenery too.

// TreeSetup is the silent scenery Setup (no default animation or script).
const TreeSetup uint32 = 0x02000010

// sceneRecords are the Scene records of every id r's scene types list.
func sceneRecords(r *dat.Region) []*dat.Scene {
	var out []*dat.Scene
	seen := map[uint32]bool{}
	for _, st := range r.Scene.SceneTypes {
		for _, id := range st.Scenes {
			if seen[id] {
				continue
			}
			seen[id] = true
			tree := dat.ObjectDesc{ObjID: TreeSetup, BaseLoc: dat.Frame{QW: 1}, Freq: 0.3, DisplaceX: 12, DisplaceY: 12,
				MinScale: 0.8, MaxScale: 1.2, MaxRotation: 360, MinSlope: 0.7, MaxSlope: 1}
			s := &dat.Scene{ID: id, Objects: []dat.ObjectDesc{tree}}
			if id%5 == 0 {
				s.Objects = append(s.Objects, dat.ObjectDesc{ObjID: SoundSetupAnim, BaseLoc: dat.Frame{X: 4, Y: 4, QW: 1}, Freq: 0.05,
					DisplaceX: 10, DisplaceY: 10, MinScale: 1, MaxScale: 1, MaxRotation: 360, MinSlope: 0, MaxSlope: 1})
			}
			out = append(out, s)
		}
	}
	return out
}

// addSceneryRecords writes the scenes and the tree Setup to the portal dat.
func addSceneryRecords(r *dat.Region, add func(id uint32, rec []byte)) {
	for _, s := range sceneRecords(r) {
		add(s.ID, dat.EncodeScene(s))
	}
	add(TreeSetup, dat.EncodeSetup(&dat.Setup{ID: TreeSetup}))
}
