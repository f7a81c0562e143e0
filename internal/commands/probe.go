package commands

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"text/tabwriter"

	"soundworld/dat"
	"soundworld/internal/cli"
	"soundworld/world"
)

// runProbe prints the ambient state right after one rebuild at a spot (A1–A8).
func runProbe(e *Env, args []string) error { return probe(args, e.Stdout, e.Stderr) }

const probeUsage = `usage: soundworld probe [-dat DIR] (-loc "42.1N, 33.6E" | -at "0xA9B4 84 7.1") [-camera retail|first-person] [-eye H] [-chase M] [-heading DEG] [-json] [-strict]`

// probeJSON is the -json output, field order as documented in the README.
type probeJSON struct {
	Listener struct {
		Landblock string  `json:"landblock"`
		Cell      string  `json:"cell"`
		X         float32 `json:"x"`
		Y         float32 `json:"y"`
		Z         float32 `json:"z"`
		Heading   float32 `json:"heading"`
		Map       string  `json:"map"`
	} `json:"listener"`
	// Player and Camera are W5's two positions, landblock-local (W6): the
	// gather is centred on the player's feet, the SoundManager listens at the camera.
	Player       probePlace `json:"player"`
	Camera       probePlace `json:"camera"`
	CameraPreset string     `json:"camera_preset"` // W5: "retail", "first-person" or "custom (…)"
	// Indoors is the player's EnvCell (A11), null outdoors.
	Indoors           *probeIndoors `json:"indoors"`
	TotalWeight       float32       `json:"total_weight"`
	ContributingCells int           `json:"contributing_cells"`
	Sounds            []probeSound  `json:"sounds"`
	// Problems: every data problem met; [] when none.
	Problems []dat.Problem `json:"problems"`
	// Objects: the data's sounding objects in the 3×3 (E3); absent with -objects=false.
	Objects []probeObject `json:"objects,omitempty"`
	// ObjectsReleased says why there are no objects in a closed EnvCell
	// (A11/E3 [D4]: retail released the landscape); absent otherwise.
	ObjectsReleased string `json:"objects_released,omitempty"`
}

// probePlace is a landblock-local position (W6) in m, to the cm.
type probePlace struct {
	Landblock string  `json:"landblock"`
	X         float32 `json:"x"`
	Y         float32 `json:"y"`
	Z         float32 `json:"z"`
}

func placeOf(l world.Loc) probePlace {
	return probePlace{Landblock: fmt.Sprintf("0x%04X", l.Landblock), X: cm(l.X), Y: cm(l.Y), Z: cm(l.Z)}
}

type probeSound struct {
	STBID         string     `json:"stb_id"`
	Index         int        `json:"index"`
	SType         uint32     `json:"stype"`
	Kind          string     `json:"kind"`
	Volume        float32    `json:"volume"`
	BaseChance    float32    `json:"base_chance"`
	MinRate       float32    `json:"min_rate"`
	MaxRate       float32    `json:"max_rate"`
	Count         float32    `json:"count"`
	CurrentVolume float32    `json:"current_volume"`
	PlayChance    float32    `json:"play_chance"`
	CanHear       bool       `json:"can_hear"`
	Directions    []probeDir `json:"directions"`
}

type probeDir struct {
	Dir string  `json:"dir"`
	Min float32 `json:"min"`
	Max float32 `json:"max"`
}

