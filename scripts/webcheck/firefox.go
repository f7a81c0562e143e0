package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net"
	"os"
	"os/exec"
	"strings"
	"time"
)

// The page in Firefox, driven over WebDriver BiDi (bidi.go):
//   - with WebGL 2 (under a display, e.g. xvfb-run: Firefox's software
//     WebGL): the map shows, a click on the sound overlay opens the audio
//     device, and "Copy link" opened in a fresh page stands at the same
//     place;
//   - -nowebgl: headless Firefox, which offers no WebGL 2: the page says
//     so with its advice instead of a black page.

type firefox struct {
	cmd *exec.Cmd
	b   *bidiConn
	ctx string // the top-level browsing context
	dir string
}

// firefoxPrefs is the test profile's user.js (and WEBCHECK_FIREFOX_PREFS,
// more lines for a diagnosis). Sound: Firefox plays through a sound server
// (web-smoke starts a private PulseAudio and sets PULSE_SERVER); with none
// (no device: its "null" cubeb backend is no output either) its
// AudioContext stays suspended and the page's mix runs on the wall clock.
// Autoplay is allowed, as a test profile may: the test's click comes over
// BiDi.
func firefoxPrefs() string {
	return `user_pref("media.autoplay.default", 0);
user_pref("media.autoplay.blocking_policy", 0);
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
` + os.Getenv("WEBCHECK_FIREFOX_PREFS")
}

// launchFirefox starts Firefox with a private profile and the remote agent
// on a free port, and opens a BiDi session on its one tab.
func launchFirefox(bin string, headless bool) (*firefox, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	dir, err := os.MkdirTemp("", "webcheck-firefox-*")
	if err != nil {
		return nil, err
	}
	prefs := firefoxPrefs()
	if err := os.WriteFile(dir+"/user.js", []byte(prefs), 0o644); err != nil {
		return nil, err
	}
	args := []string{"--remote-debugging-port", fmt.Sprint(port), "--profile", dir, "--no-remote", "--window-size", "1280,750"}
	if headless {
		args = append(args, "--headless")
	}
	// The first page is not about:blank: for a blank page Firefox puts the
	// focus in its address bar, and BiDi's navigate never moves it to the
	// content, so document.hasFocus() stayed false under Xvfb (G4 then
	// silences the page; -decisions needs it true).
	cmd := exec.Command(bin, append(args, "data:text/html,webcheck")...)
	cmd.Env = append(os.Environ(), "MOZ_REMOTE_SETTINGS_DEVTOOLS=1")
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("%s: %v (install it: apt-get install -y firefox-esr)", bin, err)
	}
	f := &firefox{cmd: cmd, dir: dir}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if a, ok := trimWS(sc.Text()); ok && strings.Contains(sc.Text(), "BiDi") {
				select {
				case addr <- a:
				default:
				}
			}
		}
	}()
	select {
	case a := <-addr:
		if f.b, err = dialBiDi(a); err != nil {
			f.close()
			return nil, err
		}
	case <-time.After(2 * time.Minute):
		f.close()
		return nil, errors.New("firefox: no WebDriver BiDi address on stderr after 2 min")
	}
	if _, err := f.b.call("session.new", map[string]any{"capabilities": map[string]any{}}); err != nil {
		f.close()
		return nil, err
	}
	res, err := f.b.call("browsingContext.getTree", nil)
	if err != nil {
		f.close()
		return nil, err
	}
	var tree struct{ Contexts []struct{ Context string } }
	json.Unmarshal(res, &tree)
	if len(tree.Contexts) == 0 {
		f.close()
		return nil, errors.New("firefox: no browsing context")
	}
	f.ctx = tree.Contexts[0].Context
	f.b.call("session.subscribe", map[string]any{"events": []string{"log.entryAdded"}})
	return f, nil
}

func (f *firefox) close() {
	if f.b != nil {
		f.b.c.Close()
	}
	f.cmd.Process.Kill()
	f.cmd.Wait()
	os.RemoveAll(f.dir)
}

func (f *firefox) navigate(url string) error {
	_, err := f.b.call("browsingContext.navigate", map[string]any{"context": f.ctx, "url": url, "wait": "none"})
	return err
}

