package device

import (
	"encoding/binary"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"soundworld/audio"
)

// The probe and Open run in a child process (this test binary re-executed with
// SOUNDWORLD_DEVICE_CHILD set) so each gets a fresh ALSA configuration and its
// own single Ebitengine audio context.

const childEnv = "SOUNDWORLD_DEVICE_CHILD"

func TestMain(m *testing.M) {
	switch os.Getenv(childEnv) {
	case "":
		os.Exit(m.Run())
	case "open":
		d, err := Open(audio.NewMixer(audio.NewBank(nil)))
		if err != nil {
			os.Stdout.WriteString("ERR " + err.Error() + "\n")
			os.Exit(1)
		}
		silent, why := d.Silent()
		if silent {
			os.Stdout.WriteString("SILENT " + why + "\n")
		} else {
			time.Sleep(200 * time.Millisecond) // let the player pull a few buffers
			d.mu.Lock()
			pulled := d.mixer.Frame() > 0
			d.mu.Unlock()
			d.Close()
			if pulled {
				os.Stdout.WriteString("PLAYING\n")
			} else {
				os.Stdout.WriteString("OPEN BUT NOT PULLING\n")
			}
		}
		d.Push([]audio.VoiceStart{{Slot: 0, Wave: 1}}) // must not block or grow when silent
		if _, err := Open(audio.NewMixer(audio.NewBank(nil))); err == nil && !silent {
			os.Stdout.WriteString("SECOND OPEN ACCEPTED\n")
		}
		os.Exit(0)
	}
}

// runChild runs the "open" child with ALSA_CONFIG_PATH set to conf and
// SOUNDWORLD_NO_AUDIO set to noAudio.
func runChild(t *testing.T, conf, noAudio string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "asound.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	// The last value of a duplicated key wins: the parent's setting never leaks in.
	cmd.Env = append(os.Environ(), childEnv+"=open", "ALSA_CONFIG_PATH="+path, NoAudioEnv+"="+noAudio)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	return string(out)
}

// TestNoDevice: with no ALSA default device the program runs on, silent, and says why.
func TestNoDevice(t *testing.T) {
	out := runChild(t, "# no pcm.default here\n", "")
	t.Logf("child said: %s", out)
	if !strings.HasPrefix(out, "SILENT no sound device, running silent: ") || !strings.Contains(out, "default") {
		t.Errorf("got %q, want a SILENT notice naming the default device", out)
	}
}

// TestNoAudioEnv: SOUNDWORLD_NO_AUDIO keeps the device silent even with a device.
func TestNoAudioEnv(t *testing.T) {
	out := runChild(t, "pcm.!default {\n type null\n}\n", "1")
	t.Logf("child said: %s", out)
	if !strings.HasPrefix(out, "SILENT sound off (SOUNDWORLD_NO_AUDIO is set)") {
		t.Errorf("got %q, want a SILENT notice naming %s", out, NoAudioEnv)
	}
}

// TestO5_NullDeviceIsNoClock: ALSA's null device consumes samples far
// faster than real time; it is no clock, so Open treats it as no device
// and says so in the words of issue 17 item 3 (spec O5).
func TestO5_NullDeviceIsNoClock(t *testing.T) {
	if testing.Short() {
		t.Skip("writes to the ALSA null device")
	}
	out := runChild(t, "pcm.!default {\n type null\n}\n", "")
	if want := "SILENT " + FastNotice + "\n"; out != want {
		t.Errorf("got %q, want %q", out, want)
	}
}

