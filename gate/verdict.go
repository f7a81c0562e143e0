package gate

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"soundworld/gate/measure"
)

// A verdict puts the retail value against our K-seed distribution: it passes
// when it lies within [min, max] of our seeds widened by the metric's
// tolerance (for a ratio metric, min/ratio .. max·ratio). With K = 20 seeds
// min..max spans roughly the 2.5th to the 97.5th percentile of what our
// renders do; the tolerance covers what a recording adds that a render does
// not (converters, codecs, the recording level, a 100 ms frame grid).
// Tolerances, each with why:
const (
	TolLoudness    = 1.0  // LU: a recording chain's gain error; BS.1770 meters agree to 0.1 LU
	TolBalance     = 0.5  // dB: the median L−R of 3 s windows; retail plays beds from the centre, so a recording chain adds little here
	TolSpread      = 1.5  // dB: the interquartile range of L−R is noisier than its median
	TolRateRatio   = 1.25 // ×/÷: one-shot counts are Poisson-like; 25 % beyond our seeds' extremes
	TolRateAbs     = 1.0  // per minute, added to the ratio band so near-zero rates are not all-or-nothing
	TolOnsetLevel  = 3.0  // dB: median added energy per onset (one-shots vary by distance roll)
	TolOnsetSide   = 0.25 // side index (−1..1): a quarter of the one-shots changing side
	TolBedLevel    = 1.5  // dB: median broadband level of the quiet half
	TolBand        = 2.0  // dB: each 1/3-octave band of the bed
	MinOnsets      = 5    // fewer onsets in retail or in a seed's median: the onset level/side verdicts are n/a
	BandVerdictMax = 12500.0
	BandFloor      = -90.0 // dB: below a 16-bit recording's noise in one 1/3-octave band
	BandRange      = 60.0  // dB below the loudest band (our median) counts as nothing
	// FloorMargin: how far (dB) the recording's floor (the 10th percentile
	// of its 186 ms frames, broadband or in one band; measure.Bed) may lie
	// above the highest of our seeds' before what it buries is not judged.
	// A recording chain's noise or a room's tail lifts the floor by tens of
	// dB; a bed 3 dB too loud lifts it by 3 and is still judged (and fails).
	FloorMargin = 10.0
	// A bed band is not judged when its floor rose more than 2·TolBand
	// (noise that fills the band lifts floor and level alike), or past
	// TolBand and by FloorLift more than its level did (noise under the
	// bed lifts the quiet frames more than the typical ones); a bed louder
	// by g ≤ 4 dB lifts both by g and stays judged.
	FloorLift = 0.5
	// The meter metrics (verdicts only when the gate file says
	// "meter_verdicts": true; shown either way).
	TolLRA       = 1.0 // LU: EBU Tech 3342's meter tolerance
	TolTruePeak  = 1.0 // dB: a lossy codec in the recording chain moves inter-sample peaks by up to ~1 dB
	TolMomentary = 1.0 // LU: as the integrated loudness
)

// MeterMetrics puts retail's loudness range, true peak and maximum
// momentary loudness against ours. judge false (the default) shows them
// with status n/a; true gives them verdicts like the others. aligned: the
// recording's level was aligned to ours (the range does not move with it,
// the peak and the momentary maximum do).
func MeterMetrics(retail measure.Result, ours []measure.Result, aligned, judge bool) []Metric {
	col := func(f func(measure.Result) float64) []float64 { return column(ours, f) }
	var out []Metric
	for _, c := range []struct {
		id, label, unit string
		tol             float64
		f               func(measure.Result) float64
		level           bool // moves with the recording's level
	}{
		{"loudness_range", "Loudness range (EBU Tech 3342)", "LU", TolLRA, func(r measure.Result) float64 { return r.Meter.LRA }, false},
		{"true_peak", "True peak (BS.1770-4, oversampled to ≥ 176.4 kHz)", "dBTP", TolTruePeak, func(r measure.Result) float64 { return r.Meter.TruePeak }, true},
		{"momentary_max", "Momentary loudness, maximum (400 ms)", "LU", TolMomentary, func(r measure.Result) float64 { return r.Meter.MomentaryMax }, true},
	} {
		m := additive(c.id, c.label, c.unit, c.f(retail), col(c.f), c.tol)
		if c.id == "momentary_max" {
			m.Unit = "LUFS"
		}
		switch {
		case !judge:
			m.Status, m.Note = "n/a", "shown, not judged (gate file: \"meter_verdicts\": true)"
		case aligned && c.level:
			m.Note = "after level alignment"
		}
		out = append(out, m)
	}
	return out
}

