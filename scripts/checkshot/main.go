// Command checkshot checks a `soundworld shot` result: the PNG decodes, is at
// least 640×360, has several distinct colours (a real picture, not a blank
// window), and the JSON sidecar parses and names its source and listener.
// Usage: go run ./scripts/checkshot shot.png shot.json
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"soundworld/scripts/internal/pngcheck"
)

// Thresholds: a 1280×720 explorer frame has thousands of colours; a blank or
// failed frame has one or two.
const (
	minW, minH = 640, 360
	minColours = 16
)

func main() {
	pngcheck.Main("checkshot", "checkshot shot.png shot.json", check)
}

func check(pngPath, jsonPath string) error {
	img, err := pngcheck.Open(pngPath, minW, minH)
	if err != nil {
		return err
	}
	b := img.Bounds()
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
