package game

import (
	"image/color"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/assets"
	"soundworld/assets/standintest"
	"soundworld/audio/device"
)

// nopPage is a host page that asks for nothing.
type nopPage struct{}

func (nopPage) Frame(PageHost) error { return nil }

// A window with a host page (the browser) opens no audio device until the
// page reports the user's first gesture (PageHost.StartSound): until then
// the speakers are off and the wall clock drives the Sim; StartSound opens
// the device once and makes it the clock's device source. Without a page
// (the desktop) New opens it at once, as before.
func TestPage_SoundWaitsForGesture(t *testing.T) {
	t.Setenv(device.NoAudioEnv, "1") // device.Open answers silent without touching a device
	a := standintest.Archive(t)
	g, err := New(Config{Archive: a, Source: assets.Name, Seed: 1, Page: nopPage{}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.close()
	h := PageHost{g}
	if h.SoundOpen() || g.sess != nil || g.st.AudioOn {
		t.Fatalf("before a gesture: sound open %v, speakers on %v; want neither", h.SoundOpen(), g.st.AudioOn)
	}
	if got := h.ClockSource(); got != "wall" {
		t.Errorf("before a gesture the clock follows %q, want the wall", got)
	}
	h.StartSound()
	if !h.SoundOpen() || g.sess == nil {
		t.Fatalf("after StartSound: sound open %v, session %v; want both", h.SoundOpen(), g.sess != nil)
	}
	if !g.st.Silent || g.st.AudioOn { // SOUNDWORLD_NO_AUDIO: a silent device, said so
		t.Errorf("with %s set: silent %v, speakers on %v; want silent, off", device.NoAudioEnv, g.st.Silent, g.st.AudioOn)
	}
	first := g.sess
	h.StartSound()
	if g.sess != first {
		t.Error("a second StartSound opened the device again")
	}

	d, err := New(Config{Archive: a, Source: assets.Name, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer d.close()
	if d.sess == nil {
		t.Error("without a page New did not open the device")
	}
	n, err := New(Config{Archive: a, Source: assets.Name, Seed: 1, NoAudio: true, Page: nopPage{}})
	if err != nil {
		t.Fatal(err)
	}
	defer n.close()
	PageHost{n}.StartSound()
	if n.sess != nil {
		t.Error("with -no-audio StartSound opened the device")
	}
}

// countPage counts its Frame calls.
type countPage struct{ n *int }

func (p countPage) Frame(PageHost) error { *p.n++; return nil }

// In a page the second frame only hands the first over (presentFirst): its
// Update runs the page's hook but not the Sim, and its Draw leaves the
// kept screen as the first frame drew it; the third frame works again. The
// window's own mix starts with that third frame (pageStarting). On the
// desktop every frame works.
func TestPage_SecondFrameHandsOverTheFirst(t *testing.T) {
	a := standintest.Archive(t)
	for _, page := range []bool{true, false} {
		var hooks int
		cfg := Config{Archive: a, Source: assets.Name, Seed: 1, NoAudio: true}
		if page {
			cfg.Page = countPage{&hooks}
		}
		g, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		g.cam.W, g.cam.H = 320, 240
		g.focus = func() bool { return true }
		steps := 0
		g.step = func() { steps++ }
		screen := ebiten.NewImage(320, 240)
		sentinel := color.RGBA{0x12, 0x34, 0x56, 0xff}
		var drew, mixed []bool // per frame: did Draw change the screen; has the own mix (the meters') run
		for f := 1; f <= 3; f++ {
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
			screen.Fill(sentinel)
			g.Draw(screen)
			drew = append(drew, pixels(screen).RGBAAt(160, 120) != sentinel)
			mixed = append(mixed, g.meters.local.Frame() > 0)
		}
		wantSteps, wantDrew, wantMixed := 3, []bool{true, true, true}, []bool{true, true, true}
		if page {
			wantSteps, wantDrew, wantMixed = 2, []bool{true, false, true}, []bool{false, false, true} // pageStarting
			if hooks != 3 {
				t.Errorf("page: the page's hook ran %d times in 3 frames, want 3 (marks and the gesture are read every frame)", hooks)
			}
		}
		if steps != wantSteps || !slices.Equal(drew, wantDrew) || !slices.Equal(mixed, wantMixed) {
			t.Errorf("page %v: the Sim stepped %d times in 3 frames (want %d); Draw changed the screen %v (want %v); the own mix had run %v (want %v)",
				page, steps, wantSteps, drew, wantDrew, mixed, wantMixed)
		}
		g.close()
	}
}
