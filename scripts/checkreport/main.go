// Command checkreport checks a gate report as a browser showed it: the
// screenshot PNG decodes, is at least 1000×1000, is not blank (many colours,
// more than 2 % of it not white) and shows the verdict colours (the green
// "pass" or red "fail" badge), and report.html holds the verdict table and
// four inline SVG plots.
// Usage: go run ./scripts/checkreport shot.png report.html
package main

import (
	"bytes"
	"fmt"
	"os"

	"soundworld/scripts/internal/pngcheck"
)

func main() {
	pngcheck.Main("checkreport", "checkreport shot.png report.html", check)
}

func check(pngPath, htmlPath string) error {
	html, err := os.ReadFile(htmlPath)
	if err != nil {
		return err
	}
	if !bytes.Contains(html, []byte("<h2>Verdicts</h2>")) || bytes.Count(html, []byte("<svg")) != 4 {
		return fmt.Errorf("%s: want the verdict table and 4 inline SVG plots", htmlPath)
	}
	img, err := pngcheck.Open(pngPath, 1000, 1000)
	if err != nil {
		return err
	}
	b := img.Bounds()
	colours := map[[3]uint32]bool{}
	var ink, total int
	badge := false
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			colours[[3]uint32{r, g, bl}] = true
			total++
			if r < 240 || g < 240 || bl < 240 {
				ink++
			}
			// The pass badge #2e7d32 or the fail badge #c62828 (±12 per channel).
			near := func(c [3]uint32) bool {
				d := func(a, b uint32) bool { return a+12 >= b && b+12 >= a }
				return d(r, c[0]) && d(g, c[1]) && d(bl, c[2])
			}
			if near([3]uint32{0x2e, 0x7d, 0x32}) || near([3]uint32{0xc6, 0x28, 0x28}) {
				badge = true
			}
		}
	}
	switch {
	case len(colours) < 16:
		return fmt.Errorf("%s: %d colours: blank", pngPath, len(colours))
	case ink*50 < total:
		return fmt.Errorf("%s: %.1f%% not white: blank", pngPath, 100*float64(ink)/float64(total))
	case !badge:
		return fmt.Errorf("%s: no pass/fail badge colour: the page's style did not apply", pngPath)
	}
	return nil
}