// TestStreamRead: pending starts reach the mixer; odd-sized reads keep the byte stream whole.
func TestStreamRead(t *testing.T) {
	d := newDevice(audio.NewMixer(audio.NewBank(nil)))
	s := &stream{d: d}
	p := make([]byte, 8*10+3)
	n, _ := s.Read(p) // renders 11 frames, returns 83 bytes
	m, _ := s.Read(p) // the 5 bytes left of frame 11
	if n != len(p) || m != 5 || d.mixer.Frame() != 11 {
		t.Fatalf("got reads of %d and %d bytes at frame %d, want 83, 5 and frame 11", n, m, d.mixer.Frame())
	}
	for i := 0; i+4 <= n; i += 4 {
		if v := math.Float32frombits(binary.LittleEndian.Uint32(p[i:])); v != 0 {
			t.Fatalf("silence expected, got %v", v)
		}
	}
	d.Push([]audio.VoiceStart{{Slot: 0}})
	s.Read(p)
	if len(d.pending) != 0 {
		t.Errorf("got %d pending starts after Read, want 0", len(d.pending))
	}
}

// testDevice is a Device over an empty bank whose wall clock is *wall.
func testDevice(wall *float64) (*Device, *stream) {
	d := newDevice(audio.NewMixer(audio.NewBank(nil)))
	d.wall = func() float64 { return *wall }
	return d, &stream{d: d}
}

// readFor consumes sec of s in 10 ms reads of 441 frames, in real time on *wall.
func readFor(s *stream, wall *float64, sec float64) {
	read := make([]byte, 8*441)
	for end := *wall + sec; *wall < end-1e-9; *wall += 0.01 {
		io.ReadFull(s, read)
	}
}

// frameOfLast is the mixer frame the last pushed start was placed at.
func frameOfLast(d *Device) int64 {
	return int64(math.Round(d.pending[len(d.pending)-1].Time * audio.SampleRate))
}

// TestO5_StartsKeepSimSpacing: from one anchor, starts keep their sim-time
// spacing to the sample (round(t·44100), as render), Lead ahead of the
// frontier at the anchor, and Due follows the frames the device consumed.
func TestO5_StartsKeepSimSpacing(t *testing.T) {
	wall := 0.0
	d, s := testDevice(&wall)
	io.ReadFull(s, make([]byte, 8*1000)) // frontier 1000
	d.Anchor("session", 5, 1)
	d.Push([]audio.VoiceStart{{Slot: 0, Time: 5}})
	if got, want := frameOfLast(d), 1000+leadFrames; got != want {
		t.Errorf("first start: frame %d, want %d (Lead ahead)", got, want)
	}
	d.Push([]audio.VoiceStart{{Slot: 0, Time: 5.01}})
	if got, want := frameOfLast(d), 1000+leadFrames+441; got != want {
		t.Errorf("10 ms later: frame %d, want %d", got, want)
	}
	io.ReadFull(s, make([]byte, 8*4410)) // frontier 5410
	if due, ok := d.Due(); !ok || math.Abs(due-5.1) > 1e-9 {
		t.Errorf("due %v %v after 4410 frames, want 5.1 s", due, ok)
	}
	d.Push([]audio.VoiceStart{{Slot: 0, Time: 5.1}})
	if got, want := frameOfLast(d), 1000+leadFrames+4410; got != want {
		t.Errorf("after a read: frame %d, want %d", got, want)
	}
}

