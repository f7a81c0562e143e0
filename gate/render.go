package gate

import (
	"fmt"
	"math"

	"soundworld/audio"
	"soundworld/dat"
	"soundworld/world"
)

// Scene is what a gate renders: the place, the camera, the data and settings.
type Scene struct {
	Archive  *dat.Archive
	Bank     *audio.Bank // optional: decoded waves shared across seeds
	X, Y     float32     // world m (W1); used when Place is nil
	Place    *world.Loc  // the player's landblock-local position, exact (W6), e.g. from a /loc line
	Cell     uint32      // the /loc line's cell: an EnvCell places the player indoors (A11)
	Heading  float32     // compass degrees (W4)
	Eye      float32     // m above ground (W5)
	Chase    float32     // camera m behind the player (W5; 0 = first person)
	Prefs    audio.Prefs
	Emitters []world.Emitter
	Seconds  float64
	// Problems, when set, collects the data problems the render meets
	// (damaged or missing records, values retail never ships).
	Problems *dat.Problems
	// NoObjects leaves the data's object sources out (E3, -objects=false).
	NoObjects bool
}

// Stereo is a 44100 Hz stereo signal, one slice per channel.
type Stereo struct{ L, R []float32 }

// stepFrames is the render loop's step (O3).
const stepFrames = world.StepFrames

// Render renders one seed of the scene with the offline render's loop (O3:
// Sim.Tick → Mixer.Apply(TakeStarts) → Mixer.Render, first tick at 0 s), the
// loop `soundworld render` runs, so a gate hears what render writes.
func Render(sc Scene, seed uint32) (Stereo, error) {
	st, err := RenderStems(sc, seed, 1, nil)
	if err != nil {
		return Stereo{}, err
	}
	return st[0], nil
}

// RenderStems renders one seed into n stems: each voice start goes to the
// stem that stem(play) names (0..n−1; nil: all to stem 0) and every other
// stem gets a stop for that slot, so each of the 16 slots sounds in at most
// one stem at a time and the stems sum to the full mix (up to each stem's own
// clipping). Tests use it to damage one part of a render (the bed, the
// one-shots, one sound) and keep the rest.
func RenderStems(sc Scene, seed uint32, n int, stem func(audio.Play) int) ([]Stereo, error) {
	if !(sc.Seconds > 0 && sc.Seconds <= 24*3600) {
		return nil, fmt.Errorf("gate: render length %v s", sc.Seconds)
	}
	var queue []int // stems of the started plays, in start order
	s, err := stemSim(sc, seed, stem, &queue)
	if err != nil {
		return nil, err
	}
	mx := make([]*audio.Mixer, n)
	for i := range mx {
		mx[i] = audio.NewMixer(s.Bank())
	}
	total := int(math.Round(sc.Seconds * audio.SampleRate))
	out := make([]Stereo, n)
	for i := range out {
		out[i] = Stereo{make([]float32, total), make([]float32, total)}
	}
	buf := make([]float32, 2*stepFrames)
	per := make([][]audio.VoiceStart, n)
	err = world.RenderSteps(s, int64(total), func(float64) error {
		if sc.Place != nil {
			return s.PlaceAt(*sc.Place, sc.Cell, sc.Heading) // A11
		}
		s.SetListener(sc.X, sc.Y, sc.Heading)
		return nil
	}, func(starts []audio.VoiceStart, done int64, k int) error {
		routeStarts(per, starts, queue)
		queue = queue[:0]
		for i, m := range mx {
			m.Apply(per[i])
			m.Render(buf[:2*k])
			for j := 0; j < k; j++ {
				out[i].L[int(done)+j], out[i].R[int(done)+j] = buf[2*j], buf[2*j+1]
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// stemSim is sc's Sim for seed, whose started plays append their stem
// (stem(play); nil: 0) to *queue.
func stemSim(sc Scene, seed uint32, stem func(audio.Play) int, queue *[]int) (*world.Sim, error) {
	s, err := world.NewSim(world.Config{Archive: sc.Archive, Seed: seed, Prefs: sc.Prefs, Emitters: sc.Emitters, Bank: sc.Bank, NoObjects: sc.NoObjects})
	if err != nil {
		return nil, err
	}
	if sc.Problems != nil {
		s.SetProblems(sc.Problems)
	}
	s.SetPrefs(sc.Prefs)
	s.SetEye(sc.Eye)
	s.SetChase(sc.Chase)
	s.SetOnPlay(func(p audio.Play) {
		if p.Slot >= 0 && (p.Outcome == audio.OutcomeStart || p.Outcome == audio.OutcomeEvict) {
			k := 0
			if stem != nil {
				k = stem(p)
			}
			*queue = append(*queue, k)
		}
	})
	return s, nil
}

// routeStarts fills per (one list a stem) with this tick's voice starts:
// a start goes to the stem queue names for it (in start order) and the
// others get a stop for its slot; stops, and everything with one stem, go
// to all.
func routeStarts(per [][]audio.VoiceStart, starts []audio.VoiceStart, queue []int) {
	for i := range per {
		per[i] = per[i][:0]
	}
	for _, vs := range starts {
		if vs.Wave == 0 || len(per) == 1 {
			for i := range per {
				per[i] = append(per[i], vs)
			}
			continue
		}
		to := 0
		if len(queue) > 0 {
			to, queue = queue[0], queue[1:]
		}
		for i := range per {
			if i == to {
				per[i] = append(per[i], vs)
			} else {
				per[i] = append(per[i], audio.VoiceStart{Slot: vs.Slot, Time: vs.Time})
			}
		}
	}
}
