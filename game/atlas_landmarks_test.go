package game

import (
	"fmt"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/dat"
	"soundworld/internal/bigworld"
	"soundworld/internal/bigworld/bigtest"
)

// Landmarks on the full-size generated world (the landmark layer at scale):
// one of its towns, read from the cell dat here with dat's parser, shows its
// buildings and statics on the map and names each (model id, heading) in
// the hover text; a building is a marker of the same px size at any zoom
// (the data gives no size), and switching buildings off removes it.
func TestAtlas_BigWorldLandmarks(t *testing.T) {
	arch := bigtest.Archive(t)
	ids, err := dat.IDs(arch.Cell, 0, 0xFFFFFFFF, func(id uint32) bool { return id&0xFFFF == dat.LandBlockInfoL })
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != bigworld.NumTowns {
		t.Fatalf("%d LandBlockInfos in the generated world, want %d towns", len(ids), bigworld.NumTowns)
	}
	id := ids[len(ids)/2] // a town in the middle of the cell dat's order
	info, err := arch.LandBlockInfo(id)
	if err != nil {
		t.Fatal(err)
	}
	lb := uint16(id >> 16)
	ox, oy := float64(lb>>8)*192, float64(lb&0xFF)*192
	b := info.Buildings[0]
	bx, by := ox+float64(b.Frame.X), oy+float64(b.Frame.Y)
	// Heading from the frame's quaternion, independently: a yaw-only frame is
	// (cos(θ/2), 0, 0, −sin(θ/2)) for heading θ (W4, as bigworld writes it).
	wantHdg := math.Mod(-2*math.Atan2(float64(b.Frame.QZ), float64(b.Frame.QW))*180/math.Pi+360, 360)

	g := atlasGame(t, arch, "bigworld")
	g.st.Follow = false
	markerPx := map[float64]int{}
	for _, mpp := range []float64{0.25, 1} {
		g.cam.MPP = mpp
		g.cam.CX, g.cam.CY = bx, by
		settle(t, g, func() bool {
			return g.mapv.LandmarksRead(lb) && g.mapv.AtlasSettled() && g.mapv.Tiles.Loading() == 0
		})
		s := g.mapv.Hover(g.cam, bx, by)
		if want := fmt.Sprintf("building 0x%08X hdg %.0f° (marker: size not in the data)", b.ModelID, wantHdg); !containsStr(s, want) {
			t.Errorf("%v m/px: hover at town 0x%04X's first building %q, want %q", mpp, lb, s, want)
		}
		st := info.Objects[0]
		sx, sy := ox+float64(st.Frame.X), oy+float64(st.Frame.Y)
		g.mapv.Toggles().Buildings = false
		s = g.mapv.Hover(g.cam, sx, sy)
		g.mapv.Toggles().Buildings = true
		if !containsStr(s, fmt.Sprintf("static 0x%08X", st.ID)) {
			t.Errorf("%v m/px: hover at the first static %q, want its id 0x%08X", mpp, s, st.ID)
		}
		// The marker: pixels within 20 px of the building that change when
		// buildings are switched off.
		on := ebiten.NewImage(Width, Height)
		g.Draw(on)
		saveShot(t, on, fmt.Sprintf("big-town-%v.png", mpp))
		g.mapv.Toggles().Buildings = false
		off := ebiten.NewImage(Width, Height)
		g.Draw(off)
		g.mapv.Toggles().Buildings = true
		pon, poff := pixels(on), pixels(off)
		cx, cy := g.cam.ToScreen(bx, by)
		n := 0
		for y := int(cy) - 20; y <= int(cy)+20; y++ {
			for x := int(cx) - 20; x <= int(cx)+20; x++ {
				if pon.RGBAAt(x, y) != poff.RGBAAt(x, y) {
					n++
				}
			}
		}
		markerPx[mpp] = n
	}
	t.Logf("marker px near the building: %v", markerPx)
	// A 14 × 10 px oblong (plus its outline) is ~140–250 px at both zooms; a
	// size in metres would cover 16× more px at 0.25 m/px than at 1 m/px.
	for mpp, n := range markerPx {
		if n < 100 || n > 400 {
			t.Errorf("%v m/px: the building marker changed %d px near the building, want ~140-250", mpp, n)
		}
	}
	if a, c := markerPx[0.25], markerPx[1]; math.Abs(float64(a-c)) > 0.3*float64(max(a, c)) {
		t.Errorf("marker px at 0.25 m/px %d vs 1 m/px %d: not the same size on screen", a, c)
	}
}
