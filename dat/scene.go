package dat

// typeScene is the record type byte of a Scene (0x12…).
const typeScene = 0x12

// sceneObjectSize is one packed ObjectDesc: u32 obj_id, Frame base_loc (28
// bytes), then 11 four-byte fields (76 bytes; retail Scene::Pack sizes a
// scene as 4 + 76·n).
const sceneObjectSize = 4 + 28 + 11*4

// Scene is record 0x12xxxxxx: the objects one scene can place on a terrain
// vertex (the region's scene types list scenes; world/scenery.go places
// them). Layout: u32 id, u32 count, count × ObjectDesc [ACE
// DatLoader/FileTypes/Scene.cs and Entity/ObjectDesc.cs; DRW dats.xml Scene;
// retail Scene::UnPack and ObjectDesc::UnPack, acclient.c:463119, 462929].
type Scene struct {
	ID      uint32
	Objects []ObjectDesc
}

// ObjectDesc is one object a scene may place, in record order. Retail's
// defaults for a fresh one (ObjectDesc::ObjectDesc) are freq 1, scales 1,
// max slope 90, the rest 0.
type ObjectDesc struct {
	ObjID       uint32  // the model: a Setup 0x02… or a GfxObj 0x01…
	BaseLoc     Frame   // offset within the cell before displacement (m) and base rotation
	Freq        float32 // placed when the vertex's noise is below it (0..1)
	DisplaceX   float32 // m: the most the noise moves it along x (≤ 0: not at all)
	DisplaceY   float32 // m: likewise along y
	MinScale    float32
	MaxScale    float32
	MaxRotation float32 // degrees: the most the noise turns its heading (≤ 0: base heading)
	MinSlope    float32 // the ground normal's z must be within [MinSlope, MaxSlope]
	MaxSlope    float32
	Align       uint32 // non-zero: face down the ground's slope instead of a noise heading
	Orient      uint32 // read and kept; retail's placement does not read it
	WeenieObj   uint32 // non-zero: a server object, never placed by the client
}

// ParseScene decodes a Scene record. The count is checked against the bytes
// left before anything is allocated; trailing bytes are an error.
func ParseScene(b []byte) (*Scene, error) {
	r := newReader(b)
	s := &Scene{}
	s.ID = r.leadID("Scene (0x12xxxxxx)", highByte(typeScene))
	s.Objects = readList(r, sceneObjectSize, "scene objects", func(r *reader) ObjectDesc {
		var o ObjectDesc
		o.ObjID = r.u32()
		o.BaseLoc = readFrame(r)
		o.Freq, o.DisplaceX, o.DisplaceY = r.f32(), r.f32(), r.f32()
		o.MinScale, o.MaxScale, o.MaxRotation = r.f32(), r.f32(), r.f32()
		o.MinSlope, o.MaxSlope = r.f32(), r.f32()
		o.Align, o.Orient, o.WeenieObj = r.u32(), r.u32(), r.u32()
		return o
	})
	r.wholeRecord("bytes after the last scene object:")
	return parsed(r, s.ID, s)
}

// EncodeScene is ParseScene's inverse.
func EncodeScene(s *Scene) []byte {
	var w writer
	w.u32(s.ID)
	writeList(&w, s.Objects, func(w *writer, o ObjectDesc) {
		w.u32(o.ObjID)
		writeFrame(w, o.BaseLoc)
		w.f32s(o.Freq, o.DisplaceX, o.DisplaceY, o.MinScale, o.MaxScale, o.MaxRotation, o.MinSlope, o.MaxSlope)
		w.u32(o.Align)
		w.u32(o.Orient)
		w.u32(o.WeenieObj)
	})
	return w.b
}

// Scene reads a 0x12xxxxxx record from the portal dat.
func (a *Archive) Scene(id uint32) (*Scene, error) {
	return record(a, a.Portal, id, ParseScene, func(v *Scene) uint32 { return v.ID }, (*Scene).Problems)
}
