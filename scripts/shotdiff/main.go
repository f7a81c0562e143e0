// Command shotdiff compares two screenshots of the same scene pixel by pixel
// (scripts/windows-run.sh: the Linux shot against the Windows one) and says
// how they differ: how many pixels, by how much per channel at most, a
// histogram of the largest channel difference, and the bounding box and row
// bands of the differing pixels. It fails when the sizes differ, when a
// channel differs by more than -max-delta, or when more than -max-pixels
// pixels differ.
//
//	go run ./scripts/shotdiff [-max-delta N] [-max-pixels N] [-ignore-rows A-B] [-diff out.png] a.png b.png
package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
)

func main() {
	maxDelta := flag.Int("max-delta", 0, "largest channel difference (0..255) allowed")
	maxPixels := flag.Int("max-pixels", 0, "number of differing pixels allowed")
	diffOut := flag.String("diff", "", "write a picture of the differing pixels (white) here")
	skip := flag.String("ignore-rows", "", "rows FIRST-LAST left out of the comparison (a caption naming a folder)")
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: shotdiff [-max-delta N] [-max-pixels N] [-diff out.png] a.png b.png")
		os.Exit(2)
	}
	a, b := load(flag.Arg(0)), load(flag.Arg(1))
	if a.Bounds() != b.Bounds() {
		fail("sizes differ: %v and %v", a.Bounds(), b.Bounds())
	}
	skipFrom, skipTo := 1, 0
	if *skip != "" {
		if _, err := fmt.Sscanf(*skip, "%d-%d", &skipFrom, &skipTo); err != nil {
			fail("-ignore-rows %q: want FIRST-LAST", *skip)
		}
		fmt.Printf("shotdiff: rows %d-%d left out\n", skipFrom, skipTo)
	}
	r := compare(a, b, skipFrom, skipTo)
	r.print(a.Bounds())
	if *diffOut != "" {
		writePNG(*diffOut, r.mask)
	}
	if r.maxDelta > *maxDelta || r.pixels > *maxPixels {
		fail("over the bounds: %d pixels (allowed %d), largest channel difference %d (allowed %d)",
			r.pixels, *maxPixels, r.maxDelta, *maxDelta)
	}
	fmt.Println("shotdiff: within bounds")
}

type result struct {
	pixels, maxDelta int
	hist             [256]int // pixels by their largest channel difference
	box              image.Rectangle
	rows             []int // differing pixels per row
	mask             *image.Gray
}

func compare(a, b image.Image, skipFrom, skipTo int) result {
	bd := a.Bounds()
	r := result{rows: make([]int, bd.Dy()), mask: image.NewGray(bd)}
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		if y >= skipFrom && y <= skipTo {
			continue
		}
		for x := bd.Min.X; x < bd.Max.X; x++ {
			d := delta(a.At(x, y), b.At(x, y))
			if d == 0 {
				continue
			}
			r.pixels++
			r.hist[d]++
			r.maxDelta = max(r.maxDelta, d)
			r.rows[y-bd.Min.Y]++
			r.box = r.box.Union(image.Rect(x, y, x+1, y+1))
			r.mask.SetGray(x, y, color.Gray{255})
		}
	}
	return r
}

// delta is the largest difference of the two colours' 8-bit channels.
func delta(c1, c2 color.Color) int {
	r1, g1, b1, a1 := c1.RGBA()
	r2, g2, b2, a2 := c2.RGBA()
	d := 0
	for _, p := range [][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}, {a1, a2}} {
		v := int(p[0]>>8) - int(p[1]>>8)
		d = max(d, v, -v)
	}
	return d
}

func (r result) print(bd image.Rectangle) {
	total := bd.Dx() * bd.Dy()
	fmt.Printf("shotdiff: %d of %d pixels differ (%.2f%%), largest channel difference %d of 255\n",
		r.pixels, total, 100*float64(r.pixels)/float64(total), r.maxDelta)
	if r.pixels == 0 {
		return
	}
	fmt.Print("shotdiff: pixels by largest channel difference:")
	for d, n := range r.hist {
		if n > 0 {
			fmt.Printf(" %d:%d", d, n)
		}
	}
	fmt.Printf("\nshotdiff: bounding box %v\n", r.box)
	fmt.Print("shotdiff: row bands (first-last rows: pixels):")
	for y := 0; y < len(r.rows); {
		if r.rows[y] == 0 {
			y++
			continue
		}
		start, n := y, 0
		for ; y < len(r.rows) && r.rows[y] > 0; y++ {
			n += r.rows[y]
		}
		fmt.Printf(" %d-%d:%d", start+bd.Min.Y, y-1+bd.Min.Y, n)
	}
	fmt.Println()
}

func load(path string) image.Image {
	f, err := os.Open(path)
	if err != nil {
		fail("%v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		fail("%s: %v", path, err)
	}
	return img
}

func writePNG(path string, img image.Image) {
	f, err := os.Create(path)
	if err == nil {
		err = png.Encode(f, img)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fail("%v", err)
	}
}

func fail(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "shotdiff: "+format+"\n", a...)
	os.Exit(1)
}
