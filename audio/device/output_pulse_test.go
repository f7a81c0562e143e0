package device

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jfreymuth/pulse/proto"
)

// What the writer reads of a PulseAudio stream: frames sent and not yet
// played — all it sent less the server's read index, plus its sink's
// latency (left the stream, not yet played), from its last timing answer,
// less the wall time since that answer while the stream runs, for at most
// pulseCoast. Frames sent after the query went out count, wherever they
// were when the server answered.
func TestPulseQueuedFollowsTheServersAnswer(t *testing.T) {
	t0 := time.Unix(1000, 0)
	var s pulseState
	s.sent = 3000 * pulseFrame
	if q := s.queued(t0); q != 3000 {
		t.Fatalf("before any answer: %d frames queued, want the 3000 sent", q)
	}
	// It has read 2000 frames off the stream, its sink is 10 ms (441
	// frames) behind; 256 more frames went out meanwhile.
	s.answer(&proto.GetPlaybackLatencyReply{WriteIndex: 3000 * pulseFrame, ReadIndex: 2000 * pulseFrame,
		Latency: 10000, Running: true}, t0)
	s.sent += 256 * pulseFrame
	const held = 1000 + 256 + 441
	for _, c := range []struct {
		after time.Duration
		want  int64
	}{
		{0, held},
		{10 * time.Millisecond, held - 441},
		{20 * time.Millisecond, held - 882},
		{pulseCoast, 0},  // 50 ms: 2205 frames, more than it holds
		{time.Second, 0}, // no answer for long: it plays no further as far as we know
	} {
		if q := s.queued(t0.Add(c.after)); q != c.want {
			t.Errorf("%v after the answer: %d frames queued, want %d", c.after, q, c.want)
		}
	}
	// The coast stops at pulseCoast: 5000 frames out, none read, 50 ms
	// (2205 frames) is all it may have played since, however long ago.
	s = pulseState{sent: 5000 * pulseFrame}
	s.answer(&proto.GetPlaybackLatencyReply{Running: true}, t0)
	if q := s.queued(t0.Add(time.Second)); q != 5000-2205 {
		t.Fatalf("a second after the last answer: %d frames queued, want %d", q, 5000-2205)
	}
	// A stream the server is not playing (waiting for its pre-buffer) does
	// not coast.
	s.answer(&proto.GetPlaybackLatencyReply{ReadIndex: 4000 * pulseFrame}, t0)
	if q := s.queued(t0.Add(20 * time.Millisecond)); q != 1000 {
		t.Fatalf("a stopped stream 20 ms after its answer: %d frames queued, want 1000", q)
	}
}

// The server's underflow is one errXrun (as ALSA's EPIPE); a closed
// connection or the stream killed fails every look from then on.
func TestPulseMessages(t *testing.T) {
	t0 := time.Unix(1000, 0)
	var s pulseState
	s.message(&proto.Underflow{StreamIndex: 7}, 3)
	if _, err := s.look(t0); err != nil {
		t.Fatalf("another stream's underflow: %v", err)
	}
	s.message(&proto.Underflow{StreamIndex: 3}, 3)
	if _, err := s.look(t0); !errors.Is(err, errXrun) {
		t.Fatalf("underflow: %v, want errXrun", err)
	}
	if _, err := s.look(t0); err != nil {
		t.Fatalf("the underflow was said twice: %v", err)
	}
	s.message(&proto.PlaybackStreamKilled{StreamIndex: 7}, 3)
	if s.lost != nil {
		t.Fatalf("another stream killed: %v", s.lost)
	}
	s.message(&proto.ConnectionClosed{}, 3)
	for range 2 {
		if _, err := s.look(t0); err == nil || !strings.Contains(err.Error(), "closed the connection") {
			t.Fatalf("server gone: %v, want the connection closed", err)
		}
	}
	k := pulseState{}
	k.message(&proto.PlaybackStreamKilled{StreamIndex: 3}, 3)
	if _, err := k.look(t0); err == nil || !strings.Contains(err.Error(), "killed the stream") {
		t.Fatalf("stream killed: %v", err)
	}
}

