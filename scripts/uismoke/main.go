// Command uismoke drives the real explorer window under an X display with
// xdotool, as a designer would (input sequences under Xvfb), and
// checks what F12's sidecars say:
//   - W held 3 s of real time walks ~28.5 m (9.5 m/s) whatever the frame rate;
//   - "banana" + Enter in the jump box is an error under the field, and the
//     "1" typed next goes into the box, not to the rings overlay;
//   - Ctrl+A and a position replace the old text and jump there, and the
//     Enter that jumped leaves the box: "2" next toggles the cells overlay;
//   - one slider at a time: a drag moves the slider it began on to where it
//     ended, its neighbours stay; a release and a press on the next row's
//     slider within one frame move neither;
//   - a listener dragged on the map stays where the button was let go, even
//     when the pointer moves on within the same frame;
//   - zoomed out with the wheel, a double-click on the map puts the listener
//     at the clicked point and zooms back in;
//   - N unfolds the Sounds panel; a SoundType selected there, "Where can
//     this play?" unfolds the Atlas panel with its search;
//   - resized to 900×600 every panel is inside the window, none overlaps.
//
// Usage (scripts/ui-smoke.sh runs it under its own Xvfb): DISPLAY=:N uismoke path/to/soundworld-window
package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

type sidecar struct {
	Listener struct{ X, Y, Eye float64 } `json:"listener"`
	Prefs    struct {
		Effect    float64 `json:"effect_volume"`
		Ambient   float64 `json:"ambient_volume"`
		Interface float64 `json:"interface_volume"`
	} `json:"prefs"`
	View struct {
		Width, Height int
		Overlays      struct{ Rings, Cells bool } `json:"overlays"`
		Panels        []struct {
			Name       string
			X, Y, W, H int
			Folded     bool
		} `json:"panels"`
		FieldErrors map[string]string `json:"field_errors"`
		ClockRate   float64           `json:"clock_rate"`
		MPP         float64           `json:"metres_per_pixel"`
		CentreX     float64           `json:"centre_x"`
		CentreY     float64           `json:"centre_y"`
		Follow      *bool             `json:"follow"`
	} `json:"view"`
}

var win string

func xdo(args ...string) {
	if out, err := exec.Command("xdotool", args...).CombinedOutput(); err != nil {
		fail("xdotool %v: %v %s", args, err, out)
	}
}

// click presses and releases the left button, each state held 250 ms:
// ebiten polls the button once a frame, and a quick xdotool click falls
// between two frames of a loaded Xvfb (~5 FPS) and is never seen.
func click() {
	xdo("mousedown", "1")
	time.Sleep(250 * time.Millisecond)
	xdo("mouseup", "1")
	time.Sleep(250 * time.Millisecond)
}

func fail(f string, a ...any) {
	fmt.Fprintf(os.Stderr, "uismoke: FAIL: "+f+"\n", a...)
	os.Exit(1)
}

// shot presses F12 and reads the new sidecar (one per second: names carry the second).
func shot(dir string) sidecar {
	time.Sleep(1100 * time.Millisecond)
	before, _ := filepath.Glob(filepath.Join(dir, "screenshots", "*.json"))
	xdo("key", "F12")
	for i := 0; i < 200; i++ {
		time.Sleep(100 * time.Millisecond)
		now, _ := filepath.Glob(filepath.Join(dir, "screenshots", "*.json"))
		if len(now) > len(before) {
			b, err := os.ReadFile(now[len(now)-1])
			if err != nil {
				continue
			}
			var s sidecar
			if err := json.Unmarshal(b, &s); err != nil {
				continue // still being renamed into place
			}
			return s
		}
	}
	fail("F12 wrote no sidecar in 20 s")
	return sidecar{}
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: uismoke path/to/soundworld-window")
		os.Exit(2)
	}
	bin, _ := filepath.Abs(os.Args[1])
	dir, err := os.MkdirTemp("", "uismoke")
	if err != nil {
		fail("%v", err)
	}
	if os.Getenv("UISMOKE_KEEP") != "" { // keep the screenshots to look at
		fmt.Println("uismoke: screenshots in", filepath.Join(dir, "screenshots"))
	} else {
		defer os.RemoveAll(dir)
	}
	cmd := startWindow(bin, dir)
	defer cmd.Process.Kill()
	b := walkW(dir)
	jumpBox(dir, b)
	xdo("key", "Escape")
	sliders(dir)
	dragListener(dir)
	doubleClickJump(dir)
	soundsPanel(dir)
	resized(dir)
	fmt.Println("uismoke: ok")
}

