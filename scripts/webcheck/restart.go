package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"time"

	"soundworld/assets"
)

// The page's sessions: every new world, link or file set is a
// new session in the same page, never a reload, and every failure shows its
// whole message with a way on. checkRestart walks a user through them in
// one page (no reload between steps): own files picked, a link made on
// them, that link opened in a fresh page which asks for the files, damaged
// files then good ones from the failure panel, a bad link then "drop the
// link", and the files dropped on the map (a real drop: DevTools'
// Input.dispatchDragEvent). Each step's picture is written next to -shot.

// tempDirs are removed when webcheck ends.
var tempDirs []string

// sessionState is window.swTest()'s answer for these steps.
type sessionState struct {
	Where, Status, Problem string
	Frames, Sessions       int
	Asked, Overlay, Sound  bool
	Marks                  map[string]float64
}

func (b *browserConn) state() (sessionState, error) {
	var st sessionState
	err := b.eval("JSON.stringify(window.swTest ? window.swTest() : {})", &st)
	return st, err
}

// stepWait bounds each step: a new session's map takes seconds on a quiet
// machine and much longer on a loaded one.
const stepWait = 2 * time.Minute

// waitFor polls the page until ok says the step is done.
func (b *browserConn) waitFor(what string, ok func(sessionState) bool) (sessionState, error) {
	t0 := time.Now()
	var st sessionState
	for time.Since(t0) < stepWait {
		var err error
		if st, err = b.state(); err != nil {
			return st, err
		}
		if ok(st) {
			return st, nil
		}
		time.Sleep(400 * time.Millisecond)
	}
	return st, fmt.Errorf("%s: not after %s (page: %+v)", what, stepWait, st)
}

// waitMap waits for a session after sessions (the count before the step)
// that runs, draws the map with the marker, stands at where (if given),
// and shows no failure panel; the step's picture is kept. The sound was
// started by a click in the first session: each later one opens its audio
// device itself and never shows the "Click to start sound" overlay again.
func (r *restartRun) waitMap(step string, after int, where string) error {
	st, err := r.b.waitFor(step+": a new session drawing the map", func(st sessionState) bool {
		_, sound := st.Marks["sound opened"]
		return st.Sessions > after && st.Frames > 10 && st.Where != "" && st.Problem == "" && !st.Asked && (sound || r.fresh)
	})
	if err != nil {
		return err
	}
	img, err := r.b.screenshot()
	if err != nil {
		return err
	}
	r.keep(step, img)
	frac, marker := terrainShare(img, r.pal)
	fmt.Printf("webcheck: %s: session %d at %q, %.0f%% terrain, sound overlay shown %v, status %q\n", step, st.Sessions, st.Where, 100*frac, st.Overlay, st.Status)
	if st.Overlay && !r.fresh {
		return fmt.Errorf("%s: the sound overlay is back in a new session", step)
	}
	if frac < minTerrain || !marker {
		return fmt.Errorf("%s: %.0f%% terrain, marker %v: no map", step, 100*frac, marker)
	}
	if where != "" && st.Where != where {
		return fmt.Errorf("%s: at %q, want %q", step, st.Where, where)
	}
	return nil
}

type restartRun struct {
	b    *browserConn
	pal  []color.RGBA
	base string
	shot string // the pictures' prefix ("" none)
	// fresh: the page was just loaded, so no click has started its sound
	// yet (its first session shows the overlay)
	fresh     bool
	good, bad []string // the fixture world's files, and a damaged pair
	where     string   // where own files opened (the link's place)
}

