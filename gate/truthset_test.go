package gate

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"sync"
	"testing"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/dat"
	"soundworld/gate/degrade"
	"soundworld/gate/measure"
	"soundworld/internal/bigworld/bigtest"
)

// The onset detector's truth set: takes at places,
// headings and seeds drawn from a master seed, in the stand-in and in the
// generated big world, with the data's objects, the intermittent ambients
// and (half the takes) a placed forge emitter, each put through every
// condition of a recording chain (gate/degrade) and scored against the
// render's event log. Master seed 1 is the set to tune on; CI reports on
// master seed 2, held out. (The constants in gate/measure were chosen on
// the pan/level sweep and TestOnsetsAgainstTheTruth's three places, before
// this set existed.) `SOUNDWORLD_TRUTHSET=1 go test ./gate -run
// TestTruthSet -v -args -truthseed N -truthtakes K` draws any other set.
var (
	truthSeed    = flag.Uint64("truthseed", 2, "master seed of the onset truth set (1: the set to tune on; 2: held out)")
	truthTakes   = flag.Int("truthtakes", 4, "takes in the onset truth set")
	truthSeconds = flag.Float64("truthseconds", 20, "length of each take in the onset truth set (s)")
	// -truthtargets holds the detector to the targets; CI runs it
	// on the held-out seed's 12 takes (scripts/gate-truth.sh).
	truthTargets = flag.Bool("truthtargets", false, "fail TestTruthSet below the recall and precision targets")
)

// truthTake is one drawn take: where, facing where, which seed, which world.
type truthTake struct {
	big        bool // the generated big world, else the stand-in
	lb         uint16
	x, y, head float32
	seed       uint32
	emitter    bool
	ex, ey     float32
}

func (k truthTake) String() string {
	w := "stand-in"
	if k.big {
		w = "big world"
	}
	return fmt.Sprintf("%s %04X (%.0f, %.0f) heading %.0f° seed %d emitter %v", w, k.lb, k.x, k.y, k.head, k.seed, k.emitter)
}

// drawTakes draws n takes from master: even ones in the stand-in's
// sounding landblocks, odd ones in a town of the big world (towns: the
// landblocks with objects).
func drawTakes(master uint64, n int, towns []uint16) []truthTake {
	rng := rand.New(rand.NewPCG(master, 0x29))
	stand := []uint16{0xA9B4, 0xAAB5, 0xA9B3, 0xAAB4}
	out := make([]truthTake, n)
	for i := range out {
		k := truthTake{big: i%2 == 1 && len(towns) > 0, x: 8 + 176*rng.Float32(), y: 8 + 176*rng.Float32(),
			head: 360 * rng.Float32(), seed: rng.Uint32N(1 << 20), emitter: rng.IntN(2) == 0}
		if k.big {
			k.lb = towns[rng.IntN(len(towns))]
		} else {
			k.lb = stand[rng.IntN(len(stand))]
		}
		a, d := 2*math.Pi*rng.Float64(), 5+25*rng.Float64()
		k.ex = float32(max(1, min(191, float64(k.x)+d*math.Cos(a))))
		k.ey = float32(max(1, min(191, float64(k.y)+d*math.Sin(a))))
		out[i] = k
	}
	return out
}

// renderTake renders a take and returns the mix and its starts: every
// one-shot, and every bed start (a bed beginning or restarting is an onset
// the recording really holds; it is left out, so a detection of it counts
// neither way). A one-shot is left out when its wave rises slowly, when it
// lies in the first 0.2 s, or when it plays at the same moment as a louder
// one (they sound as one onset); whether it is masked depends on the
// condition (masked).
func renderTake(t testing.TB, ar *dat.Archive, bank *audio.Bank, k truthTake) (Stereo, []truthEvent) {
	t.Helper()
	p := truthPlace{lb: k.lb, x: k.x, y: k.y, heading: k.head, emitter: k.emitter, ex: k.ex, ey: k.ey, seed: k.seed}
	mix, all := renderPlays(t, ar, bank, p, *truthSeconds)
	var ev []truthEvent
	for _, p := range all {
		buf, err := bank.Samples(p.Wave)
		if err != nil {
			t.Fatal(err)
		}
		inner, err := innerOnsets(bank, p.Wave)
		if err != nil {
			t.Fatal(err)
		}
		e := truthEvent{t: p.Time, wave: p.Wave, pan: p.Pan, attack: attackTime(buf), rise: riseTime(buf), inner: inner}
		e.own = math.Pow(10, OwnLevel(buf, p)/10) // its first 50 ms
		switch {
		case p.Source == audio.SourceBed:
			e.exclude = "bed start"
		case e.attack > truthTol:
			e.exclude = "slow attack"
		case e.t < 0.2:
			e.exclude = "in the first 0.2 s" // nothing before it to rise over
		}
		ev = append(ev, e)
	}
	// Of one-shots starting within the match window of each other (two
	// objects playing the same hook at once) the loudest is kept: its pan
	// is the side the ear hears.
	sort.SliceStable(ev, func(i, j int) bool { return ev[i].t < ev[j].t })
	for i := range ev {
		for j := i + 1; j < len(ev) && ev[j].t-ev[i].t <= truthTol; j++ {
			if ev[i].exclude != "" || ev[j].exclude != "" {
				continue
			}
			if ev[j].own > ev[i].own {
				ev[i].exclude = "simultaneous"
				break
			}
			ev[j].exclude = "simultaneous"
		}
	}
	return mix, ev
}

