package gate

import (
	"fmt"
	"math"
	"strings"

	"soundworld/gate/measure"
)

// Noise that buries our one-shots. A recording chain's noise (a
// microphone's, a converter's, a tape's) hides every one-shot whose start
// lies far enough under it, and the detector cannot count, level or side
// what it cannot see. The gate reads that noise from the recording itself
// and holds it against the one-shot starts our renders made, wave by wave,
// by the truth set's rule for a masked start: a start is buried when its
// own first OwnWindow lies more than BuryMargin under the noise.
const (
	// BuryMargin, dB: a start whose own OwnWindow energy lies more than this
	// under the recording's noise is buried (the truth set's masking rule).
	BuryMargin = 20.0
	// NoiseSideMargin, dB: a bed band's side power must lie this far above
	// the highest of our seeds' before its excess counts as noise (a
	// take's own panned sounds vary it by a few dB).
	NoiseSideMargin = 6.0
	// QuietUnder, dB: a start whose own level lies this far under our
	// median integrated loudness is masked in our renders too (the truth
	// set reads the mix before a start no quieter than 60 dB under the
	// take's mean, and masks 20 dB under that), so no noise buries it: a
	// resampler's or a codec's residue 75 dB down is no reason to judge
	// less.
	QuietUnder = 80.0
	// BuriedShare: when more than this share of our one-shot starts (of
	// those the detector finds in ours, burial.share) is buried, the
	// one-shot rate, level and side are not judged; under it, the rate's
	// band reaches down to what ours would count without them.
	BuriedShare = 0.5
)

// burial is what a recording's noise buries of our one-shot starts.
type burial struct {
	noise         float64 // dB, the noise's energy (both channels' squares per sample); NaN: none found
	buried, total int     // our starts buried, of all
	// seen: our starts the detector found (OneShotClass.Seen), and
	// seenBuried, how many of those the noise buries (each wave's found
	// starts times its buried share)
	seen, seenBuried float64
	waves            []string
	// sideShift: how far our side index (left share − right share of the
	// starts, by S4 pan) moves when each wave's buried share of its starts
	// on every side is left out.
	sideShift float64
}

// share is the buried share of the starts our detector found, which
// make our one-shot rate, level and side (a start it never finds in ours,
// buried or not, moves none of them); of all our starts where it found
// none (0 with none).
func (b burial) share() float64 {
	if b.seen > 0 {
		return b.seenBuried / b.seen
	}
	if b.total == 0 {
		return 0
	}
	return float64(b.buried) / float64(b.total)
}

// recordingNoise is the noise the recording adds to each channel on its
// own (dB, both channels' squares per sample; NaN: none found), summed
// over the bed bands (50 Hz–16 kHz) whose side power lies more than
// NoiseSideMargin over the most of our seeds': four times the excess
// (noise of power σ² in each channel, uncorrelated, is σ²/2 in the side
// (L−R)/2 and 2σ² in both channels). Retail plays beds from the centre
// (S4), so a louder bed adds nothing there, and ours hold the side a
// take's own panned sounds make.
func recordingNoise(retail measure.Result, ours []measure.Result) float64 {
	return noiseLevel(noiseBands(retail, ours))
}

// noiseLevel is recordingNoise of the noise's bands (noiseBands).
func noiseLevel(bands []float64) float64 {
	var sum float64
	for _, n := range bands {
		sum += n
	}
	if !(sum > 0) {
		return math.NaN()
	}
	return 10 * math.Log10(sum)
}

