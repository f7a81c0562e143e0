// Command webcheck is the browser test of `make web`: it serves
// the web folder on 127.0.0.1, opens it in headless Chromium driven over the
// DevTools protocol on a pipe (--remote-debugging-pipe: no WebSocket, no
// library), and checks that
//   - the stand-in's map shows within -budget of the navigation: the first
//     frame the browser presents (its screencast, with the frame's swap time)
//     where enough of the page is terrain (a shade of one of the stand-in
//     region's terrain colours, as explorer/terrain paints them) and the
//     listener marker's blue is there;
//   - the page logged no error (console errors, exceptions, log entries);
//   - with -sidecar, the page opened from a link made from that desktop
//     sidecar stands where the sidecar says (its /loc line, read back
//     through the page's window.swTest hook).
//
// It prints the wasm size, the time to the map, the terrain fraction and the
// errors. Usage:
//
//	go run ./scripts/webcheck -dir build/web [-sidecar shot.json] [-shot page.png]
package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"soundworld/assets"
	"soundworld/explorer/terrain"
	"soundworld/internal/weblink"
)

func main() {
	dir := flag.String("dir", "build/web", "the web folder (make web)")
	sidecar := flag.String("sidecar", "", "a desktop sidecar: also open a link made from it and check the position")
	shot := flag.String("shot", "", "write the page's screenshot (PNG) here")
	budget := flag.Duration("budget", 5*time.Second, "the map must show within this time of the navigation")
	browser := flag.String("chromium", "chromium", "the browser to run")
	flag.BoolVar(&extra.click, "click", false, "then click the sound overlay and report the clock")
	flag.BoolVar(&extra.f12, "f12", false, "then press F12 (after -click) and check the downloads and the address bar's link")
	flag.BoolVar(&extra.dats, "dats", false, "then open the stand-in's dats as game files through the page's file button")
	flag.BoolVar(&extra.restart, "restart", false, "then walk the page's sessions: own files, a link made on them opened in a fresh page, damaged then good files, a bad link dropped, files dropped on the map (restart.go)")
	flag.BoolVar(&extra.crash, "crash", false, "instead: open the page with ?crashtest (a deliberate panic in its second frame) and check it shows the crash report")
	flag.StringVar(&extra.firefox, "firefox", "", "instead: run the page's checks in this Firefox (e.g. firefox-esr; firefox.go): map, sound click, link round trip; under a display (xvfb-run) for its WebGL 2")
	flag.BoolVar(&extra.noWebGL, "nowebgl", false, "with -firefox: run it headless (no WebGL 2) and check the page says so; without: Chromium with the page's ?nowebgl2")
	flag.DurationVar(&extra.listen, "listen", 0, "with -click: then let the page play this long and print its sound figures (the device's underruns and dry time, frames per second); a measurement, not a verdict")
	flag.DurationVar(&extra.firstSound, "firstsound", 0, "with -click: fail unless the worklet plays its first sound within this time of the click (0: only print it)")
	flag.BoolVar(&extra.noIsolation, "noisolation", false, "serve the page without COOP/COEP (not cross-origin isolated: no SharedArrayBuffer; the sound's frames reach the worklet as posted blocks)")
	flag.IntVar(&extra.maxUnderruns, "maxunderruns", -1, "with -listen: fail if the worklet runs dry more often than this from the click through the listening (-1: only print it)")
	flag.StringVar(&extra.gate, "gate", "", "then open this listening gate file (NAME.gate.json, its recording next to it as the file names it) through the page's file button and check it opens ready")
	flag.StringVar(&extra.gateReport, "gatereport", "", "with -gate: then run the gate's report in the page (its Web Worker) and compare its report.json with this one (the desktop's `soundworld gate -seeds N` on the same files)")
	flag.IntVar(&extra.gateSeeds, "gateseeds", 3, "with -gatereport: the seeds of the page's run (the desktop's -seeds)")
	flag.StringVar(&extra.decisions, "decisions", "", "with -sidecar and -click (or -firefox): let the page play, take its capture bundle and check its sound decisions equal those of this desktop program's `render -from SIDECAR -events`")
	flag.StringVar(&extra.clickProfile, "clickprofile", "", "with -click: write the page's JavaScript and WebAssembly CPU profile of the 6 s after the click here (.cpuprofile JSON)")
	flag.StringVar(&extra.cpuprofile, "cpuprofile", "", "write the page's JavaScript and WebAssembly CPU profile from the navigation to the map here (.cpuprofile JSON; names need a wasm built without -s)")
	flag.StringVar(&extra.trace, "trace", "", "write a Chromium trace (every process and thread: V8's compiles, the GPU process, frames) from the navigation to the map here (JSON for chrome://tracing or Perfetto)")
	flag.Parse()
	err := run(*dir, *sidecar, *shot, *budget, *browser)
	for _, d := range tempDirs {
		os.RemoveAll(d)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "webcheck: FAIL:", err)
		os.Exit(1)
	}
	fmt.Println("webcheck: ok")
}

// extra are the steps after the first page's checks.
var extra struct {
	click, f12, dats, crash, restart, noWebGL bool
	noIsolation                               bool
	firefox, cpuprofile, trace, gate          string
	clickProfile                              string
	gateReport, decisions, sidecar            string
	gateSeeds, maxUnderruns                   int
	listen, firstSound                        time.Duration
}