// TestO5_StallDoesNotReanchor: a scripted stall of the game thread (the
// device consumes 2 s while no start is pushed) neither re-anchors nor moves
// anything: the starts delivered late play at once (at the frontier) and are
// reported with their lateness; later starts stay on the one anchor's grid.
// Today's code re-anchored here and moved every later start.
func TestO5_StallDoesNotReanchor(t *testing.T) {
	wall := 0.0
	d, s := testDevice(&wall)
	d.Anchor("session", 0, 1)
	d.Push([]audio.VoiceStart{{Slot: 0, Time: 0}})
	for i := 0; i < 20; i++ { // 2 s consumed in 100 ms reads; the Sim stands still
		io.ReadFull(s, make([]byte, 8*4410))
		wall += 0.1
	}
	front := d.mixer.Frame() // 88200
	late := audio.VoiceStart{Slot: 3, Wave: 0, Time: 1.0}
	d.Push([]audio.VoiceStart{late})
	if got := frameOfLast(d); got != front {
		t.Errorf("late start placed at %d, want the frontier %d (at once)", got, front)
	}
	ls := d.TakeLate()
	wantMs := float64(front-(leadFrames+44100)) * 1000 / audio.SampleRate
	if len(ls) != 1 || ls[0].Frame != leadFrames+44100 || ls[0].Played != front || math.Abs(ls[0].LateMs-wantMs) > 1e-9 {
		t.Fatalf("late starts %+v, want one at frame %d played at %d, %.3f ms late", ls, leadFrames+44100, front, wantMs)
	}
	if d.TakeLate() != nil {
		t.Error("TakeLate twice: the second should be empty")
	}
	d.Push([]audio.VoiceStart{{Slot: 4, Time: 2.5}}) // the Sim caught up: ahead again, same grid
	if got, want := frameOfLast(d), leadFrames+int64(2.5*44100); got != want {
		t.Errorf("after the stall: frame %d, want %d (the one anchor)", got, want)
	}
	if a := d.Anchors(); len(a) != 1 || a[0].Reason != "session" {
		t.Errorf("anchors %+v, want only the session's", a)
	}
	if due, _ := d.Due(); math.Abs(due-2.0) > 1e-9 {
		t.Errorf("due %v, want 2 s (frames consumed since the anchor)", due)
	}
}

// TestO5_FirstPushAnchorsSession: with no explicit anchor the first push
// anchors the session, logged as such.
func TestO5_FirstPushAnchorsSession(t *testing.T) {
	wall := 0.0
	d, _ := testDevice(&wall)
	d.Push([]audio.VoiceStart{{Slot: 0, Time: 3}})
	if a := d.Anchors(); len(a) != 1 || a[0].Reason != "session" || a[0].SimT != 3 || a[0].Frame != leadFrames {
		t.Errorf("anchors %+v, want one session anchor at sim 3 s, frame %d", a, leadFrames)
	}
}

// TestO5_TimeScaleAnchor: at time scale 2 a new anchor maps 2 sim s to one
// device s.
func TestO5_TimeScaleAnchor(t *testing.T) {
	wall := 0.0
	d, s := testDevice(&wall)
	d.Anchor("time scale", 10, 2)
	d.Push([]audio.VoiceStart{{Slot: 0, Time: 12}})
	if got, want := frameOfLast(d), leadFrames+44100; got != want {
		t.Errorf("2 sim s later at 2x: frame %d, want %d", got, want)
	}
	io.ReadFull(s, make([]byte, 8*44100))
	if due, _ := d.Due(); math.Abs(due-12) > 1e-9 {
		t.Errorf("due %v after 1 device s at 2x, want 12", due)
	}
}

// TestO5_FastDeviceDetected: a device that consumes 4x real time over a
// second (an injected fast device) is found out, Due stops following it,
// and it renders nothing more; one at real time is not.
func TestO5_FastDeviceDetected(t *testing.T) {
	for _, c := range []struct {
		speed float64
		fast  bool
	}{{1, false}, {1.2, false}, {1.3, true}, {4, true}} {
		wall := 0.0
		d, s := testDevice(&wall)
		d.Anchor("session", 0, 1)
		read := make([]byte, 8*441) // 10 ms of audio per read
		for wall < 3 {
			io.ReadFull(s, read)
			wall += 0.01 / c.speed
		}
		if d.Fast() != c.fast {
			t.Errorf("%vx real time: fast %v, want %v", c.speed, d.Fast(), c.fast)
		}
		if _, ok := d.Due(); ok == c.fast {
			t.Errorf("%vx real time: Due ok %v, want %v", c.speed, ok, !c.fast)
		}
		if c.fast {
			f := d.mixer.Frame()
			io.ReadFull(s, read)
			if d.mixer.Frame() != f {
				t.Errorf("%vx: a fast device still renders", c.speed)
			}
		}
	}
}