// Metric is one verdict.
type Metric struct {
	ID     string    `json:"id"`
	Label  string    `json:"label"`
	Unit   string    `json:"unit"`
	Retail float64   `json:"retail"`
	Ours   []float64 `json:"ours"` // one per seed
	Min    float64   `json:"ours_min"`
	Median float64   `json:"ours_median"`
	Max    float64   `json:"ours_max"`
	Lo     float64   `json:"pass_from"` // the widened band
	Hi     float64   `json:"pass_to"`
	Tol    string    `json:"tolerance"`
	Status string    `json:"status"` // "pass", "fail", "n/a"
	Note   string    `json:"note,omitempty"`
	// Bands holds the bed spectrum's per-band verdicts.
	Bands []Metric `json:"bands,omitempty"`
}

// Pass reports whether the metric does not fail (n/a counts as not failing).
func (m Metric) Pass() bool { return m.Status != "fail" }

func stats(v []float64) (lo, med, hi float64) {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[0], measure.Quantile(s, 0.5), s[len(s)-1]
}

// additive builds a metric passing within [min − tol, max + tol].
func additive(id, label, unit string, retail float64, ours []float64, tol float64) Metric {
	m := Metric{ID: id, Label: label, Unit: unit, Retail: retail, Ours: ours}
	m.Min, m.Median, m.Max = stats(ours)
	m.Lo, m.Hi, m.Tol = m.Min-tol, m.Max+tol, strings.TrimSpace(fmt.Sprintf("±%g %s", tol, unit))
	m.judge()
	return m
}

func (m *Metric) judge() {
	switch {
	case math.IsNaN(m.Retail) || math.IsNaN(m.Lo) || math.IsNaN(m.Hi):
		m.Status = "n/a"
	case m.Retail >= m.Lo && m.Retail <= m.Hi:
		m.Status = "pass"
	default:
		m.Status = "fail"
		if m.Note == "" {
			unit := ""
			switch m.Unit {
			case "":
			case "LUFS":
				unit = " LU"
			default:
				unit = " " + m.Unit
			}
			if m.Retail > m.Hi {
				m.Note = fmt.Sprintf("retail %.2f%s above", m.Retail-m.Hi, unit)
			} else {
				m.Note = fmt.Sprintf("retail %.2f%s below", m.Lo-m.Retail, unit)
			}
		}
	}
}

// Verdicts compares retail's measurement with ours (one per seed). aligned
// says the recording's level was aligned to ours: the loudness and level
// verdicts are then n/a (they were made equal). It is Judge without our
// one-shot starts: noise that buries them is not looked for.
func Verdicts(retail measure.Result, ours []measure.Result, aligned bool) []Metric {
	return Judge(retail, ours, nil, aligned)
}

// Judge is Verdicts knowing our renders' one-shot starts (shots, their own
// levels): the one-shot verdicts are not judged, or the rate's band
// widened, as far as noise the recording adds buries them (notJudgedUnderNoise).
// It sets each class's Buried, unless the recording's channels show a
// room (inARoom): its side holds the room's tail, not noise.
func Judge(retail measure.Result, ours []measure.Result, shots []OneShotClass, aligned bool) []Metric {
	col := func(f func(measure.Result) float64) []float64 { return column(ours, f) }
	var out []Metric
	for _, c := range []struct {
		id, label string
		f         func(measure.Result) float64
	}{
		{"loudness", "Integrated loudness (stereo)", func(r measure.Result) float64 { return r.Loudness.Integrated }},
		{"loudness_left", "Integrated loudness, left", func(r measure.Result) float64 { return r.Loudness.IntegratedL }},
		{"loudness_right", "Integrated loudness, right", func(r measure.Result) float64 { return r.Loudness.IntegratedR }},
	} {
		m := additive(c.id, c.label, "LU", c.f(retail), col(c.f), TolLoudness)
		m.Unit = "LUFS"
		if aligned {
			m.Status, m.Note = "n/a", "level aligned to ours"
		}
		out = append(out, m)
	}
	out = append(out,
		additive("balance", "Balance L−R, median of 3 s windows", "dB", retail.Balance.Median, col(func(r measure.Result) float64 { return r.Balance.Median }), TolBalance),
		additive("balance_spread", "Balance L−R, interquartile range", "dB", retail.Balance.Spread, col(func(r measure.Result) float64 { return r.Balance.Spread }), TolSpread),
		rateVerdict(retail, ours))
	out = append(out, onsetVerdicts(retail, ours, aligned)...)
	bed, floor := bedVerdicts(retail, ours, aligned)
	out = append(out, bed...)
	if aligned {
		alignmentSpread(out, ours)
	}
	room, diffuse := inARoom(retail, ours)
	if !diffuse { // a room's diffuse tail in the side signal is no noise
		out = notJudgedUnderNoise(out, noiseBurial(retail, ours, shots), retail, ours)
	}
	return notJudgedInARoom(notJudgedUnderFloor(out, retail, ours, floor), room)
}

