package device

import (
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"soundworld/audio"
)

// noDryCheck fails unless the session has counted no underrun: none in the
// device's account, the status, the lead, the buffer or the notices.
func (r *openRig) noDryCheck(stage string, lead0 int64) {
	r.t.Helper()
	f, n := r.d.Underruns()
	st := r.s.Status()
	dry := 0
	for _, m := range r.h.notices {
		if strings.Contains(m, "ran dry") {
			dry++
		}
	}
	if f != 0 || n != 0 || st.Underruns != 0 || r.d.LeadFrames() != lead0 || r.d.BufferFramesNow() != BufferFrames || dry != 0 || r.d.Fast() {
		r.t.Errorf("%s: %d underrun frames in %d underruns (status %d), lead %d frames (was %d), buffer %d, %d \"ran dry\" notices, fast %v; "+
			"want none, the lead and buffer as they were: no device played",
			stage, f, n, st.Underruns, r.d.LeadFrames(), lead0, r.d.BufferFramesNow(), dry, r.d.Fast())
	}
}

// O5: while no device plays — the open has not answered (opening.go), or
// the device was lost (pcmOut's watchdog) — the mix runs on the wall clock
// and nothing is heard, so nothing runs dry: frames the wall clock skipped
// because the Sim had not covered them (a game thread descheduled 0.6 s),
// the device's silence before it was given up, and the gap between the
// wall clock and a device that opens late or comes back are no underrun.
// The lead, the buffer and the notices stay. A device that then runs dry
// (its writer descheduled 0.3 s) still counts one underrun of what it
// played of nothing, and the lead grows a step.
func TestO5_NoUnderrunsWhileNoDevicePlays(t *testing.T) {
	r := newOpenRig(t)
	r.push = true
	r.run(3500 * time.Millisecond) // anchored at openWait, on the wall clock
	lead0 := r.d.LeadFrames()
	r.frozen = true
	r.run(4100 * time.Millisecond)
	r.frozen = false
	r.run(6 * time.Second)
	r.noDryCheck("opening, the Sim stalled 0.6 s", lead0)

	r.ch <- openAns{begin: r.begin}
	r.run(8 * time.Second)
	if st, _ := r.d.Stalls(); st.OnWallClock || st.Returns != 1 {
		t.Fatalf("2 s after the answer: %+v; want the device playing", st)
	}
	r.noDryCheck("opened late", lead0)

	r.down = true // the device is lost: it plays nothing, and opens no more
	r.dev.mu.Lock()
	r.dev.dead, r.dev.deadAfterRestart = true, true
	r.dev.mu.Unlock()
	r.run(11 * time.Second)
	if st, _ := r.d.Stalls(); !st.OnWallClock || st.Fallbacks != 1 {
		t.Fatalf("lost: %+v; want the wall clock to have the mix", st)
	}
	r.noDryCheck("lost", lead0)

	r.down = false
	r.run(14 * time.Second)
	if st, _ := r.d.Stalls(); st.OnWallClock || st.Returns != 2 {
		t.Fatalf("back: %+v; want the device playing again", st)
	}
	r.noDryCheck("back", lead0)

	r.writerOff = true // the device plays its buffer, then 0.3 s less that of nothing
	r.run(14*time.Second + 300*time.Millisecond)
	r.writerOff = false
	r.run(17 * time.Second)
	f, n := r.d.Underruns()
	want := 0.3*audio.SampleRate - BufferFrames - underrunSlack
	if n != 1 || math.Abs(float64(f)-want) > 2*underrunSlack {
		t.Errorf("the returned device ran dry: %d frames in %d underruns, want one of about %.0f", f, n, want)
	}
	if r.d.LeadFrames() != lead0+leadStep || r.s.Status().Underruns != 1 {
		t.Errorf("after the device ran dry: lead %d (was %d), status underruns %d; want a step more, 1", r.d.LeadFrames(), lead0, r.s.Status().Underruns)
	}
}

// O5, the scripted device (oto's path: the Device's stream): frames the
// wall clock renders while the device is lost — the Sim and the watchdog
// descheduled 0.2 s of every 0.5 s, so the wall clock waits for the Sim,
// then catches up at most wallBacklog and skips the rest — are no device's: when the device plays again
// (filling the largest buffer at once) there is no underrun and no fast
// device, a device that comes back at 4× real time is still found out,
// and one that then starves 0.3 s counts that underrun.
func TestO5_WallClockIsNoDevicesPace(t *testing.T) {
	for _, speed := range []float64{1, 4} {
		wall := 0.0
		d, s := testDevice(&wall)
		d.Anchor("session", 0, 1)
		d.Covered(math.NaN())
		readFor(s, &wall, 2)
		at := func(sec float64) time.Time { return time.Unix(100, 0).Add(time.Duration(sec * float64(time.Second))) }
		buf := make([]float32, 2*PeriodFrames)
		from, done := wall, int64(0)
		for ; wall < from+2; wall += 0.005 {
			if math.Mod(wall-from, 0.5) >= 0.2 { // else the machine runs neither the Sim nor the watchdog
				due, _ := d.Due()
				d.Covered(due)
				done = renderWall(d, at(from), at(wall), done, PeriodFrames, buf)
			}
		}
		d.Covered(math.NaN())
		io.ReadFull(s, make([]byte, 8*MaxBufferFrames)) // back: the device fills its buffer at once
		read := make([]byte, 8*441)
		for end := wall + 3; wall < end-1e-9; wall += 0.01 / speed {
			io.ReadFull(s, read)
		}
		if fast := speed > FastRatio; d.Fast() != fast {
			t.Errorf("%v× real time after a wall-clock spell: fast %v, want %v", speed, d.Fast(), fast)
			continue
		}
		if speed > FastRatio {
			continue
		}
		if f, n := d.Underruns(); f != 0 || n != 0 {
			t.Errorf("back after a wall-clock spell: %d frames in %d underruns, want none", f, n)
		}
		wall += 0.3 // starved: the device played 300 ms of nothing
		readFor(s, &wall, 3)
		if f, n := d.Underruns(); n != 1 || math.Abs(float64(f)-0.3*audio.SampleRate) > 2*underrunSlack {
			t.Errorf("starved 300 ms after the return: %d frames in %d underruns, want one of about %d", f, n, int(0.3*audio.SampleRate))
		}
	}
}
