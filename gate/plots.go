//go:build !js

// Not in the browser build: the report's plots (inline SVG): gonum/plot with
// its fonts would add megabytes to the page's WebAssembly (figures_js.go).

package gate

import (
	"bytes"
	"fmt"
	"html/template"
	"image/color"
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"soundworld/gate/measure"
)

// Plot colours: ours blue, retail orange; one-shot sides left blue, right red.
var (
	colOurs      = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	colOursBand  = color.NRGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0x40} // not premultiplied: RGBA would need R,G,B ≤ A
	colRetail    = color.RGBA{R: 0xe6, G: 0x55, B: 0x0d, A: 0xff}
	colLeft      = color.RGBA{R: 0x21, G: 0x66, B: 0xac, A: 0xff}
	colRight     = color.RGBA{R: 0xb2, G: 0x18, B: 0x2b, A: 0xff}
	colCentre    = color.RGBA{R: 0x80, G: 0x80, B: 0x80, A: 0xff}
	plotW, plotH = 11.5 * vg.Inch, 3.6 * vg.Inch
)

// plotFigures draws the report's four plots.
func plotFigures(res *Result) (figures, error) {
	var fig figures
	svg := func(f func(*Result) (*plot.Plot, error), h vg.Length) (template.HTML, error) {
		p, err := f(res)
		if err != nil {
			return "", err
		}
		s, err := svgOf(p, plotW, h)
		return template.HTML(s), err // our own SVG, not user input
	}
	var err error
	if fig.Loudness, err = svg(loudnessPlot, plotH); err != nil {
		return fig, err
	}
	if fig.Spectrum, err = svg(spectrumPlot, plotH); err != nil {
		return fig, err
	}
	rows := vg.Length(len(res.Ours)+3) * vg.Points(9)
	if fig.Raster, err = svg(rasterPlot, max(plotH, rows+vg.Inch)); err != nil {
		return fig, err
	}
	fig.Balance, err = svg(balancePlot, plotH)
	return fig, err
}

// svgOf renders p as an SVG element for inlining (the XML prolog removed).
func svgOf(p *plot.Plot, w, h vg.Length) (string, error) {
	c := vgsvg.NewWith(vgsvg.UseWH(w, h))
	dc := draw.New(c)
	// The legend gets its own column right of the plot, so it never covers
	// the data (a legend inside the frame hid retail's one-shot row and the
	// spectrum's peak) nor touches the picture's edge.
	leg := p.Legend
	leg.Top, leg.Left = true, true
	pad := vg.Points(10)
	// The browser draws the SVG's text in its own sans font, wider than the
	// metrics gonum measures with (Liberation Sans): a third more room.
	legW := leg.Rectangle(dc).Size().X*4/3 + 2*pad
	p.Legend = plot.Legend{TextStyle: leg.TextStyle} // nothing left to draw inside the frame
	p.Draw(draw.Crop(dc, 0, -legW, 0, 0))
	top := p.Title.TextStyle.Rectangle(p.Title.Text).Size().Y + p.Title.Padding + vg.Points(8) // level with the frame's top
	leg.Draw(draw.Crop(dc, w-legW+pad, -pad, 0, -top))
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return "", err
	}
	s := b.String()
	if i := bytes.Index(b.Bytes(), []byte("<svg")); i > 0 {
		s = s[i:]
	}
	return s, nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// programme short-term loudness of a result: 10·log10 of the summed channel
// powers (the one channel's for a single-channel recording).
func programme(lo measure.Loudness) (t, v []float64) {
	for i := range lo.ShortTermL {
		pl, pr := math.Pow(10, (lo.ShortTermL[i]+0.691)/10), math.Pow(10, (lo.ShortTermR[i]+0.691)/10)
		if lo.Single {
			pr = 0
		}
		x := -0.691 + 10*math.Log10(pl+pr)
		if finite(x) && x > -70 {
			t, v = append(t, lo.ShortTermT[i]), append(v, x)
		}
	}
	return t, v
}

