package device

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jfreymuth/pulse/proto"

	"soundworld/audio"
)

// pulsePCM is a playback stream on a PulseAudio server (or PipeWire's
// pulse server), spoken to over its native protocol through
// github.com/jfreymuth/pulse/proto: pure Go, no cgo, no libpulse. It is a
// pcm (writer.go), so the same writer, watchdog and retries (pcmout.go)
// drive it as drive ALSA.
//
//   - write sends the frames at once (a data packet; the socket write has a
//     deadline, so a stopped server cannot hold the writer).
//   - delay is the bytes sent less the server's read index, plus its
//     sink's latency, from its last timing answer, less the wall time since
//     that answer while the stream runs (at most pulseCoast: a server that
//     stops answering stops playing as far as the writer knows). Answers
//     are asked for in the background (the writer never waits for one).
//   - A server that goes away (connection closed, stream killed, a write
//     failed) fails every call: the attempt ends at once and pcmOut reopens.
//   - The server's underflow (it ran dry) is errXrun, as ALSA's EPIPE.
//     restart drops nothing: the server plays on by itself once it holds a
//     request's worth, and a flush would lose frames sent since (the stream
//     must stay the render's) and move the server's indices. A server that
//     holds frames and plays none is left to the watchdog.
type pulsePCM struct {
	c      *proto.Client
	conn   *pulseConn
	index  uint32
	now    func() time.Time
	asking atomic.Bool // a timing query is out
	out    []byte      // write's bytes
	tee    *os.File    // PulseTeeEnv's file, or nil

	mu sync.Mutex
	st pulseState // guarded by mu
}

// pulseState is pulsePCM's account, pure: the server's messages and
// timing answers in, what the writer reads out.
type pulseState struct {
	sent      int64     // bytes sent (the server's write index: the stream is never flushed)
	lost      error     // the server went away or killed the stream: every call fails
	underflow bool      // the server ran dry since the writer last looked
	asked     time.Time // when the last timing query went out
	t         pulseTiming
}

// pulseTiming is the server's last timing answer.
type pulseTiming struct {
	ok      bool
	read    int64     // bytes: its read index (what left the stream for the sink)
	sink    int64     // bytes: its sink's latency (left the stream, not yet played)
	at      time.Time // when the answer came
	running bool      // the stream was playing
}

// Pulse timing: the writer's looks ask for a new answer at most every
// pulseAskEvery; between answers a running stream is taken to play on for
// at most pulseCoast; requests (opening, timing) wait at most
// pulseTimeout for the server, and a write at most pulseWriteWait.
const (
	pulseAskEvery  = 2 * time.Millisecond
	pulseCoast     = 50 * time.Millisecond
	pulseTimeout   = 500 * time.Millisecond
	pulseWriteWait = 200 * time.Millisecond
	pulseFrame     = 8 // bytes: float32 stereo
)

// queued is the frames sent and not yet played at now.
func (s *pulseState) queued(now time.Time) int64 {
	if !s.t.ok {
		return s.sent / pulseFrame // nothing played as far as we know
	}
	q := s.sent - s.t.read + s.t.sink
	if s.t.running {
		coast := min(now.Sub(s.t.at), pulseCoast)
		q -= int64(coast.Seconds()*audio.SampleRate) * pulseFrame
	}
	return max(0, q/pulseFrame)
}

// look is what delay says at now: the frames queued, errXrun once after
// an underflow, or the error that ended the connection.
func (s *pulseState) look(now time.Time) (int64, error) {
	if s.lost != nil {
		return 0, s.lost
	}
	if s.underflow {
		s.underflow = false
		return 0, errXrun
	}
	return s.queued(now), nil
}

// answer takes a timing answer that came at now.
func (s *pulseState) answer(r *proto.GetPlaybackLatencyReply, now time.Time) {
	sink := int64(float64(r.Latency)*audio.SampleRate/1e6) * pulseFrame
	s.t = pulseTiming{ok: true, read: r.ReadIndex, sink: sink, at: now, running: r.Running}
}

// message takes a message the server sent about stream index.
func (s *pulseState) message(msg any, index uint32) {
	switch m := msg.(type) {
	case *proto.Underflow:
		if m.StreamIndex == index {
			s.underflow = true
		}
	case *proto.PlaybackStreamKilled:
		if m.StreamIndex == index && s.lost == nil {
			s.lost = errors.New("PulseAudio: the server killed the stream")
		}
	case *proto.ConnectionClosed:
		if s.lost == nil {
			s.lost = errors.New("PulseAudio: the server closed the connection")
		}
	}
}

