//go:build js && wasm

package main

// The browser page's program (make web; web/app.html starts it). The page
// gives the session through globalThis.soundworldSession:
//
//	fragment  the URL's fragment: a report link (internal/weblink) or ""
//	gate      a listening gate file's path in the page's files (its
//	          recording next to it, web/app.js), or "": opened as -gate
//	portal, cell  the user's client_portal.dat and client_cell_1.dat as File
//	          objects, or null (the stand-in opens)
//	needFiles(msg)  asks the user for game files (a link that names them)
//	linkMade(fragment, copy)  a report link was made ("Copy link", F12)
//	failed(msg)  the session could not start or ended on an error
//
// and calls back through globalThis.soundworldGo: link() asks for a report
// link, capture() for F11's capture bundle, quit() ends the session (the page then starts another one, e.g. with
// other game files), encode(sidecarText) turns a sidecar into a fragment.
// The session runs the desktop's window code with desktop flags: a link is
// decoded into a sidecar file that -from opens, game files are a -dat the
// archive opener knows, settings are a file the page keeps in localStorage
// (web/swfs.js), and every output becomes a download.

import (
	"errors"
	"fmt"
	"os"
	"path"
	"sync/atomic"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"

	"soundworld/dat"
	"soundworld/game"
	"soundworld/gate"
	"soundworld/internal/blobfile"
	"soundworld/internal/capture"
	"soundworld/internal/cli"
	"soundworld/internal/crash"
	"soundworld/internal/outputs"
	"soundworld/internal/weblink"
	"soundworld/internal/webstandin"
)

const (
	// webDatDir is the -dat of the game files opened on the page (nothing
	// is read from a folder: openWebArchive reads the page's File objects).
	webDatDir = "(files opened in the browser)"
	// linkSidecar is where a link's sidecar is put for -from (in memory).
	linkSidecar = "/link/sidecar.json"
	// webSettings is the window's settings file, kept in localStorage.
	webSettings = "/local/soundworld/window.json"
)

func main() {
	sess := js.Global().Get("soundworldSession")
	if sess.IsUndefined() {
		fmt.Fprintln(os.Stderr, "soundworld: no soundworldSession: start this program from web/app.html")
		os.Exit(2)
	}
	mark(sess, "main")
	// A panic is a bug: "internal error (a bug)" and the stack on stderr
	// (the console), exit 70; the page shows that report (web/app.js).
	crash.Setup("soundworld", func() { outputs.RemoveTemps() })
	defer crash.Recover()
	hooks := &pageHooks{sess: sess, crashTest: sess.Get("crashTest").Truthy()}
	page = hooks
	openArchive = func(dir string) (*dat.Archive, error) {
		defer mark(sess, "archive")
		if dir == webDatDir {
			return openWebArchive(sess)
		}
		if dir == "" {
			provideStandIn(sess)
		}
		return cli.OpenArchive(dir)
	}
	hooks.export()
	args, err := sessionArgs(sess)
	if err != nil {
		sess.Call("failed", err.Error())
		os.Exit(2)
	}
	if args == nil { // the page asks for game files and starts a new session
		return
	}
	err = runWindow(args)
	if err != nil && !errors.Is(err, ebiten.Termination) {
		sess.Call("failed", err.Error())
	}
	os.Exit(cli.ExitCodeTo(os.Stderr, "soundworld", err))
}