// loudnessPlot: our seeds' short-term loudness as a min..max band with the
// median line, and retail's line.
func loudnessPlot(res *Result) (*plot.Plot, error) {
	p := newPlot("Short-term loudness (3 s windows, stereo programme)", "time, s (gate time: recording time − offset_s)", "LUFS")
	if err := addOursLoudness(p, res.Ours); err != nil {
		return nil, err
	}
	if err := addRetailLoudness(p, res.Retail); err != nil {
		return nil, err
	}
	for _, s := range res.Ignore {
		r, _ := plotter.NewPolygon(plotter.XYs{{X: s[0], Y: -70}, {X: s[1], Y: -70}, {X: s[1], Y: 0}, {X: s[0], Y: 0}})
		if r != nil {
			r.Color, r.LineStyle.Width = color.NRGBA{A: 0x18}, 0
			p.Add(r)
		}
	}
	// Head room above the curves for the legend.
	lo0, hi0 := math.Inf(1), math.Inf(-1)
	for _, o := range append(append([]measure.Result{}, res.Ours...), res.Retail) {
		_, v := programme(o.Loudness)
		for _, x := range v {
			lo0, hi0 = math.Min(lo0, x), math.Max(hi0, x)
		}
	}
	if finite(lo0) && finite(hi0) {
		p.Y.Min, p.Y.Max = math.Floor(lo0)-3, math.Ceil(hi0)+8
	}
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	return p, nil
}

// addOursLoudness adds our seeds' short-term loudness to p: the min..max
// band across seeds and the median line.
func addOursLoudness(p *plot.Plot, ours []measure.Result) error {
	// Per time step across seeds (every seed has the same grid).
	grid := map[float64][]float64{}
	for _, o := range ours {
		t, v := programme(o.Loudness)
		for i := range t {
			grid[t[i]] = append(grid[t[i]], v[i])
		}
	}
	var ts []float64
	for t := range grid {
		ts = append(ts, t)
	}
	sort.Float64s(ts)
	var lo, hi, med plotter.XYs
	for _, t := range ts {
		v := grid[t]
		sort.Float64s(v)
		lo = append(lo, plotter.XY{X: t, Y: v[0]})
		hi = append(hi, plotter.XY{X: t, Y: v[len(v)-1]})
		med = append(med, plotter.XY{X: t, Y: measure.Quantile(v, 0.5)})
	}
	if len(lo) <= 1 {
		return nil
	}
	band := append(plotter.XYs{}, lo...)
	for i := len(hi) - 1; i >= 0; i-- {
		band = append(band, hi[i])
	}
	poly, err := plotter.NewPolygon(band)
	if err != nil {
		return err
	}
	poly.Color, poly.LineStyle.Width = colOursBand, 0
	l, err := plotter.NewLine(med)
	if err != nil {
		return err
	}
	l.Color = colOurs
	p.Add(poly, l)
	p.Legend.Add("ours: min–max of seeds", poly)
	p.Legend.Add("ours: median", l)
	return nil
}

// addRetailLoudness adds retail's short-term loudness line to p, and its
// loudness range dashed across.
func addRetailLoudness(p *plot.Plot, retail measure.Result) error {
	t, v := programme(retail.Loudness)
	if len(t) <= 1 {
		return nil
	}
	var xy plotter.XYs
	for i := range t {
		xy = append(xy, plotter.XY{X: t[i], Y: v[i]})
	}
	l, err := plotter.NewLine(xy)
	if err != nil {
		return err
	}
	l.Color, l.Width = colRetail, vg.Points(1.5)
	p.Add(l)
	p.Legend.Add("retail", l)
	// Retail's loudness range (Tech 3342): the 10th and 95th percentiles
	// of its gated short-term loudness, dashed across the plot.
	m := retail.Meter
	if !finite(m.LRALow) || !finite(m.LRAHigh) {
		return nil
	}
	for i, y := range []float64{m.LRALow, m.LRAHigh} {
		r, err := plotter.NewLine(plotter.XYs{{X: t[0], Y: y}, {X: t[len(t)-1], Y: y}})
		if err != nil {
			return err
		}
		r.Color, r.Dashes = colRetail, []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(r)
		if i == 0 {
			p.Legend.Add(fmt.Sprintf("retail loudness range %.1f LU (10th–95th %%)", m.LRA), r)
		}
	}
	return nil
}