func (p *pulsePCM) avail() (int64, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.st.lost != nil {
		return 0, p.st.lost
	}
	return max(0, MaxBufferFrames-p.st.queued(p.now())), nil
}

func (p *pulsePCM) delay() (int64, error) {
	p.mu.Lock()
	now := p.now()
	q, err := p.st.look(now)
	ask := err == nil && now.Sub(p.st.asked) >= pulseAskEvery && !p.asking.Load()
	if ask {
		p.st.asked = now
		p.asking.Store(true)
	}
	p.mu.Unlock()
	if ask {
		go p.ask()
	}
	return q, err
}

// ask asks the server for its timing (in the background: the writer never
// waits for the answer).
func (p *pulsePCM) ask() {
	defer p.asking.Store(false)
	var r proto.GetPlaybackLatencyReply
	t := p.now()
	err := p.c.Request(&proto.GetPlaybackLatency{StreamIndex: p.index,
		Time: proto.Time{Seconds: uint32(t.Unix()), Microseconds: uint32(t.Nanosecond() / 1000)}}, &r)
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case err == nil:
		p.st.answer(&r, p.now())
	case !errors.Is(err, context.DeadlineExceeded) && p.st.lost == nil: // an answer late is no answer; a closed connection is lost
		p.st.lost = fmt.Errorf("PulseAudio: timing: %w", err)
	}
}

func (p *pulsePCM) write(buf []float32) (int64, error) {
	n := len(buf) / 2
	if n == 0 {
		return 0, p.err()
	}
	p.out = p.out[:0]
	for _, v := range buf[:2*n] {
		p.out = binary.LittleEndian.AppendUint32(p.out, math.Float32bits(v))
	}
	p.mu.Lock()
	lost := p.st.lost
	p.mu.Unlock()
	if lost != nil {
		return 0, lost
	}
	// The deadline is the write's alone: left standing, it would fail a
	// timing query sent after a pause in writing (the Sim not covering).
	_ = p.conn.SetWriteDeadline(time.Now().Add(pulseWriteWait))
	err := p.c.Send(p.index, p.out)
	_ = p.conn.SetWriteDeadline(time.Time{})
	if err != nil {
		return 0, p.fail(err)
	}
	if err := p.conn.failed(); err != nil {
		return 0, p.fail(err) // the packet may be cut short: the connection is no use any more
	}
	p.mu.Lock()
	p.st.sent += int64(len(p.out))
	p.mu.Unlock()
	if p.tee != nil {
		_, _ = p.tee.Write(p.out)
	}
	return int64(n), nil
}

// restart drops nothing (see pulsePCM): the server plays what it holds.
func (p *pulsePCM) restart() error { return p.err() }

func (p *pulsePCM) err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.st.lost
}

// fail marks the connection lost by err and returns the error every call
// gives from now on.
func (p *pulsePCM) fail(err error) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.st.lost == nil {
		p.st.lost = fmt.Errorf("PulseAudio: %w", err)
	}
	return p.st.lost
}

// close frees the connection (the server drops the stream with it).
func (p *pulsePCM) close() { p.conn.Close() }

// pulseConn is the connection to the server; it keeps the first write
// error (proto.Client.Send does not report a cut-short packet).
type pulseConn struct {
	net.Conn
	mu  sync.Mutex
	bad error
}

func (c *pulseConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	if err != nil {
		c.mu.Lock()
		if c.bad == nil {
			c.bad = err
		}
		c.mu.Unlock()
	}
	return n, err
}

func (c *pulseConn) failed() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bad
}