// sessionArgs are the window's flags for this session: nil when a link
// names game files the page does not have (the page is asked for them).
func sessionArgs(sess js.Value) ([]string, error) {
	args := []string{"-settings", webSettings}
	hasFiles := !sess.Get("portal").IsNull() && !sess.Get("portal").IsUndefined()
	if hasFiles {
		args = append(args, "-dat", webDatDir)
	}
	if g := sess.Get("gate"); g.Type() == js.TypeString && g.String() != "" {
		f, err := gate.Load(g.String()) // read again by -gate: a small file
		if err != nil {
			return nil, err
		}
		if f.Dat != nil && !hasFiles {
			sess.Call("needFiles", fmt.Sprintf("The gate %q was recorded on your own game files (%s). Open them to run it (they stay on this computer).", f.Name, f.Dat.Folder))
			return nil, nil
		}
		return append(args, "-gate", g.String()), nil
	}
	if f := sess.Get("fragment").String(); f != "" && f != "#" {
		sc, err := weblink.Decode(f)
		if err != nil { // the page still opens, without the link, saying why
			opened := "the stand-in opened instead"
			if hasFiles {
				opened = "your game files opened without it"
			}
			sess.Call("failed", err.Error()+" ("+opened+")")
			return args, nil
		}
		if err := os.MkdirAll(path.Dir(linkSidecar), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(linkSidecar, sc, 0o644); err != nil {
			return nil, err
		}
		r, err := capture.ReadSidecar(linkSidecar)
		if err != nil {
			return nil, err
		}
		if len(r.Data.Dats) > 0 && !hasFiles {
			names := ""
			for _, d := range r.Data.Dats {
				names += fmt.Sprintf(" %s (iteration %d)", d.File, d.Iteration)
			}
			sess.Call("needFiles", "This link was made on your own game files:"+names+". Open them to reopen it (they stay on this computer).")
			return nil, nil
		}
		// No -force: the stand-in is the same bytes here as on the desktop
		// (assets/fmath.go, scripts/cross-standin.sh), so -from checks its
		// content hash as the desktop does.
		args = append(args, "-from", linkSidecar)
	}
	return args, nil
}

// standInHash is the content hash of the stand-in images make web wrote
// next to the page (-ldflags -X, scripts/web-build.sh); "" when the build
// did not write them.
var standInHash string

// provideStandIn hands assets the stand-in images the page fetched (the
// session's standIn: a promise of the two files' ArrayBuffers and their
// content hash, computed by the browser's SHA-256), so the session does not
// synthesise every wave here (seconds in WebAssembly). They are taken only
// with this build's content hash; otherwise (a stale copy, a failed
// download) the stand-in is built here, as on the desktop, and the page says
// why on the console.
func provideStandIn(sess js.Value) {
	pr := sess.Get("standIn")
	if standInHash == "" || pr.IsUndefined() || pr.IsNull() {
		return
	}
	v, err := await(pr)
	if err == nil {
		err = webstandin.Provide(v, standInHash)
	}
	if err != nil {
		js.Global().Get("console").Call("info", "soundworld: building the stand-in here: "+err.Error())
	}
}

// await waits on the calling goroutine for a promise (never in a JS
// callback: that would deadlock the page).
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	ok := js.FuncOf(func(_ js.Value, a []js.Value) any { ch <- result{v: a[0]}; return nil })
	bad := js.FuncOf(func(_ js.Value, a []js.Value) any {
		ch <- result{err: errors.New(a[0].Call("toString").String())}
		return nil
	})
	defer ok.Release()
	defer bad.Release()
	p.Call("then", ok, bad)
	r := <-ch
	return r.v, r.err
}

// mark records when a start-up step ended (performance.now(), ms since the
// session's frame began) in the session's marks, for the browser test.
func mark(sess js.Value, step string) {
	m := sess.Get("marks")
	if m.IsUndefined() {
		return
	}
	m.Set(step, js.Global().Get("performance").Call("now"))
}

// readers are the open game files' readers (the page shows how much of
// them has been read while the first landblocks load).
var readers []*blobfile.Reader

// openWebArchive opens the page's two File objects through blobfile's
// cached random access and dat.NewFile: the desktop's code path, never
// reading a file whole.
func openWebArchive(sess js.Value) (*dat.Archive, error) {
	var files [2]*dat.File
	for i, slot := range []struct{ key, name string }{{"portal", dat.PortalFile}, {"cell", dat.CellFile}} {
		f := sess.Get(slot.key)
		if f.IsNull() || f.IsUndefined() {
			return nil, cli.UserErr(fmt.Errorf("%s was not opened", slot.name))
		}
		size := int64(f.Get("size").Float())
		r := blobfile.New(slot.name, size, blobFetch(f), 0)
		df, err := dat.NewFile(r, size, slot.name)
		if err != nil { // dat's error names slot.name; the file chosen may be named otherwise
			if picked := f.Get("name").String(); picked != slot.name {
				err = fmt.Errorf("%s (opened as %s): %w", picked, slot.name, err)
			}
			return nil, cli.UserErr(err)
		}
		files[i] = df
		readers = append(readers, r)
	}
	a, err := dat.NewArchive(files[0], files[1], webDatDir)
	if err != nil {
		return nil, cli.UserErr(err)
	}
	return a, nil
}