// spectrumPlot: the bed's 1/3-octave bands, ours (median line, min..max
// band) and retail, on a log frequency axis.
func spectrumPlot(res *Result) (*plot.Plot, error) {
	p := newPlot("Bed spectrum: median 1/3-octave band levels over the quiet half", "Hz", "dB re full scale")
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	var spec *Metric
	for i := range res.Metrics {
		if res.Metrics[i].ID == "bed_spectrum" {
			spec = &res.Metrics[i]
		}
	}
	if spec == nil || len(spec.Bands) == 0 {
		return p, nil
	}
	var lo, hi, med, ret plotter.XYs
	for i, b := range spec.Bands {
		fc := res.Retail.Bed.Centres[i]
		lo = append(lo, plotter.XY{X: fc, Y: b.Min})
		hi = append(hi, plotter.XY{X: fc, Y: b.Max})
		med = append(med, plotter.XY{X: fc, Y: b.Median})
		ret = append(ret, plotter.XY{X: fc, Y: b.Retail})
	}
	band := append(plotter.XYs{}, lo...)
	for i := len(hi) - 1; i >= 0; i-- {
		band = append(band, hi[i])
	}
	poly, err := plotter.NewPolygon(band)
	if err != nil {
		return nil, err
	}
	poly.Color, poly.LineStyle.Width = colOursBand, 0
	lm, sm, err := plotter.NewLinePoints(med)
	if err != nil {
		return nil, err
	}
	lm.Color, sm.Color, sm.Shape = colOurs, colOurs, draw.CircleGlyph{}
	lr, sr, err := plotter.NewLinePoints(ret)
	if err != nil {
		return nil, err
	}
	lr.Color, sr.Color, sr.Shape = colRetail, colRetail, draw.BoxGlyph{}
	p.Add(poly, lm, sm, lr, sr, plotter.NewGrid())
	p.Legend.Add("ours: min–max of seeds", poly)
	p.Legend.Add("ours: median", lm, sm)
	p.Legend.Add("retail", lr, sr)
	p.Legend.Top = true
	return p, nil
}

// rasterPlot: one row per seed and a top row for retail; each onset a dot
// coloured by its side (blue left, red right, grey within ±1 dB).
func rasterPlot(res *Result) (*plot.Plot, error) {
	p := newPlot("One-shot onsets by side (rows: our seeds; top row: retail)", "time, s", "seed")
	add := func(row float64, o measure.Onsets, size vg.Length) error {
		// A slice, not a map: the dots are drawn in one order on every
		// run and system, so two reports of one gate are the same bytes.
		for _, sc := range []struct {
			side int
			col  color.Color
		}{{-1, colRight}, {0, colCentre}, {1, colLeft}} {
			side, col := sc.side, sc.col
			var xy plotter.XYs
			for i, t := range o.Times {
				s := 0
				if o.Side[i] > 1 {
					s = 1
				} else if o.Side[i] < -1 {
					s = -1
				}
				if s == side {
					xy = append(xy, plotter.XY{X: t, Y: row})
				}
			}
			if len(xy) == 0 {
				continue
			}
			sc, err := plotter.NewScatter(xy)
			if err != nil {
				return err
			}
			sc.Color, sc.Shape, sc.Radius = col, draw.CircleGlyph{}, size
			p.Add(sc)
		}
		return nil
	}
	for i, o := range res.Ours {
		if err := add(float64(i+1), o.Onsets, vg.Points(2)); err != nil {
			return nil, err
		}
	}
	if err := add(float64(len(res.Ours)+2), res.Retail.Onsets, vg.Points(3)); err != nil {
		return nil, err
	}
	p.Y.Min, p.Y.Max = 0, float64(len(res.Ours)+6) // room above retail's row for the legend
	p.X.Min, p.X.Max = 0, res.Seconds
	p.Y.Tick.Marker = rasterTicks{n: len(res.Ours)}
	for _, c := range []struct {
		name string
		col  color.Color
	}{{"left", colLeft}, {"right", colRight}, {"centre ±1 dB", colCentre}} {
		sc, _ := plotter.NewScatter(plotter.XYs{{}})
		sc.Color, sc.Shape = c.col, draw.CircleGlyph{}
		p.Legend.Add(c.name, sc)
	}
	p.Legend.Top, p.Legend.Left = true, false
	return p, nil
}

