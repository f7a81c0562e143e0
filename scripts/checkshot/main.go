// Command checkshot checks a `soundworld shot` result: the PNG decodes, is at
// least 640×360, has several distinct colours (a real picture, not a blank
// window), and the JSON sidecar parses and names its source and listener.
// Usage: go run ./scripts/checkshot shot.png shot.json
package main

import (
	"encoding/json"
	"fmt"
	"image"
	_ "image/png"
	"os"
)

// Thresholds: a 1280×720 explorer frame has thousands of colours; a blank or
// failed frame has one or two.
const (
	minW, minH = 640, 360
	minColours = 16
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: checkshot shot.png shot.json")
		os.Exit(2)
	}
	if err := check(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "checkshot:", err)
		os.Exit(1)
	}
	fmt.Println("checkshot: ok")
}

func check(pngPath, jsonPath string) error {
	f, err := os.Open(pngPath)
	if err != nil {
		return err
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		return fmt.Errorf("%s: not a PNG picture: %v", pngPath, err)
	}
	b := img.Bounds()
	if b.Dx() < minW || b.Dy() < minH {
		return fmt.Errorf("%s: got %dx%d, want at least %dx%d", pngPath, b.Dx(), b.Dy(), minW, minH)
	}
	colours := map[[4]uint32]bool{}
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bb, a := img.At(x, y).RGBA()
			colours[[4]uint32{r >> 8, g >> 8, bb >> 8, a >> 8}] = true
		}
	}
	if len(colours) < minColours {
		return fmt.Errorf("%s: got %d distinct colours, want at least %d (a blank frame?)", pngPath, len(colours), minColours)
	}
	js, err := os.ReadFile(jsonPath)
	if err != nil {
		return err
	}
	var sc struct {
		Source   string `json:"source"`
		Listener *struct {
			CellID string `json:"cell_id"`
		} `json:"listener"`
		Snapshot *json.RawMessage `json:"snapshot"`
	}
	if err := json.Unmarshal(js, &sc); err != nil {
		return fmt.Errorf("%s: sidecar does not parse: %v", jsonPath, err)
	}
	if sc.Source == "" || sc.Listener == nil || sc.Listener.CellID == "" || sc.Snapshot == nil {
		return fmt.Errorf("%s: sidecar lacks source, listener.cell_id or snapshot", jsonPath)
	}
	return nil
}