// noiseBurial counts the starts of shots that the recording's noise buries
// (those at least QuietUnder under our loudness are not: they are masked
// in ours too), by the broadband rule or band by band (underInEveryBand),
// and sets each class's Buried.
func noiseBurial(retail measure.Result, ours []measure.Result, shots []OneShotClass) burial {
	nb := noiseBands(retail, ours)
	b := burial{noise: noiseLevel(nb)}
	quiet := measure.Quantile(column(ours, func(r measure.Result) float64 { return r.Loudness.Integrated }), 0.5) - QuietUnder
	quietPow := math.Pow(10, quiet/10)
	var all, kept [3]float64 // starts per side (left, centre, right): all, and not buried
	for i := range shots {
		c := &shots[i]
		c.Buried = 0
		for j, own := range c.Own {
			var bands []float64
			if j < len(c.Bands) {
				bands = c.Bands[j]
			}
			if own >= quiet && (own < b.noise-BuryMargin || underInEveryBand(bands, nb, quietPow)) {
				c.Buried++
			}
		}
		b.total += len(c.Own)
		b.buried += c.Buried
		k := 0.0
		if len(c.Own) > 0 {
			k = float64(c.Buried) / float64(len(c.Own))
		}
		for side, n := range c.Starts {
			all[side] += float64(n)
			kept[side] += float64(n) * (1 - k)
			b.seen += float64(c.Seen[side])
			b.seenBuried += float64(c.Seen[side]) * k
		}
		if c.Buried > 0 {
			name := c.Name
			if name == "" {
				name = fmt.Sprintf("wave 0x%08X", c.Wave)
			}
			b.waves = append(b.waves, fmt.Sprintf("%s %d of %d", name, c.Buried, len(c.Own)))
		}
	}
	index := func(n [3]float64) float64 { return (n[0] - n[2]) / math.Max(n[0]+n[1]+n[2], 1) }
	if b.buried > 0 {
		b.sideShift = index(kept) - index(all)
	}
	return b
}

// notJudgedUnderNoise: when the recording's noise buries more than
// BuriedShare of our one-shot starts, the one-shot rate, level and side are
// "not judged: …" (status n/a), naming the noise and the waves it buries.
// When it buries a share s ≤ BuriedShare, they are judged on what it
// leaves, their bands widened to hold ours without the buried starts: the
// rate's low end times 1 − s; the level's high end at the median of the
// loudest 1 − s of our one-shot levels (the quantile (1 + s)/2, ± its
// rank's SamplingZ SE), the quietest being the buried; the side band moved
// by how far leaving out each wave's buried share of its starts moves our
// side index.
func notJudgedUnderNoise(ms []Metric, b burial, retail measure.Result, ours []measure.Result) []Metric {
	if b.buried == 0 {
		return ms
	}
	why := fmt.Sprintf("noise uncorrelated between the recording's channels at %.0f dB buries %d of our %d one-shot starts, %.0f %% of those the detector finds in ours (their first %.0f ms more than %g dB under it, or less than %g dB over it in every 1/3-octave band: %s)",
		b.noise, b.buried, b.total, 100*b.share(), 1000*OwnWindow, BuryMargin, BandMargin, strings.Join(b.waves, ", "))
	s := b.share()
	without := fmt.Sprintf("ours without the %d of %d starts the recording's noise buries (%.0f dB)", b.buried, b.total, b.noise)
	for i := range ms {
		m := &ms[i]
		switch {
		case !strings.HasPrefix(m.ID, "onset_"):
		case s > BuriedShare && (m.Status != "n/a" || strings.HasPrefix(m.Note, "fewer than")):
			// the noise is why retail holds too few one-shots to judge
			m.Status, m.Note = "n/a", "not judged: "+why
			if m.ID != "onset_rate" {
				m.Note = fmt.Sprintf("not judged: the recording's noise (%.0f dB) buries %d of our %d one-shot starts (see the one-shot rate)", b.noise, b.buried, b.total)
			}
		case m.Status == "n/a":
		case m.ID == "onset_rate":
			m.widenTo(m.Lo*(1-s), m.Hi, 0, without)
		case m.ID == "onset_level":
			_, hi := levelRangeAt(ours, len(retail.Onsets.Starts()), (1+s)/2)
			m.widenTo(m.Lo+TolOnsetLevel, hi, TolOnsetLevel, without)
		case m.ID == "onset_side":
			m.widenTo(m.Lo+TolOnsetSide+math.Min(b.sideShift, 0), m.Hi-TolOnsetSide+math.Max(b.sideShift, 0), TolOnsetSide, without)
		}
	}
	return ms
}
