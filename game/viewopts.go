package game

import (
	"fmt"
	"image"
	"strings"

	"soundworld/ambientviz"
	"soundworld/ambientviz/geom"
	"soundworld/ui"
	"soundworld/world"
)

// ViewOpts are the report options of shot and the window:
// -zoom, -panels, -overlays, -follow and -center. Zero values keep the defaults.
type ViewOpts struct {
	Zoom     float64 // metres per pixel; 0 = the default fit
	Panels   string  // "" default, "all", "none" or a comma list of panel names
	Overlays string  // "" default (all in shot), "none" or a comma list: rings,cells,rose,shells,spawns,emitters
	NoFollow bool    // -follow=false: the camera stays where -center (or the start) puts it
	Center   string  // a place ("42.1N, 33.6E" or "0xA9B4 84 7.1"); "" = the listener
}

// overlayNames are the -overlays names in Layers order.
var overlayNames = []string{"rings", "cells", "rose", "shells", "spawns", "emitters"}

// ParseOverlays reads "none", "all" or a comma list of overlay names.
func ParseOverlays(s string) (ambientviz.Layers, error) {
	var l ambientviz.Layers
	switch s {
	case "all":
		return ambientviz.All, nil
	case "none":
		return l, nil
	}
	flags := []*bool{&l.Rings, &l.Cells, &l.Rose, &l.Shells, &l.Spawns, &l.Emitters}
	for _, n := range strings.Split(s, ",") {
		n = strings.TrimSpace(strings.ToLower(n))
		found := false
		for i, name := range overlayNames {
			if n == name {
				*flags[i], found = true, true
			}
		}
		if !found {
			return l, fmt.Errorf("-overlays: %q is not one of all, none, %s", n, strings.Join(overlayNames, ", "))
		}
	}
	return l, nil
}

// Check validates the options (user errors).
func (o ViewOpts) Check() error {
	if o.Zoom != 0 && !(o.Zoom >= geom.MinMPP && o.Zoom <= geom.MaxMPP) {
		return fmt.Errorf("-zoom %v: want metres per pixel in [%g, %g]", o.Zoom, geom.MinMPP, geom.MaxMPP)
	}
	if o.Overlays != "" {
		if _, err := ParseOverlays(o.Overlays); err != nil {
			return err
		}
	}
	if o.Center != "" {
		if _, _, err := parsePlace(o.Center); err != nil {
			return err
		}
	}
	return nil
}

func parsePlace(s string) (x, y float32, err error) {
	if x, y, err = world.ParseMap(s); err == nil {
		return x, y, nil
	}
	if x, y, err = world.ParseAt(s); err == nil {
		return x, y, nil
	}
	return 0, 0, fmt.Errorf("-center %q: neither map coordinates (42.1N, 33.6E) nor a position (0xA9B4 84 7.1)", s)
}

// apply applies the options after the window's defaults: to the camera,
// the overlays and follow in st, and the panels; the pin is -center's.
func (o ViewOpts) apply(cam *geom.Camera, st *ui.State, panels *ui.UI) (viewPin, error) {
	var pin viewPin
	if err := o.Check(); err != nil {
		return pin, err
	}
	if o.Zoom > 0 {
		cam.MPP = o.Zoom
	}
	if o.Overlays != "" {
		st.Layers, _ = ParseOverlays(o.Overlays)
	}
	if o.NoFollow {
		st.Follow = false
	}
	if o.Center != "" {
		x, y, _ := parsePlace(o.Center)
		cam.CX, cam.CY = float64(x), float64(y)
		pin = viewPin{centre: true, x: float64(x), y: float64(y)}
	}
	if o.Panels != "" {
		return pin, panels.OpenPanels(o.Panels)
	}
	return pin, nil
}

// viewPin says where the first frames (and a shot's frames until its last
// tick) put the camera: by default the listener in the middle of the map
// area; with -center that place instead (for every frame of a shot, so
// -center is what the picture shows); after -from
// restored a sidecar's view, that view as it was.
type viewPin struct {
	centre bool    // -center: (x, y) in world m in the middle of the map area
	x, y   float64 // world m
	kept   bool    // -from restored the camera: leave it
}

// place is cam placed as the pin says in the map area r, the listener at l.
func (p viewPin) place(cam geom.Camera, r image.Rectangle, l world.Pos) geom.Camera {
	switch {
	case p.centre:
		return centreIn(cam, r, p.x, p.y)
	case p.kept:
		return cam
	}
	return centreIn(cam, r, float64(l.X), float64(l.Y))
}
