package game

import (
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// profiler records per-frame CPU time of Update and Draw (wall time on the
// game goroutine: the work we do, not the GPU's) for -profile-frames N, and
// the wall-clock start of every Draw while it records: frames per second
// include the drawing ebiten does after Draw returns (the GPU, or Mesa's
// software rasteriser on a machine without one).
type profiler struct {
	n        int
	warm     int // frames skipped before recording (tiles loading, first layout)
	upd, drw []time.Duration
	starts   []time.Time      // Draw starts from the first recorded Update to done
	cpu      [2]time.Duration // the process's CPU time at the first and last of starts
	cpuOK    bool
}

func newProfiler(n int) *profiler { return &profiler{n: n, warm: 30} }

func (p *profiler) update(d time.Duration) {
	if p.warm > 0 {
		p.warm--
		return
	}
	if len(p.upd) < p.n {
		p.upd = append(p.upd, d)
	}
}

// draw records one Draw that started at t0 and took d.
func (p *profiler) draw(t0 time.Time, d time.Duration) {
	if len(p.upd) > 0 && !p.done() {
		p.starts = append(p.starts, t0)
		c, ok := processCPU()
		if len(p.starts) == 1 {
			p.cpu[0], p.cpuOK = c, ok
		}
		p.cpu[1] = c
	}
	if p.warm == 0 && len(p.drw) < len(p.upd) {
		p.drw = append(p.drw, d)
	}
}

func (p *profiler) done() bool { return len(p.upd) >= p.n && len(p.drw) >= p.n }

// Percentiles returns the p50, p90 and p99 of ds (nearest rank).
func Percentiles(ds []time.Duration) (p50, p90, p99 time.Duration) {
	if len(ds) == 0 {
		return
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	at := func(q float64) time.Duration {
		i := int(q*float64(len(s))+0.999999) - 1
		return s[max(0, min(len(s)-1, i))]
	}
	return at(0.50), at(0.90), at(0.99)
}

func (p *profiler) report(w io.Writer, firstTerrain time.Duration) {
	tot := make([]time.Duration, len(p.upd))
	for i := range tot {
		tot[i] = p.upd[i] + p.drw[i]
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.3f ms", float64(d)/1e6) }
	fmt.Fprintf(w, "profile: %d frames at %dx%d, every overlay on\n", p.n, Width, Height)
	for _, r := range []struct {
		name string
		d    []time.Duration
	}{{"update", p.upd}, {"draw", p.drw}, {"update+draw", tot}} {
		a, b, c := Percentiles(r.d)
		fmt.Fprintf(w, "  %-12s p50 %s  p90 %s  p99 %s\n", r.name, ms(a), ms(b), ms(c))
	}
	fps, iv := frameRate(p.starts)
	a, b, c := Percentiles(iv)
	fmt.Fprintf(w, "  frames       %.1f FPS (%d frames in %.2f s of wall clock); frame time p50 %s  p90 %s  p99 %s\n",
		fps, len(iv), float64(sum(iv))/1e9, ms(a), ms(b), ms(c))
	if p.cpuOK && len(iv) > 0 {
		// On a shared machine FPS depends on the others' load; CPU a frame
		// much less so (all threads: ours, the Go runtime's, Mesa's).
		fmt.Fprintf(w, "  process CPU  %s a frame (all threads, including a software rasteriser's)\n",
			ms((p.cpu[1]-p.cpu[0])/time.Duration(len(iv))))
	}
	if firstTerrain > 0 {
		fmt.Fprintf(w, "  start → first frame with all terrain: %s\n", ms(firstTerrain))
	}
	if n := glNote(); n != "" {
		fmt.Fprintf(w, "  note: %s\n", n)
	}
}

// frameRate is frames per second over the Draw starts ts (frames between the
// first and the last start, over that span of wall clock) and the frame
// times: the intervals between consecutive starts.
func frameRate(ts []time.Time) (fps float64, iv []time.Duration) {
	for i := 1; i < len(ts); i++ {
		iv = append(iv, ts[i].Sub(ts[i-1]))
	}
	if span := sum(iv); span > 0 {
		fps = float64(len(iv)) / span.Seconds()
	}
	return fps, iv
}

func sum(ds []time.Duration) (t time.Duration) {
	for _, d := range ds {
		t += d
	}
	return t
}

// profiledWindow is the window as a profile run drives it (Game): its
// frames, a count of them, and when the first terrain showed.
type profiledWindow interface {
	ebiten.Game
	frameNo() int
	firstTerrainAt() time.Duration
}

// profileRun is -profile-frames N as a game wrapping the window: every panel
// open, no user input, always "focused", 1280×720 whatever the window's size,
// each frame's Update and Draw timed; after N frames it prints the
// percentiles and ends.
type profileRun struct {
	w    profiledWindow
	out  io.Writer // the report (Config.Stdout)
	prof *profiler
}

func newProfileRun(g *Game) *profileRun {
	g.noInput = true // measured without input
	g.focus = func() bool { return true }
	return &profileRun{w: g, out: g.cfg.Stdout, prof: newProfiler(g.cfg.ProfileFrames)}
}

// Update ends the run with the report once N frames are measured, else
// times the window's Update (frames that did work only: frameGate).
func (p *profileRun) Update() error {
	if p.prof.done() {
		p.prof.report(p.out, p.w.firstTerrainAt())
		return ebiten.Termination
	}
	t0, f := time.Now(), p.w.frameNo()
	err := p.w.Update()
	if err == nil && p.w.frameNo() != f {
		p.prof.update(time.Since(t0))
	}
	return err
}

// Draw times the window's Draw.
func (p *profileRun) Draw(screen *ebiten.Image) {
	t0 := time.Now()
	p.w.Draw(screen)
	p.prof.draw(t0, time.Since(t0))
}

// Layout is 1280×720 whatever the window's size.
func (p *profileRun) Layout(int, int) (int, int) { return p.w.Layout(Width, Height) }

// firstTerrainAt is how long after the process started the first terrain
// showed (0: not yet, or no start time).
func (g *Game) firstTerrainAt() time.Duration { return g.firstTerrain }
