package game

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// -profile-frames reports frames per second of wall clock: frames between
// the first and last recorded Draw start over that span, so the drawing done
// after Draw returns (the rasteriser) counts; CPU time alone does not.
func TestProfile_ReportsFPS(t *testing.T) {
	p := newProfiler(4)
	p.warm = 0
	t0 := time.Unix(1000, 0)
	at := t0
	for i := 0; i < 4; i++ {
		p.update(time.Millisecond)
		p.draw(at, 2*time.Millisecond) // 3 ms of CPU a frame …
		at = at.Add(40 * time.Millisecond)
	}
	// … but a new frame only every 40 ms: 3 intervals in 120 ms = 25 FPS.
	if !p.done() {
		t.Fatal("profiler not done after 4 frames")
	}
	p.draw(at, time.Millisecond) // after done: not counted
	fps, iv := frameRate(p.starts)
	if len(iv) != 3 || fps < 24.999 || fps > 25.001 {
		t.Fatalf("fps %.3f over %d intervals, want 25 over 3", fps, len(iv))
	}
	var b bytes.Buffer
	p.report(&b, 0)
	if !strings.Contains(b.String(), "25.0 FPS (3 frames in 0.12 s") {
		t.Fatalf("report has no FPS line:\n%s", b.String())
	}
}