type rasterTicks struct{ n int }

func (r rasterTicks) Ticks(min, max float64) []plot.Tick {
	t := []plot.Tick{{Value: float64(r.n + 2), Label: "retail"}}
	for i := 1; i <= r.n; i += max1(r.n / 5) {
		t = append(t, plot.Tick{Value: float64(i), Label: itoa(i)})
	}
	return t
}

func max1(n int) int {
	if n < 1 {
		return 1
	}
	return n
}

func itoa(i int) string { return string(appendInt(nil, i)) }

func appendInt(b []byte, i int) []byte {
	if i >= 10 {
		b = appendInt(b, i/10)
	}
	return append(b, byte('0'+i%10))
}

// balancePlot: histograms of the 3 s L−R differences, ours pooled over seeds
// and retail, each normalised to unit area.
func balancePlot(res *Result) (*plot.Plot, error) {
	p := newPlot("Balance: L−R of 3 s short-term loudness (positive = left)", "dB", "share")
	var ours plotter.Values
	for _, o := range res.Ours {
		for _, v := range o.Balance.Series {
			if finite(v) {
				ours = append(ours, v)
			}
		}
	}
	var ret plotter.Values
	for _, v := range res.Retail.Balance.Series {
		if finite(v) {
			ret = append(ret, v)
		}
	}
	all := append(append(plotter.Values{}, ours...), ret...)
	if len(all) == 0 {
		return p, nil
	}
	lo, hi := all[0], all[0]
	for _, v := range all {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	lo, hi = math.Floor(lo*4)/4-0.25, math.Ceil(hi*4)/4+0.25
	bins := int(math.Min(60, math.Max(8, (hi-lo)/0.25)))
	for _, c := range []struct {
		name string
		v    plotter.Values
		col  color.RGBA
	}{{"ours (all seeds)", ours, colOurs}, {"retail", ret, colRetail}} {
		if len(c.v) == 0 {
			continue
		}
		xy := make(plotter.XYs, 0, len(c.v)+2)
		for _, v := range c.v {
			xy = append(xy, plotter.XY{X: v, Y: 1})
		}
		// Pin the bin edges: a zero-weight point at each end of the common range.
		xy = append(xy, plotter.XY{X: lo, Y: 0}, plotter.XY{X: hi, Y: 0})
		h, err := plotter.NewHistogram(xy, bins)
		if err != nil {
			return nil, err
		}
		h.Normalize(1)
		fill := color.NRGBA{R: c.col.R, G: c.col.G, B: c.col.B, A: 0x50}
		h.FillColor, h.LineStyle.Color = fill, c.col
		p.Add(h)
		p.Legend.Add(c.name, h)
	}
	p.Legend.Top = true
	return p, nil
}

// newPlot is an empty plot with its title and axis labels.
func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = x
	p.Y.Label.Text = y
	return p
}