// blobFetch reads a File's bytes with slice().arrayBuffer(), waiting for the
// promise on the calling goroutine (never a JS callback's: that would
// deadlock the page).
func blobFetch(f js.Value) blobfile.Fetch {
	u8 := js.Global().Get("Uint8Array")
	return func(off int64, p []byte) error {
		v, err := await(f.Call("slice", float64(off), float64(off+int64(len(p)))).Call("arrayBuffer"))
		if err != nil {
			return fmt.Errorf("%w: %s", blobfile.ErrClosed, err)
		}
		b := u8.New(v)
		if n := b.Get("length").Int(); n != len(p) {
			return fmt.Errorf("%w: got %d bytes of %d (the file changed on disk?)", blobfile.ErrClosed, n, len(p))
		}
		js.CopyBytesToGo(p, b)
		return nil
	}
}

// pageHooks answers the page between frames (game.Page).
type pageHooks struct {
	sess       js.Value
	linkAsked  atomic.Bool
	quitAsked  atomic.Bool
	captureAsk atomic.Bool // capture(): F11's bundle (the browser test)
	frames     int
	soundAsked bool  // the gesture was seen and StartSound called
	fetched    int64 // bytes of the game files read, as last shown
	crashTest  bool  // the browser test's deliberate bug (the page's ?crashtest)
}

// export installs globalThis.soundworldGo.
func (h *pageHooks) export() {
	obj := js.Global().Get("Object").New()
	obj.Set("link", js.FuncOf(func(js.Value, []js.Value) any { h.linkAsked.Store(true); return nil }))
	obj.Set("quit", js.FuncOf(func(js.Value, []js.Value) any { h.quitAsked.Store(true); return nil }))
	obj.Set("capture", js.FuncOf(func(js.Value, []js.Value) any { h.captureAsk.Store(true); return nil }))
	obj.Set("encode", js.FuncOf(func(_ js.Value, a []js.Value) any {
		defer crash.Recover() // the page's call runs on a goroutine of its own
		if len(a) < 1 {
			return map[string]any{"error": "encode(sidecarText)"}
		}
		f, err := weblink.Encode([]byte(a[0].String()))
		if err != nil {
			return map[string]any{"error": err.Error()}
		}
		return map[string]any{"fragment": f}
	}))
	js.Global().Set("soundworldGo", obj)
}

// Frame runs on the window's goroutine once per frame.
func (h *pageHooks) Frame(g game.PageHost) error {
	if h.quitAsked.Load() {
		return ebiten.Termination
	}
	h.frames++
	if h.crashTest && h.frames == 2 {
		panic("a deliberate bug: the page was opened with ?crashtest (scripts/webcheck -crash)")
	}
	switch h.frames {
	case 1: // its Draw comes next and shows with the page's next rendering
		h.sess.Set("firstFrame", js.Global().Get("performance").Call("now"))
		mark(h.sess, "first frame")
		h.sess.Call("started")
	case 2: // the first frame was drawn and handed to the browser
		mark(h.sess, "second frame")
	}
	// Sound starts on the first click or key (web/app.js sets gesture):
	// the AudioContext is made after it, so it starts playing at once.
	if !h.soundAsked && h.sess.Get("gesture").Truthy() {
		h.soundAsked = true
		g.StartSound()
		if g.SoundOpen() {
			mark(h.sess, "sound opened")
		}
	}
	h.sess.Set("frames", h.frames) // the browser test's read-back (window.swTest)
	h.sess.Set("where", g.PositionLine())
	h.sess.Set("clock", g.ClockSource())
	if h.frames%15 == 1 {
		h.sess.Set("gateState", g.GateState())
		h.sess.Set("soundLine", g.SoundLine())
	}
	if ev, dry := g.Underruns(); ev > 0 { // the browser test's read-back
		h.sess.Set("underruns", ev)
		h.sess.Set("drySeconds", dry)
	}
	if len(readers) > 0 && h.frames%15 == 1 {
		var got, total int64
		for _, r := range readers {
			got, total = got+r.Fetched(), total+r.Size()
		}
		if got != h.fetched {
			h.fetched = got
			h.sess.Call("progress", float64(got), float64(total))
		}
	}
	if h.captureAsk.Swap(false) {
		g.Capture()
	}
	if h.linkAsked.Swap(false) {
		sc, err := g.SidecarJSON()
		var frag string
		if err == nil {
			frag, err = weblink.Encode(sc)
		}
		if err != nil {
			g.Notify("No link: " + err.Error())
			return nil
		}
		h.sess.Call("linkMade", frag, true)
		g.Notify(fmt.Sprintf("Link copied (%d characters): it opens this instant, nothing is uploaded", len(frag)+1))
	}
	return nil
}
