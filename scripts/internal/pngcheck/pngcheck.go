// Package pngcheck is what the CI tools that check a picture share
// (scripts/checkshot, scripts/checkreport): the two-argument command and a
// PNG opened at a minimum size.
package pngcheck

import (
	"fmt"
	"image"
	_ "image/png" // the pictures checked are PNGs
	"os"
)

// Main is a checking tool's main: it runs check on the command's two
// arguments (a PNG and the file that goes with it) and exits 2 with usage
// on other arguments, 1 with "name: reason" when the check fails, else
// prints "name: ok".
func Main(name, usage string, check func(pngPath, other string) error) {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage:", usage)
		os.Exit(2)
	}
	if err := check(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		os.Exit(1)
	}
	fmt.Printf("%s: ok\n", name)
}

// Open decodes the PNG at path and refuses one smaller than minW×minH px.
func Open(path string, minW, minH int) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: not a PNG picture: %v", path, err)
	}
	if b := img.Bounds(); b.Dx() < minW || b.Dy() < minH {
		return nil, fmt.Errorf("%s: got %dx%d, want at least %dx%d", path, b.Dx(), b.Dy(), minW, minH)
	}
	return img, nil
}