// masked returns ev with each kept one-shot left out as masked when its
// first 50 ms carry less than −20 dB of what the recording (l, r: the take
// after the condition, gain g dB, moved by shift s) holds in the 150 ms
// before it: the rule, judged on the recording the detector reads,
// so noise added by the condition masks what it buries. The mix before a
// start is taken as no quieter than 60 dB under the recording's mean: over
// digital silence a start 100 dB down is not "within 20 dB of the mix".
func masked(ev []truthEvent, l, r []float32, g, shift float64) []truthEvent {
	var take float64
	for i := range l {
		take += float64(l[i])*float64(l[i]) + float64(r[i])*float64(r[i])
	}
	take /= float64(max(1, len(l)))
	gain := math.Pow(10, g/10)
	w := audio.SampleRate / 20
	out := append([]truthEvent(nil), ev...)
	for i, e := range out {
		if e.exclude != "" {
			continue
		}
		i0 := int(math.Round((e.t + shift) * audio.SampleRate))
		var before float64
		for j := max(0, i0-3*w); j < min(i0, len(l)); j++ {
			before += float64(l[j])*float64(l[j]) + float64(r[j])*float64(r[j])
		}
		ref := max(before/float64(3*w), take*1e-6)
		out[i].snr = 10 * math.Log10((e.own*gain+1e-30)/(ref+1e-30))
		if out[i].snr < -20 {
			out[i].exclude = "masked"
		}
	}
	return out
}

// truthCondition is one condition of the chain: what it does to a take and
// how far it moves the take in time (s).
type truthCondition struct {
	name  string
	apply func(l, r []float32, seed uint64) (ol, or []float32, err error)
	shift float64
	gain  float64 // dB the condition moves the level by
}

func truthConditions() []truthCondition {
	pure := func(f func(l, r []float32, seed uint64) ([]float32, []float32)) func(l, r []float32, seed uint64) ([]float32, []float32, error) {
		return func(l, r []float32, seed uint64) ([]float32, []float32, error) {
			ol, or := f(l, r, seed)
			return ol, or, nil
		}
	}
	noise := func(snr float64, pink bool) func(l, r []float32, seed uint64) ([]float32, []float32, error) {
		return pure(func(l, r []float32, seed uint64) ([]float32, []float32) { return degrade.Noise(l, r, snr, pink, seed) })
	}
	gain := func(db float64) func(l, r []float32, seed uint64) ([]float32, []float32, error) {
		return pure(func(l, r []float32, _ uint64) ([]float32, []float32) { return degrade.Gain(l, r, db) })
	}
	rate := func(hz int) func(l, r []float32, seed uint64) ([]float32, []float32, error) {
		return func(l, r []float32, _ uint64) ([]float32, []float32, error) { return degrade.Resampled(l, r, hz) }
	}
	codec := func(c string) func(l, r []float32, seed uint64) ([]float32, []float32, error) {
		return func(l, r []float32, _ uint64) ([]float32, []float32, error) { return degrade.Codec(l, r, c) }
	}
	room := func(rt float64) func(l, r []float32, seed uint64) ([]float32, []float32, error) {
		return pure(func(l, r []float32, seed uint64) ([]float32, []float32) { return degrade.Reverb(l, r, rt, seed) })
	}
	return []truthCondition{
		{"clean", pure(func(l, r []float32, _ uint64) ([]float32, []float32) { return l, r }), 0, 0},
		{"white noise 30 dB SNR", noise(30, false), 0, 0},
		{"white noise 20 dB SNR", noise(20, false), 0, 0},
		{"pink noise 30 dB SNR", noise(30, true), 0, 0},
		{"pink noise 20 dB SNR", noise(20, true), 0, 0},
		{"gain +12 dB", gain(12), 0, 12},
		{"gain −12 dB", gain(-12), 0, -12},
		{"offset 1.37 s", pure(func(l, r []float32, _ uint64) ([]float32, []float32) { return degrade.Offset(l, r, 1.37) }), 1.37, 0},
		{"resampled 48 kHz", rate(48000), 0, 0},
		{"resampled 22.05 kHz", rate(22050), 0, 0},
		{"MP3 128 kbps (LAME)", codec("mp3"), 0, 0},
		{"Ogg Vorbis q3", codec("ogg"), 0, 0},
		{"room RT60 0.3 s", room(0.3), 0, 0},
		{"room RT60 0.8 s", room(0.8), 0, 0},
	}
}