// startWindow starts the window (bin, no audio, its settings in dir), finds
// and focuses it, and waits for the terrain.
func startWindow(bin, dir string) *exec.Cmd {
	cmd := exec.Command(bin, "-noaudio", "-settings", filepath.Join(dir, "settings.json"))
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), "SOUNDWORLD_NO_AUDIO=1")
	if err := cmd.Start(); err != nil {
		fail("%v", err)
	}
	out, err := exec.Command("xdotool", "search", "--sync", "--name", "soundworld").Output()
	if err != nil {
		fail("no window: %v", err)
	}
	win = strings.Fields(string(out))[0]
	xdo("windowfocus", "--sync", win)
	time.Sleep(3 * time.Second) // terrain
	return cmd
}

// walkW holds W for 3 s and checks the walk's length; the sidecar after it.
func walkW(dir string) sidecar {
	a := shot(dir)
	xdo("keydown", "w")
	time.Sleep(3 * time.Second)
	xdo("keyup", "w")
	b := shot(dir)
	d := math.Hypot(b.Listener.X-a.Listener.X, b.Listener.Y-a.Listener.Y)
	fmt.Printf("uismoke: W held 3 s walked %.1f m (want 28.5 ± 20%%; clock rate %.2f)\n", d, b.View.ClockRate)
	if d < 0.8*28.5 || d > 1.2*28.5 {
		fail("walked %.1f m", d)
	}
	return b
}

// jumpBox types a bad place into the jump box (an error, the overlay keys
// still the box's), then a good one (jumped; the keys back to the map). b is
// the sidecar before.
func jumpBox(dir string, b sidecar) {
	xdo("mousemove", "--window", win, "100", "63") // the jump box (Controls, top left)
	click()
	time.Sleep(500 * time.Millisecond)
	xdo("type", "--delay", "80", "banana")
	xdo("key", "Return")
	time.Sleep(400 * time.Millisecond)
	xdo("key", "1")
	c := shot(dir)
	if c.View.FieldErrors["jump"] == "" || !c.View.Overlays.Rings || c.Listener != b.Listener {
		fail("banana: got error %q, rings %v, listener moved %v; want an error under the jump box, rings still on, not moved",
			c.View.FieldErrors["jump"], c.View.Overlays.Rings, c.Listener != b.Listener)
	}
	fmt.Printf("uismoke: jump \"banana\": %q; Enter then 1 left the rings on\n", c.View.FieldErrors["jump"])

	xdo("key", "ctrl+a")
	xdo("type", "--delay", "60", "0xA9B4 100 100")
	xdo("key", "Return")
	e := shot(dir)
	if e.View.FieldErrors["jump"] != "" || math.Abs(e.Listener.X-(0xA9*192+100)) > 0.01 || math.Abs(e.Listener.Y-(0xB4*192+100)) > 0.01 {
		fail("Ctrl+A + 0xA9B4 100 100: got error %q listener (%v, %v), want none at (%v, %v)",
			e.View.FieldErrors["jump"], e.Listener.X, e.Listener.Y, 0xA9*192+100, 0xB4*192+100)
	}
	fmt.Println("uismoke: Ctrl+A replaced the text; jumped to 0xA9B4 100 100")

	xdo("key", "2") // the jump's Enter left the box: 2 is the cells overlay again
	g := shot(dir)
	if g.View.Overlays.Cells == e.View.Overlays.Cells {
		fail("2 after the jump's Enter: cells overlay still %v; want toggled (the box kept the keys)", g.View.Overlays.Cells)
	}
	xdo("key", "2")
	fmt.Println("uismoke: after the jump's Enter, 2 toggled the cells overlay (the box let go of the keys)")
}

