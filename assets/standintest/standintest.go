// Package standintest gives tests the built-in stand-in world: its archive
// and the emitters of a layout shipped with it. A failure ends the test.
package standintest

import (
	"bytes"
	"testing"

	"soundworld/assets"
	"soundworld/dat"
	"soundworld/world"
)

// Archive is the stand-in world's archive (assets.StandIn).
func Archive(tb testing.TB) *dat.Archive {
	tb.Helper()
	a, err := assets.StandIn()
	if err != nil {
		tb.Fatal(err)
	}
	return a
}

// Layout is the emitters of layout, a layout file's bytes such as
// assets.DefaultLayout() or assets.ForgeEmitterLayout().
func Layout(tb testing.TB, layout []byte) []world.Emitter {
	tb.Helper()
	es, err := world.LoadLayout(bytes.NewReader(layout), "stand-in layout")
	if err != nil {
		tb.Fatal(err)
	}
	return es
}
