package gate

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"soundworld/gate/measure"
)

// A room. Its reverberation smears the whole mix: every sound's end
// becomes a tail (the one-shots' starts and ends blur), and its diffuse
// tail reaches two microphones as two different signals, so a bed that
// retail plays from the centre (S4, the same in both channels) gains a
// side signal in proportion to its own level, in every band. The gate
// asks for both before it reads a recording as made in a room:
//   - its sounds end slower than RoomFall of the slowest of our seeds'
//     (measure.Onsets.Fall, the fastest fall of a half-octave band);
//   - its side lies within RoomSide of its level in our bed's RoomBands
//     loudest bands (the median of those bands).
//
// The fall alone cannot tell a room from a recording that lacks the
// sounds that end fastest, nor from noise the sounds end into; a missing
// sound leaves the bed's channels alike, and noise lies far under a
// bed's loudest bands. Where the bed cannot show it (ours hold nothing
// there, or already a side within RoomSide+NoiseSideMargin of the level:
// the quiet frames carry panned sounds), the fall is read alone.
const (
	// RoomFall: the recording's fastest fall over the slowest of our
	// seeds' under which its sounds end as in a room.
	RoomFall = 0.66
	// RoomSide, dB: the side power within this of the level (our bed's
	// loudest bands, the median of RoomBands) is a diffuse field's.
	RoomSide = -15.0
	// RoomBands: how many of our bed's loudest 1/3-octave bands (by our
	// median level) are read.
	RoomBands = 3
)

// roomMetrics are the verdicts a room makes unmeasurable: it smears the
// one-shots' starts and ends (rate, level, side), fills the quiet half with
// their tails (bed level and bands), colours the bed with its modes (bed
// bands) and gives each channel its own response (balance).
var roomMetrics = map[string]bool{"onset_rate": true, "onset_level": true, "onset_side": true,
	"bed_level": true, "bed_spectrum": true, "balance": true, "balance_spread": true}

// diffuse is, in our bed's RoomBands loudest bands, the median over them
// of retail's side power less its level (dB), and the same of the most
// diffuse of our seeds (the highest per band). ok is false when the bed
// cannot show a room: our median level there lies under BandFloor, or
// ours already lie within RoomSide+NoiseSideMargin.
func diffuse(retail measure.Result, ours []measure.Result) (rec, our float64, ok bool) {
	nb := len(retail.Bed.Centres)
	if len(retail.Bed.Sides) < nb || len(retail.Bed.Levels) < nb || len(ours) == 0 {
		return 0, 0, false
	}
	med := make([]float64, nb)
	idx := make([]int, nb)
	for b := range med {
		med[b] = measure.Quantile(column(ours, func(r measure.Result) float64 { return bedAt(r.Bed.Levels, b) }), 0.5)
		idx[b] = b
	}
	sort.SliceStable(idx, func(i, j int) bool { return med[idx[i]] > med[idx[j]] })
	idx = idx[:min(RoomBands, nb)]
	var rv, ov []float64
	for _, b := range idx {
		if !(med[b] > BandFloor) {
			return 0, 0, false
		}
		o := math.Inf(-1)
		for _, x := range ours {
			o = math.Max(o, bedAt(x.Bed.Sides, b)-bedAt(x.Bed.Levels, b))
		}
		rv, ov = append(rv, retail.Bed.Sides[b]-retail.Bed.Levels[b]), append(ov, o)
	}
	rec, our = measure.Quantile(rv, 0.5), measure.Quantile(ov, 0.5)
	return rec, our, len(rv) > 0 && our < RoomSide-NoiseSideMargin
}

// bedAt is v[b], or measure.Silence past its end.
func bedAt(v []float64, b int) float64 {
	if b < len(v) {
		return v[b]
	}
	return measure.Silence
}

// inARoom says whether retail's sounds fall slower than RoomFall of the
// slowest of ours and, where the bed can show it, its channels hold a
// diffuse field (diffuse over RoomSide): why is then the "not judged"
// note, and shown whether the bed showed the diffuse field (the side
// excess is then the room's tail, no noise).
func inARoom(retail measure.Result, ours []measure.Result) (why string, shown bool) {
	slowest := math.Inf(1)
	for _, o := range ours {
		slowest = math.Min(slowest, o.Onsets.Fall)
	}
	if !(retail.Onsets.Fall < RoomFall*slowest) {
		return "", false
	}
	fall := fmt.Sprintf("the recording's sounds end no faster than %.0f dB/s (ours at least %.0f dB/s)", retail.Onsets.Fall, slowest)
	switch rec, our, ok := diffuse(retail, ours); {
	case ok && !(rec > RoomSide):
		return "", false // the channels hold no room: sounds missing, or noise
	case ok:
		return fmt.Sprintf("not judged: %s and its channels differ by a diffuse side %.0f dB under the level in our bed's loudest bands (ours %.0f dB under): a room, whose reverberation smears what this verdict measures", fall, -rec, -our), true
	}
	return "not judged: " + fall + ": a room's reverberation or noise smears them (our bed cannot show which)", false
}

// notJudgedInARoom turns the roomMetrics verdicts into "not judged: why"
// (status n/a; the first says why, the others refer to it) when why
// (inARoom's) is not empty.
func notJudgedInARoom(ms []Metric, why string) []Metric {
	if why == "" {
		return ms
	}
	first := ""
	for i := range ms {
		if m := &ms[i]; roomMetrics[m.ID] {
			m.Status, m.Note = "n/a", why
			if first != "" { // the reason once, in the first
				m.Note = fmt.Sprintf("not judged: a room (see %s)", first)
			} else if first = m.ID; m.Label != "" {
				first = strings.ToLower(m.Label[:1]) + m.Label[1:]
			}
			for b := range m.Bands {
				m.Bands[b].Status, m.Bands[b].Note = "n/a", "not judged: a room (see the bed spectrum)"
			}
		}
	}
	return ms
}
