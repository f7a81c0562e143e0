package game

import (
	"sync"
	"sync/atomic"
	"time"

	"soundworld/internal/crash"
)

// focusPoller reads the window's focus for G4 on its own goroutine, every
// focusEvery, so Update never waits for it: ebiten.IsFocused is a round
// trip to the main thread (an X server query under GLFW), and in the first
// frames, while the main thread is still busy opening the window, it took
// 0.1-5.5 ms of the game's frame (BenchmarkAtlas_OverviewCold). A focus
// change reaches the Sim within focusEvery (one 60 Hz frame), as retail
// sees it once a frame. Until the first read the window counts as focused,
// as a window that has just opened is.
type focusPoller struct {
	read  func() bool // ebiten.IsFocused; tests inject
	start sync.Once
	stop  chan struct{}
	known atomic.Bool // a read has finished
	v     atomic.Bool
}

const focusEvery = time.Second / 60

func newFocusPoller(read func() bool) *focusPoller {
	return &focusPoller{read: read, stop: make(chan struct{})}
}

// focused is the latest read (true before the first); the first call starts
// the polling.
func (p *focusPoller) focused() bool {
	p.start.Do(func() { crash.Go(p.poll) })
	return !p.known.Load() || p.v.Load()
}

func (p *focusPoller) poll() {
	t := time.NewTicker(focusEvery)
	defer t.Stop()
	for {
		p.v.Store(p.read())
		p.known.Store(true)
		select {
		case <-p.stop:
			return
		case <-t.C:
		}
	}
}

// close ends the polling (once).
func (p *focusPoller) close() {
	select {
	case <-p.stop:
	default:
		close(p.stop)
	}
}