func probe(args []string, stdout, stderr io.Writer) error {
	fs := NewFlags("probe", probeUsage, stdout, stderr)
	datDir := fs.String("dat", "", datHelp)
	loc := fs.String("loc", "", locHelp)
	at := fs.String("at", "", atHelp)
	eye := fs.Float64("eye", float64(world.DefaultEye), eyeHelp)
	chase := fs.Float64("chase", float64(world.DefaultChase), chaseHelp)
	camera := cli.CameraFlag(fs.FlagSet)
	heading := fs.Float64("heading", 0, headingHelp)
	asJSON := fs.Bool("json", false, "print JSON instead of a table")
	strict := fs.Bool("strict", false, "any data problem (damaged or missing record) is exit 2")
	objects := fs.Bool("objects", true, "list the data's sounding objects around the player (E3); -objects=false leaves them out")
	if err := fs.ParseNoArgs(args); err != nil {
		return err
	}
	x, y, err := parsePlace(*loc, *at)
	if err != nil {
		return err
	}
	if err := cli.ApplyCamera(fs.FlagSet, *camera, eye, chase); err != nil {
		return err
	}
	if err := checkEye(*eye); err != nil {
		return err
	}
	if err := checkChase(*chase); err != nil {
		return err
	}
	if err := checkHeading(*heading); err != nil {
		return err
	}
	a, err := openArchive(*datDir)
	if err != nil {
		return err
	}
	defer a.Close()
	s, err := world.NewSim(world.Config{Archive: a, Seed: 1, NoObjects: !*objects})
	if err != nil {
		return dataErr(err)
	}
	probs := newDataProblems("probe")
	s.SetProblems(probs.ps)
	s.SetEye(float32(*eye))
	s.SetChase(float32(*chase))
	if err := placeProbe(s, fs, *at, x, y, float32(*heading)); err != nil {
		return err
	}
	sn := s.Tick(0) // first placement: one rebuild (A2)
	out := probeOf(sn)
	out.Problems = probs.ps.List()
	if *objects {
		out.Objects, out.ObjectsReleased = probeObjects(sn), sn.ObjectsReleased
	}
	if *asJSON {
		b, err := json.Marshal(out)
		if err != nil {
			return err
		}
		if _, err = fmt.Fprintf(stdout, "%s\n", b); err != nil {
			return err
		}
	} else {
		if err := probeTable(stdout, out, sn); err != nil {
			return err
		}
		probeObjectsTable(stdout, out.Objects, out.ObjectsReleased, *objects)
	}
	return probs.report(stderr, *strict)
}

// placeProbe puts the player at -at (W6: the landblock-local position
// exactly; a retail /loc line brings its cell and, unless -heading was
// given, its facing) or at -loc's point.
func placeProbe(s *world.Sim, fs *Flags, at string, x, y, heading float32) error {
	if at == "" {
		s.SetListener(x, y, heading)
		return nil
	}
	l, err := cli.AtLoc(at) // also retail's /loc line
	if err != nil {
		return userErr(err)
	}
	if lh, ok := cli.AtHeading(at); ok && !fs.Given()["heading"] {
		heading = lh // the /loc line's facing, unless -heading was given
	}
	if err := s.PlaceAt(l, cli.AtCell(at), heading); err != nil { // A11: an EnvCell places the player indoors
		return userErr(err)
	}
	return nil
}

// probeIndoors is an indoor position's cell (A11): with sees_outside false no
// ambient is gathered there.
type probeIndoors struct {
	EnvCell     string `json:"env_cell"`
	SeesOutside bool   `json:"sees_outside"`
}

