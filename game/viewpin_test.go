package game

import (
	"io"
	"math"
	"path/filepath"
	"testing"

	"soundworld/assets"
	"soundworld/assets/standintest"
)

// `shot -follow=false -center LOC` puts LOC in the middle of the map area
// in every frame of the shot (recentring on the listener would ignore
// -center). LOC is 70 m west and 2.9 m north of
// the stand-in's start (0xA9B4 84 7.1), far enough that the listener's centre
// is 87 px off at 0.8 m/px.
// The sidecar keeps the view: `shot -from` of it keeps the camera it restored
// and follow off as the shot had it (the pixels are compared in
// cmd/soundworld-window's TestShotFrom_CenterPixelEqual: two shots in one
// process share ebiten's caches and are not a fair pixel comparison).
func TestShot_CenterPinsTheView(t *testing.T) {
	dir := t.TempDir()
	out, again := filepath.Join(dir, "c.png"), filepath.Join(dir, "d.png")
	g := runShot(t, Config{Shot: &Shot{Seconds: 0.5, Out: out}, ViewOpts: ViewOpts{NoFollow: true, Center: "0xA9B4 14 10"}})
	// Landblock 0xA9B4 starts at x = 0xA9·192 m, y = 0xB4·192 m.
	wx, wy := float64(0xA9*192+14), float64(0xB4*192+10)
	r := g.mapRect()
	sx, sy := g.cam.ToScreen(wx, wy)
	mx, my := float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2
	if math.Abs(sx-mx) > 1 || math.Abs(sy-my) > 1 {
		t.Errorf("-center 0xA9B4 14 10 drawn at screen (%.1f, %.1f), want the map area's middle (%.1f, %.1f) of %v", sx, sy, mx, my, r)
	}
	if g.st.Follow {
		t.Error("-follow=false: follow is on")
	}
	g2 := runShot(t, Config{Shot: &Shot{Out: again}, From: mustReadFrom(t, SidecarPath(out))})
	if g2.cam != g.cam || g2.st.Follow {
		t.Errorf("shot -from: camera %+v follow %v, want %+v follow false", g2.cam, g2.st.Follow, g.cam)
	}
}

// runShot runs a shot on the stand-in to its end.
func runShot(t *testing.T, c Config) *Game {
	t.Helper()
	a := standintest.Archive(t)
	c.Archive, c.Source, c.Stdout = a, assets.Name, io.Discard
	return runShotOf(t, c)
}