// alignmentSpread widens the one-shot and bed level bands of a recording
// aligned to our median integrated loudness by that loudness's own
// sampling spread: the gain carries retail's loudness error, which is as
// wide as our seeds' loudness around their median (on a sparse take a few
// loud one-shots more or less move it by several dB, and every level with
// it). A retail take louder than our median by up to max − median reads
// that much low, one quieter by up to median − min that much high.
func alignmentSpread(ms []Metric, ours []measure.Result) {
	lo, med, hi := stats(column(ours, func(r measure.Result) float64 { return r.Loudness.Integrated }))
	for i := range ms {
		m := &ms[i]
		if (m.ID != "onset_level" && m.ID != "bed_level") || m.Status == "n/a" {
			continue
		}
		m.widenTo(m.Lo-(hi-med), m.Hi+(med-lo), 0, fmt.Sprintf("our loudness's spread (%.1f … %.1f LU around the median: the alignment's own error)", lo-med, hi-med))
		if m.Note == "" {
			m.Note = "after level alignment"
		}
	}
}

// SamplingZ: a one-shot verdict's band spans at least this many standard
// errors of retail's own sampling around our median, before its tolerance.
// Our seeds' min..max estimates where one take's value falls; with few
// seeds, or few one-shots in a take, it is narrower than that take's own
// sampling error (the README tour's 4 seeds failed our render's seed 5 by
// 0.3 dB), so the band is widened to our median ± SamplingZ·SE, SE computed
// from our one-shots' spread and retail's length or one-shot count (about
// 0.3 % of takes of a normal statistic fall outside ±3 SE); the level's
// median is bounded by its rank instead (levelRange).
const SamplingZ = 3.0

// widen widens m's band (built by additive with tolerance tol) to at least
// m.Median ± SamplingZ·se ± tol.
func (m *Metric) widen(se, tol float64, what string) {
	if !(se > 0) || math.IsNaN(m.Median) {
		return
	}
	m.widenTo(m.Median-SamplingZ*se, m.Median+SamplingZ*se, tol, fmt.Sprintf("±%g SE of %s (SE %.2g)", SamplingZ, what, se))
}

// widenTo widens m's band to at least lo − tol .. hi + tol, says so in
// m.Tol (why), and judges it again.
func (m *Metric) widenTo(lo, hi, tol float64, why string) {
	lo, hi = lo-tol, hi+tol
	if math.IsNaN(lo) || math.IsNaN(hi) || lo >= m.Lo && hi <= m.Hi {
		return
	}
	m.Lo, m.Hi = math.Min(m.Lo, lo), math.Max(m.Hi, hi)
	m.Tol += "; at least " + why
	m.Status, m.Note = "", ""
	m.judge()
}

// rateVerdict is the one-shot rate: within our seeds' min ÷ TolRateRatio −
// TolRateAbs .. max × TolRateRatio + TolRateAbs, and at least our median ±
// SamplingZ standard errors of a count over retail's length: a Poisson
// count's, scaled by our seeds' index of dispersion (their counts'
// variance over their mean). A source that sounds at a steady interval
// varies far less than Poisson (the README tour's spot: 60/min in every
// seed), and a bare Poisson term would blind the verdict to a third of its
// sounds missing.
func rateVerdict(retail measure.Result, ours []measure.Result) Metric {
	rate := Metric{ID: "onset_rate", Label: "One-shots per minute", Unit: "/min", Retail: retail.Onsets.PerMinute,
		Ours: column(ours, func(r measure.Result) float64 { return r.Onsets.PerMinute })}
	rate.Min, rate.Median, rate.Max = stats(rate.Ours)
	rate.Lo, rate.Hi = rate.Min/TolRateRatio-TolRateAbs, rate.Max*TolRateRatio+TolRateAbs
	rate.Tol = fmt.Sprintf("×/÷ %g, ±%g /min", TolRateRatio, TolRateAbs)
	rate.judge()
	if minutes := retail.Seconds / 60; minutes > 0 {
		d := dispersion(rate.Ours, minutes)
		rate.widen(math.Sqrt(rate.Median*minutes*d)/minutes, 0, fmt.Sprintf("a count over %.0f s, dispersion %.2f", retail.Seconds, d))
	}
	return rate
}

