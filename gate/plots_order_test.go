package gate

import (
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"soundworld/gate/measure"
)

// TestRasterPlotDrawsSidesInOneOrder: the onset raster adds its right,
// centre and left dots in that order on every run, so two reports of one
// gate are the same bytes on every system (windows-run compares them).
// Ranging over a map drew them in Go's random map order.
func TestRasterPlotDrawsSidesInOneOrder(t *testing.T) {
	res := &Result{Seconds: 10, Retail: measure.Result{Onsets: measure.Onsets{
		Times: []float64{1, 2, 3}, Side: []float64{5, 0, -5}}}}
	// The dots' fills in the SVG: the legend's three come after them.
	want := "fill:#B2182B fill:#808080 fill:#2166AC"
	for run := 0; run < 50; run++ {
		p, err := rasterPlot(res)
		if err != nil {
			t.Fatal(err)
		}
		svg, err := svgOf(p, 6*vg.Inch, 2*vg.Inch)
		if err != nil {
			t.Fatal(err)
		}
		var fills []string
		for _, f := range strings.Split(svg, "style=\"")[1:] {
			if c, _, ok := strings.Cut(f, "\""); ok && strings.HasPrefix(c, "fill:#") && c != "fill:#FFFFFF" {
				fills = append(fills, c)
			}
		}
		if got := strings.Join(fills[:min(3, len(fills))], " "); got != want {
			t.Fatalf("run %d: the dots are drawn %q, want %q (right, centre, left)", run, got, want)
		}
	}
}
