package assets

import (
	"math"
	"testing"

	"soundworld/dat"
	"soundworld/internal/spectest"
)

// TestLandmarks_ReadBackThroughTheParser: Holtburg's LandBlockInfos, read
// through dat's LandBlockInfo parser from the built cell dat, hold every
// landmark — statics as objects after the forge, buildings as BuildInfos —
// at its local x, y, on the ground (z between the cell's lowest and highest
// vertex), facing its heading; has_objects is set exactly where an info exists.
func TestLandmarks_ReadBackThroughTheParser(t *testing.T) {
	a := archive(t)
	infos := map[uint16]*dat.LandBlockInfo{}
	for x := 0xA7; x <= 0xAB; x++ {
		for y := 0xB2; y <= 0xB6; y++ {
			id := uint16(x<<8 | y)
			lb, err := a.LandBlock(uint32(id)<<16 | 0xFFFF)
			if err != nil {
				t.Fatal(err)
			}
			info, err := a.LandBlockInfo(uint32(id)<<16 | 0xFFFE)
			if (lb.HasObjects != 0) != (err == nil) {
				t.Fatalf("0x%04X: has_objects %d, LandBlockInfo err %v", id, lb.HasObjects, err)
			}
			if err == nil {
				infos[id] = info
			}
		}
	}
	if len(infos) != 2 || infos[0xA9B4] == nil || infos[0xA9B3] == nil {
		t.Fatalf("LandBlockInfos in %d landblocks, want 0xA9B4 and 0xA9B3", len(infos))
	}
	if infos[0xA9B4].Objects[0].ID != ForgeSetup {
		t.Fatal("the forge is not 0xA9B4's first object")
	}
	next := map[uint16][2]int{0xA9B4: {1, 0}, 0xA9B3: {0, 0}} // next object, next building
	buildings := 0
	for _, l := range Landmarks {
		info := infos[l.Landblock]
		n := next[l.Landblock]
		var model uint32
		var f dat.Frame
		if l.Building {
			b := info.Buildings[n[1]]
			model, f = b.ModelID, b.Frame
			n[1]++
			buildings++
		} else {
			o := info.Objects[n[0]]
			model, f = o.ID, o.Frame
			n[0]++
		}
		next[l.Landblock] = n
		if model != l.Model || f.X != l.X || f.Y != l.Y {
			t.Fatalf("%s: read model 0x%08X at (%v, %v), want 0x%08X at (%v, %v)", l.Name, model, f.X, f.Y, l.Model, l.X, l.Y)
		}
		lb, _ := a.LandBlock(uint32(l.Landblock)<<16 | 0xFFFF)
		cx, cy := int(l.X/24), int(l.Y/24)
		lo, hi := float32(1e9), float32(-1e9)
		for _, v := range [][2]int{{cx, cy}, {cx + 1, cy}, {cx, cy + 1}, {cx + 1, cy + 1}} {
			h := spectest.DerethHeight(int(lb.Height[v[0]*9+v[1]]))
			lo, hi = min(lo, h), max(hi, h)
		}
		if f.Z < lo-0.01 || f.Z > hi+0.01 {
			t.Errorf("%s: z %v outside the cell's ground %v..%v", l.Name, f.Z, lo, hi)
		}
		// Heading back from the quaternion, independently: a rotation of −h
		// about +Z has z/w = −tan(h/2).
		h := math.Mod(-2*math.Atan2(float64(f.QZ), float64(f.QW))*180/math.Pi+360, 360)
		if math.Abs(h-float64(l.Heading)) > 1e-3 || f.QX != 0 || f.QY != 0 {
			t.Errorf("%s: frame heading %v (q %v %v %v %v), want %v", l.Name, h, f.QW, f.QX, f.QY, f.QZ, l.Heading)
		}
		// Nothing stands on the spawn (84, 7.1) or on the north–south road (x = 96).
		if l.Landblock == CentreBlock && math.Hypot(float64(l.X-84), float64(l.Y-7.1)) < 8 || l.Building && math.Abs(float64(l.X-96)) < 20 {
			t.Errorf("%s at (%v, %v) blocks the spawn or the road", l.Name, l.X, l.Y)
		}
	}
	if buildings < 4 || len(Landmarks)-buildings < 4 {
		t.Fatalf("%d buildings, %d statics: want a handful of each", buildings, len(Landmarks)-buildings)
	}
	n := next[CentreBlock]
	n[0] += 2 // the windmill and the fountain (E3, objects.go) after the landmarks
	next[CentreBlock] = n
	for id, n := range next {
		if n[0] != len(infos[id].Objects) || n[1] != len(infos[id].Buildings) {
			t.Fatalf("0x%04X: %d objects and %d buildings, the table has %d and %d", id, len(infos[id].Objects), len(infos[id].Buildings), n[0], n[1])
		}
	}
}
