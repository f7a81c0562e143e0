package commands

import (
	"fmt"

	"soundworld/dat"
	"soundworld/world"
)

// dumpScene prints a Scene record: every ObjectDesc as stored.
func dumpScene(a *dat.Archive, id uint32) (any, error) {
	s, err := a.Scene(id)
	if err != nil {
		return nil, err
	}
	type objJSON struct {
		K           int    `json:"k"`
		ObjID       hexID  `json:"obj_id"`
		BaseLoc     [7]f32 `json:"base_loc"` // x y z qw qx qy qz
		Freq        f32    `json:"freq"`
		DisplaceX   f32    `json:"displace_x"`
		DisplaceY   f32    `json:"displace_y"`
		MinScale    f32    `json:"min_scale"`
		MaxScale    f32    `json:"max_scale"`
		MaxRotation f32    `json:"max_rotation_deg"`
		MinSlope    f32    `json:"min_slope"`
		MaxSlope    f32    `json:"max_slope"`
		Align       uint32 `json:"align"`
		Orient      uint32 `json:"orient"`
		WeenieObj   uint32 `json:"weenie_obj"`
	}
	j := struct {
		Source  string    `json:"source"`
		ID      hexID     `json:"id"`
		Objects []objJSON `json:"objects"`
	}{Source: a.Source, ID: hexID(s.ID), Objects: []objJSON{}}
	for k, o := range s.Objects {
		f := o.BaseLoc
		j.Objects = append(j.Objects, objJSON{k, hexID(o.ObjID), [7]f32{f32(f.X), f32(f.Y), f32(f.Z), f32(f.QW), f32(f.QX), f32(f.QY), f32(f.QZ)},
			f32(o.Freq), f32(o.DisplaceX), f32(o.DisplaceY), f32(o.MinScale), f32(o.MaxScale), f32(o.MaxRotation), f32(o.MinSlope), f32(o.MaxSlope), o.Align, o.Orient, o.WeenieObj})
	}
	return j, nil
}

// dumpScenery prints the scenery retail places in landblock lb
// (world/scenery.go): each object with the vertex and scene that placed it,
// where it stands, its heading and scale, and whether it sounds (E3).
func dumpScenery(a *dat.Archive, lb uint16) (any, error) {
	land, err := world.NewLand(a)
	if err != nil {
		return nil, err
	}
	if _, err := a.LandBlock(uint32(lb)<<16 | dat.LandBlockLow); err != nil {
		return nil, err
	}
	cat := world.NewObjectCatalog(land, a)
	sounding := map[uint32]bool{}
	for _, o := range cat.Block(lb) {
		sounding[o.ID] = true
	}
	type placedJSON struct {
		ID      hexID  `json:"id"`
		Vertex  [2]int `json:"vertex"`
		Scene   hexID  `json:"scene"`
		K       int    `json:"k"`
		ObjID   hexID  `json:"obj_id"`
		X       f32    `json:"x"`
		Y       f32    `json:"y"`
		Z       f32    `json:"z"`
		Heading f32    `json:"heading_deg"`
		Scale   f32    `json:"scale"`
		Sounds  bool   `json:"sounds"`
	}
	j := struct {
		Source    string       `json:"source"`
		Landblock string       `json:"landblock"`
		Count     int          `json:"count"`
		Sounding  int          `json:"sounding"`
		Placed    []placedJSON `json:"placed"`
	}{Source: a.Source, Landblock: fmt.Sprintf("0x%04X", lb), Placed: []placedJSON{}}
	for _, p := range cat.Scenery(lb) {
		id := uint32(lb)<<16 | world.SceneryIDBit | uint32(p.Index)
		j.Placed = append(j.Placed, placedJSON{hexID(id), [2]int{p.VX, p.VY}, hexID(p.Scene), p.K, hexID(p.ObjID),
			f32(cm(p.Loc.X)), f32(cm(p.Loc.Y)), f32(cm(p.Loc.Z)), f32(p.Heading), f32(p.Scale), sounding[id]})
		if sounding[id] {
			j.Sounding++
		}
	}
	j.Count = len(j.Placed)
	for _, p := range land.Problems().List() { // what the placement skipped, printed with the archive's
		a.Problems().Add(p)
	}
	return j, nil
}
