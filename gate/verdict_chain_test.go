package gate

import (
	"errors"
	"flag"
	"math"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/dat"
	"soundworld/gate/degrade"
	"soundworld/gate/measure"
	"soundworld/world"
)

var verdictSeed = flag.Uint64("verdictseed", 2, "master seed of TestVerdictsThroughTheChain's takes (1: the truth set's to tune on; 2: held out)")
var verdictTable = flag.Bool("verdicttable", false, "log TestVerdictsThroughTheChain's verdicts per take and condition")
var verdictTakes = flag.Int("verdicttakes", 0, "held-out takes in TestVerdictsThroughTheChain (0: 3, or 6 with SOUNDWORLD_TRUTHSET=1)")

// TestVerdictsThroughTheChain: a "retail recording" that is our own render
// put through one condition of the recording chain must pass every verdict
// it is entitled to, and where the condition leaves a metric unmeasurable
// the verdict says "not judged: …", never fails; a condition that hides
// nothing buries none of our one-shot starts (notJudgedUnderNoise).
// Held-out takes (master seed 2 of the truth set; 3 here, 6 with
// SOUNDWORLD_TRUTHSET=1, the 20 with -verdicttakes 20 as
// scripts/gate-truth.sh runs it in CI),
// each against ours: 20 other seeds (as Run renders by default), 30 s of the
// same place. The recording's gate file has align_level true, as
// docs/gates.md tells a user to set it for a recording whose gain is
// unknown (every recording here), and its offset_s set. A false FAIL
// fails the test, except under the knownFalseFails conditions (logged;
// failed with -truthtargets); a "not judged" where the condition hides
// nothing fails it too. Per condition it prints the false FAILs and the
// range of retail's fastest fall over our slowest seed's and of its side
// less its level in our bed's loudest bands (the room rule).
func TestVerdictsThroughTheChain(t *testing.T) {
	const seconds, seeds = 30, 20
	n := 3
	if os.Getenv("SOUNDWORLD_TRUTHSET") != "" {
		n = 6
	}
	if *verdictTakes > 0 {
		n = *verdictTakes
	}
	stand, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	big, towns := truthTowns(t)
	archives := map[bool]*dat.Archive{false: stand, true: big}
	banks := map[bool]*audio.Bank{false: audio.NewBank(stand), true: audio.NewBank(big)}
	conds := truthConditions()
	falseFails := map[string]int{}
	notJudged := map[string]int{}
	falls := map[string][2]float64{} // per condition: fallRange
	sides := map[string][2]float64{} // per condition: retail's diffuse side under its level
	var skipped string
	for ti, k := range drawTakes(*verdictSeed, n, towns) {
		sc := takeScene(t, archives[k.big], banks[k.big], k, seconds)
		ours, shots := renderMeasured(t, sc, seeds)
		rec, err := Render(sc, k.seed+1000)
		if err != nil {
			t.Fatal(err)
		}
		for ci, c := range conds {
			l, r, err := c.apply(rec.L, rec.R, uint64(ti)*100+uint64(ci))
			if errors.Is(err, degrade.ErrNoEncoder) {
				skipped = err.Error()
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.shift > 0 { // the gate file's offset_s
				i := int(math.Round(c.shift * audio.SampleRate))
				l, r = l[i:], r[i:]
			}
			retail := alignedMeasure(l, r, ours)
			falls[c.name] = fallRange(falls[c.name], retail, ours)
			if rec, _, ok := diffuse(retail, ours); ok {
				sides[c.name] = widened(sides[c.name], rec)
			}
			if b := noiseBurial(retail, ours, shots); b.buried > 0 && !unjudgeable[c.name] {
				t.Errorf("take %d, %s: noise at %.1f dB buries %d of our %d starts (%v); nothing in this condition hides them", ti, c.name, b.noise, b.buried, b.total, b.waves)
			}
			ms := Judge(retail, ours, shots, true)
			if *verdictTable {
				logVerdicts(t, ti, c.name, ms)
			}
			for _, m := range ms {
				switch {
				case m.Status == "fail":
					falseFails[c.name]++
					report := t.Logf
					if *truthTargets || !knownFalseFail(c.name, m.ID) {
						report = t.Errorf
					}
					report("take %d (%s), %s: %s fails: retail %.2f, band %.2f..%.2f %s", ti, k, c.name, m.ID, m.Retail, m.Lo, m.Hi, m.Note)
				case strings.HasPrefix(m.Note, "not judged"):
					notJudged[c.name+": "+m.ID]++
					if !unjudgeable[c.name] {
						t.Errorf("take %d, %s: %s %s; nothing in this condition hides it", ti, c.name, m.ID, m.Note)
					}
				}
			}
		}
	}
	if skipped != "" {
		if os.Getenv("SOUNDWORLD_REQUIRE_ENCODERS") != "" {
			t.Fatalf("codec conditions: %s", skipped)
		}
		t.Logf("codec conditions skipped: %s", skipped)
	}
	keys := make([]string, 0, len(notJudged))
	for k := range notJudged {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	t.Logf("%d takes × %d conditions, false FAILs (verdicts) per condition; the fastest fall over our slowest seed's (RoomFall %g); the side less the level in our bed's loudest bands (RoomSide %g dB):", n, len(conds), RoomFall, RoomSide)
	for _, c := range conds {
		t.Logf("  %-24s %3d   fall %.2f–%.2f   side %.1f … %.1f dB", c.name, falseFails[c.name], falls[c.name][0], falls[c.name][1], sides[c.name][0], sides[c.name][1])
	}
	t.Logf("not judged (condition: verdict, takes):")
	for _, k := range keys {
		t.Logf("  %s: %d", k, notJudged[k])
	}
}

// logVerdicts logs one take's verdicts under condition c, one letter
// each (p pass, f fail, - not judged or n/a), by metric id.
func logVerdicts(t *testing.T, take int, c string, ms []Metric) {
	var b strings.Builder
	for _, m := range ms {
		s := "-"
		switch m.Status {
		case "pass":
			s = "p"
		case "fail":
			s = "f"
		}
		b.WriteString(" " + m.ID + "=" + s)
	}
	t.Logf("verdicts take %d, %s:%s", take, c, b.String())
}

// knownFalseFails are the conditions (and, where not every one, the
// verdicts) whose false FAILs are logged, not failed (unless
// -truthtargets). None now: over 20 held-out takes every condition reads
// 0 false FAILs. The last, held-out take 12's one-shot rate under noise at
// 20 dB SNR (0 and 6 /min against a band from 9.49), was starts masked in
// our mix that the detector finds clean in the side signal, which the
// noise fills: less than BandMargin over it in every band, they are
// buried, and the rate is "not judged" (notJudgedUnderNoise).
var knownFalseFails = map[string]map[string]bool{}

// knownFalseFail says whether a false FAIL of verdict id under condition c
// is a known one (knownFalseFails).
func knownFalseFail(c, id string) bool {
	ids, ok := knownFalseFails[c]
	return ok && (ids == nil || ids[id])
}

// fallRange widens r (the least and most so far; zero: none yet) by
// retail's fastest fall over our slowest seed's (RoomFall's ratio).
func fallRange(r [2]float64, retail measure.Result, ours []measure.Result) [2]float64 {
	slowest := math.Inf(1)
	for _, o := range ours {
		slowest = math.Min(slowest, o.Onsets.Fall)
	}
	return widened(r, retail.Onsets.Fall/slowest)
}

// widened widens r (the least and most so far; zero: none yet) to hold x.
func widened(r [2]float64, x float64) [2]float64 {
	if r == ([2]float64{}) {
		return [2]float64{x, x}
	}
	return [2]float64{math.Min(r[0], x), math.Max(r[1], x)}
}

// unjudgeable are the conditions that may make a verdict unmeasurable:
// added noise and rooms. A clean, re-levelled, shifted, resampled or
// encoded take hides nothing, and must be judged on every verdict.
var unjudgeable = map[string]bool{"white noise 30 dB SNR": true, "white noise 20 dB SNR": true,
	"pink noise 30 dB SNR": true, "pink noise 20 dB SNR": true, "room RT60 0.3 s": true, "room RT60 0.8 s": true}

// takeScene is the scene of a drawn take.
func takeScene(t *testing.T, ar *dat.Archive, bank *audio.Bank, k truthTake, seconds float64) Scene {
	t.Helper()
	x, y := world.WorldPos(k.lb, k.x, k.y)
	sc := Scene{Archive: ar, Bank: bank, X: x, Y: y, Heading: k.head, Eye: 2, Prefs: audio.DefaultPrefs(), Seconds: seconds}
	if k.emitter {
		p := truthPlace{lb: k.lb, emitter: true, ex: k.ex, ey: k.ey}
		sc.Emitters = emitterAt(t, p)
	}
	return sc
}

// renderMeasured renders and measures seeds 1..n of sc on every core, and
// classes their one-shot starts as Run does.
func renderMeasured(t *testing.T, sc Scene, n int) ([]measure.Result, []OneShotClass) {
	out := make([]measure.Result, n)
	plays := make([][]audio.Play, n)
	mixes := make([][]float64, n)
	errs := make([]error, n)
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i := range out {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			out[i], plays[i], mixes[i], errs[i] = renderSeed(sc, uint32(i+1))
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	cls := map[uint32]*OneShotClass{}
	bands := ownBands(sc.Bank)
	for i := range out {
		addClasses(cls, plays[i], out[i].Onsets.Times, ownLevels(sc.Bank), mixes[i])
		addOwnBands(cls, plays[i], bands)
	}
	return out, sortedClasses(cls)
}

// alignedMeasure measures l, r scaled to ours' median integrated loudness,
// as Run does with align_level.
func alignedMeasure(l, r []float32, ours []measure.Result) measure.Result {
	res := measure.Measure(l, r, nil)
	li := make([]float64, len(ours))
	for i, o := range ours {
		li[i] = o.Loudness.Integrated
	}
	g := measure.Quantile(li, 0.5) - res.Loudness.Integrated
	if res.Loudness.Integrated <= measure.Silence || math.IsNaN(g) {
		return res
	}
	sl, sr := degrade.Gain(l, r, g)
	return measure.Measure(sl, sr, nil)
}

// TestNotJudgedUnderARaisedFloor: the floor rule on made-up measurements.
// Our seeds' broadband floor is −70 dB and each band's −80 dB; a
// recording whose floor lies 10.5 dB above (noise) leaves the bed-level
// and balance verdicts "not judged", whatever their values, and not the
// one-shot rate (3× ours: it fails; a floor is no one-shot's level); 9.5
// dB above, they are judged. A bed
// band whose floor rose 4.5 dB and its level not at all (noise) is not
// judged; one whose floor rose 1.5 dB is; one whose floor and level both
// rose 3 dB (a louder bed) is judged and fails.
func TestNotJudgedUnderARaisedFloor(t *testing.T) {
	res := func(floor, band, rate float64) measure.Result {
		var r measure.Result
		r.Bed.Centres = []float64{1000, 2000}
		r.Bed.Levels = []float64{-60, -60}
		r.Bed.Floors = []float64{-80, band}
		r.Bed.Floor, r.Bed.Level = floor, -50
		r.Onsets.PerMinute = rate
		return r
	}
	ours := []measure.Result{res(-70, -80, 10), res(-71, -81, 12)}
	status := func(ms []Metric, id string) Metric { return metricOf(t, ms, id) }
	noisy := Verdicts(res(-59.5, -75.5, 36), ours, true)
	for _, id := range []string{"bed_level", "balance", "balance_spread"} {
		if m := status(noisy, id); m.Status != "n/a" || !strings.HasPrefix(m.Note, "not judged: the recording's floor is 10 dB") {
			t.Errorf("floor 10.5 dB up: %s is %s (%s), want n/a, not judged", id, m.Status, m.Note)
		}
	}
	if m := status(noisy, "onset_rate"); m.Status != "fail" {
		t.Errorf("floor 10.5 dB up, rate 36 against 10..12, nothing said buried: %s (%s), want fail", m.Status, m.Note)
	}
	spec := status(noisy, "bed_spectrum")
	if b := spec.Bands[1]; b.Status != "n/a" || !strings.HasPrefix(b.Note, "not judged") {
		t.Errorf("band floor 4.5 dB up: %s (%s), want not judged", b.Status, b.Note)
	}
	if b := spec.Bands[0]; b.Status != "pass" {
		t.Errorf("band at our floor: %s (%s), want pass", b.Status, b.Note)
	}
	quiet := Verdicts(res(-60.5, -78.5, 36), ours, true)
	if m := status(quiet, "onset_rate"); m.Status != "fail" {
		t.Errorf("floor 9.5 dB up, rate 36 against 10..12: %s (%s), want fail", m.Status, m.Note)
	}
	if b := status(quiet, "bed_spectrum").Bands[1]; b.Status == "n/a" {
		t.Errorf("band floor 1.5 dB up: not judged (%s), want judged", b.Note)
	}
	louder := res(-67, -77, 11)
	louder.Bed.Levels[1] = -57
	if b := status(Verdicts(louder, ours, true), "bed_spectrum").Bands[1]; b.Status != "fail" {
		t.Errorf("band 3 dB louder, floor too: %s (%s), want fail", b.Status, b.Note)
	}
}
