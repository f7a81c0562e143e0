package geom

// HeatKey is what the map's heatmap key shows: explorer/mapview fills it
// (mapview.HeatKey), ambientviz draws it (ambientviz.HeatLegend).
type HeatKey struct {
	Title string   // the selector, e.g. "sound 0x20000001:Ambient1"
	Kind  string   // what a value is, e.g. "crossfade volume (A7)"
	Max   float64  // the ramp's top value (continuous kinds)
	Cats  []string // loudest bed: category names by index (nil: continuous)
	Shown []int16  // loudest bed: the categories on screen, most cells first
	Note  string   // e.g. "every 4th cell" or "computing 120 landblocks…"
}