// pulseServer is where the server listens: $PULSE_SERVER's first unix or
// tcp address, else $XDG_RUNTIME_DIR/pulse/native (PulseAudio's and
// PipeWire-pulse's socket).
func pulseServer(getenv func(string) string) (network, addr string, err error) {
	for _, s := range strings.Fields(getenv("PULSE_SERVER")) {
		if i := strings.IndexByte(s, '}'); strings.HasPrefix(s, "{") && i > 0 {
			s = s[i+1:] // {host}: the machine check is the server's own business
		}
		switch {
		case strings.HasPrefix(s, "/"):
			return "unix", s, nil
		case strings.HasPrefix(s, "unix:"):
			return "unix", s[len("unix:"):], nil
		case strings.HasPrefix(s, "tcp:"), strings.HasPrefix(s, "tcp4:"), strings.HasPrefix(s, "tcp6:"):
			n, a, _ := strings.Cut(s, ":")
			if !strings.Contains(a, ":") {
				a += ":4713"
			}
			return n, a, nil
		}
	}
	if getenv("PULSE_SERVER") != "" {
		return "", "", fmt.Errorf("PULSE_SERVER=%q: no unix or tcp address", getenv("PULSE_SERVER"))
	}
	rt := getenv("XDG_RUNTIME_DIR")
	if rt == "" {
		return "", "", errors.New("no PulseAudio server: XDG_RUNTIME_DIR and PULSE_SERVER are unset")
	}
	return "unix", filepath.Join(rt, "pulse", "native"), nil
}

// pulseCookie is the server's authentication cookie ($PULSE_COOKIE, else
// ~/.config/pulse/cookie); a server that allows anonymous clients takes
// any 256 bytes.
func pulseCookie() []byte {
	name := os.Getenv("PULSE_COOKIE")
	if name == "" {
		name = filepath.Join(os.Getenv("HOME"), ".config", "pulse", "cookie")
	}
	if b, err := os.ReadFile(name); err == nil && len(b) == 256 {
		return b
	}
	return make([]byte, 256)
}

// pulseTarget is the stream's target length at the server, frames. The
// writer keeps its own lead (Device.bufFr) and writes regardless of the
// server's requests (it takes up to its maximum length); the stream asks
// for early requests, so the server keeps its sink's latency to one
// request (minreq: a period) rather than half the target.
const pulseTarget = BufferFrames

// pulseRequest is the stream's minimum request and pre-buffer, frames:
// half a period, so the sink, which plays a request at a time, keeps
// little of the writer's lead for itself.
const pulseRequest = PeriodFrames / 2

// openPulse connects to the server and creates the stream: float32
// stereo at the mixer's rate (the server converts, if its sink differs),
// starting once a period is there, full volume, at most MaxBufferFrames
// held. It returns the stream and the buffer the server keeps, frames.
func openPulse() (*pulsePCM, int64, error) {
	network, addr, err := pulseServer(os.Getenv)
	if err != nil {
		return nil, 0, err
	}
	conn, err := net.DialTimeout(network, addr, pulseTimeout)
	if err != nil {
		return nil, 0, fmt.Errorf("PulseAudio server %s: %w", addr, err)
	}
	p := &pulsePCM{conn: &pulseConn{Conn: conn}, now: time.Now, c: &proto.Client{}}
	p.c.Callback = func(msg any) {
		p.mu.Lock()
		p.st.message(msg, p.index)
		p.mu.Unlock()
	}
	p.c.SetTimeout(pulseTimeout)
	_ = conn.SetDeadline(time.Now().Add(2*pulseTimeout + pulseSinkWait)) // the handshake: a stopped server must not hold Open
	p.c.Open(p.conn)
	index, size, err := p.handshake()
	if err != nil {
		conn.Close()
		return nil, 0, fmt.Errorf("PulseAudio server %s: %w", addr, err)
	}
	_ = conn.SetDeadline(time.Time{})
	p.mu.Lock()
	p.index = index
	p.mu.Unlock()
	p.tee = pulseTee()
	return p, size, nil
}

// PulseTeeEnv names a file that, when set, receives every byte the pulse
// path sends the server (float32 little-endian stereo, every connection
// of the process in turn): the stream as sent, as ALSA's file plugin
// keeps it for the ALSA path (scripts/live-smoke.sh compares it with
// render).
const PulseTeeEnv = "SOUNDWORLD_PULSE_TEE"

var (
	teeOnce sync.Once
	teeFile *os.File
)

// pulseTee opens PulseTeeEnv's file once per process (emptied); nil when
// unset or it cannot be made (said on stderr: the sound plays regardless).
func pulseTee() *os.File {
	teeOnce.Do(func() {
		name := os.Getenv(PulseTeeEnv)
		if name == "" {
			return
		}
		f, err := os.Create(name)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", PulseTeeEnv, err)
			return
		}
		teeFile = f
	})
	return teeFile
}

