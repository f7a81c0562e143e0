package game

import (
	"image"
	"io"
	"path/filepath"
	"reflect"
	"testing"

	"soundworld/assets"
	"soundworld/ui"
)

// `shot -from` an F12 sidecar draws what the F12 picture showed: the
// sidecar says what was selected and how the map key was drawn, and the shot
// keeps both — an F12 picture with nothing selected stays so (a fresh shot
// selects the loudest ambient instance and voice) and its folded key is drawn
// (a fresh shot leaves a folded key out).
func TestFrom_F12SidecarKeepsSelectionAndKey(t *testing.T) {
	g := standInGame(t) // the live window: no selection, the key folded
	g.st.Selected, g.st.SelectedVoice, g.st.SelectedEmitter = -1, -1, -1
	for i := 0; i < 30; i++ {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "f12.png")
	if err := writePair(out, image.NewRGBA(image.Rect(0, 0, 4, 4)), g.sidecar()); err != nil {
		t.Fatal(err)
	}
	if g.hudNow().mapKeyState() != "folded" {
		t.Fatalf("live window: map key %q, want folded", g.hudNow().mapKeyState())
	}
	s := runShot(t, Config{From: mustReadFrom(t, SidecarPath(out)), Shot: &Shot{Seconds: 0.5, Out: filepath.Join(t.TempDir(), "from.png")}})
	if s.st.Selected != -1 || s.st.SelectedVoice != -1 || s.st.SelectedEmitter != -1 {
		t.Errorf("shot -from: selection instance %d voice %d emitter %d, want none (the F12 picture's)", s.st.Selected, s.st.SelectedVoice, s.st.SelectedEmitter)
	}
	if s.hudNow().mapKeyState() != "folded" {
		t.Errorf("shot -from: map key %q, want folded (the F12 picture's)", s.hudNow().mapKeyState())
	}
	// A fresh shot still selects the loudest.
	f := runShot(t, Config{Shot: &Shot{Seconds: 0.5, Out: filepath.Join(t.TempDir(), "fresh.png")}})
	if f.st.Selected < 0 || f.hudNow().mapKeyState() != "" {
		t.Errorf("fresh shot: selected %d, map key %q; want the loudest instance and no key", f.st.Selected, f.hudNow().mapKeyState())
	}
}

// -from restores the sidecar's panel layout: a window whose user folded
// Voices and opened the Timeline, captured with F12, reopens with the same
// panels in the same places (the settings file's arrangement is not the
// picture's).
func TestFrom_RestoresThePanelLayout(t *testing.T) {
	g := standInGame(t)
	g.ui.RestorePanels([]ui.PanelRect{{Name: "Voices", X: Width - 384, W: 380, Folded: true}, {Name: "Timeline", X: 308, Y: 400, W: 500, H: 200}}, Width, Height)
	for i := 0; i < 10; i++ {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	pixelsOf(t, g)
	want := g.ui.PanelRects()
	folded := map[string]bool{}
	for _, p := range want {
		folded[p.Name] = p.Folded
	}
	if !folded["Voices"] || folded["Timeline"] {
		t.Fatalf("the session's layout: %+v, want Voices folded and the Timeline open", want)
	}
	out := filepath.Join(t.TempDir(), "f12.png")
	if err := writePair(out, image.NewRGBA(image.Rect(0, 0, 4, 4)), g.sidecar()); err != nil {
		t.Fatal(err)
	}
	a, _ := assets.StandIn()
	g2, err := New(Config{Archive: a, Source: assets.Name, NoAudio: true, From: mustReadFrom(t, SidecarPath(out)), Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if err := g2.Update(); err != nil {
			t.Fatal(err)
		}
	}
	pixelsOf(t, g2)
	if got := g2.ui.PanelRects(); !reflect.DeepEqual(got, want) {
		t.Errorf("-from: panels\n%+v\nwant the sidecar's\n%+v", got, want)
	}
}