func run(dir, sidecar, shot string, budget time.Duration, browser string) error {
	for _, f := range []string{"index.html", "app.html", "soundworld.wasm", "soundworld.wasm.gz", "wasm_exec.js"} {
		st, err := os.Stat(filepath.Join(dir, f))
		if err != nil {
			return err
		}
		if strings.HasPrefix(f, "soundworld.wasm") {
			fmt.Printf("webcheck: %s %d bytes (%.1f MB)\n", f, st.Size(), float64(st.Size())/(1<<20))
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	go http.Serve(ln, isolated(http.FileServer(http.Dir(dir))))
	base := "http://" + ln.Addr().String() + "/"
	pal, err := palette()
	if err != nil {
		return err
	}
	page := base
	var wantLoc string
	if sidecar != "" {
		js, err := os.ReadFile(sidecar)
		if err != nil {
			return err
		}
		var sc struct {
			Listener struct {
				Loc string `json:"loc"`
			} `json:"listener"`
		}
		if err := json.Unmarshal(js, &sc); err != nil || sc.Listener.Loc == "" {
			return fmt.Errorf("%s: no listener.loc (%v)", sidecar, err)
		}
		frag, err := weblink.Encode(js)
		if err != nil {
			return err
		}
		page, wantLoc = base+"#"+frag, sc.Listener.Loc
		fmt.Printf("webcheck: link from %s: %d characters, position %s\n", sidecar, len(page), wantLoc)
	}
	if extra.firefox != "" {
		extra.sidecar = sidecar
		return checkFirefox(extra.firefox, base, page, wantLoc, pal, shot, extra.noWebGL)
	}
	b, err := launch(browser)
	if err != nil {
		return err
	}
	defer b.close()
	if extra.noWebGL {
		return checkNoWebGL(b, base+"?nowebgl2", shot)
	}

	if extra.crash {
		return checkCrash(b, base+"?crashtest", shot)
	}
	if extra.cpuprofile != "" {
		if err := b.startProfile(); err != nil {
			return err
		}
	}
	if extra.trace != "" {
		if err := b.startTrace(); err != nil {
			return err
		}
	}
	cpu0 := b.cpu()
	t0 := time.Now()
	// CPU use sampled every 100 ms until the map shows: the page's steps
	// (its marks) are then given in main-thread CPU seconds too.
	type cpuAt struct {
		t time.Duration
		u cpuUse
	}
	var samples []cpuAt
	var sampleMu sync.Mutex
	stopSampling := make(chan struct{})
	go func() {
		for {
			u := b.cpu()
			sampleMu.Lock()
			samples = append(samples, cpuAt{time.Since(t0), u})
			sampleMu.Unlock()
			select {
			case <-stopSampling:
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
	}()
	mainCPUAt := func(ms float64) float64 { // main-thread CPU used by ms after the navigation
		sampleMu.Lock()
		defer sampleMu.Unlock()
		var v float64
		for _, x := range samples {
			if x.t.Seconds()*1000 > ms {
				break
			}
			v = x.u.main - cpu0.main
		}
		return v
	}
	// The map's time is when the browser presented the first frame that
	// shows it: the screencast hands over each frame the compositor draws
	// with its swap time, so no screenshot forces an extra frame and the
	// time does not include this program's polling.
	b.mu.Lock()
	frames := b.screencast.start()
	b.mu.Unlock()
	if _, err := b.call("Page.startScreencast", map[string]any{"format": "png", "everyNthFrame": 1}); err != nil {
		return err
	}
	if _, err := b.call("Page.navigate", map[string]any{"url": page}); err != nil {
		return err
	}
	var tMap time.Duration
	var frac float64
	var img image.Image
	deadline := time.After(max(budget+30*time.Second, 3*time.Minute)) // wait past the budget: say how late it was
wait:
	for {
		var f screencastFrame
		select {
		case f = <-frames:
		case <-deadline:
			break wait
		}
		if f.at.Before(t0) { // about:blank's last frame
			continue
		}
		im, err := png.Decode(bytes.NewReader(f.png))
		if err != nil {
			return fmt.Errorf("a screencast frame: %v", err)
		}
		img = im
		var marker bool
		frac, marker = terrainShare(img, pal)
		if os.Getenv("WEBCHECK_V") != "" {
			fmt.Printf("webcheck: frame presented %.2f s after navigation: %.0f%% terrain, marker %v\n", f.at.Sub(t0).Seconds(), 100*frac, marker)
		}
		if frac >= minTerrain && marker {
			tMap = f.at.Sub(t0)
			break
		}
	}
	b.call("Page.stopScreencast", nil)
	b.mu.Lock()
	b.screencast.stop()
	b.mu.Unlock()
	if shot != "" && img != nil {
		var buf bytes.Buffer
		png.Encode(&buf, img)
		os.WriteFile(shot, buf.Bytes(), 0o644)
	}
	if tMap == 0 {
		var st json.RawMessage
		b.eval("JSON.stringify(window.swTest ? window.swTest() : null)", &st)
		fmt.Printf("webcheck: the page's state: %s\n", st)
		if img == nil && shot != "" {
			if img, err := b.screenshot(); err == nil {
				var buf bytes.Buffer
				png.Encode(&buf, img)
				os.WriteFile(shot, buf.Bytes(), 0o644)
			}
		}
		return fmt.Errorf("no map after %s: %.0f%% of the page is terrain (want ≥ %.0f%%) or no listener marker", time.Since(t0).Round(time.Millisecond), 100*frac, 100*minTerrain)
	}
	if extra.cpuprofile != "" {
		if err := b.stopProfile(extra.cpuprofile); err != nil {
			return err
		}
	}
	if extra.trace != "" {
		if err := b.endTrace(extra.trace); err != nil {
			return err
		}
	}
	close(stopSampling)
	cpu1 := b.cpu()
	if os.Getenv("WEBCHECK_V") != "" {
		out, _ := exec.Command("sh", "-c", fmt.Sprintf(`for p in $(pgrep -P %d) $(pgrep -P $(pgrep -d, -P %d)); do t=$(tr '\0' ' ' </proc/$p/cmdline | grep -o -- '--type=[a-z-]*'); for th in /proc/$p/task/*; do echo "$t $(cat $th/comm) $(cut -d')' -f2 $th/stat | awk '{print ($12+$13)/100}')"; done; done | awk '{a[$1" "$2]+=$3} END {for (k in a) if (a[k]>0.2) print a[k], k}' | sort -rn | head -15`, b.cmd.Process.Pid, b.cmd.Process.Pid)).Output()
		fmt.Printf("%s", out)
	}
	fmt.Printf("webcheck: map shown %.2f s after navigation (%.0f%% of the page is stand-in terrain; listener marker seen)\n", tMap.Seconds(), 100*frac)
	fmt.Printf("webcheck: CPU used until then: %.1f s by the browser, %.1f s of it on the page's main thread\n", cpu1.all-cpu0.all, cpu1.main-cpu0.main)
	var st struct {
		Where      string             `json:"where"`
		Frames     int                `json:"frames"`
		FirstFrame float64            `json:"firstFrame"`
		Times      map[string]float64 `json:"times"`
		Marks      map[string]float64 `json:"marks"`
		WasmBytes  int                `json:"wasmBytes"`
		Errors     []string           `json:"errors"`
		Status     string             `json:"status"`
	}
	for k := 0; k < 100; k++ {
		if err := b.eval("JSON.stringify(window.swTest())", &st); err != nil {
			return err
		}
		if st.Frames > 10 && st.Where != "" {
			break
		}
		time.Sleep(300 * time.Millisecond)
	}
	fmt.Printf("webcheck: %d frames, at %q, status %q\n", st.Frames, st.Where, st.Status)
	fmt.Printf("webcheck: page times (ms since navigation): wasm compiled %.0f, session started %.0f, first frame %.0f\n",
		st.Times["compiled"], st.Times["session"], st.FirstFrame+st.Times["session"])
	steps := map[string]float64{"wasm compiled": st.Times["compiled"], "session started": st.Times["session"], "stand-in files fetched": st.Times["standIn"],
		"first frame": st.FirstFrame + st.Times["session"], "map seen": float64(tMap.Milliseconds())}
	for k, v := range st.Marks {
		steps[k] = v + st.Times["session"]
	}
	var marks []string
	for k, v := range steps {
		if v > 0 {
			marks = append(marks, fmt.Sprintf("%6.0f ms %4.1f s CPU: %s", v, mainCPUAt(v), k))
		}
	}
	sort.Strings(marks)
	fmt.Printf("webcheck: steps (ms since navigation, main-thread CPU s until then):\n  %s\n", strings.Join(marks, "\n  "))
	errs := append(b.errors(), st.Errors...)
	fmt.Printf("webcheck: errors logged: %d\n", len(errs))
	for _, e := range errs {
		fmt.Println("  ", e)
	}
	var fails []string
	if tMap > budget {
		fails = append(fails, fmt.Sprintf("the map took %.2f s (budget %s)", tMap.Seconds(), budget))
	}
	if len(errs) > 0 {
		fails = append(fails, fmt.Sprintf("%d errors logged", len(errs)))
	}
	if _, ok := st.Marks["sound opened"]; ok { // web/app.js: only after a gesture
		fails = append(fails, "the program opened its audio device before any click or key")
	}
	if wantLoc != "" && st.Where != wantLoc {
		fails = append(fails, fmt.Sprintf("the link opened at %q, the sidecar says %q", st.Where, wantLoc))
	}
	if len(fails) > 0 {
		return errors.New(strings.Join(fails, "; "))
	}
	if extra.click {
		if err := clickSound(b); err != nil {
			return err
		}
		if shot != "" { // the page as a user sees it once sound is on
			if img, err := b.screenshot(); err == nil {
				var buf bytes.Buffer
				png.Encode(&buf, img)
				os.WriteFile(strings.TrimSuffix(shot, ".png")+"-after-click.png", buf.Bytes(), 0o644)
			}
		}
	}
	// The sound's figures first, from the click on, then the decisions:
	// their capture bundle (F11) holds the page's thread for seconds.
	if extra.click && extra.listen > 0 {
		if err := soundFigures(b, extra.listen); err != nil {
			return err
		}
	}
	if extra.click && extra.decisions != "" && sidecar != "" {
		var st0, st1 pageState
		b.eval("JSON.stringify(window.swTest())", &st0)
		if err := checkDecisions("chromium", b.eval, extra.decisions, sidecar, 15*time.Second); err != nil {
			return err
		}
		if err := b.eval("JSON.stringify(window.swTest())", &st1); err == nil {
			worst := 0.0
			for _, g := range st1.Stalls {
				if g[0] > st0.Now {
					worst = max(worst, g[1])
				}
			}
			fmt.Printf("webcheck: while the decisions check played and took its capture bundle (F11): %d underruns, %.2f s dry; the page's thread's longest stall %.0f ms\n",
				st1.Worklet.Runs-st0.Worklet.Runs, float64(st1.Worklet.Dry-st0.Worklet.Dry)/44100, worst)
		}
	}
	if extra.f12 {
		if err := pressF12(b, shot); err != nil {
			return err
		}
	}
	if extra.dats {
		if err := openDats(b, pal, st.Where); err != nil {
			return err
		}
	}
	if extra.gate != "" && !extra.restart {
		if err := openGateFiles(b, extra.gate, shot); err != nil {
			return err
		}
		if extra.gateReport != "" {
			if err := checkGateRun(b, extra.gateReport, extra.gateSeeds, shot); err != nil {
				return err
			}
		}
	}
	if extra.restart {
		if err := checkRestart(b, base, pal, shot); err != nil {
			return err
		}
		if extra.gate != "" { // then a gate in the same page, on the files dropped last
			if err := openGateFiles(b, extra.gate, shot); err != nil {
				return err
			}
			if extra.gateReport != "" {
				if err := checkGateRun(b, extra.gateReport, extra.gateSeeds, shot); err != nil {
					return err
				}
			}
		}
		// The failures it provokes are logged on the console on purpose;
		// an uncaught exception (e.g. a call into an ended program) is not.
		for _, e := range b.errors() {
			if strings.HasPrefix(e, "exception:") {
				return fmt.Errorf("an uncaught exception while switching sessions: %s", e)
			}
		}
		return nil
	}
	if errs := b.errors(); len(errs) > 0 {
		return fmt.Errorf("errors logged after the first checks: %s", strings.Join(errs, "; "))
	}
	return nil
}

// pageState is window.swTest()'s answer.
type pageState struct {
	Where, Clock, Status string
	Sound                bool
	Frames               int
	PlayedCheck          *struct{ Checks, Differ, Frames int64 } // audio/device playedCheck: worklet played = handed
	Underruns            int64                                   // the window's status: the worklet's count (Device.Underruns)
	DrySeconds           float64                                 // s
	Marks                map[string]float64
	Worklet              struct { // web/app.js firstSoundMark: the audio worklet's account
		Played, Dry, Runs, Stats int64
		Shared                   bool
		DryAt                    [][2]float64 // its first underruns: [ms on the page's clock, ms of silence]
		DryCtx                   []float64    // their context times (s)
		LoudCtx                  float64      // s, context time of the first sample not zero (-1 none)
	}
	Stalls [][2]float64 // web/app.js watchStalls: [ms on the page's clock at the end, ms between two frames]
	Now    float64      // ms, the session frame's clock (performance.now) at the read-back
	Lead   string       // the sound session's status line (game.PageHost.SoundLine): its lead
	// ClickCtx is the AudioContext's clock (s) at the click (-1: none
	// made yet): the worklet's times on it, a cross-check of the page clock's
	ClickCtx float64
	Audio    *struct {
		State   string
		Seconds float64
	}
}

// openGateFiles reads the gate file's /loc and recording and checks the
// page opens them (checkGate).
func openGateFiles(b *browserConn, path, shot string) error {
	js, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var g struct{ Loc, Recording string }
	if err := json.Unmarshal(js, &g); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	abs, _ := filepath.Abs(path)
	return checkGate(b, []string{abs, filepath.Join(filepath.Dir(abs), g.Recording)}, g.Loc, shot)
}

// isolated serves the page cross-origin isolated (COOP same-origin, COEP
// require-corp), as docs/web.md asks a host to: the page's
// SharedArrayBuffer (sound mixed off the page's thread) needs it, and the
// page must work under it.
func isolated(h http.Handler) http.Handler {
	if extra.noIsolation {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cross-Origin-Opener-Policy", "same-origin")
		w.Header().Set("Cross-Origin-Embedder-Policy", "require-corp")
		h.ServeHTTP(w, r)
	})
}

// soundFigures lets the page play for d after the click and prints what
// its audio worklet went through: underruns (runs of silence it played
// for want of frames, audio/device/webworklet.js) and dry time, the frames
// drawn meanwhile (the page's thread mixes and draws) and what it played;
// with -maxunderruns, more underruns than that fail.
func soundFigures(b *browserConn, d time.Duration) error {
	var st0, st1 pageState
	if err := b.eval("JSON.stringify(window.swTest())", &st0); err != nil {
		return err
	}
	time.Sleep(d)
	if err := b.eval("JSON.stringify(window.swTest())", &st1); err != nil {
		return err
	}
	w0, w1 := st0.Worklet, st1.Worklet
	runs, dry := w1.Runs-w0.Runs, float64(w1.Dry-w0.Dry)/44100
	fmt.Printf("webcheck: sound over %s of drawing: %d underruns, %.2f s dry; %.1f frames/s (since the click: %d underruns, %.2f s dry; the window's status says %d)\n",
		d, runs, dry, float64(st1.Frames-st0.Frames)/d.Seconds(), w1.Runs, float64(w1.Dry)/44100, st1.Underruns)
	fmt.Printf("webcheck: the audio lead at the end: %s\n", st1.Lead)
	dryAccount(st1)
	played := float64((st1.Worklet.Played-st0.Worklet.Played)&0x7fffffff) / 44100
	fmt.Printf("webcheck: sound over %s: the audio worklet played %.2f s of samples (%s), %d account messages\n",
		d, played, ringKind(st1.Worklet.Shared), st1.Worklet.Stats-st0.Worklet.Stats)
	if err := playedCheck(st1, ""); err != nil {
		return err
	}
	if st1.Worklet.Stats == st0.Worklet.Stats {
		return errors.New("the audio worklet posted no account while the page drew: is it running?")
	}
	if extra.maxUnderruns >= 0 && w1.Runs > int64(extra.maxUnderruns) {
		return fmt.Errorf("the audio worklet ran dry %d times (%.2f s) from the click through %s of drawing (budget %d)", w1.Runs, float64(w1.Dry)/44100, d, extra.maxUnderruns)
	}
	return nil
}

// startProfile starts the page's JavaScript and WebAssembly CPU profile.
func (b *browserConn) startProfile() error {
	for _, m := range []string{"Profiler.enable", "Profiler.start"} {
		if _, err := b.call(m, nil); err != nil {
			return err
		}
	}
	return nil
}

// stopProfile stops it and writes it to path (.cpuprofile JSON).
func (b *browserConn) stopProfile(path string) error {
	res, err := b.call("Profiler.stop", nil)
	if err != nil {
		return err
	}
	var p struct{ Profile json.RawMessage }
	json.Unmarshal(res, &p)
	return os.WriteFile(path, p.Profile, 0o644)
}

// dryAccount prints when, after the click, the worklet ran dry and the
// page's thread stalled (two animation frames more than 100 ms apart; the
// thread that mixes ahead is the one that draws), so an underrun can be
// put beside the stall that drained the queue.
func dryAccount(st pageState) {
	click := st.Marks["click"]
	var runs []string
	for _, d := range st.Worklet.DryAt {
		if d[0] >= click {
			runs = append(runs, fmt.Sprintf("+%.2f s (%.0f ms)", (d[0]-click)/1000, d[1]))
		}
	}
	var marks []string
	for _, k := range []string{"audio context", "audio running", "sound opened", "audio worklet", "sound anchored", "first frames handed", "first sound handed", "first sound"} {
		if t, ok := st.Marks[k]; ok {
			marks = append(marks, fmt.Sprintf("%s %+.2f s", k, (t-click)/1000))
		}
	}
	fmt.Printf("webcheck: after the click: %s; now +%.2f s\n", strings.Join(marks, ", "), (st.Now-click)/1000)
	fmt.Printf("webcheck: underruns since the click: %d%s\n", len(runs), listed(runs))
	if c := st.ClickCtx; c > 0 { // on the context's own clock, when it ran at the click (no output latency)
		var ctx []string
		for _, t := range st.Worklet.DryCtx {
			ctx = append(ctx, fmt.Sprintf("%+.2f s", t-c))
		}
		fmt.Printf("webcheck: on the AudioContext's clock from the click: first sound played %+.2f s; underruns%s\n", st.Worklet.LoudCtx-c, listed(ctx))
	}
	var long []string
	n, worst := 0, 0.0
	for _, g := range st.Stalls {
		if g[0] < click {
			continue
		}
		n++
		worst = max(worst, g[1])
		if g[1] >= 250 {
			long = append(long, fmt.Sprintf("+%.2f s (%.0f ms)", (g[0]-g[1]-click)/1000, g[1]))
		}
	}
	kept := "" // web/app.js keeps the last 400
	if len(st.Stalls) >= 400 {
		kept = " (of the last 400 kept)"
	}
	fmt.Printf("webcheck: the page's thread since the click: %d frames over 100 ms apart%s, the longest %.0f ms; %d over 250 ms%s\n", n, kept, worst, len(long), listed(long))
}

// listed is ": a, b, c" ("" for none).
func listed(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return ": " + strings.Join(s, ", ")
}

// playedCheck prints and checks that the worklet played exactly the
// frames the program handed over (hashes compared at its played counts:
// audio/device playedCheck); the frames handed over are the mixer's.
func playedCheck(st pageState, who string) error {
	c := st.PlayedCheck
	if c == nil || c.Checks == 0 {
		return errors.New("the audio worklet's played frames were never compared with what was handed over")
	}
	fmt.Printf("webcheck: %sthe audio worklet played what the mixer handed it: %d checks over its first %.2f s, %d different\n", who, c.Checks, float64(c.Frames)/44100, c.Differ)
	if c.Differ > 0 {
		return fmt.Errorf("the audio worklet played other frames than were handed over (%d of %d checks)", c.Differ, c.Checks)
	}
	return nil
}

// ringKind names how the frames reach the worklet.
func ringKind(shared bool) string {
	if shared {
		return "through a SharedArrayBuffer ring"
	}
	return "through posted blocks: the page is not cross-origin isolated"
}

// clickSound clicks the "Click to start sound" overlay (the middle of the
// page) like a user and reports what the clock follows 6 s later: the
// overlay must be gone; the clock is reported, not required (a headless
// browser's audio output need not keep real time). It prints the first
// sound's time after the click (the worklet's first sample not zero, on
// the page's clock) and, with -firstsound, fails past that budget.
func clickSound(b *browserConn) error {
	if extra.clickProfile != "" {
		if err := b.startProfile(); err != nil {
			return err
		}
	}
	for _, typ := range []string{"mousePressed", "mouseReleased"} {
		if _, err := b.call("Input.dispatchMouseEvent", map[string]any{"type": typ, "x": 640, "y": 360, "button": "left", "clickCount": 1}); err != nil {
			return err
		}
	}
	time.Sleep(6 * time.Second)
	if extra.clickProfile != "" {
		if err := b.stopProfile(extra.clickProfile); err != nil {
			return err
		}
	}
	var st pageState
	if err := b.eval("JSON.stringify(window.swTest())", &st); err != nil {
		return err
	}
	_, opened := st.Marks["sound opened"]
	first := "none yet"
	t, heard := st.Marks["first sound"]
	if heard {
		first = fmt.Sprintf("%.0f ms after the click", t-st.Marks["click"])
	}
	var iso bool
	b.eval("JSON.stringify(self.crossOriginIsolated === true)", &iso)
	fmt.Printf("webcheck: after a click on the sound overlay: sound started %v, audio device opened %v (%.0f ms after the click), clock follows the %s\n", st.Sound, opened, st.Marks["sound opened"]-st.Marks["click"], st.Clock)
	fmt.Printf("webcheck: first sound (the audio worklet's first sample not zero): %s; page cross-origin isolated %v; its worklet made %.0f ms after the click\n", first, iso, st.Marks["audio worklet"]-st.Marks["click"])
	if st.Audio != nil {
		fmt.Printf("webcheck: 6 s after the click: the AudioContext %s, its clock at %.2f s; the audio worklet played %.2f s of samples (%s)\n",
			st.Audio.State, st.Audio.Seconds, float64(st.Worklet.Played)/44100, ringKind(st.Worklet.Shared))
	}
	if !st.Sound {
		return errors.New("the sound overlay did not take the click")
	}
	if !opened {
		return errors.New("the program did not open its audio device after the click")
	}
	if extra.firstSound > 0 && (!heard || time.Duration((t-st.Marks["click"])*float64(time.Millisecond)) > extra.firstSound) {
		return fmt.Errorf("first sound %s, budget %s", first, extra.firstSound)
	}
	return nil
}

// openDats writes the stand-in's two dat images as client_portal.dat and
// client_cell_1.dat, gives them to the page's "Open game files" input (as a
// user picking them), and checks the new session reads them (the page's
// File/Blob reader and dat.NewFile) and shows the same map at the same place.
func openDats(b *browserConn, pal []color.RGBA, where string) error {
	portal, cell, err := assets.StandInImages()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "webcheck-dats-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	p, c := filepath.Join(dir, "client_portal.dat"), filepath.Join(dir, "client_cell_1.dat")
	os.WriteFile(p, portal, 0o644)
	os.WriteFile(c, cell, 0o644)
	res, err := b.call("DOM.getDocument", nil)
	if err != nil {
		return err
	}
	var doc struct{ Root struct{ NodeID int } }
	json.Unmarshal(res, &doc)
	res, err = b.call("DOM.querySelector", map[string]any{"nodeId": doc.Root.NodeID, "selector": "#files"})
	if err != nil {
		return err
	}
	var q struct{ NodeID int }
	json.Unmarshal(res, &q)
	t0 := time.Now()
	if _, err := b.call("DOM.setFileInputFiles", map[string]any{"nodeId": q.NodeID, "files": []string{p, c}}); err != nil {
		return err
	}
	var st pageState
	for time.Since(t0) < 90*time.Second {
		time.Sleep(500 * time.Millisecond)
		if err := b.eval("JSON.stringify(window.swTest())", &st); err != nil {
			return err
		}
		if strings.Contains(st.Status, "Reading your game files") || strings.Contains(st.Status, "Your game files") {
			if st.Frames > 10 && st.Where != "" {
				break
			}
		}
	}
	img, err := b.screenshot()
	if err != nil {
		return err
	}
	frac, marker := terrainShare(img, pal)
	fmt.Printf("webcheck: game files opened on the page: %.1f s, status %q, at %q, %.0f%% terrain\n", time.Since(t0).Seconds(), st.Status, st.Where, 100*frac)
	if st.Where != where || frac < minTerrain || !marker {
		return fmt.Errorf("with the stand-in's dats opened as game files: at %q (want %q), %.0f%% terrain, marker %v", st.Where, where, 100*frac, marker)
	}
	return nil
}

// minTerrain is the share of the page that must be terrain: the map fills
// most of a 1280×720 window around the panels (about 60% measured); a blank,
// black or error page has none.
const minTerrain = 0.25

// palette is the stand-in region's terrain colours (explorer/terrain.Colors).
func palette() ([]color.RGBA, error) {
	a, err := assets.StandIn()
	if err != nil {
		return nil, err
	}
	r, err := a.Region()
	if err != nil {
		return nil, err
	}
	var out []color.RGBA
	for _, c := range terrain.Colors(r) {
		hi, lo := max(c.R, c.G, c.B), min(c.R, c.G, c.B)
		if hi-lo >= 24 { // greys would match the panels' greys: coloured terrain only
			out = append(out, c)
		}
	}
	return out, nil
}

// terrainShare is the share of pixels (on a 4 px grid) that are a shade of
// a terrain colour — s·c within 20 per channel for some s in 0.45..1.35, as
// the painter shades by slope — and whether the listener marker's blue
// (0x30a0ff) is on the page.
func terrainShare(img image.Image, pal []color.RGBA) (float64, bool) {
	b := img.Bounds()
	n, hit, marker := 0, 0, false
	for y := b.Min.Y; y < b.Max.Y; y += 4 {
		for x := b.Min.X; x < b.Max.X; x += 4 {
			r, g, bl, _ := img.At(x, y).RGBA()
			p := [3]float64{float64(r >> 8), float64(g >> 8), float64(bl >> 8)}
			n++
			if near(p, [3]float64{0x30, 0xa0, 0xff}, 10) {
				marker = true
			}
			if max(p[0], p[1], p[2]) < 50 { // dark: panels and the page, never lit terrain
				continue
			}
			for _, c := range pal {
				q := [3]float64{float64(c.R), float64(c.G), float64(c.B)}
				s := (p[0]*q[0] + p[1]*q[1] + p[2]*q[2]) / (q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + 1e-9)
				if s >= 0.45 && s <= 1.35 && near(p, [3]float64{s * q[0], s * q[1], s * q[2]}, 20) {
					hit++
					break
				}
			}
		}
	}
	if !marker { // the marker is small: look at every pixel
		for y := b.Min.Y; y < b.Max.Y && !marker; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				if near([3]float64{float64(r >> 8), float64(g >> 8), float64(bl >> 8)}, [3]float64{0x30, 0xa0, 0xff}, 10) {
					marker = true
					break
				}
			}
		}
	}
	return float64(hit) / float64(max(n, 1)), marker
}

func near(a, b [3]float64, tol float64) bool {
	for i := range a {
		if d := a[i] - b[i]; d > tol || d < -tol {
			return false
		}
	}
	return true
}

// browserConn is Chromium's DevTools protocol over --remote-debugging-pipe:
// JSON messages ended by a NUL byte, written to its fd 3, read from its fd 4.
type browserConn struct {
	cmd        *exec.Cmd
	w          io.WriteCloser
	session    string
	tmp        string
	mu         sync.Mutex
	next       int
	waiting    map[int]chan message
	errs       []string
	trace      traceSink  // -trace: the events Chromium hands over
	screencast screencast // the frames the page presents, until the map shows
}

type message struct {
	ID        int                       `json:"id"`
	Method    string                    `json:"method"`
	Params    json.RawMessage           `json:"params"`
	Result    json.RawMessage           `json:"result"`
	Error     *struct{ Message string } `json:"error"`
	SessionID string                    `json:"sessionId"`
}

func launch(browser string) (*browserConn, error) {
	tmp, err := os.MkdirTemp("", "webcheck-*")
	if err != nil {
		return nil, err
	}
	toR, toW, _ := os.Pipe()
	fromR, fromW, _ := os.Pipe()
	cmd := exec.Command(browser, "--headless", "--no-sandbox", "--use-gl=swiftshader", "--enable-unsafe-swiftshader",
		"--remote-debugging-pipe", "--window-size=1280,750", "--user-data-dir="+tmp, "--no-first-run",
		"--autoplay-policy=user-gesture-required")
	// WEBCHECK_CHROMIUM_ARGS: extra switches for a diagnosis (e.g.
	// --js-flags=--no-wasm-tier-up), never for the test's verdict.
	cmd.Args = append(append(cmd.Args, strings.Fields(os.Getenv("WEBCHECK_CHROMIUM_ARGS"))...), "about:blank")
	cmd.ExtraFiles = []*os.File{toR, fromW} // fd 3, fd 4
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: %v (install it: apt-get install -y chromium)", browser, err)
	}
	toR.Close()
	fromW.Close()
	b := &browserConn{cmd: cmd, w: toW, tmp: tmp, waiting: map[int]chan message{}}
	go b.read(fromR)
	res, err := b.call("Target.createTarget", map[string]any{"url": "about:blank"})
	if err != nil {
		return nil, err
	}
	var tg struct{ TargetID string }
	json.Unmarshal(res, &tg)
	id := tg.TargetID
	res, err = b.call("Target.attachToTarget", map[string]any{"targetId": id, "flatten": true})
	if err != nil {
		return nil, err
	}
	var at struct{ SessionID string }
	json.Unmarshal(res, &at)
	b.session = at.SessionID
	for _, m := range []string{"Runtime.enable", "Log.enable", "Page.enable"} {
		if _, err := b.call(m, nil); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// checkCrash opens the page with a deliberate panic in the program's
// second frame (internal/crash's path inside a frame: game.Run's guarded
// Update) and checks the page shows the report with exit 70's text and
// the stack, as the desktop prints it.
func checkCrash(b *browserConn, page, shot string) error {
	if _, err := b.call("Page.navigate", map[string]any{"url": page}); err != nil {
		return err
	}
	t0 := time.Now()
	var st struct {
		Crash, Status string
		Shown         bool
	}
	for time.Since(t0) < 3*time.Minute {
		if err := b.eval(`JSON.stringify(Object.assign(window.swTest ? window.swTest() : {}, {shown: !!document.getElementById("crash") && !document.getElementById("crash").hidden}))`, &st); err == nil && st.Crash != "" {
			break
		}
		time.Sleep(300 * time.Millisecond)
	}
	if shot != "" {
		if img, err := b.screenshot(); err == nil {
			var buf bytes.Buffer
			png.Encode(&buf, img)
			os.WriteFile(shot, buf.Bytes(), 0o644)
		}
	}
	lines := strings.Split(st.Crash, "\n")
	fmt.Printf("webcheck: crash report shown %v after %.1f s, %d lines, status %q; first: %q\n", st.Shown, time.Since(t0).Seconds(), len(lines), st.Status, lines[0])
	for _, want := range []string{"soundworld: internal error (a bug): a deliberate bug", "goroutine ", "page_js.go", "exit 70"} {
		if !strings.Contains(st.Crash, want) {
			return fmt.Errorf("the crash report lacks %q:\n%s", want, st.Crash)
		}
	}
	if !st.Shown {
		return errors.New("the crash panel is not shown")
	}
	return nil
}

// cpuUse is CPU time (user + system, s) used so far by the browser's
// processes (the one started and its descendants, from /proc; zero where
// there is no /proc): all of them, and the renderers' main threads, where
// the page's JavaScript, WebAssembly and layout run. On a busy machine
// these grow as the page's work does, where wall time grows with the load.
type cpuUse struct{ all, main float64 }

func (b *browserConn) cpu() cpuUse {
	ents, _ := os.ReadDir("/proc")
	parent := map[int]int{}
	ticks := map[int]float64{}
	stat := func(path string) (ppid int, t float64, ok bool) {
		st, err := os.ReadFile(path)
		if err != nil {
			return 0, 0, false
		}
		i := bytes.LastIndexByte(st, ')') // the command name may hold spaces
		if i < 0 {
			return 0, 0, false
		}
		f := strings.Fields(string(st[i+1:])) // f[0] is field 3 (state)
		if len(f) < 13 {
			return 0, 0, false
		}
		ppid, _ = strconv.Atoi(f[1])
		u, _ := strconv.ParseFloat(f[11], 64)
		k, _ := strconv.ParseFloat(f[12], 64)
		return ppid, (u + k) / 100, true // USER_HZ
	}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if pp, t, ok := stat("/proc/" + e.Name() + "/stat"); ok {
			parent[pid], ticks[pid] = pp, t
		}
	}
	var u cpuUse
	root := b.cmd.Process.Pid
	for pid, t := range ticks {
		for p := pid; p > 1; p = parent[p] {
			if p != root {
				continue
			}
			u.all += t
			cmd, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
			if bytes.Contains(cmd, []byte("--type=renderer")) {
				if _, mt, ok := stat(fmt.Sprintf("/proc/%d/task/%d/stat", pid, pid)); ok {
					u.main += mt
				}
			}
			break
		}
	}
	return u
}

func (b *browserConn) read(r io.Reader) {
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadBytes(0)
		if err != nil {
			return
		}
		var m message
		if json.Unmarshal(line[:len(line)-1], &m) != nil {
			continue
		}
		b.mu.Lock()
		if c, ok := b.waiting[m.ID]; ok && m.ID != 0 {
			delete(b.waiting, m.ID)
			c <- m
		}
		b.event(m)
		if os.Getenv("WEBCHECK_DEBUG") != "" {
			fmt.Fprintf(os.Stderr, "<- %d %s %.300s %.300s\n", m.ID, m.Method, m.Params, m.Result)
		}
		b.mu.Unlock()
	}
}

