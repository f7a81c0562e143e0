package mapview

import "image"

// MapKeyLines is how many legend lines the small map key shows (the sound
// overlays; F1's second page has all).
const MapKeyLines = 14

// KeyRect is the map key's box (its title bar when folded, !open): top right
// of the map area mr, below banners lines of banners.
func KeyRect(mr image.Rectangle, open bool, banners int) image.Rectangle {
	w, h := min(420, mr.Dx()-16), 20
	if open {
		h = 24 + MapKeyLines*16
	}
	x := mr.Max.X - w - 8
	return image.Rect(x, mr.Min.Y+8+22*banners, x+w, mr.Min.Y+8+22*banners+h)
}

// KeyTitle is the map key's title bar (a click there folds or opens it).
func KeyTitle(r image.Rectangle) image.Rectangle {
	return image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+20)
}
