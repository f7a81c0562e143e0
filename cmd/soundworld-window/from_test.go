//go:build !js

package main

import (
	"encoding/json"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 10 item 4: `shot -from A.json` redraws A.png pixel for pixel (the
// stand-in's picture has no text naming the sidecar) with the same Snapshot.
func TestShotFrom_PixelEqual(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the window in child processes")
	}
	dir := t.TempDir()
	a, a2, b := filepath.Join(dir, "a.png"), filepath.Join(dir, "a2.png"), filepath.Join(dir, "b.png")
	for _, p := range []string{a, a2} {
		windowOK(t, "shot", "-seconds", "4", "-o", p)
	}
	windowOK(t, "shot", "-from", filepath.Join(dir, "a.json"), "-o", b)
	// Exact equality: the stand-in's picture draws no text naming the file,
	// so nothing is tolerated. Two plain shots with the same flags must agree
	// too (they differed in ~51 edge pixels in 1 of 3 runs while the atlas
	// pyramid, filled by a background goroutine, was drawn under the full
	// tiles: how far its scan had got showed through the tiles' edges).
	pa := readPNG(t, a)
	if n := differingPixels(t, pa, readPNG(t, a2)); n != 0 {
		t.Errorf("two plain shots with the same flags differ in %d pixels", n)
	}
	if n := differingPixels(t, pa, readPNG(t, b)); n != 0 {
		t.Errorf("shot -from differs from the shot in %d pixels", n)
	}
	if fa, fb := fingerprint(t, filepath.Join(dir, "a.json")), fingerprint(t, filepath.Join(dir, "b.json")); fa != fb || fa == "" {
		t.Errorf("snapshot fingerprints %q and %q differ", fa, fb)
	}
	// Another data source is refused: exit 2.
	other := filepath.Join(dir, "other.json")
	raw, _ := os.ReadFile(filepath.Join(dir, "a.json"))
	var m map[string]any
	json.Unmarshal(raw, &m)
	m["replay"].(map[string]any)["data"] = map[string]any{"stand_in": "sha256:feed"}
	raw, _ = json.Marshal(m)
	os.WriteFile(other, raw, 0o644)
	if code, _ := windowChild(t, "shot", "-from", other, "-o", filepath.Join(dir, "c.png")); code != 2 {
		t.Errorf("shot -from another stand-in version: exit %d, want 2", code)
	}
}

// differingPixels counts the pixels whose colours differ (sizes must agree).
func differingPixels(t *testing.T, pa, pb image.Image) int {
	t.Helper()
	if pa.Bounds() != pb.Bounds() {
		t.Fatalf("sizes differ: %v vs %v", pa.Bounds(), pb.Bounds())
	}
	n := 0
	for y := pa.Bounds().Min.Y; y < pa.Bounds().Max.Y; y++ {
		for x := pa.Bounds().Min.X; x < pa.Bounds().Max.X; x++ {
			if pa.At(x, y) != pb.At(x, y) {
				n++
			}
		}
	}
	return n
}

func readPNG(t *testing.T, p string) image.Image {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func fingerprint(t *testing.T, p string) string {
	raw, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var sc struct {
		Replay struct {
			Snapshot string `json:"snapshot_sha256"`
		} `json:"replay"`
	}
	json.Unmarshal(raw, &sc)
	return sc.Replay.Snapshot
}

// Issue 10 item 6: `shot -follow=false -center LOC` centres the map area on
// LOC (the view's centre in the sidecar says where), and `shot -from` of it
// redraws it pixel for pixel (the sidecar keeps the view and follow off).
func TestShotFrom_CenterPixelEqual(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the window in child processes")
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.png"), filepath.Join(dir, "b.png")
	windowOK(t, "shot", "-seconds", "1", "-follow=false", "-center", "0xA9B4 14 10", "-o", a)
	windowOK(t, "shot", "-from", filepath.Join(dir, "a.json"), "-o", b)
	raw, err := os.ReadFile(filepath.Join(dir, "a.json"))
	if err != nil {
		t.Fatal(err)
	}
	var sc struct {
		View struct {
			CX     float64 `json:"centre_x"`
			Follow *bool   `json:"follow"`
		} `json:"view"`
		Listener struct {
			X float64 `json:"x"`
		} `json:"listener"`
	}
	if err := json.Unmarshal(raw, &sc); err != nil {
		t.Fatal(err)
	}
	// LOC is x = 0xA9·192 + 14 m; the map area's middle is within 200 px
	// (0.8 m/px) of the window's, so the view's centre is within 160 m of
	// it, and far from the listener's (84 m into the landblock) side.
	if locX := float64(0xA9*192 + 14); sc.View.CX-locX > 60 || sc.View.CX < locX || sc.View.Follow == nil || *sc.View.Follow {
		t.Errorf("view centre x %v follow %v, want just east of -center's x %v (listener at %v) and follow false", sc.View.CX, sc.View.Follow, locX, sc.Listener.X)
	}
	if n := differingPixels(t, readPNG(t, a), readPNG(t, b)); n != 0 {
		keepPNGs(t, a, b)
		t.Errorf("shot -from differs from the -center shot in %d pixels", n)
	}
}

// keepPNGs copies a failed comparison's pictures (and sidecars) out of the
// test's temporary folder to /tmp/shot-a.png and /tmp/shot-b.png, to look at.
func keepPNGs(t *testing.T, a, b string) {
	t.Helper()
	for i, p := range []string{a, b} {
		for _, f := range []string{p, strings.TrimSuffix(p, ".png") + ".json"} {
			raw, err := os.ReadFile(f)
			if err != nil {
				continue
			}
			out := filepath.Join(os.TempDir(), "shot-"+string(rune('a'+i))+filepath.Ext(f))
			if os.WriteFile(out, raw, 0o644) == nil {
				t.Logf("kept %s as %s", f, out)
			}
		}
	}
}
