//go:build js

package gate

import "html/template"

// noPlot stands where the desktop's report draws a plot: gonum/plot with its
// fonts would add megabytes to the page's gate program.
const noPlot template.HTML = `<p class="meta">(The plot is drawn by the desktop's <code>soundworld gate</code>; every number is in report.json.)</p>`

// plotFigures gives the page's report its placeholders for the plots.
func plotFigures(*Result) (figures, error) {
	return figures{noPlot, noPlot, noPlot, noPlot}, nil
}