// TestO5_UnderrunsCounted: a device that keeps real time but is starved for
// 300 ms (no read while the wall clock runs: it played silence) counts one
// underrun of about 300 ms; a stall its buffers cover (reads catch up
// within the window) counts none.
func TestO5_UnderrunsCounted(t *testing.T) {
	wall := 0.0
	d, s := testDevice(&wall)
	read := make([]byte, 8*441)
	run := func(sec float64) { readFor(s, &wall, sec) }
	run(3)
	if f, n := d.Underruns(); f != 0 || n != 0 {
		t.Fatalf("steady: %d frames in %d underruns, want none", f, n)
	}
	wall += 0.05 // covered: the next reads catch up at once
	for i := 0; i < 5; i++ {
		io.ReadFull(s, read)
	}
	run(3)
	if f, n := d.Underruns(); f != 0 || n != 0 {
		t.Fatalf("covered stall: %d frames in %d underruns, want none", f, n)
	}
	wall += 0.3 // starved: the device played 300 ms of nothing
	run(3)
	f, n := d.Underruns()
	if n != 1 || math.Abs(float64(f)-0.3*44100) > 2*underrunSlack {
		t.Errorf("starved 300 ms: %d frames in %d underruns, want one of about %d", f, n, int(0.3*44100))
	}
}

// TestG6_MutedDeviceRunsOn: muted (the window lost focus), the device gets
// zeros while the mixer and the tap advance as before.
func TestG6_MutedDeviceRunsOn(t *testing.T) {
	wall := 0.0
	d, s := testDevice(&wall)
	d.SetMuted(true)
	p := make([]byte, 8*100)
	io.ReadFull(s, p)
	if d.mixer.Frame() != 100 {
		t.Errorf("muted: mixer at %d, want 100 (it runs on)", d.mixer.Frame())
	}
}

// O5: held (the window paused), the device gets zeros while the
// mixer and the timeline stand, so the anchor holds across the pause; the
// zeros are counted, and the stand is no underrun. Released, the mix goes
// on from the frame it stood at, and the starts placed before the pause
// keep their frames.
func TestO5_HoldStandsTheMix(t *testing.T) {
	wall := 0.0
	d, s := testDevice(&wall)
	run := func(sec float64) { readFor(s, &wall, sec) }
	d.Anchor("session", 0, 1)
	run(2)
	f0 := d.mixer.Frame()
	due0, _ := d.Due()
	d.Hold(true)
	run(1)
	if f := d.mixer.Frame(); f != f0 {
		t.Fatalf("held: the mixer moved from %d to %d, want it to stand", f0, f)
	}
	if due, _ := d.Due(); due != due0 {
		t.Fatalf("held: Due moved from %v to %v", due0, due)
	}
	if h := d.HeldFrames(); h != 100*441 {
		t.Fatalf("held 1 s of 441-frame reads: %d frames of zeros, want %d", h, 100*441)
	}
	d.Hold(false)
	run(3)
	if f, n := d.Underruns(); f != 0 || n != 0 {
		t.Fatalf("after a pause: %d frames in %d underruns, want none", f, n)
	}
	if a := d.Anchors(); len(a) != 1 {
		t.Fatalf("anchors %v, want the session's only", a)
	}
}

// -audio: an unknown path is an error naming the choices; none is a silent
// device that says why, without touching the device or the one-Open rule.
func TestOpenPath(t *testing.T) {
	m := audio.NewMixer(audio.NewBank(nil))
	if _, err := OpenPath(m, "jack"); err == nil || !strings.Contains(err.Error(), "alsa, pulse, oto or none") {
		t.Fatalf("OpenPath(jack) = %v, want an error naming alsa, pulse, oto or none", err)
	}
	d, err := OpenPath(m, PathNone)
	if err != nil {
		t.Fatal(err)
	}
	if silent, why := d.Silent(); !silent || !strings.Contains(why, "-audio none") {
		t.Fatalf("-audio none: silent %v, %q; want silent, saying -audio none", silent, why)
	}
	if _, ok := d.Due(); ok {
		t.Fatal("a silent device is a clock")
	}
}
