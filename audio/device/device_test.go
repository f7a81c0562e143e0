package device

import (
	"encoding/binary"
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

// TestNullDevice: with ALSA's null device the player opens and streams from the mixer.
func TestNullDevice(t *testing.T) {
	if testing.Short() {
		t.Skip("plays through the ALSA null device")
	}
	out := runChild(t, "pcm.!default {\n type null\n}\n", "")
	if out != "PLAYING\n" {
		t.Errorf("got %q, want PLAYING", out)
	}
}

// TestStreamRead: pending starts reach the mixer; odd-sized reads keep the byte stream whole.
func TestStreamRead(t *testing.T) {
	d := &Device{mixer: audio.NewMixer(audio.NewBank(nil))}
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

// TestPushAnchorsSimTime: live starts keep their sim-time spacing, placed Lead
// ahead of the mixer; a jump of the sim clock re-anchors.
func TestPushAnchorsSimTime(t *testing.T) {
	d := &Device{mixer: audio.NewMixer(audio.NewBank(nil))}
	s := &stream{d: d}
	push := func(tm float64) int64 {
		d.Push([]audio.VoiceStart{{Slot: 0, Time: tm}})
		return int64(math.Round(d.pending[len(d.pending)-1].Time * audio.SampleRate))
	}
	s.Read(make([]byte, 8*1000)) // mixer at frame 1000
	if got, want := push(5), 1000+leadFrames; got != want {
		t.Errorf("first start: got frame %d, want %d (Lead ahead)", got, want)
	}
	if got, want := push(5.01), 1000+leadFrames+441; got != want {
		t.Errorf("10 ms later: got frame %d, want %d", got, want)
	}
	s.Read(make([]byte, 8*4410)) // mixer at 5410: starts stay relative to sim time
	if got, want := push(5.1), 1000+leadFrames+4410; got != want {
		t.Errorf("after a read: got frame %d, want %d", got, want)
	}
	if got, want := push(60), 5410+leadFrames; got != want { // sim jumped ahead
		t.Errorf("sim jump: got frame %d, want %d (re-anchored)", got, want)
	}
	s.Read(make([]byte, 8*44100)) // sim paused, mixer ran on: never late
	if got, want := push(60.01), d.mixer.Frame()+leadFrames; got != want {
		t.Errorf("late start: got frame %d, want %d (re-anchored)", got, want)
	}
}