// resized shrinks the window to 900x600 and checks every panel is inside,
// above the status bar, none overlapping.
func resized(dir string) {
	xdo("windowsize", win, "900", "600")
	time.Sleep(2 * time.Second)
	f := shot(dir)
	if f.View.Width != 900 || f.View.Height != 600 || len(f.View.Panels) == 0 {
		fail("after resizing: view %dx%d, %d panels; want 900x600", f.View.Width, f.View.Height, len(f.View.Panels))
	}
	for i, p := range f.View.Panels {
		if p.X < 0 || p.Y < 0 || p.X+p.W > 900 || p.Y+p.H > 600-34 || p.H < 1 {
			fail("900x600: panel %s at %d,%d %dx%d is not inside the window above the status bar", p.Name, p.X, p.Y, p.W, p.H)
		}
		for _, q := range f.View.Panels[i+1:] {
			if p.X < q.X+q.W && q.X < p.X+p.W && p.Y < q.Y+q.H && q.Y < p.Y+p.H {
				fail("900x600: panels %s and %s overlap", p.Name, q.Name)
			}
		}
	}
	fmt.Printf("uismoke: resized to 900x600: %d panels inside, no overlaps\n", len(f.View.Panels))
}

// sliders unfolds Sound preferences (Controls, 1280×720: the header at
// y 195, then the effect, ambient and interface volume sliders' rows at
// y 217, 239, 261, track x 122..279, value 1.00 at the right end) and drags.
// Every step holds the pointer still for a few frames (~15 FPS under Xvfb):
// ebiten polls the button and pointer once a frame.
func sliders(dir string) {
	const effectY, ambientY = 217, 239
	move := func(x, y int) {
		xdo("mousemove", "--window", win, fmt.Sprint(x), fmt.Sprint(y))
		time.Sleep(450 * time.Millisecond) // two frames or more at the ~5 FPS of a loaded Xvfb: drags follow last frame's pointer
	}
	move(100, 195)
	click()
	time.Sleep(500 * time.Millisecond)
	before := shot(dir)
	move(275, effectY)
	xdo("mousedown", "1")
	time.Sleep(300 * time.Millisecond)
	move(230, effectY)
	move(190, effectY+1)
	move(162, effectY)
	xdo("mouseup", "1")
	move(700, 600) // off the panels
	a := shot(dir)
	fmt.Printf("uismoke: dragged effect volume %.2f -> %.2f; ambient %.2f, interface %.2f, eye %.1f\n",
		before.Prefs.Effect, a.Prefs.Effect, a.Prefs.Ambient, a.Prefs.Interface, a.Listener.Eye)
	if math.Abs(a.Prefs.Effect-0.25) > 0.051 || a.Prefs.Ambient != before.Prefs.Ambient ||
		a.Prefs.Interface != before.Prefs.Interface || a.Listener.Eye != before.Listener.Eye {
		fail("slider drag: effect %.2f (want 0.25 ± 0.05), ambient %.2f interface %.2f eye %.1f (want unchanged %.2f %.2f %.1f)",
			a.Prefs.Effect, a.Prefs.Ambient, a.Prefs.Interface, a.Listener.Eye, before.Prefs.Ambient, before.Prefs.Interface, before.Listener.Eye)
	}

	// Hold effect volume mid-track, then release it and press on ambient
	// volume's row in one xdotool call (microseconds apart: one frame sees the
	// button held with the pointer moved), and drag along ambient's row.
	move(200, effectY)
	xdo("mousedown", "1")
	time.Sleep(300 * time.Millisecond)
	move(205, effectY)
	held := shot(dir)
	xdo("mouseup", "1", "mousemove", "--window", win, "140", fmt.Sprint(ambientY), "mousedown", "1")
	time.Sleep(300 * time.Millisecond)
	move(150, ambientY)
	move(160, ambientY)
	xdo("mouseup", "1")
	move(700, 600)
	b := shot(dir)
	fmt.Printf("uismoke: release on effect (%.2f) + press on ambient in one frame: effect %.2f, ambient %.2f\n",
		held.Prefs.Effect, b.Prefs.Effect, b.Prefs.Ambient)
	// effect must keep the value it was released at; ambient either stays
	// (the press was not seen) or, if a frame fell between up and down and
	// saw the press, follows it to x 160 (~0.25).
	if b.Prefs.Effect != held.Prefs.Effect || (b.Prefs.Ambient != held.Prefs.Ambient && math.Abs(b.Prefs.Ambient-0.25) > 0.051) {
		fail("release+press in one frame: effect %.2f (want %.2f), ambient %.2f (want %.2f or 0.25)",
			b.Prefs.Effect, held.Prefs.Effect, b.Prefs.Ambient, held.Prefs.Ambient)
	}
}

