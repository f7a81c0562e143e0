package measure

import "math"

// A sound's edges in the frame's spread. The frame's spread (changeVar in
// frame) is the running mean of a band's changes between frames that do
// not overlap, over bandTau (0.5 s). A sound's start and end are changes
// too: a tone 20–35 dB over noise, once a second, put its own edges into
// its band's spread, and the next tone, a second later, was read against
// a spread 1.2–1.5 times the noise's (z ≈ 4.3–4.5, lost) where a band
// holding the noise alone read the noise's. Right after an edge the wide
// spread is wanted: a sound's later partials, its ripple and its end are
// no new start. A second later it is not.
//
// So each change is split at edgeMedians times the band's running median
// of |change| (a robust scale: rare edges do not move a median, a bed's
// frequent syllables do): the part up to it feeds the spread as before,
// the excess feeds a share of the spread forgotten within edgeTau
// (0.2 s). The excess enters at the weight that keeps its total, summed
// over time, as it was (bandTau/edgeTau times the running mean's weight),
// so under stationary noise the spread's expectation is unchanged; what
// an edge adds is only forgotten five times sooner (at 0.9 s e^−4.5 of it
// is left, not e^−1.8).
//
// For changes of a band many bins wide (nearly normal) the median |change|
// is 0.67 σ, and 4 medians 2.7 σ: 0.7% of the noise's own changes pass it.
// A one-bin band's changes (a difference of two log-χ² of 2 degrees of
// freedom: logistic) pass it 2.4% of the time. A band whose median change
// is under edgeFlat does not fluctuate (digital silence, a held level):
// it gives no scale to call a change an edge, and its changes feed the
// spread in full, as before.
const (
	edgeMedians = 4.0 // a change over this many medians of |change| is an edge
	edgeTau     = 0.2 // s, the time constant of an edge's share of the spread
	edgeFlat    = 0.1 // dB, a median |change| under this gives no scale
	// edgeAlpha is each hop's decay of the edges' share; the excess enters
	// at bandAlpha·bandTau/edgeTau = edgeAlpha, keeping its sum.
	edgeAlpha = float64(fluxHop) / Rate / edgeTau
)

// medianStep is the factor the running median of |change| moves by per
// frame, up when a change is larger and down when smaller: in the log it
// is a step of bandAlpha, so it settles over about bandTau and never
// reaches 0.
var medianStep = math.Exp(bandAlpha)

// edgeSpread is one signal's per band running median of |change| (dB) and
// its edges' share of the spread (dB²).
type edgeSpread struct {
	med, share []float64
}

func newEdgeSpread(nb int) *edgeSpread {
	return &edgeSpread{med: make([]float64, nb), share: make([]float64, nb)}
}

// feedSpread feeds band b's change e (dB) between frames that do not
// overlap to its spread: the part up to edgeMedians running medians to
// the running mean nv.vari, the excess to the edges' share.
func (nv *novelty) feedSpread(b int, e float64) {
	m := nv.edge.med[b]
	a := math.Abs(e)
	c := e
	if m >= edgeFlat && a > edgeMedians*m {
		c = math.Copysign(edgeMedians*m, e)
	}
	switch {
	case m == 0:
		nv.edge.med[b] = a
	case a > m:
		nv.edge.med[b] = m * medianStep
	default:
		nv.edge.med[b] = m / medianStep
	}
	nv.vari[b] += bandAlpha * (changeVar(c) - nv.vari[b])
	nv.edge.share[b] += edgeAlpha * (changeVar(e) - changeVar(c) - nv.edge.share[b])
}

// spread is band b's frame spread (variance, dB²): the running mean of
// its changes (seedOpening began it) and the edges' share.
func (nv *novelty) spread(b int) float64 {
	return nv.vari[b] + nv.edge.share[b]
}
