//go:build !js

package game

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soundworld/explorer/listen"
)

// Outputs never go into game data, for the window: every file it writes by itself —
// F12's picture and sidecar, F11's capture bundle, R's walk and its emitter layout, a layout save,
// the Gate panel's position fallback file — is refused inside the game's data
// folder with the one message of internal/outputs, and nothing is left there.
// The window runs from inside its -dat folder (the working folder is where
// these files go), as a user who starts it from the AC folder would.
func TestWindowOutputs_RefuseDatFolder(t *testing.T) {
	g := standInGame(t)
	ac := t.TempDir()
	g.cfg.DatDir = ac
	g.listening = g.newListening()                        // the tools take the window's data folder when made
	g.walk = newWalkRec(g)                                // so does the walk recorder
	g.panels.datDir, g.panels.listening = ac, g.listening // and the panels' host
	t.Chdir(ac)
	refused := func(what, msg string) {
		t.Helper()
		if !strings.Contains(msg, "refusing to write inside the game's data folder "+ac) {
			t.Errorf("%s: %q, want the data-folder refusal", what, msg)
		}
	}

	// F12.
	r := pressF12(t, g)
	if r.err == nil {
		t.Errorf("F12 wrote %s inside the data folder", r.path)
	} else {
		refused("F12", r.err.Error())
	}

	// F11 (a capture bundle in the working folder).
	if r := pressF11(t, g); r.err == nil {
		t.Errorf("F11 wrote %s inside the data folder", r.path)
	} else {
		refused("F11", r.err.Error())
	}

	// R with emitters (the layout is saved first), then R without.
	old := recordDir
	defer func() { recordDir = old }()
	for _, dir := range []string{".", filepath.Join(ac, "walks")} {
		recordDir = dir
		os.Mkdir(dir, 0o755)
		g.walk.Toggle()
		on, status := g.walk.Recording()
		if on {
			t.Errorf("R in %s: recording started", dir)
			g.walk.Toggle()
		}
		refused("R in "+dir, status)
	}
	g.sim.Emitters().Set(nil)
	recordDir = "."
	g.walk.Toggle()
	if on, status := g.walk.Recording(); on {
		t.Error("R without emitters: recording started")
		g.walk.Toggle()
	} else {
		refused("R without emitters", status)
	}

	// A layout save.
	if err := hostOf(g).SaveLayout("mine.json"); err == nil {
		t.Error("SaveLayout wrote inside the data folder")
	} else {
		refused("SaveLayout", err.Error())
	}

	// The Gate panel's copy with no clipboard.
	clipOnce.Do(func() {})
	oldErr := clipErr
	clipErr = errors.New("no display")
	defer func() { clipErr = oldErr }()
	if where := g.listening.CopyPosition(); where != "" {
		t.Errorf("CopyPosition wrote %q", where)
	}
	refused("CopyPosition", g.toast)

	ents, _ := os.ReadDir(ac)
	for _, e := range ents {
		if e.Name() != "walks" {
			t.Errorf("left %s in the data folder", e.Name())
		}
	}
	if ents, _ := os.ReadDir(filepath.Join(ac, "walks")); len(ents) != 0 {
		t.Errorf("left %v in the data folder's walks", ents)
	}

	// The same outputs outside the data folder are written (the test can fail).
	out := t.TempDir()
	t.Chdir(out)
	if where := g.listening.CopyPosition(); where != listen.ClipFallback {
		t.Errorf("CopyPosition outside: %q (%s)", where, g.toast)
	}
	if err := hostOf(g).SaveLayout("mine.json"); err != nil {
		t.Errorf("SaveLayout outside: %v", err)
	}
	if r := pressF12(t, g); r.err != nil {
		t.Errorf("F12 outside: %v", r.err)
	}
}