// dragListener turns follow off (F) so the view stays put, drags the
// listener on the map and lets go normally, then drags it again and lets go
// and moves on in one xdotool call (within one frame): the listener must end
// where the button was let go, not where the pointer went next (X11 reports
// the button a frame late against the live cursor).
func dragListener(dir string) {
	move := func(x, y int) {
		xdo("mousemove", "--window", win, fmt.Sprint(x), fmt.Sprint(y))
		time.Sleep(450 * time.Millisecond) // two frames or more at the ~5 FPS of a loaded Xvfb: drags follow last frame's pointer
	}
	move(600, 400)
	xdo("key", "f")
	time.Sleep(300 * time.Millisecond)
	xdo("mousedown", "1")
	time.Sleep(300 * time.Millisecond)
	move(620, 420)
	xdo("mouseup", "1")
	a := shot(dir)
	if a.View.Follow == nil || *a.View.Follow {
		fail("F did not turn follow off (follow %v)", a.View.Follow)
	}
	move(620, 420) // on the listener
	xdo("mousedown", "1")
	time.Sleep(300 * time.Millisecond)
	move(660, 440)
	move(700, 460)
	// A drag follows last frame's pointer, so the end point needs two frames
	// held there before the release; a loaded Xvfb runs at ~3-10 FPS.
	time.Sleep(700 * time.Millisecond)
	xdo("mouseup", "1", "mousemove", "--window", win, "800", "150")
	time.Sleep(300 * time.Millisecond)
	b := shot(dir)
	// 80 px right and 40 px down on screen: east and south (y is north) in m.
	wantX, wantY := a.Listener.X+80*a.View.MPP, a.Listener.Y-40*a.View.MPP
	fmt.Printf("uismoke: listener dragged 80, 40 px and let go while moving on: (%.1f, %.1f), want (%.1f, %.1f)\n",
		b.Listener.X, b.Listener.Y, wantX, wantY)
	if math.Hypot(b.Listener.X-wantX, b.Listener.Y-wantY) > 2*a.View.MPP {
		fail("listener at (%.1f, %.1f), want (%.1f, %.1f) where the button was let go", b.Listener.X, b.Listener.Y, wantX, wantY)
	}
	xdo("key", "f") // follow on again
}

