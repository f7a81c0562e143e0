package ui

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/audio"
	"soundworld/world"
)

// resetHost records the seeds the panels reset the Sim with.
type resetHost struct {
	fakeHost
	resets []uint32
}

func (h *resetHost) Reset(seed uint32) error { h.resets = append(h.resets, seed); return nil }

// Issue 21 item 2: the Controls panel shows the Sim's seed and eye height
// from the Snapshot. A window reopened with -from a seed-7, eye-7.5 m
// sidecar showed the command line's defaults (seed "1", eye 2.0) and
// "reset sim with seed" restarted with seed 1.
func TestControls_ShowTheSnapshotsSeedAndEye(t *testing.T) {
	s := &world.Snapshot{Time: 3, Prefs: audio.DefaultPrefs(), RNG: &world.RNGState{Seed: 7}}
	s.Listener.Eye = 7.5
	h := &resetHost{}
	u := New(h, NewState())
	u.SetScreen(1280, 720)
	img := ebiten.NewImage(1280, 720)
	for i := 0; i < 2; i++ {
		if _, err := u.Update(s); err != nil {
			t.Fatal(err)
		}
		u.Draw(img)
	}
	if got := u.st.SeedText; got != "7" {
		t.Errorf("seed box shows %q, want the Sim's seed \"7\"", got)
	}
	if got := u.eyeShown(); got != 7.5 {
		t.Errorf("eye slider shows %v m, want the Sim's 7.5 m", got)
	}
	u.resetSeed()
	if len(h.resets) != 1 || h.resets[0] != 7 {
		t.Errorf("reset sim with seed: reset with %v, want [7]", h.resets)
	}
	// A typed seed stays until the Sim's seed changes, then the box follows the Sim.
	u.st.SeedText = "12"
	u.Update(s)
	if u.st.SeedText != "12" {
		t.Errorf("typed seed replaced by %q before the Sim changed", u.st.SeedText)
	}
	s2 := *s
	s2.RNG = &world.RNGState{Seed: 12}
	u.Update(&s2)
	s3 := s2
	s3.RNG = &world.RNGState{Seed: 3}
	u.Update(&s3)
	if u.st.SeedText != "3" {
		t.Errorf("after the Sim restarted with seed 3 the box shows %q", u.st.SeedText)
	}
}
