package device

import (
	"time"

	"soundworld/internal/crash"
)

// WatchInput times the next input's starts (the latency probe,
// -latency-probe): call it before the Update that pushes them. On its own
// goroutine it polls the device every 0.25 ms until the first frame PushNow
// placed for them has been written to the device and then played (written
// − the device's delay), and calls done with the ms from t0 to each; −1,
// −1 after 10 s without. false (done never called) when there is no device.
func (s *Session) WatchInput(t0 time.Time, done func(writtenMs, playedMs float64)) bool {
	d := s.live()
	if d == nil {
		return false
	}
	n0, _ := d.Inputs()
	go func() {
		defer crash.Recover()
		target, wrote := int64(-1), -1.0
		ms := func() float64 { return float64(time.Since(t0).Microseconds()) / 1e3 }
		for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(250 * time.Microsecond) {
			if n, f := d.Inputs(); target < 0 && n > n0 {
				target = f + 1 // frames written (played) once frame f is
			}
			if target < 0 {
				continue
			}
			w, pl := d.Handed()
			if wrote < 0 && w >= target {
				wrote = ms()
			}
			if wrote >= 0 && pl >= target {
				done(wrote, ms())
				return
			}
		}
		done(-1, -1)
	}()
	return true
}