// keep writes a step's picture as PREFIX-step.png.
func (r *restartRun) keep(step string, img image.Image) {
	if r.shot == "" {
		return
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	os.WriteFile(r.shot+"-"+strings.ReplaceAll(step, " ", "-")+".png", buf.Bytes(), 0o644)
}

func checkRestart(b *browserConn, base string, pal []color.RGBA, shot string) error {
	r := &restartRun{b: b, pal: pal, base: base, shot: strings.TrimSuffix(shot, ".png")}
	dir, err := os.MkdirTemp("", "webcheck-restart-*")
	if err != nil {
		return err
	}
	// Kept until webcheck ends: the page's last session still reads the
	// files dropped last (a later -gate step opens on them).
	tempDirs = append(tempDirs, dir)
	if r.good, r.bad, err = fixtureFiles(dir); err != nil {
		return err
	}
	if err := clickSound(b); err != nil {
		return err
	}
	for _, step := range []func() error{r.ownFiles, r.linkOnOwnFiles, r.damagedThenGood, r.badLink, r.dropped} {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

// ownFiles: the fixture world's files through the file button.
func (r *restartRun) ownFiles() error {
	st, err := r.b.state()
	if err != nil {
		return err
	}
	if err := r.setFiles("#files", r.good); err != nil {
		return err
	}
	if err := r.waitMap("own files", st.Sessions, ""); err != nil {
		return err
	}
	st, err = r.b.state()
	r.where = st.Where
	return err
}

// linkOnOwnFiles: a link made on them ("Copy link"), opened in a fresh
// page: it asks for the files, then opens where the link was made.
func (r *restartRun) linkOnOwnFiles() error {
	b := r.b
	var frag string
	b.evalJS(`document.getElementById("copy").click()`)
	for k := 0; k < 100 && frag == ""; k++ {
		time.Sleep(300 * time.Millisecond)
		b.eval("JSON.stringify(location.hash)", &frag)
	}
	if frag == "" {
		return errors.New(`"Copy link" put no link in the address bar`)
	}
	for _, u := range []string{"about:blank", r.base + frag} {
		if _, err := b.call("Page.navigate", map[string]any{"url": u}); err != nil {
			return err
		}
	}
	if _, err := b.waitFor("the link made on own files: the page asks for them", func(st sessionState) bool { return st.Asked }); err != nil {
		return err
	}
	r.shotNow("link asks for files")
	if err := r.setFiles("#ask-files", r.good); err != nil {
		return err
	}
	r.fresh = true
	if err := r.waitMap("link + files supplied", 0, r.where); err != nil {
		return err
	}
	r.fresh = false
	return clickSound(b) // the new page's first click
}

// damagedThenGood: damaged files show the whole message and the actions;
// then good ones chosen from the failure panel open.
func (r *restartRun) damagedThenGood() error {
	if err := r.setFiles("#files", r.bad); err != nil {
		return err
	}
	st, err := r.b.waitFor("damaged files: the failure panel", func(st sessionState) bool { return st.Problem != "" })
	if err != nil {
		return err
	}
	r.shotNow("damaged files")
	fmt.Printf("webcheck: damaged files: %q\n", st.Problem)
	if !strings.Contains(st.Problem, "client_portal.dat") {
		return fmt.Errorf("damaged files: the message %q does not name the file", st.Problem)
	}
	if err := r.visible("#fail-files-label", "#fail-standin"); err != nil {
		return err
	}
	if err := r.setFiles("#fail-files", r.good); err != nil {
		return err
	}
	return r.waitMap("good files after damaged ones", st.Sessions, r.where)
}

// badLink: a bad link pasted into the address bar opens the files without
// it, with the message; "Drop the link" clears the address bar.
func (r *restartRun) badLink() error {
	b := r.b
	if _, err := b.call("Page.navigate", map[string]any{"url": r.base + "#v1.not-a-link"}); err != nil {
		return err
	}
	st, err := b.waitFor("a bad link: the failure panel", func(st sessionState) bool { return st.Problem != "" })
	if err != nil {
		return err
	}
	r.shotNow("bad link")
	fmt.Printf("webcheck: bad link: %q\n", st.Problem)
	if err := r.visible("#fail-nolink", "#fail-go-on"); err != nil {
		return err
	}
	b.evalJS(`document.getElementById("fail-nolink").click()`)
	if err := r.waitMap("bad link dropped", st.Sessions, ""); err != nil {
		return err
	}
	var hash string
	b.eval("JSON.stringify(location.hash)", &hash)
	if hash != "" {
		return fmt.Errorf("after 'Drop the link' the address bar still holds %q", hash)
	}
	return nil
}

// dropped: the files dropped on the map (a real drag and drop) open.
func (r *restartRun) dropped() error {
	st, err := r.b.state()
	if err != nil {
		return err
	}
	if err := r.drop(r.good); err != nil {
		return err
	}
	if err := r.waitMap("files dropped on the map", st.Sessions, r.where); err != nil {
		return err
	}
	if st, err = r.b.state(); err != nil {
		return err
	}
	if !strings.HasPrefix(st.Status, "Your game files") && !strings.HasPrefix(st.Status, "Reading your game files") {
		return fmt.Errorf("after the drop the status is %q, not the dropped files'", st.Status)
	}
	return nil
}

// fixtureFiles writes the fixture world (the stand-in's two images as
// client_portal.dat and client_cell_1.dat) and a damaged pair (the portal
// cut to 64 KiB: its B-tree and records lie past the end).
func fixtureFiles(dir string) (good, bad []string, err error) {
	portal, cell, err := assets.StandInImages()
	if err != nil {
		return nil, nil, err
	}
	for _, f := range []struct {
		sub  string
		p, c []byte
		into *[]string
	}{{"good", portal, cell, &good}, {"damaged", portal[:64<<10], cell, &bad}} {
		d := filepath.Join(dir, f.sub)
		if err := os.Mkdir(d, 0o755); err != nil {
			return nil, nil, err
		}
		p, c := filepath.Join(d, "client_portal.dat"), filepath.Join(d, "client_cell_1.dat")
		if err := os.WriteFile(p, f.p, 0o644); err != nil {
			return nil, nil, err
		}
		if err := os.WriteFile(c, f.c, 0o644); err != nil {
			return nil, nil, err
		}
		*f.into = []string{p, c}
	}
	return good, bad, nil
}

// setFiles picks files in the page's file input sel, as a user would.
func (r *restartRun) setFiles(sel string, files []string) error {
	res, err := r.b.call("DOM.getDocument", nil)
	if err != nil {
		return err
	}
	var doc struct{ Root struct{ NodeID int } }
	json.Unmarshal(res, &doc)
	res, err = r.b.call("DOM.querySelector", map[string]any{"nodeId": doc.Root.NodeID, "selector": sel})
	if err != nil {
		return err
	}
	var q struct{ NodeID int }
	json.Unmarshal(res, &q)
	if q.NodeID == 0 {
		return fmt.Errorf("the page has no %s", sel)
	}
	_, err = r.b.call("DOM.setFileInputFiles", map[string]any{"nodeId": q.NodeID, "files": files})
	return err
}

// drop drags files from outside onto the middle of the map and drops them.
func (r *restartRun) drop(files []string) error {
	data := map[string]any{"items": []any{}, "files": files, "dragOperationsMask": 1}
	for _, typ := range []string{"dragEnter", "dragOver", "drop"} {
		if _, err := r.b.call("Input.dispatchDragEvent", map[string]any{"type": typ, "x": 640, "y": 400, "data": data}); err != nil {
			return err
		}
	}
	return nil
}

// visible checks the page shows these elements (the failure's actions).
func (r *restartRun) visible(sels ...string) error {
	for _, s := range sels {
		var shown bool
		if err := r.b.eval(fmt.Sprintf(`JSON.stringify(!!document.querySelector(%q) && document.querySelector(%q).offsetParent !== null)`, s, s), &shown); err != nil {
			return err
		}
		if !shown {
			return fmt.Errorf("the failure panel does not show %s", s)
		}
	}
	return nil
}

func (r *restartRun) shotNow(step string) {
	if img, err := r.b.screenshot(); err == nil {
		r.keep(step, img)
	}
}

// evalJS runs a statement in the page, ignoring its value.
func (b *browserConn) evalJS(expr string) {
	b.call("Runtime.evaluate", map[string]any{"expression": expr, "userGesture": true})
}

// checkNoWebGL opens the page as a browser without WebGL 2 (?nowebgl2) and
// checks it says so with its advice and a way on, not a black page.
func checkNoWebGL(b *browserConn, page, shot string) error {
	if _, err := b.call("Page.navigate", map[string]any{"url": page}); err != nil {
		return err
	}
	st, err := b.waitFor("the page without WebGL 2: its message", func(st sessionState) bool { return st.Problem != "" || st.Frames > 0 })
	if shot != "" {
		if img, err := b.screenshot(); err == nil {
			(&restartRun{shot: strings.TrimSuffix(shot, ".png")}).keep("nowebgl", img)
		}
	}
	if err != nil {
		return err
	}
	var advice string
	b.eval(`JSON.stringify(document.getElementById("fail-advice").textContent)`, &advice)
	fmt.Printf("webcheck: without WebGL 2: %q; advice %q\n", st.Problem, advice)
	if !strings.Contains(st.Problem, "WebGL 2") || !strings.Contains(advice, "hardware acceleration") {
		return errors.New("without WebGL 2 the page does not say so with its advice")
	}
	r := &restartRun{b: b}
	return r.visible("#fail-reload")
}

// checkGate gives the page a listening gate file and its recording through
// the file button (gateFiles: NAME.gate.json and the recording) and checks
// the session opens the gate as -gate does: the listener at the gate's /loc
// (want), the recording loaded and the gate ready for A/B and ABX.
func checkGate(b *browserConn, gateFiles []string, want, shot string) error {
	r := &restartRun{b: b, shot: strings.TrimSuffix(shot, ".png")}
	st, err := b.state()
	if err != nil {
		return err
	}
	if err := r.setFiles("#files", gateFiles); err != nil {
		return err
	}
	var gs struct{ Gate string }
	st, err = b.waitFor("the gate's session", func(s sessionState) bool {
		b.eval("JSON.stringify(window.swTest())", &gs)
		return s.Sessions > st.Sessions && s.Frames > 10 && (strings.Contains(gs.Gate, "ready") || strings.Contains(gs.Gate, "error") || s.Problem != "")
	})
	r.shotNow("gate")
	if err != nil {
		return err
	}
	fmt.Printf("webcheck: gate opened in the page: at %q, gate %q, problem %q\n", st.Where, gs.Gate, st.Problem)
	if st.Problem != "" || !strings.Contains(gs.Gate, "ready") {
		return fmt.Errorf("the gate did not open ready: %q %q", gs.Gate, st.Problem)
	}
	// The cell and x, y (the /loc line's z is the ground's height the
	// window computes, not the recording's).
	if w, got := strings.Fields(want), strings.Fields(st.Where); want != "" && (len(got) < 3 || len(w) < 3 || got[0] != w[0] || got[1] != w[1] || got[2] != w[2]) {
		return fmt.Errorf("the gate's session stands at %q, the gate says %q", st.Where, want)
	}
	return nil
}