// doubleClickJump zooms out with the wheel (follow off, so the view stays),
// then double-clicks a map point: the listener goes there and the view zooms
// in to the opening zoom.
func doubleClickJump(dir string) {
	const px, py = 600, 300 // on the map at 1280×720, clear of the panels
	xdo("mousemove", "--window", win, fmt.Sprint(px), fmt.Sprint(py))
	time.Sleep(300 * time.Millisecond)
	xdo("key", "f")
	for range 14 {
		xdo("click", "5") // wheel down: zoom out about the pointer
		time.Sleep(80 * time.Millisecond)
	}
	a := shot(dir)
	if a.View.Follow == nil || *a.View.Follow || a.View.MPP < 5 {
		fail("before the double-click: follow %v, %.2f m/px; want follow off, zoomed out past 5 m/px", a.View.Follow, a.View.MPP)
	}
	// Camera (ambientviz/geom): world = centre + (screen - size/2) × m/px, y north.
	wantX := a.View.CentreX + (px-float64(a.View.Width)/2)*a.View.MPP
	wantY := a.View.CentreY - (py-float64(a.View.Height)/2)*a.View.MPP
	// Two presses 400 ms apart (the window's limit is 600 ms, from the frame
	// that saw the first press to the frame before the one that saw the
	// second), each state held 200 ms: ebiten polls the button once a frame
	// and Xvfb draws ~7 frames a second zoomed out, so a shorter press can
	// fall between two polls. A frame over 200 ms can still lose a press, so
	// two retries are allowed (and said).
	dbl := func() {
		for range 2 {
			xdo("mousedown", "1")
			time.Sleep(200 * time.Millisecond)
			xdo("mouseup", "1")
			time.Sleep(200 * time.Millisecond)
		}
	}
	dbl()
	for try := 2; try <= 3; try++ {
		if b := shot(dir); b.View.MPP < a.View.MPP {
			break
		}
		fmt.Printf("uismoke: double-click not seen (a frame over 200 ms?); try %d of 3\n", try)
		time.Sleep(time.Second)
		dbl()
	}
	b := shot(dir)
	fmt.Printf("uismoke: double-click at %.2f m/px: listener (%.1f, %.1f), want (%.1f, %.1f); now %.2f m/px\n",
		a.View.MPP, b.Listener.X, b.Listener.Y, wantX, wantY, b.View.MPP)
	if math.Hypot(b.Listener.X-wantX, b.Listener.Y-wantY) > 2*a.View.MPP || b.View.MPP >= a.View.MPP {
		fail("double-click: listener (%.1f, %.1f) at %.2f m/px, want (%.1f, %.1f) and zoomed in from %.2f",
			b.Listener.X, b.Listener.Y, b.View.MPP, wantX, wantY, a.View.MPP)
	}
	xdo("key", "f") // follow on again
}

// folded reports whether the sidecar lists panel name folded (false when absent).
func folded(s sidecar, name string) (bool, bool) {
	for _, p := range s.View.Panels {
		if p.Name == name {
			return p.Folded, true
		}
	}
	return false, false
}

// soundsPanel presses N (the Sounds panel unfolds alone in the left
// column, 1280×720: tabs at y 148, the first row at y 192), picks the
// SoundTypes tab and its first row (meadow wind, three variants: the card's
// buttons at y 478) and asks "Where can this play?": the Atlas panel
// unfolds. N again folds the Sounds panel.
func soundsPanel(dir string) {
	xdo("mousemove", "--window", win, "600", "300")
	xdo("key", "n")
	time.Sleep(800 * time.Millisecond)
	s := shot(dir)
	if f, ok := folded(s, "Sounds"); !ok || f {
		fail("N: Sounds panel listed %v, folded %v; want it unfolded", ok, f)
	}
	for _, at := range [][2]string{{"153", "148"}, {"153", "192"}, {"225", "478"}} {
		xdo("mousemove", "--window", win, at[0], at[1])
		time.Sleep(300 * time.Millisecond)
		click()
	}
	a := shot(dir)
	if f, ok := folded(a, "Atlas"); !ok || f {
		fail("Where can this play?: Atlas panel listed %v, folded %v; want it unfolded", ok, f)
	}
	xdo("mousemove", "--window", win, "600", "300")
	xdo("key", "n")
	fmt.Println("uismoke: N opened the Sounds panel; \"Where can this play?\" opened the Atlas search")
}
