//go:build linux

package device

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jfreymuth/pulse"
)

// pulseServerRig is a private PulseAudio daemon, as scripts/live-smoke.sh
// starts one: its own runtime directory and socket, a float32 null sink
// "cap" that plays in real time (no sound card), anonymous clients.
type pulseServerRig struct {
	t   *testing.T
	dir string
	cmd *exec.Cmd
}

// newPulseServer starts the daemon, or skips the test when there is no
// pulseaudio; PULSE_SERVER points the test's clients at it.
func newPulseServer(t *testing.T) *pulseServerRig {
	if _, err := exec.LookPath("pulseaudio"); err != nil {
		t.Skip("pulseaudio is not installed (apt-get install pulseaudio): no private server to play to")
	}
	if testing.Short() {
		t.Skip("-short: no private PulseAudio server")
	}
	dir, err := os.MkdirTemp("", "swpa") // short: a socket path has at most 107 bytes
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	r := &pulseServerRig{t: t, dir: dir}
	t.Setenv("PULSE_SERVER", "unix:"+filepath.Join(dir, "native"))
	t.Setenv("PULSE_COOKIE", filepath.Join(dir, "no-cookie"))
	r.start()
	t.Cleanup(r.kill)
	return r
}

// start starts the daemon and waits for its socket.
func (r *pulseServerRig) start() {
	sock := filepath.Join(r.dir, "native")
	os.Remove(sock)
	r.cmd = exec.Command("pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--system=no",
		"-L", "module-native-protocol-unix socket="+sock+" auth-anonymous=1",
		"-L", "module-null-sink sink_name=cap rate=44100 format=float32le channels=2",
		"-L", "module-always-sink")
	r.cmd.Env = append(os.Environ(), "XDG_RUNTIME_DIR="+r.dir, "HOME="+r.dir)
	if err := r.cmd.Start(); err != nil {
		r.t.Fatalf("pulseaudio: %v", err)
	}
	for range 100 {
		if _, err := os.Stat(sock); err == nil {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	r.kill()
	r.t.Fatal("the private pulseaudio did not open its socket within 5 s")
}

// kill ends the daemon at once (SIGKILL) and waits for it.
func (r *pulseServerRig) kill() {
	if r.cmd != nil && r.cmd.Process != nil {
		r.cmd.Process.Kill()
		r.cmd.Wait()
		r.cmd = nil
	}
}

// stepFor runs the writer on p in real time for d, rendering c: the
// first error, and the longest single look.
func stepFor(w *writer, c *counter, d time.Duration) (longest time.Duration, err error) {
	for end := time.Now().Add(d); time.Now().Before(end); {
		t := time.Now()
		wait, err := w.step(t, BufferFrames, c.render)
		longest = max(longest, time.Since(t))
		if err != nil {
			return longest, err
		}
		time.Sleep(wait)
	}
	return longest, nil
}

// Spec O5 through a real PulseAudio server: the writer keeps the stream
// fed from the server's own played position, the server plays in real
// time, and what its sink played (recorded from its monitor) is the
// stream the writer rendered, frame for frame, bit for bit.
func TestO5_PulseServerPlaysTheStreamExactly(t *testing.T) {
	newPulseServer(t)
	var mu sync.Mutex
	var heard []float32
	rc, err := pulse.NewClient(pulse.ClientServerString(os.Getenv("PULSE_SERVER")))
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	sink, err := rc.SinkByID("cap")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := rc.NewRecord(pulse.Float32Writer(func(p []float32) (int, error) {
		mu.Lock()
		heard = append(heard, p...)
		mu.Unlock()
		return len(p), nil
	}), pulse.RecordMonitor(sink), pulse.RecordStereo, pulse.RecordSampleRate(44100))
	if err != nil {
		t.Fatal(err)
	}
	rec.Start()
	p, size, err := openPulse()
	if err != nil {
		t.Fatal(err)
	}
	defer p.close()
	w := newWriter(p, PeriodFrames, size)
	c := &counter{next: 1} // frame n is n on both channels; silence is 0
	t0 := time.Now()
	if _, err := stepFor(w, c, 1500*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(t0)
	played := time.Duration(w.played) * time.Second / 44100
	t.Logf("1.5 s: wrote %d frames, played %d (%v) in %v; %d underflows, %d late wakes; queued %d", w.wrote, w.played, played, elapsed, w.xruns, w.lateWakes, w.queued)
	if played > elapsed+pulseCoast || played < elapsed/3 {
		t.Fatalf("the server played %v of the stream in %v: not real time", played, elapsed)
	}
	time.Sleep(300 * time.Millisecond)
	rec.Stop()
	mu.Lock()
	defer mu.Unlock()
	// The monitor may join a little after the stream began (frame n0). At
	// an underflow the sink is rewound to play the frames that come next as
	// soon as they come, and its monitor, having passed on part of what the
	// rewind replaced, loses some frames (on a loaded machine, at times with
	// no silence between): the heard stream may go on at a later frame,
	// never an earlier one, and every frame heard is a frame sent, bit for
	// bit, in order.
	next, n, n0, jumps := float32(0), 0, float32(0), int64(0)
	for i := 0; i+1 < len(heard); i += 2 {
		l, r := heard[i], heard[i+1]
		if l == 0 && r == 0 {
			continue // before the stream, after it, or an underflow's silence
		}
		if n == 0 {
			next, n0 = l, l
		}
		if l > next && l == r && l == float32(int64(l)) {
			next, jumps = l, jumps+1
		}
		if l != next || r != next {
			t.Fatalf("heard frame %d is %v/%v, want frame %v or later: the sink did not play the stream as sent", i/2, l, r, next)
		}
		next++
		n++
	}
	t.Logf("the monitor heard frames %v to %v (%d of them; skipped ahead %d times)", n0, next-1, n, jumps)
	if n0 > 4410 || float32(n) < (next-n0)/2 { // joined within 0.1 s; at least half of the span heard
		t.Fatalf("the sink's monitor heard frames %v to %v; the writer counted %d played", n0, next-1, w.played)
	}
}

// A server that quits is said at once (the connection closes: no waiting
// for the watchdog), a stopped one holds no look of the writer longer than
// the protocol's timeouts, and a new server takes a new stream.
func TestO5_PulseServerGoneStoppedAndBack(t *testing.T) {
	srv := newPulseServer(t)
	p, size, err := openPulse()
	if err != nil {
		t.Fatal(err)
	}
	w := newWriter(p, PeriodFrames, size)
	c := &counter{next: 1}
	if _, err := stepFor(w, c, 300*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	// The Sim covers nothing for 400 ms (a slow window): the writer only
	// looks, and the connection must still be good afterwards.
	for end := time.Now().Add(400 * time.Millisecond); time.Now().Before(end); {
		wait, err := w.step(time.Now(), BufferFrames, func([]float32) (int64, bool) { return 0, false })
		if err != nil {
			t.Fatalf("writing nothing for a while: %v", err)
		}
		time.Sleep(wait)
	}
	if _, err := stepFor(w, c, 200*time.Millisecond); err != nil {
		t.Fatalf("after 400 ms with nothing to write: %v", err)
	}
	srv.cmd.Process.Signal(syscall.SIGSTOP)
	// What the server has played by the stream's account: sent − queued.
	served := func() int64 { p.mu.Lock(); defer p.mu.Unlock(); return p.st.sent/pulseFrame - p.st.queued(time.Now()) }
	l1, err1 := stepFor(w, c, 300*time.Millisecond)
	s1 := served()
	l2, err2 := stepFor(w, c, 700*time.Millisecond)
	s2 := served()
	srv.cmd.Process.Signal(syscall.SIGCONT)
	t.Logf("stopped: played %d frames 0.3 s in, %d 1 s in; longest looks %v, %v; %v, %v", s1, s2, l1, l2, err1, err2)
	// Only a socket write can wait on a stopped server, for at most
	// pulseWriteWait; a request would wait its pulseTimeout.
	if longest := max(l1, l2); longest > pulseWriteWait+100*time.Millisecond {
		t.Fatalf("a look at a stopped server took %v: the writer waited inside it", longest)
	}
	if s2 != s1 {
		t.Fatalf("the stream counted %d frames played between 0.3 s and 1 s into the server's stop", s2-s1)
	}
	srv.kill()
	killed := time.Now()
	_, err = stepFor(w, c, 2*time.Second)
	said := time.Since(killed)
	p.close()
	if err == nil || !strings.Contains(err.Error(), "PulseAudio") {
		t.Fatalf("server killed: the writer says %v", err)
	}
	t.Logf("killed: %v after %v", err, said)
	if said > fallbackAfter/2 {
		t.Fatalf("server killed: said after %v, want at once (well before the watchdog's %v)", said, fallbackAfter)
	}
	srv.start()
	p2, size, err := openPulse()
	if err != nil {
		t.Fatalf("the new server: %v", err)
	}
	defer p2.close()
	w2 := newWriter(p2, PeriodFrames, size)
	if _, err := stepFor(w2, &counter{next: 1}, 500*time.Millisecond); err != nil || w2.played == 0 {
		t.Fatalf("the new server: played %d frames, %v", w2.played, err)
	}
}