// handshake authenticates, names the client and creates the stream: its
// index and the most it holds, frames.
func (p *pulsePCM) handshake() (uint32, int64, error) {
	var ar proto.AuthReply
	if err := p.c.Request(&proto.Auth{Version: p.c.Version(), Cookie: pulseCookie()}, &ar); err != nil {
		return 0, 0, fmt.Errorf("authentication: %w", err)
	}
	p.c.SetVersion(ar.Version)
	name := proto.PropList{"application.name": proto.PropListString("Soundworld")}
	if err := p.c.Request(&proto.SetClientName{Props: name}, &proto.SetClientNameReply{}); err != nil {
		return 0, 0, fmt.Errorf("client name: %w", err)
	}
	norm := uint32(proto.VolumeNorm)
	req := proto.CreatePlaybackStream{
		SampleSpec:            proto.SampleSpec{Format: proto.FormatFloat32LE, Channels: 2, Rate: audio.SampleRate},
		ChannelMap:            proto.ChannelMap{proto.ChannelLeft, proto.ChannelRight},
		SinkIndex:             proto.Undefined,
		BufferMaxLength:       MaxBufferFrames * pulseFrame,
		BufferTargetLength:    pulseTarget * pulseFrame,
		BufferPrebufferLength: pulseRequest * pulseFrame,
		BufferMinimumRequest:  pulseRequest * pulseFrame,
		ChannelVolumes:        proto.ChannelVolumes{norm, norm},
		EarlyRequests:         true,
		Properties:            proto.PropList{"media.name": proto.PropListString("live mix")},
	}
	var r proto.CreatePlaybackStreamReply
	if err := p.c.Request(&req, &r); err != nil {
		return 0, 0, fmt.Errorf("creating the playback stream: %w", err)
	}
	if r.Format != proto.FormatFloat32LE || r.Channels != 2 || r.Rate != audio.SampleRate {
		return 0, 0, fmt.Errorf("the stream is format %d, %d channels, %d Hz; want float32le stereo %d Hz", r.Format, r.Channels, r.Rate, audio.SampleRate)
	}
	p.waitForSink(r.StreamIndex)
	return r.StreamIndex, int64(r.BufferMaxLength) / pulseFrame, nil
}

// An idle sink may be rendering far ahead (PulseAudio's null sink: 2 s
// blocks while no stream asks for less); a new stream's frames wait for its
// block to end. openPulse waits, at most pulseSinkWait, until the sink's
// latency is under pulseSinkReady, so the writer starts on a sink that plays
// its frames a request later rather than looking stalled to the watchdog.
const (
	pulseSinkWait  = 2500 * time.Millisecond
	pulseSinkReady = 100 * time.Millisecond
)

// waitForSink waits until the sink stream index plays to is ready (see
// pulseSinkWait); a sink that stays behind is left to the writer.
func (p *pulsePCM) waitForSink(index uint32) {
	for end := time.Now().Add(pulseSinkWait); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		var r proto.GetPlaybackLatencyReply
		if p.c.Request(&proto.GetPlaybackLatency{StreamIndex: index}, &r) != nil ||
			time.Duration(r.Latency)*time.Microsecond <= pulseSinkReady {
			return
		}
	}
}

// readyPulse connects to the sound server; its begin starts the writer on
// it (pcmOut), with the same watchdog and retries as ALSA's.
func readyPulse() (begin, error) {
	p, size, err := openPulse()
	if err != nil {
		return nil, err
	}
	return func(d *Device, late bool) (output, error) {
		return startPCM(d, p, PeriodFrames, size, nil, p.close, reopenPulse, late), nil
	}, nil
}

// reopenPulse connects to the server afresh (an attempt after the first).
func reopenPulse() (pcm, int64, int64, func(), error) {
	p, size, err := openPulse()
	if err != nil {
		return nil, 0, 0, nil, err
	}
	return p, PeriodFrames, size, p.close, nil
}

// pulseRetry begins the pulse path with no connection yet (a server that
// does not answer: stopped): the wall clock has the mix, and pcmOut
// connects afresh after its backoff, as for a server that was lost.
func pulseRetry(d *Device, _ bool) (output, error) {
	return startPCM(d, nil, PeriodFrames, MaxBufferFrames, nil, nil, reopenPulse, true), nil
}