func probeOf(sn *world.Snapshot) probeJSON {
	var p probeJSON
	l := sn.Listener
	lb, _ := world.Landblock(l.Pos.X, l.Pos.Y)
	lx, ly := world.Local(l.Pos.X, l.Pos.Y)
	p.Listener.Landblock = fmt.Sprintf("0x%04X", lb)
	p.Listener.Cell = fmt.Sprintf("0x%08X", sn.CellID)
	// World metres are float32 (±4 mm this far from the origin): print to the cm.
	// z is where the SoundManager listens: the camera, ground + eye (W5).
	p.Listener.X, p.Listener.Y, p.Listener.Z = cm(lx), cm(ly), cm(sn.CameraPos.Z)
	p.Listener.Heading = l.Heading
	p.Listener.Map = world.FormatMap(l.Pos.X, l.Pos.Y)
	p.Player, p.Camera = placeOf(sn.Player), placeOf(sn.Camera)
	p.CameraPreset = world.CameraName(l.Eye, l.Chase)
	if sn.Indoor != 0 {
		p.Indoors = &probeIndoors{EnvCell: fmt.Sprintf("0x%08X", sn.Indoor), SeesOutside: sn.SeesOutside}
	}
	p.TotalWeight = sn.TotalWeight
	p.ContributingCells = len(sn.Cells)
	p.Sounds = []probeSound{}
	for _, in := range sn.Instances {
		kind := "intermittent"
		if in.Continuous {
			kind = "continuous"
		}
		ps := probeSound{
			STBID: fmt.Sprintf("0x%08X", in.STBID), Index: in.Index, SType: in.Desc.SType, Kind: kind,
			Volume: in.Desc.Volume, BaseChance: in.Desc.BaseChance, MinRate: in.Desc.MinRate, MaxRate: in.Desc.MaxRate,
			Count: in.Count, CurrentVolume: in.CurrentVolume, PlayChance: in.PlayChance, CanHear: in.CanHear,
			Directions: []probeDir{},
		}
		for _, sh := range in.Shells {
			ps.Directions = append(ps.Directions, probeDir{Dir: sh.Dir.String(), Min: sh.Min, Max: sh.Max})
		}
		p.Sounds = append(p.Sounds, ps)
	}
	return p
}

// cm rounds metres to centimetres.
func cm(v float32) float32 { return float32(math.Round(float64(v)*100) / 100) }

func probeTable(w io.Writer, p probeJSON, sn *world.Snapshot) error {
	l := p.Listener
	fmt.Fprintf(w, "listener  %s  cell %s  local (%.2f, %.2f)  z %.2f m  heading %.1f°  %s\n",
		l.Landblock, l.Cell, l.X, l.Y, l.Z, l.Heading, l.Map)
	fmt.Fprintf(w, "player    %s  (%.2f, %.2f, %.2f)  feet: the gather's centre (W5)\n", p.Player.Landblock, p.Player.X, p.Player.Y, p.Player.Z)
	fmt.Fprintf(w, "camera    %s  (%.2f, %.2f, %.2f)  %s view, eye %.2f m, chase %.2f m: where the SoundManager listens\n",
		p.Camera.Landblock, p.Camera.X, p.Camera.Y, p.Camera.Z, p.CameraPreset, sn.Listener.Eye, sn.Listener.Chase)
	if in := p.Indoors; in != nil {
		yes := map[bool]string{true: "yes: the outdoor gather runs here (A11)", false: "no: no ambient here (A11)"}[in.SeesOutside]
		fmt.Fprintf(w, "indoors: EnvCell %s, sees outside: %s\n", in.EnvCell, yes)
	}
	fmt.Fprintf(w, "total weight %.4f over %d contributing cells\n", p.TotalWeight, p.ContributingCells)
	if sn.NoAmbient {
		fmt.Fprintln(w, "no ambient data at this position (A11: outdoor-only tool)")
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "table\tidx\tstype\tkind\tvol\tchance\trate s\tcount\tcur vol\tplay ch\thear\tdirections (m)")
	for _, s := range p.Sounds {
		dirs := ""
		for i, d := range s.Directions {
			if i > 0 {
				dirs += " "
			}
			dirs += fmt.Sprintf("%s[%.0f,%.0f]", d.Dir, d.Min, d.Max)
		}
		fmt.Fprintf(tw, "%s\t%d\t0x%02X\t%s\t%.3g\t%.3g\t%.3g–%.3g\t%.4f\t%.4f\t%.4f\t%v\t%s\n",
			s.STBID, s.Index, s.SType, s.Kind, s.Volume, s.BaseChance, s.MinRate, s.MaxRate,
			s.Count, s.CurrentVolume, s.PlayChance, s.CanHear, dirs)
	}
	return tw.Flush()
}
