package game

import (
	"fmt"
	"time"
)

// shotPatience is how long a shot (or capture) may wait with nothing
// changing — no sim step, no tile or pyramid chunk arriving, the camera not
// settling — before it gives up with an error naming what it waits for,
// instead of hanging (a headless run has no one to close the window).
const shotPatience = 60 * time.Second

// shotState is what a shot waits for; any change is progress.
type shotState struct {
	Ticks        int  // sim steps done
	TilesLoading int  // landblock tiles still loading
	AtlasSettled bool // every pyramid chunk the view needs is in
	CamSettled   bool // the camera is where the tiles were asked for
	Frame        int  // frames since the last tick (the panels' settle count, up to shotSettleFrames)
}

// shotWatch notices a shot that stopped making progress.
type shotWatch struct {
	last  shotState
	since time.Time // when last was first seen
}

// stalled records s at now and returns an error once s has not changed for
// longer than patience.
func (w *shotWatch) stalled(s shotState, now time.Time, patience time.Duration) error {
	if w.since.IsZero() || s != w.last {
		w.last, w.since = s, now
		return nil
	}
	if now.Sub(w.since) <= patience {
		return nil
	}
	return fmt.Errorf("shot: nothing changed for %s (sim steps %d, tiles loading %d, atlas chunks all in %v, camera settled %v)",
		patience, s.Ticks, s.TilesLoading, s.AtlasSettled, s.CamSettled)
}