// event keeps what the page logged as an error.
func (b *browserConn) event(m message) {
	switch m.Method {
	case "Page.screencastFrame":
		b.screencast.event(b, m)
	case "Tracing.dataCollected", "Tracing.tracingComplete":
		b.trace.event(m)
	case "Runtime.consoleAPICalled":
		var p struct {
			Type string
			Args []struct {
				Value       any
				Description string
			}
		}
		json.Unmarshal(m.Params, &p)
		if p.Type == "error" || p.Type == "assert" {
			var parts []string
			for _, a := range p.Args {
				parts = append(parts, fmt.Sprint(a.Value)+a.Description)
			}
			b.errs = append(b.errs, "console."+p.Type+": "+strings.Join(parts, " "))
		}
	case "Runtime.exceptionThrown":
		var p struct {
			ExceptionDetails struct {
				Text      string
				Exception struct{ Description string }
			}
		}
		json.Unmarshal(m.Params, &p)
		b.errs = append(b.errs, "exception: "+p.ExceptionDetails.Text+" "+p.ExceptionDetails.Exception.Description)
	case "Log.entryAdded":
		var p struct {
			Entry struct{ Level, Text, URL string }
		}
		json.Unmarshal(m.Params, &p)
		if p.Entry.Level == "error" {
			b.errs = append(b.errs, "log: "+p.Entry.Text+" "+p.Entry.URL)
		}
	}
}