func (f *firefox) state() (sessionState, error) {
	var st sessionState
	err := f.b.eval(f.ctx, "JSON.stringify(window.swTest ? window.swTest() : {})", &st)
	return st, err
}

func (f *firefox) screenshot() (image.Image, error) {
	res, err := f.b.call("browsingContext.captureScreenshot", map[string]any{"context": f.ctx})
	if err != nil {
		return nil, err
	}
	return pngData(res)
}

// waitFor polls the page until ok or stepWait.
func (f *firefox) waitFor(what string, ok func(sessionState) bool) (sessionState, error) {
	t0 := time.Now()
	var st sessionState
	for time.Since(t0) < stepWait {
		var err error
		st, err = f.state()
		if err == nil && ok(st) {
			return st, nil
		}
		time.Sleep(400 * time.Millisecond)
	}
	return st, fmt.Errorf("firefox: %s: not after %s (page: %+v)", what, stepWait, st)
}

// click clicks at (x, y) of the page with the mouse (a user gesture).
func (f *firefox) click(x, y int) error {
	_, err := f.b.call("input.performActions", map[string]any{"context": f.ctx, "actions": []any{map[string]any{
		"type": "pointer", "id": "mouse", "parameters": map[string]any{"pointerType": "mouse"},
		"actions": []any{
			map[string]any{"type": "pointerMove", "x": x, "y": y},
			map[string]any{"type": "pointerDown", "button": 0},
			map[string]any{"type": "pointerUp", "button": 0},
		}}}})
	return err
}

