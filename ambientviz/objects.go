package ambientviz

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/world"
)

// ObjectCol is the colour of the data's sounding objects (E3): teal, apart
// from the user's orange emitters.
var ObjectCol = color.RGBA{0x30, 0xd0, 0xc0, 0xff}

// Objects draws each sounding object of the data (E3) as a teal square with
// its S1 audible-radius ring (dashed look: thinner, fainter than an
// emitter's); a muted one is drawn faint.
func Objects(dst *ebiten.Image, s *world.Snapshot, v View) {
	for _, o := range s.Objects {
		px, py := v.Cam.ToScreen(float64(o.Pos.X), float64(o.Pos.Y))
		a := 1.0
		if o.Muted {
			a = 0.35
		}
		if r := v.Cam.RingRadiusPx(float64(o.AudibleRadius)); r > 0 {
			StrokeCircle(dst, float32(px), float32(py), float32(r), 1, Fade(ObjectCol, 0.55*a))
		}
		FillRect(dst, float32(px-7), float32(py-7), 14, 14, outlineCol)
		FillRect(dst, float32(px-5.5), float32(py-5.5), 11, 11, Fade(ObjectCol, a))
		// Optional: scenery can put many objects in one view; a label with no
		// free place is left out (the marker stays; the Emitters panel lists
		// every object) rather than drawn over a key or another label.
		t := v.Names.Object(o.ID, o.Setup)
		if o.State == world.ScriptFinished {
			t += " (script finished)"
			a *= 0.6
		}
		QueueLabel(t, px, py, [][2]float64{{px + 10, py - 8}, {px - 10 - LabelWidth(t), py - 8}}, 1, true, ObjectCol, a)
	}
}