func (b *browserConn) errors() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.errs...)
}

// callWait bounds the wait for one answer: a screenshot waits for a frame,
// which a busy machine's software WebGL can take long to draw.
const callWait = 3 * time.Minute

// call sends one command (in the page's session once attached) and waits
// up to callWait for its answer.
func (b *browserConn) call(method string, params any) (json.RawMessage, error) {
	return b.callIn(b.session, method, params)
}

// callIn sends one command in session ("" is the browser itself).
func (b *browserConn) callIn(session, method string, params any) (json.RawMessage, error) {
	b.mu.Lock()
	b.next++
	id := b.next
	c := make(chan message, 1)
	b.waiting[id] = c
	b.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	js, _ := json.Marshal(msg)
	if _, err := b.w.Write(append(js, 0)); err != nil {
		return nil, err
	}
	select {
	case m := <-c:
		if m.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, m.Error.Message)
		}
		return m.Result, nil
	case <-time.After(callWait):
		return nil, fmt.Errorf("%s: no answer in %s", method, callWait)
	}
}

func (b *browserConn) screenshot() (image.Image, error) {
	res, err := b.call("Page.captureScreenshot", map[string]any{"format": "png"})
	if err != nil {
		return nil, err
	}
	return pngData(res)
}

// pngData decodes a screenshot answer's base64 PNG ({"data": …}: the
// DevTools protocol's and WebDriver BiDi's alike).
func pngData(res json.RawMessage) (image.Image, error) {
	var r struct{ Data string }
	json.Unmarshal(res, &r)
	raw, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		return nil, err
	}
	return png.Decode(bytes.NewReader(raw))
}