func keepPNG(path string, img image.Image) {
	if path == "" || img == nil {
		return
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	os.WriteFile(path, buf.Bytes(), 0o644)
}

// checkFirefox runs the page's checks in Firefox (see the top).
// page is the page to open first (a link made from -sidecar, standing at
// wantLoc, or the plain page).
func checkFirefox(bin, base, page, wantLoc string, pal []color.RGBA, shot string, noWebGL bool) error {
	f, err := launchFirefox(bin, noWebGL)
	if err != nil {
		return err
	}
	defer f.close()
	prefix := strings.TrimSuffix(shot, ".png")
	if noWebGL {
		return f.checkNoWebGL(base, prefix)
	}
	t0 := time.Now()
	if err := f.navigate(page); err != nil {
		return err
	}
	mapped := func(st sessionState) bool { return st.Frames > 10 && st.Where != "" && st.Problem == "" }
	st, err := f.waitFor("the stand-in's map", func(st sessionState) bool { return mapped(st) || st.Problem != "" })
	if err != nil {
		return err
	}
	if st.Problem != "" {
		img, _ := f.screenshot()
		keepPNG(prefix+"-firefox.png", img)
		return fmt.Errorf("firefox: the page failed: %s", st.Problem)
	}
	tMap := time.Since(t0)
	img, err := f.screenshot()
	if err != nil {
		return err
	}
	keepPNG(prefix+"-firefox.png", img)
	frac, marker := terrainShare(img, pal)
	fmt.Printf("webcheck: firefox: map after %.1f s (polled), %.0f%% terrain, marker %v, at %q\n", tMap.Seconds(), 100*frac, marker, st.Where)
	if frac < minTerrain || !marker {
		return fmt.Errorf("firefox: %.0f%% terrain, marker %v: no map", 100*frac, marker)
	}
	if wantLoc != "" && st.Where != wantLoc {
		return fmt.Errorf("firefox: the desktop's link opened at %q, the sidecar says %q", st.Where, wantLoc)
	}
	where := st.Where
	// The sound overlay: a click opens the audio device.
	if err := f.click(640, 360); err != nil {
		return err
	}
	if st, err = f.waitFor("the audio device after a click", func(st sessionState) bool { _, ok := st.Marks["sound opened"]; return ok && st.Sound }); err != nil {
		return err
	}
	fmt.Printf("webcheck: firefox: the click started sound (overlay gone %v)\n", !st.Overlay)
	if extra.decisions != "" && extra.sidecar != "" {
		ev := func(expr string, v any) error { return f.b.eval(f.ctx, expr, v) }
		// Retail is silent while its window is not active (G4,
		// game/focus.go), render assumes an active window: the page must
		// have the focus (launchFirefox's first page sees to it), or its
		// objects decide "silent" for that reason alone.
		var focused bool
		ev(`JSON.stringify(document.hasFocus())`, &focused)
		fmt.Printf("webcheck: firefox: the page has the focus: %v\n", focused)
		if !focused {
			return errors.New("firefox: the page has no focus (document.hasFocus() false): G4 would silence every decision")
		}
		if err := checkDecisions("firefox", ev, extra.decisions, extra.sidecar, 30*time.Second); err != nil {
			return err
		}
		if err := firefoxSound(ev); err != nil {
			return err
		}
	}
	if err := f.linkRoundTrip(base, prefix, where); err != nil {
		return err
	}
	if errs := f.b.errorLogs(); len(errs) > 0 {
		return fmt.Errorf("firefox: errors logged: %s", strings.Join(errs, "; "))
	}
	return nil
}

// checkNoWebGL: headless Firefox has no WebGL 2; the page must say so.
func (f *firefox) checkNoWebGL(base, prefix string) error {
	if err := f.navigate(base); err != nil {
		return err
	}
	st, err := f.waitFor("the page without WebGL 2: its message", func(st sessionState) bool { return st.Problem != "" || st.Frames > 0 })
	img, _ := f.screenshot()
	keepPNG(prefix+"-firefox-nowebgl.png", img)
	if err != nil {
		return err
	}
	fmt.Printf("webcheck: firefox (headless, no WebGL 2): %q\n", st.Problem)
	if !strings.Contains(st.Problem, "WebGL 2") {
		return fmt.Errorf("firefox without WebGL 2: no message saying so (frames %d)", st.Frames)
	}
	return nil
}

// linkRoundTrip: "Copy link", then the link opened in a fresh page stands
// at where.
func (f *firefox) linkRoundTrip(base, prefix, where string) error {
	var frag string
	f.b.eval(f.ctx, `(document.getElementById("copy").click(), JSON.stringify(""))`, nil)
	for k := 0; k < 100 && len(frag) < 5; k++ {
		time.Sleep(300 * time.Millisecond)
		f.b.eval(f.ctx, "JSON.stringify(location.hash)", &frag)
	}
	if len(frag) < 5 {
		return errors.New("firefox: Copy link put no link in the address bar")
	}
	for _, u := range []string{"about:blank", base + frag} {
		if err := f.navigate(u); err != nil {
			return err
		}
		time.Sleep(time.Second)
	}
	st, err := f.waitFor("the link's map", func(st sessionState) bool { return st.Frames > 10 && st.Where != "" && st.Problem == "" })
	if err != nil {
		return err
	}
	img, _ := f.screenshot()
	keepPNG(prefix+"-firefox-link.png", img)
	fmt.Printf("webcheck: firefox: link of %d characters reopened at %q\n", len(frag), st.Where)
	if st.Where != where {
		return fmt.Errorf("firefox: the link opened at %q, made at %q", st.Where, where)
	}
	return nil
}

// firefoxSound prints what Firefox's sound did (the clock, the
// AudioContext, what the worklet played) and, with a sound server
// (PULSE_SERVER), requires the device's clock and checks that the worklet
// played what the mixer handed it, as in Chromium.
func firefoxSound(ev evaluator) error {
	var ps pageState
	if err := ev("JSON.stringify(window.swTest())", &ps); err != nil {
		return err
	}
	ctx := "no AudioContext"
	if ps.Audio != nil {
		ctx = fmt.Sprintf("the AudioContext %s at %.2f s", ps.Audio.State, ps.Audio.Seconds)
	}
	fmt.Printf("webcheck: firefox: sound: the clock follows the %s; %s; the audio worklet played %.2f s of samples (%s), %d underruns\n",
		ps.Clock, ctx, float64(ps.Worklet.Played)/44100, ringKind(ps.Worklet.Shared), ps.Worklet.Runs)
	if os.Getenv("PULSE_SERVER") == "" {
		return nil
	}
	if ps.Clock != "device" {
		return fmt.Errorf("firefox: with a sound server (PULSE_SERVER) the clock follows the %s, not the device: %s", ps.Clock, ctx)
	}
	if err := playedCheck(ps, "firefox: "); err != nil {
		return fmt.Errorf("firefox: %w", err)
	}
	return nil
}
