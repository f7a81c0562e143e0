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
	"image"
	_ "image/png"
	"os"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: checkreport shot.png report.html")
		os.Exit(2)
	}
	if err := check(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "checkreport:", err)
		os.Exit(1)
	}
	fmt.Println("checkreport: ok")
}

func check(pngPath, htmlPath string) error {
	html, err := os.ReadFile(htmlPath)
	if err != nil {
		return err
	}
	if !bytes.Contains(html, []byte("<h2>Verdicts</h2>")) || bytes.Count(html, []byte("<svg")) != 4 {
		return fmt.Errorf("%s: want the verdict table and 4 inline SVG plots", htmlPath)
	}
	f, err := os.Open(pngPath)
	if err != nil {
		return err
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		return fmt.Errorf("%s: not a PNG: %v", pngPath, err)
	}
	b := img.Bounds()
	if b.Dx() < 1000 || b.Dy() < 1000 {
		return fmt.Errorf("%s: %dx%d, want at least 1000x1000", pngPath, b.Dx(), b.Dy())
	}
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