// eval evaluates expr (which gives a JSON string) into v.
func (b *browserConn) eval(expr string, v any) error {
	res, err := b.call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true})
	if err != nil {
		return err
	}
	var r struct {
		Result struct{ Value any }
	}
	json.Unmarshal(res, &r)
	s, ok := r.Result.Value.(string)
	if !ok {
		return fmt.Errorf("%s gave %v", expr, r.Result.Value)
	}
	return json.Unmarshal([]byte(s), v)
}

func (b *browserConn) close() {
	b.w.Close()
	b.cmd.Process.Kill()
	b.cmd.Wait()
	os.RemoveAll(b.tmp)
}

// pressF12 presses F12 in the explorer (focused by -click's click) and
// checks that the screenshot and its sidecar were handed over as downloads
// with the desktop's names and that the address bar now holds a link that
// decodes to a sidecar of this instant.
func pressF12(b *browserConn, shot string) error {
	b.call("Browser.setDownloadBehavior", map[string]any{"behavior": "deny"}) // the names are checked, the files not kept
	var before struct {
		Outputs []string `json:"outputs"`
	}
	if err := b.eval("JSON.stringify(window.swTest())", &before); err != nil { // e.g. -decisions' capture bundle
		return err
	}
	for _, typ := range []string{"rawKeyDown", "keyUp"} {
		if _, err := b.call("Input.dispatchKeyEvent", map[string]any{"type": typ, "key": "F12", "code": "F12", "windowsVirtualKeyCode": 123, "nativeVirtualKeyCode": 123}); err != nil {
			return err
		}
		if typ == "rawKeyDown" {
			// Ebitengine reads the keys once a frame: a press and release
			// inside one frame is never seen, and software WebGL on a busy
			// machine draws about one frame a second. Hold it longer.
			time.Sleep(3 * time.Second)
		}
	}
	var st struct {
		Outputs []string `json:"outputs"`
	}
	for k := 0; k < 120; k++ {
		time.Sleep(time.Second)
		if err := b.eval("JSON.stringify(window.swTest())", &st); err != nil {
			return err
		}
		if len(st.Outputs) >= len(before.Outputs)+2 {
			break
		}
	}
	var hash string
	if err := b.eval("JSON.stringify(location.hash)", &hash); err != nil {
		return err
	}
	fmt.Printf("webcheck: F12: downloads %v, address bar fragment %d characters\n", st.Outputs, len(hash))
	if shot != "" { // the toast says what became of the screenshot
		if img, err := b.screenshot(); err == nil {
			(&restartRun{shot: strings.TrimSuffix(shot, ".png")}).keep("after-f12", img)
		}
	}
	png, js := false, false
	for _, o := range st.Outputs {
		png = png || strings.HasPrefix(o, "soundworld-") && strings.HasSuffix(o, ".png")
		js = js || strings.HasPrefix(o, "soundworld-") && strings.HasSuffix(o, ".json")
	}
	if !png || !js {
		return fmt.Errorf("F12 gave downloads %v, want soundworld-….png and .json", st.Outputs)
	}
	sc, err := weblink.Decode(hash)
	if err != nil {
		return fmt.Errorf("F12's address bar link: %v", err)
	}
	fmt.Printf("webcheck: F12's link decodes to a %d-byte sidecar\n", len(sc))
	return nil
}