// dispersion is the index of dispersion (sample variance over mean) of the
// counts rates·minutes; 1 (Poisson) with fewer than 2 rates or no count.
func dispersion(rates []float64, minutes float64) float64 {
	if len(rates) < 2 {
		return 1
	}
	var m, v float64
	for _, r := range rates {
		m += r * minutes
	}
	m /= float64(len(rates))
	for _, r := range rates {
		v += (r*minutes - m) * (r*minutes - m)
	}
	if !(m > 0) {
		return 1
	}
	return v / float64(len(rates)-1) / m
}

// onsetVerdicts are the one-shot level and side. They need onsets in
// retail and in our seeds; seeds with fewer than MinOnsets are left out of
// the band.
func onsetVerdicts(retail measure.Result, ours []measure.Result, aligned bool) []Metric {
	col := func(f func(measure.Result) float64) []float64 { return column(ours, f) }
	counts := col(func(r measure.Result) float64 { return float64(len(r.Onsets.Times)) })
	// The standard errors count one-shots (measure.Onsets.Starts), not
	// onsets: a bird's song of chirps is one draw.
	n := len(retail.Onsets.Starts())
	few := len(retail.Onsets.Times) < MinOnsets
	var out []Metric
	for _, c := range []struct {
		id, label, unit string
		tol             float64
		f               func(measure.Result) float64
		se              float64 // per one-shot: the standard error of one of retail's n (the side)
	}{
		{"onset_level", "One-shot level, median", "dB", TolOnsetLevel, func(r measure.Result) float64 { return r.Onsets.LevelMed }, 0},
		// The side index is the share of one-shots louder on the left (by more
		// than 1 dB) minus the share louder on the right: −1 all right, +1 all
		// left. A median of per-onset L−R dB was tried first: a louder centred
		// bed pulls each onset's L−R towards 0, so it failed a bed-only damage.
		{"onset_side", "One-shot side (left share − right share)", "", TolOnsetSide, func(r measure.Result) float64 { return r.Onsets.LeftShare - r.Onsets.RightShare }, sideSpread(ours)},
	} {
		ok := withOnsets(col(c.f), counts)
		m := Metric{ID: c.id, Label: c.label, Unit: c.unit, Retail: c.f(retail), Ours: col(c.f), Status: "n/a",
			Min: math.NaN(), Median: math.NaN(), Max: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
		switch {
		case few || len(ok) < 2:
			m.Note = fmt.Sprintf("fewer than %d one-shots", MinOnsets)
			if len(ok) > 0 {
				m.Min, m.Median, m.Max = stats(ok)
			}
		default:
			m = additive(c.id, c.label, c.unit, c.f(retail), ok, c.tol)
			if c.id == "onset_level" {
				lo, hi := levelRange(ours, n)
				m.widenTo(lo, hi, c.tol, fmt.Sprintf("the quantiles of our one-shot levels a median of %d falls between (±%g SE of its rank)", n, SamplingZ))
			} else {
				m.widen(c.se/math.Sqrt(float64(n)), c.tol, fmt.Sprintf("%d one-shots", n))
			}
		}
		if aligned && c.id == "onset_level" && m.Status != "n/a" {
			m.Note = "after level alignment"
		}
		out = append(out, m)
	}
	return out
}

// levelRange is where the median of n one-shot levels drawn from ours
// falls, distribution-free: its rank among all our seeds' one-shot levels
// is about normal with mean 0.5 and SE 0.5/√n, so the band runs from the
// quantile 0.5 − SamplingZ·0.5/√n of those levels to 0.5 + SamplingZ·0.5/√n
// (clipped to 0..1). A normal SE from their spread fails where one sound
// dominates: its interquartile range is 0 dB, yet a take with a few more
// of the others has a median several dB away.
func levelRange(ours []measure.Result, n int) (lo, hi float64) { return levelRangeAt(ours, n, 0.5) }

// levelRangeAt is levelRange for the quantile q of our one-shot levels
// (levelRange: the median): the quantiles q ∓ SamplingZ·0.5/√n.
func levelRangeAt(ours []measure.Result, n int, q float64) (lo, hi float64) {
	var v []float64
	for _, o := range ours {
		for _, i := range o.Onsets.Starts() {
			v = append(v, o.Onsets.Level[i])
		}
	}
	if len(v) < 2*MinOnsets || n < 1 {
		return math.NaN(), math.NaN()
	}
	d := SamplingZ * 0.5 / math.Sqrt(float64(n))
	return measure.Quantile(v, math.Max(q-d, 0)), measure.Quantile(v, math.Min(q+d, 1))
}

// sideSpread is the standard deviation of one one-shot's side score (+1
// left by more than 1 dB, −1 right, 0 between: the side index is their
// mean) over every one-shot of our seeds.
func sideSpread(ours []measure.Result) float64 {
	var n, s, s2 float64
	for _, o := range ours {
		for _, i := range o.Onsets.Starts() {
			d, x := o.Onsets.Side[i], 0.0
			switch {
			case d > 1:
				x = 1
			case d < -1:
				x = -1
			}
			n, s, s2 = n+1, s+x, s2+x*x
		}
	}
	if n < 2*MinOnsets {
		return 0
	}
	return math.Sqrt(math.Max(s2/n-(s/n)*(s/n), 0))
}

// bedVerdicts are the bed level and the bed's 1/3-octave bands, and the
// level the bands were raised to.
func bedVerdicts(retail measure.Result, ours []measure.Result, aligned bool) ([]Metric, float64) {
	col := func(f func(measure.Result) float64) []float64 { return column(ours, f) }
	// Levels under BandFloor are read as BandFloor: a quiet half of digital
	// silence (−200 dB) and one of a room's faint tail (−160 dB) are both
	// nothing.
	floored := func(v float64) float64 { return math.Max(v, BandFloor) }
	bed := additive("bed_level", "Bed level (quiet half), median", "dB", floored(retail.Bed.Level), col(func(r measure.Result) float64 { return floored(r.Bed.Level) }), TolBedLevel)
	if aligned {
		bed.Note = "after level alignment"
	}
	spec := Metric{ID: "bed_spectrum", Label: "Bed 1/3-octave bands (50 Hz–12.5 kHz)", Unit: "dB", Status: "pass", Tol: fmt.Sprintf("±%g dB per band", TolBand)}
	spec.Retail, spec.Min, spec.Median, spec.Max, spec.Lo, spec.Hi = math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN()
	// Band floor: levels below max(BandFloor, loudest band − BandRange) are
	// raised to it before the verdict. A band that holds nothing in our render
	// (−160 dB: numerical zero) would otherwise fail against any recording's
	// noise floor, converter or resampler residue, none of which is the bed.
	floor := BandFloor
	for b := range retail.Bed.Centres {
		_, med, _ := stats(col(func(r measure.Result) float64 { return r.Bed.Levels[b] }))
		floor = math.Max(floor, med-BandRange)
	}
	clamp := func(v float64) float64 { return math.Max(v, floor) }
	var worst float64
	for b, fc := range retail.Bed.Centres {
		bm := additive(fmt.Sprintf("band_%g", fc), fmt.Sprintf("%g Hz", fc), "dB", clamp(retail.Bed.Levels[b]),
			col(func(r measure.Result) float64 { return clamp(r.Bed.Levels[b]) }), TolBand)
		if fc > BandVerdictMax {
			bm.Status, bm.Note = "n/a", "above 12.5 kHz: recordings are often low-passed by their codec"
		}
		if bm.Status == "fail" {
			spec.Status = "fail"
			d := math.Max(bm.Lo-bm.Retail, bm.Retail-bm.Hi)
			if d > worst {
				worst, spec.Note = d, fmt.Sprintf("worst: %s, %.1f dB outside", bm.Label, d)
			}
		}
		spec.Bands = append(spec.Bands, bm)
	}
	return []Metric{bed, spec}, floor
}

// NoiseMargin: a bed band is not judged when noise that differs between
// the recording's channels comes within this many dB of the band's level
// (noise 10 dB under moves it by 0.4 dB). A bed band whose floor and level
// a stationary bed holds alike cannot tell added noise from a louder bed by
// its floor; the channels can: retail's beds play from the centre (S4), so
// a louder bed adds nothing to L−R and noise added to each channel on its
// own does.
const NoiseMargin = 10.0

// uncorrelatedNoise is how far (dB) under retail's level in bed band b
// lies the noise the recording adds to each channel on its own: twice the
// side power of its quiet frames beyond the most of ours (a source's own
// panning is in ours too). ok is false when it adds none.
func uncorrelatedNoise(retail measure.Result, ours []measure.Result, b int) (under float64, ok bool) {
	if len(retail.Bed.Sides) <= b {
		return 0, false
	}
	p := func(d float64) float64 { return math.Pow(10, d/10) }
	hi := 0.0
	for _, o := range ours {
		if len(o.Bed.Sides) > b {
			hi = math.Max(hi, p(o.Bed.Sides[b]))
		}
	}
	n := 2 * (p(retail.Bed.Sides[b]) - hi)
	if !(n > 0) {
		return 0, false
	}
	return retail.Bed.Levels[b] - 10*math.Log10(n), true
}

// floorMetrics are the verdicts a raised broadband floor makes
// unmeasurable: the quiet half and the quiet 3 s windows are the floor
// itself. The one-shots are judged by what the floor's noise buries of
// ours (notJudgedUnderNoise), not by the floor: a floor risen over a render
// whose quiet frames are digital silence says nothing of one-shots 60 dB
// above it.
var floorMetrics = map[string]bool{"bed_level": true, "balance": true, "balance_spread": true}

// notJudgedUnderFloor turns the verdicts a recording's raised floor makes
// unmeasurable into "not judged: …" (status n/a, never a silent pass or
// fail): every floorMetrics verdict when the broadband floor is more than
// FloorMargin above the highest of ours, and each bed band whose own floor
// rose more than 2·TolBand, or past TolBand and more than its level
// (FloorLift), or where ours holds nothing (every seed at the band floor).
// Floors are read no
// lower than BandFloor (a 16-bit recording's noise).
// bandFloor is the level the bed bands were raised to (Verdicts' floor).
func notJudgedUnderFloor(ms []Metric, retail measure.Result, ours []measure.Result, bandFloor float64) []Metric {
	excess := func(r float64, o func(measure.Result) float64) float64 {
		hi := BandFloor
		for _, x := range ours {
			hi = math.Max(hi, o(x))
		}
		return math.Max(r, BandFloor) - hi
	}
	broad := excess(retail.Bed.Floor, func(r measure.Result) float64 { return r.Bed.Floor })
	for i := range ms {
		m := &ms[i]
		if floorMetrics[m.ID] && broad > FloorMargin {
			m.Status = "n/a"
			m.Note = fmt.Sprintf("not judged: the recording's floor is %.0f dB above our seeds' (noise or a room in the recording chain)", broad)
		}
		if m.ID != "bed_spectrum" || len(retail.Bed.Floors) != len(m.Bands) {
			continue
		}
		m.Status, m.Note = "pass", ""
		var worst float64
		for b := range m.Bands {
			bm := &m.Bands[b]
			e := excess(retail.Bed.Floors[b], func(r measure.Result) float64 { return r.Bed.Floors[b] })
			// empty: our band holds nothing above the band floor, so
			// whatever the recording has there cannot be told from noise.
			empty := bm.Max <= bandFloor
			if (e > 2*TolBand || e > TolBand && (e-(bm.Retail-bm.Median) > FloorLift || empty)) && bm.Status != "n/a" {
				bm.Status = "n/a"
				bm.Note = fmt.Sprintf("not judged: the recording's floor in this band is %.0f dB above our seeds'", e)
			}
			if under, ok := uncorrelatedNoise(retail, ours, b); ok && under < NoiseMargin && bm.Status != "n/a" {
				bm.Status = "n/a"
				bm.Note = fmt.Sprintf("not judged: the recording holds noise uncorrelated between its channels %.1f dB under this band's level", under)
			}
			if bm.Status == "fail" {
				m.Status = "fail"
				if d := math.Max(bm.Lo-bm.Retail, bm.Retail-bm.Hi); d > worst {
					worst, m.Note = d, fmt.Sprintf("worst: %s, %.1f dB outside", bm.Label, d)
				}
			}
		}
	}
	return ms
}

// column is f of each of ours.
func column(ours []measure.Result, f func(measure.Result) float64) []float64 {
	v := make([]float64, len(ours))
	for i, o := range ours {
		v[i] = f(o)
	}
	return v
}

// withOnsets keeps the values of the seeds that found at least MinOnsets onsets.
func withOnsets(v, counts []float64) []float64 {
	var out []float64
	for i := range v {
		if counts[i] >= MinOnsets && !math.IsNaN(v[i]) {
			out = append(out, v[i])
		}
	}
	return out
}