// Where the server is: $PULSE_SERVER's first usable address, else the
// runtime directory's pulse/native (PulseAudio's and PipeWire-pulse's).
func TestPulseServer(t *testing.T) {
	for _, c := range []struct{ server, rt, net, addr, err string }{
		{"", "/run/user/1000", "unix", "/run/user/1000/pulse/native", ""},
		{"unix:/tmp/x/native", "/run/user/1000", "unix", "/tmp/x/native", ""},
		{"/tmp/y", "", "unix", "/tmp/y", ""},
		{"{host}unix:/tmp/z", "", "unix", "/tmp/z", ""},
		{"tcp:localhost", "", "tcp", "localhost:4713", ""},
		{"tcp4:127.0.0.1:4000", "", "tcp4", "127.0.0.1:4000", ""},
		{"bogus unix:/tmp/w", "", "unix", "/tmp/w", ""},
		{"bogus", "/run/user/1000", "", "", "no unix or tcp address"},
		{"", "", "", "", "XDG_RUNTIME_DIR and PULSE_SERVER are unset"},
	} {
		env := map[string]string{"PULSE_SERVER": c.server, "XDG_RUNTIME_DIR": c.rt}
		n, a, err := pulseServer(func(k string) string { return env[k] })
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("PULSE_SERVER=%q: %v, want an error saying %q", c.server, err, c.err)
			}
			continue
		}
		if err != nil || n != c.net || a != c.addr {
			t.Errorf("PULSE_SERVER=%q XDG_RUNTIME_DIR=%q: %s %s %v, want %s %s", c.server, c.rt, n, a, err, c.net, c.addr)
		}
	}
}

// -audio pulse with no server answering: our ALSA writer where there is
// ALSA and a device (machines without a sound server), else silent naming
// both reasons; a server that answers is used; one that is there and does
// not answer in time (stopped) is retried, not passed over for ALSA.
func TestPulsePathFallsBackToALSA(t *testing.T) {
	noServer := func() (begin, error) { return nil, errors.New("PulseAudio server /x: connection refused") }
	alsaOut, pulseOut := &fakeOutput{}, &fakeOutput{}
	as := func(out output) func() (begin, error) {
		return func() (begin, error) { return func(*Device, bool) (output, error) { return out, nil }, nil }
	}
	ok := func(int) error { return nil }
	began := func(a openAns) output {
		if a.begin == nil {
			return nil
		}
		out, _ := a.begin(nil, false)
		return out
	}
	if a := resolvePulse(noServer, as(alsaOut), ok); began(a) != alsaOut {
		t.Fatalf("no server, ALSA there: %+v; want ALSA", a)
	}
	a := resolvePulse(noServer, as(alsaOut), func(int) error { return errors.New("no ALSA device") })
	if a.begin != nil || !strings.Contains(a.reason, "connection refused") || !strings.Contains(a.reason, "no ALSA device") {
		t.Fatalf("no server, no ALSA device: %+v; want silent naming both", a)
	}
	if a := resolvePulse(noServer, nil, ok); a.begin != nil || !strings.Contains(a.reason, "connection refused") {
		t.Fatalf("no server, no ALSA (not Linux): %+v", a)
	}
	if a := resolvePulse(as(pulseOut), as(alsaOut), ok); began(a) != pulseOut {
		t.Fatalf("a server answering: %+v, want the pulse path", a)
	}
	stopped := func() (begin, error) {
		return nil, fmt.Errorf("PulseAudio server /x: authentication: %w", context.DeadlineExceeded)
	}
	if a := resolvePulse(stopped, as(alsaOut), ok); a.begin == nil || reflect.ValueOf(a.begin).Pointer() != reflect.ValueOf(pulseRetry).Pointer() {
		t.Fatalf("a server that does not answer: %+v, want it retried (pulseRetry)", a)
	}
}

// fakeOutput is an output that plays nothing (startPulse's choice is the test).
type fakeOutput struct{}

func (*fakeOutput) written() int64  { return 0 }
func (*fakeOutput) played() int64   { return 0 }
func (*fakeOutput) setBuffer(int64) {}
func (*fakeOutput) close() error    { return nil }

// The pulse path's client is pure Go on every platform we build for: no
// package of it outside the standard library has cgo files, and each loads
// without error with cgo off (the core's rule, layers_test.go, asks no
// less of it).
func TestPulseClientIsPureGo(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: runs go list")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	for _, tc := range []string{"linux/amd64/1", "linux/amd64/0", "windows/amd64/1", "windows/amd64/0",
		"darwin/arm64/1", "darwin/arm64/0", "js/wasm/0"} {
		// cgo on: files that would use it are listed; cgo off: it must load.
		target, cgo := tc[:strings.LastIndexByte(tc, '/')], tc[len(tc)-1:]
		goos, goarch, _ := strings.Cut(target, "/")
		cmd := exec.Command(goBin, "list", "-deps", "-f",
			"{{if not .Standard}}{{.ImportPath}}\t{{len .CgoFiles}}\t{{if .Error}}{{.Error}}{{end}}{{end}}",
			"github.com/jfreymuth/pulse/proto")
		cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED="+cgo)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: go list: %v\n%s", target, err, out)
		}
		n := 0
		for _, line := range strings.Split(string(out), "\n") {
			f := strings.Split(line, "\t")
			if len(f) != 3 {
				continue // a standard package
			}
			n++
			if f[1] != "0" || f[2] != "" {
				t.Errorf("%s, CGO_ENABLED=%s: %s: %s cgo files, error %q", target, cgo, f[0], f[1], f[2])
			}
		}
		if n == 0 {
			t.Fatalf("%s: go list named no package of the client:\n%s", target, out)
		}
	}
}
