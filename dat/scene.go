package dat

// typeScene is the record type byte of a Scene (0x12…).
const typeScene = 0x12

// sceneObjectSize is one ObjectDesc: u32 obj_id, Frame base_loc (28 bytes),
// then 11 four-byte fields (freq, displace x/y, min/max scale, max rotation,
// min/max slope, align, orient, weenie_obj) [ACE FileTypes/Scene.cs,
// Entity/ObjectDesc.cs].
const sceneObjectSize = 4 + 28 + 11*4

// SceneObjectIDs reads a Scene record (u32 id 0x12…, u32 count, count ×
// ObjectDesc) and returns each object's model id (a Setup 0x02… or a GfxObj
// 0x01…): what scenery the region's scenes can place (E3 counts the
// sounding Setups among them). The rest of each ObjectDesc is skipped.
func SceneObjectIDs(b []byte) (id uint32, objs []uint32, err error) {
	r := newReader(b)
	id = r.leadID("Scene (0x12xxxxxx)", highByte(typeScene))
	objs = make([]uint32, r.count(sceneObjectSize, "scene objects"))
	for i := range objs {
		objs[i] = r.u32()
		if r.need(sceneObjectSize-4, "scene object") {
			r.off += sceneObjectSize - 4
		}
	}
	if r.err == nil && r.left() > 0 {
		r.fail("bytes after the last scene object:", r.left())
	}
	if err := r.done(id); err != nil {
		return id, nil, err
	}
	return id, objs, nil
}