// truthTowns are the big world's landblocks with objects (its towns).
func truthTowns(t testing.TB) (*dat.Archive, []uint16) {
	a := bigtest.Archive(t) // closed when t ends
	ids, err := dat.IDs(a.Cell, 0, 0xFFFFFFFF, func(id uint32) bool { return id&0xFFFF == dat.LandBlockInfoL })
	if err != nil || len(ids) == 0 {
		t.Fatalf("no town in the generated world: %v", err)
	}
	towns := make([]uint16, len(ids))
	for i, id := range ids {
		towns[i] = uint16(id >> 16)
	}
	return a, towns
}

// TestTruthSet scores the detector on the held-out takes under every
// condition: recall, precision and the median timing error per condition
// (docs/gate-onsets.md holds the figures). With -truthtargets it holds the
// detector to the targets: recall and precision ≥ 0.95 clean and
// under noise, gain, offset, other rates and MP3 (Ogg too), recall ≥ 0.85
// in the RT60 0.3 s room; the 0.8 s room is reported.
func TestTruthSet(t *testing.T) {
	if os.Getenv("SOUNDWORLD_TRUTHSET") == "" {
		t.Skip("about a minute of renders and codecs: scripts/gate-truth.sh runs it in CI (SOUNDWORLD_TRUTHSET=1)")
	}
	stand, err := assets.StandIn()
	if err != nil {
		t.Fatal(err)
	}
	big, towns := truthTowns(t)
	banks := map[bool]*audio.Bank{false: audio.NewBank(stand), true: audio.NewBank(big)}
	archives := map[bool]*dat.Archive{false: stand, true: big}
	takes := drawTakes(*truthSeed, *truthTakes, towns)
	conds := truthConditions()
	scores := make([]truthScore, len(conds))
	for i := range scores {
		scores[i] = truthScore{kept: map[string]int{}, excluded: map[string]int{}}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	var skipped string
	for ti, k := range takes {
		mix, ev := renderTake(t, archives[k.big], banks[k.big], k)
		for ci, c := range conds {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				l, r, err := c.apply(mix.L, mix.R, uint64(ti)*100+uint64(ci))
				if errors.Is(err, degrade.ErrNoEncoder) {
					mu.Lock()
					skipped = err.Error()
					mu.Unlock()
					return
				}
				if err != nil {
					t.Errorf("%s, %s: %v", k, c.name, err)
					return
				}
				o := measure.Measure(l, r, nil).Onsets
				for j := range o.Times {
					o.Times[j] -= c.shift
				}
				evc := masked(ev, l, r, c.gain, c.shift)
				mu.Lock()
				scores[ci].add(evc, o)
				mu.Unlock()
			}()
		}
		wg.Wait()
	}
	if skipped != "" {
		if os.Getenv("SOUNDWORLD_REQUIRE_ENCODERS") != "" {
			t.Fatalf("codec conditions: %s", skipped)
		}
		t.Logf("codec conditions skipped: %s (scripts/gate-truth.sh installs lame and vorbis-tools)", skipped)
	}
	t.Logf("master seed %d, %d takes of %.0f s:", *truthSeed, len(takes), *truthSeconds)
	for _, k := range takes {
		t.Logf("  %s", k)
	}
	reportTruth(t, conds, scores)
}

// reportTruth logs recall, precision and the median timing error per
// condition, and with -truthtargets holds them to the targets.
func reportTruth(t *testing.T, conds []truthCondition, scores []truthScore) {
	t.Logf("%-24s %8s %10s %9s %12s", "condition", "starts", "recall", "precision", "median error")
	for ci, c := range conds {
		s := scores[ci]
		kept := 0
		for _, n := range s.kept {
			kept += n
		}
		if kept == 0 {
			continue
		}
		recall := float64(s.tp) / float64(kept)
		precision := float64(s.tp) / float64(max(1, s.detections))
		sort.Float64s(s.errs)
		med := math.NaN()
		if len(s.errs) > 0 {
			med = 1e3 * s.errs[len(s.errs)/2]
		}
		t.Logf("%-24s %8d %10.3f %9.3f %9.1f ms", c.name, kept, recall, precision, med)
		wantR, wantP := 0.95, 0.95
		switch c.name {
		case "room RT60 0.3 s":
			wantR, wantP = 0.85, 0
		case "room RT60 0.8 s":
			wantR, wantP = 0, 0
		}
		if kept < 10 {
			t.Errorf("%s: %d starts in the truth set, want ≥ 10", c.name, kept)
		}
		if *truthTargets && (recall < wantR || precision < wantP) {
			t.Errorf("%s: recall %.3f, precision %.3f; want ≥ %.2f and ≥ %.2f", c.name, recall, precision, wantR, wantP)
		}
	}
}
