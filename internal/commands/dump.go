package commands

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"soundworld/audio"
	"soundworld/dat"
)

// runDump prints dat records as JSON (README "soundworld dump").
func runDump(e *Env, args []string) error { return dump(args, e.Stdout, e.Stderr) }

const dumpUsage = `usage: soundworld dump [-dat DIR] region | landblock ID | soundtable ID | wave ID | setup ID | animation ID | script ID | motiontable ID | scene ID | scenery LANDBLOCK | list TYPE
  TYPE is landblock, soundtable, wave, setup or all; IDs are 0x… hex or decimal.
  scenery places a landblock's scenery as retail does (0xA9B4 or 0xA9B4FFFF).`

// dump runs the command with its output on stdout; usage and flag errors go
// to stderr. A panic inside is a bug: it reaches Main's crash report (exit 70).
func dump(args []string, stdout, stderr io.Writer) error {
	fs := NewFlags("dump", dumpUsage, stdout, stderr)
	datDir := fs.String("dat", "", datHelp)
	if err := fs.Parse(args); err != nil {
		return err
	}
	what, id, err := dumpArgs(fs)
	if err != nil {
		return err
	}
	a, err := openArchive(*datDir)
	if err != nil {
		return err
	}
	defer a.Close()
	out, err := dumpRecord(a, what, id, fs.Args())
	// The directory's problems and those of the records dumped (values
	// retail data never holds: dat's Problems methods), as the other commands
	// print them; the record is still dumped as stored.
	probs := newDataProblems("dump")
	defer func() {
		for _, p := range a.Problems().List() {
			fmt.Fprintln(stderr, probs.line(p))
		}
	}()
	if err != nil {
		return dumpError(err)
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = stdout.Write(append(compactNumberArrays(b), '\n'))
	return err
}

// compactNumberArrays puts arrays holding only numbers (height tables, the
// landblock grids) on one line each; everything else keeps its indentation.
func compactNumberArrays(b []byte) []byte {
	out := make([]byte, 0, len(b))
	inStr, esc := false, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case inStr:
			inStr = !(c == '"' && !esc)
			esc = c == '\\' && !esc
		case c == '"':
			inStr = true
		case c == '[':
			j := i + 1
			for j < len(b) && strings.IndexByte("0123456789.-+eE, \n\t\r", b[j]) >= 0 {
				j++
			}
			if j < len(b) && b[j] == ']' && j > i+1 {
				f := strings.Fields(strings.ReplaceAll(string(b[i+1:j]), ",", " "))
				if len(f) > 0 {
					out = append(out, '[')
					out = append(out, strings.Join(f, ", ")...)
					out = append(out, ']')
					i = j
					continue
				}
			}
		}
		out = append(out, c)
	}
	return out
}

// dumpError makes missing records and corrupt files user errors (exit 2):
// the message names the file, the record and the byte offset.
func dumpError(err error) error { return dataErr(err) }

// parseID accepts 0x… hex or decimal.
func parseID(s string) (uint32, error) {
	var v uint64
	var err error
	if h, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
		v, err = strconv.ParseUint(h, 16, 32)
	} else {
		v, err = strconv.ParseUint(s, 10, 32)
	}
	if err != nil {
		return 0, fmt.Errorf("bad id %q: want 0x… hex or decimal, at most 32 bits", s)
	}
	return uint32(v), nil
}

// hexID prints an id as "0x%08X".
type hexID uint32

func (h hexID) MarshalJSON() ([]byte, error) { return []byte(fmt.Sprintf(`"0x%08X"`, uint32(h))), nil }

// UnmarshalJSON reads MarshalJSON's "0x%08X" back (tests decode probe's JSON).
func (h *hexID) UnmarshalJSON(b []byte) error {
	var v uint32
	if _, err := fmt.Sscanf(string(b), `"0x%X"`, &v); err != nil {
		return fmt.Errorf("hex id %s: %w", b, err)
	}
	*h = hexID(v)
	return nil
}

// index prints a list index, or null for dat.NoIndex.
type index uint32

func (i index) MarshalJSON() ([]byte, error) {
	if uint32(i) == dat.NoIndex {
		return []byte("null"), nil
	}
	return []byte(strconv.FormatUint(uint64(i), 10)), nil
}

func hexIDs(v []uint32) []hexID {
	out := make([]hexID, len(v))
	for i, x := range v {
		out[i] = hexID(x)
	}
	return out
}

func indices(v []uint32) []index {
	out := make([]index, len(v))
	for i, x := range v {
		out[i] = index(x)
	}
	return out
}

// hex2 prints a SoundType value as "0x46".
func hex2(t uint32) string { return fmt.Sprintf("0x%02X", t) }

type regionJSON struct {
	Source    string `json:"source"`
	ID        hexID  `json:"id"`
	Number    uint32 `json:"number"`
	Version   uint32 `json:"version"`
	Name      string `json:"name"`
	PartsMask string `json:"parts_mask"`
	LandDefs  struct {
		NumBlockLength int32    `json:"num_block_length"`
		NumBlockWidth  int32    `json:"num_block_width"`
		SquareLength   f32      `json:"square_length_m"`
		LBlockLength   int32    `json:"lblock_length"`
		VertexPerCell  int32    `json:"vertex_per_cell"`
		MaxObjHeight   f32      `json:"max_obj_height_m"`
		SkyHeight      f32      `json:"sky_height_m"`
		RoadWidth      f32      `json:"road_width_m"`
		HeightTable    [256]f32 `json:"height_table_m"`
	} `json:"land_defs"`
	GameTime struct {
		ZeroTimeOfYear float64      `json:"zero_time_of_year"`
		ZeroYear       uint32       `json:"zero_year"`
		DayLength      f32          `json:"day_length_s"`
		DaysPerYear    uint32       `json:"days_per_year"`
		YearSpec       string       `json:"year_spec"`
		TimesOfDay     []todJSON    `json:"times_of_day"`
		DaysOfWeek     []string     `json:"days_of_week"`
		Seasons        []seasonJSON `json:"seasons"`
	} `json:"game_time"`
	Sky *struct {
		TickSize      float64 `json:"tick_size"`
		LightTickSize float64 `json:"light_tick_size"`
		DayGroups     int     `json:"day_groups"`
		SkyObjects    int     `json:"sky_objects"`
		SkyTimes      int     `json:"sky_times"`
	} `json:"sky,omitempty"`
	Sound        []ambientJSON  `json:"ambient_sound_tables"`
	SceneTypes   []sceneJSON    `json:"scene_types"`
	TerrainTypes []terrainJSON  `json:"terrain_types"`
	LandSurf     map[string]any `json:"land_surf"`
	Misc         *miscJSON      `json:"misc,omitempty"`
}

type miscJSON struct {
	Version         uint32 `json:"version"`
	GameMapID       hexID  `json:"game_map_id"`
	AutotestMapID   hexID  `json:"autotest_map_id"`
	AutotestMapSize uint32 `json:"autotest_map_size"`
	ClearCellID     hexID  `json:"clear_cell_id"`
	ClearMonsterID  hexID  `json:"clear_monster_id"`
}

type todJSON struct {
	Start   f32    `json:"start"`
	IsNight bool   `json:"is_night"`
	Name    string `json:"name"`
}

type seasonJSON struct {
	StartDay uint32 `json:"start_day"`
	Name     string `json:"name"`
}

type ambientJSON struct {
	Index  int                `json:"index"`
	STBID  hexID              `json:"stb_id"`
	Sounds []ambientSoundJSON `json:"sounds"`
}

type ambientSoundJSON struct {
	SType      string `json:"stype"`
	STypeName  string `json:"stype_name"`
	Volume     f32    `json:"volume"`
	BaseChance f32    `json:"base_chance"`
	MinRate    f32    `json:"min_rate_s"`
	MaxRate    f32    `json:"max_rate_s"`
	Continuous bool   `json:"continuous"`
}

type sceneJSON struct {
	Index    int     `json:"index"`
	StbIndex index   `json:"stb_index"`
	Scenes   []hexID `json:"scenes"`
}

type terrainJSON struct {
	Code       int     `json:"code"`
	Name       string  `json:"name"`
	Color      string  `json:"color"`
	SceneTypes []index `json:"scene_types"`
}

func dumpRegion(a *dat.Archive) (any, error) {
	r, err := a.Region()
	if err != nil {
		return nil, err
	}
	j := regionJSON{Source: a.Source, ID: hexID(r.ID), Number: r.Number, Version: r.Version, Name: r.Name,
		PartsMask: fmt.Sprintf("0x%X", r.PartsMask)}
	if m := r.Misc; m != nil {
		j.Misc = &miscJSON{m.Version, hexID(m.GameMapID), hexID(m.AutotestMapID), m.AutotestMapSize, hexID(m.ClearCellID), hexID(m.ClearMonsterID)}
	}
	d := r.LandDefs
	l := &j.LandDefs
	l.NumBlockLength, l.NumBlockWidth, l.SquareLength, l.LBlockLength = d.NumBlockLength, d.NumBlockWidth, f32(d.SquareLength), d.LBlockLength
	l.VertexPerCell, l.MaxObjHeight, l.SkyHeight, l.RoadWidth = d.VertexPerCell, f32(d.MaxObjHeight), f32(d.SkyHeight), f32(d.RoadWidth)
	for i, h := range d.HeightTable {
		l.HeightTable[i] = f32(h)
	}
	g := r.GameTime
	t := &j.GameTime
	t.ZeroTimeOfYear, t.ZeroYear, t.DayLength, t.DaysPerYear, t.YearSpec = g.ZeroTimeOfYear, g.ZeroYear, f32(g.DayLength), g.DaysPerYear, g.YearSpec
	t.DaysOfWeek = g.DaysOfWeek
	for _, x := range g.TimesOfDay {
		t.TimesOfDay = append(t.TimesOfDay, todJSON{f32(x.Start), x.IsNight != 0, x.Name})
	}
	for _, x := range g.Seasons {
		t.Seasons = append(t.Seasons, seasonJSON{x.StartDay, x.Name})
	}
	if r.Sky != nil {
		j.Sky = &struct {
			TickSize      float64 `json:"tick_size"`
			LightTickSize float64 `json:"light_tick_size"`
			DayGroups     int     `json:"day_groups"`
			SkyObjects    int     `json:"sky_objects"`
			SkyTimes      int     `json:"sky_times"`
		}{TickSize: r.Sky.TickSize, LightTickSize: r.Sky.LightTickSize, DayGroups: len(r.Sky.DayGroups)}
		for _, dg := range r.Sky.DayGroups {
			j.Sky.SkyObjects += len(dg.SkyObjects)
			j.Sky.SkyTimes += len(dg.SkyTimes)
		}
	}
	if r.Sound != nil {
		for i, s := range r.Sound.STBDescs {
			aj := ambientJSON{Index: i, STBID: hexID(s.STBID), Sounds: []ambientSoundJSON{}}
			for _, x := range s.Sounds {
				aj.Sounds = append(aj.Sounds, ambientSoundJSON{hex2(x.SType), dat.SoundTypeName(x.SType), f32(x.Volume), f32(x.BaseChance), f32(x.MinRate), f32(x.MaxRate), x.IsContinuous()})
			}
			j.Sound = append(j.Sound, aj)
		}
	}
	if r.Scene != nil {
		for i, s := range r.Scene.SceneTypes {
			j.SceneTypes = append(j.SceneTypes, sceneJSON{i, index(s.StbIndex), hexIDs(s.Scenes)})
		}
	}
	for i, tt := range r.Terrain.TerrainTypes {
		j.TerrainTypes = append(j.TerrainTypes, terrainJSON{i, tt.Name, fmt.Sprintf("0x%08X", tt.Color), indices(tt.SceneTypes)})
	}
	s := r.Terrain.LandSurf
	j.LandSurf = map[string]any{"kind": s.Kind, "base_tex_size": s.BaseTexSize, "corner_maps": len(s.CornerMaps),
		"side_maps": len(s.SideMaps), "road_maps": len(s.RoadMaps), "terrain_textures": len(s.TerrainTexes)}
	return j, nil
}

// landBlockJSON shows the 9×9 vertex grid as rows from north (y = 8) to
// south (y = 0), each row west (x = 0) to east (x = 8) — a map's layout.
type landBlockJSON struct {
	Source     string    `json:"source"`
	ID         hexID     `json:"id"`
	HasObjects uint32    `json:"has_objects"`
	GridOrder  string    `json:"grid_order"`
	Type       [9][9]int `json:"terrain_type"`
	Scenery    [9][9]int `json:"scenery"`
	Road       [9][9]int `json:"road"`
	Height     [9][9]int `json:"height_index"`
	HeightM    [9][9]any `json:"height_m"`
	// HeightNote says why height_m is "unknown" (the region record, whose
	// height table gives the metres, cannot be read).
	HeightNote string     `json:"height_m_note,omitempty"`
	TypeNames  []typeName `json:"terrain_types_used"`
}

type typeName struct {
	Code int    `json:"code"`
	Name string `json:"name"`
}

func dumpLandBlock(a *dat.Archive, id uint32) (any, error) {
	l, err := a.LandBlock(id)
	if err != nil {
		return nil, err
	}
	// The region gives height metres and terrain names; without it they are
	// "unknown", and its problem (printed) says why.
	r, rerr := a.Region()
	a.Problems().AddErr(dat.KindBadRegion, "", dat.RegionID, rerr)
	j := landBlockJSON{Source: a.Source, ID: hexID(l.ID), HasObjects: l.HasObjects,
		GridOrder: "rows y=8 (north) to y=0 (south); columns x=0 (west) to x=8 (east); record index x*9+y"}
	if rerr != nil {
		j.HeightNote = "height_m is unknown: the region's height table cannot be read: " + rerr.Error()
	}
	used := map[int]bool{}
	for y := 8; y >= 0; y-- {
		for x := 0; x <= 8; x++ {
			i := dat.VertexIndex(x, y)
			w, row := l.Terrain[i], 8-y
			j.Type[row][x] = int(dat.TerrainCode(w))
			j.Scenery[row][x] = int(dat.SceneryIndex(w))
			j.Road[row][x] = int(dat.RoadBits(w))
			j.Height[row][x] = int(l.Height[i])
			j.HeightM[row][x] = "unknown"
			if rerr == nil {
				j.HeightM[row][x] = f32(r.LandDefs.HeightTable[l.Height[i]])
			}
			used[j.Type[row][x]] = true
		}
	}
	for code := range 32 {
		if used[code] {
			name := ""
			if rerr == nil && code < len(r.Terrain.TerrainTypes) {
				name = r.Terrain.TerrainTypes[code].Name
			}
			j.TypeNames = append(j.TypeNames, typeName{code, name})
		}
	}
	return j, nil
}

type soundTableJSON struct {
	Source   string          `json:"source"`
	ID       hexID           `json:"id"`
	RootKey  uint32          `json:"root_key"`
	RootData []soundDataJSON `json:"root_data"`
	Sounds   []soundEntry    `json:"sounds"`
	Deeper   int             `json:"nodes_below_children"` // retail-legal recursion deeper than 2 levels; 0 in EoR data
}

type soundEntry struct {
	Type     string          `json:"type"`
	Name     string          `json:"name"`
	Variants []soundDataJSON `json:"variants"`
}

type soundDataJSON struct {
	Wave        hexID `json:"wave"`
	Priority    f32   `json:"priority"`
	Probability f32   `json:"probability"`
	Volume      f32   `json:"volume"`
}

// f32 is a float32 as the record holds it: a JSON number, or "NaN",
// "+Inf", "-Inf" (JSON has no such numbers; a damaged record can hold them).
type f32 float32

func (v f32) MarshalJSON() ([]byte, error) {
	f := float64(v)
	switch {
	case math.IsNaN(f):
		return []byte(`"NaN"`), nil
	case math.IsInf(f, 1):
		return []byte(`"+Inf"`), nil
	case math.IsInf(f, -1):
		return []byte(`"-Inf"`), nil
	}
	return json.Marshal(float32(v))
}

func soundData(v []dat.SoundData) []soundDataJSON {
	out := []soundDataJSON{}
	for _, d := range v {
		out = append(out, soundDataJSON{hexID(d.WaveID), f32(d.Priority), f32(d.Probability), f32(d.Volume)})
	}
	return out
}

func countNodes(n []dat.SoundNode) int {
	c := len(n)
	for _, x := range n {
		c += countNodes(x.Children)
	}
	return c
}

func dumpSoundTable(a *dat.Archive, id uint32) (any, error) {
	t, err := a.SoundTable(id)
	if err != nil {
		return nil, err
	}
	j := soundTableJSON{Source: a.Source, ID: hexID(t.ID), RootKey: t.Root.Key, RootData: soundData(t.Root.Data), Sounds: []soundEntry{}}
	keys := make([]uint32, 0, len(t.Sounds))
	for k := range t.Sounds {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		j.Sounds = append(j.Sounds, soundEntry{hex2(k), dat.SoundTypeName(k), soundData(t.Sounds[k])})
	}
	for _, c := range t.Root.Children {
		j.Deeper += countNodes(c.Children)
	}
	return j, nil
}

type waveJSON struct {
	Source         string `json:"source"`
	ID             hexID  `json:"id"`
	FormatTag      string `json:"format_tag"`
	Format         string `json:"format"`
	Rate           uint32 `json:"rate_hz"`
	Channels       uint16 `json:"channels"`
	Bits           uint16 `json:"bits_per_sample"`
	BlockAlign     uint16 `json:"block_align"`
	AvgBytesPerSec uint32 `json:"avg_bytes_per_sec"`
	HeaderSize     int    `json:"header_size"`
	DataSize       int    `json:"data_size"`
	Samples        any    `json:"samples"`
	SamplesRate    any    `json:"samples_rate_hz"`
	Duration       any    `json:"duration_s"`
	Note           string `json:"note,omitempty"`
}

func dumpWave(a *dat.Archive, id uint32) (any, error) {
	w, err := a.Wave(id)
	if err != nil {
		return nil, err
	}
	f := w.Format
	j := waveJSON{Source: a.Source, ID: hexID(w.ID), FormatTag: fmt.Sprintf("0x%04X", f.Tag), Format: "unknown",
		Rate: f.SamplesPerSec, Channels: f.Channels, Bits: f.BitsPerSample, BlockAlign: f.BlockAlign,
		AvgBytesPerSec: f.AvgBytesPerSec, HeaderSize: len(w.Header), DataSize: len(w.Data),
		Samples: "unknown", SamplesRate: "unknown", Duration: "unknown"}
	switch f.Tag {
	case dat.WaveTagPCM:
		j.Format = "PCM"
		// Sample frames from the header: data bytes / (channels × bytes per sample).
		if frame := int(f.Channels) * int(f.BitsPerSample) / 8; frame > 0 && f.SamplesPerSec > 0 {
			n := len(w.Data) / frame
			j.Samples, j.SamplesRate, j.Duration = n, f.SamplesPerSec, float64(n)/float64(f.SamplesPerSec)
		} else {
			j.Note = "header has zero channels, bits or rate"
		}
	case dat.WaveTagMP3:
		j.Format = "MPEG Layer-3"
		if s, err := audio.DecodeWave(w); err == nil && len(s) > 0 {
			n := len(s) / 2 // interleaved stereo at audio.SampleRate
			j.Samples, j.SamplesRate, j.Duration = n, audio.SampleRate, float64(n)/audio.SampleRate
			j.Note = "decoded length at 44100 Hz"
		} else if err != nil {
			j.Note = "decode failed: " + err.Error()
		}
	default:
		j.Note = "format tag not played by this tool"
	}
	return j, nil
}

type listJSON struct {
	Source string  `json:"source"`
	Type   string  `json:"type"`
	File   string  `json:"file"`
	Count  int     `json:"count"`
	IDs    []hexID `json:"ids"`
}

func dumpList(a *dat.Archive, typ string) (any, error) {
	list := func(f *dat.File, lo, hi uint32, keep func(uint32) bool) (listJSON, error) {
		ids, err := dat.IDs(f, lo, hi, keep)
		return listJSON{Source: a.Source, Type: typ, File: f.Name(), Count: len(ids), IDs: hexIDs(ids)}, err
	}
	switch typ {
	case "landblock":
		return list(a.Cell, 0, 0xFFFFFFFF, func(id uint32) bool { return id&0xFFFF == dat.LandBlockLow })
	case "soundtable":
		return list(a.Portal, 0x20000000, 0x20FFFFFF, nil)
	case "wave":
		return list(a.Portal, 0x0A000000, 0x0AFFFFFF, nil)
	case "setup":
		return list(a.Portal, 0x02000000, 0x02FFFFFF, nil)
	}
	p, err := list(a.Portal, 0, 0xFFFFFFFF, nil)
	if err != nil {
		return nil, err
	}
	c, err := list(a.Cell, 0, 0xFFFFFFFF, nil)
	if err != nil {
		return nil, err
	}
	return []listJSON{p, c}, nil
}

// dumpArgs reads what to dump: a record kind and its id (a landblock's
// 0xXXYY meaning 0xXXYYFFFF), "region", or "list TYPE".
func dumpArgs(fs *Flags) (what string, id uint32, err error) {
	rest := fs.Args()
	usage := func(msg string) error { return fs.Bad("%s", msg) }
	if len(rest) == 0 {
		return "", 0, usage("what to dump?")
	}
	what, nargs := rest[0], 1
	switch what {
	case "region":
		nargs = 0
	case "landblock", "soundtable", "wave", "setup", "animation", "script", "motiontable", "scene", "scenery", "list":
	default:
		return "", 0, usage(fmt.Sprintf("unknown record kind %q", what))
	}
	if len(rest)-1 != nargs {
		return "", 0, usage(fmt.Sprintf("%s takes %d argument(s), got %d", what, nargs, len(rest)-1))
	}
	if nargs == 1 && what != "list" {
		if id, err = parseID(rest[1]); err != nil {
			return "", 0, usage(err.Error())
		}
		if (what == "landblock" || what == "scenery") && id <= 0xFFFF { // "0xA9B4" means landblock 0xA9B4FFFF
			id = id<<16 | dat.LandBlockLow
		}
	}
	if what == "list" && !slices.Contains([]string{"landblock", "soundtable", "wave", "setup", "all"}, rest[1]) {
		return "", 0, usage(fmt.Sprintf("list: unknown TYPE %q (landblock, soundtable, wave, setup or all)", rest[1]))
	}
	return what, id, nil
}

// dumpRecord reads the record asked for as the value dump prints (args:
// the command line's words, "list TYPE").
func dumpRecord(a *dat.Archive, what string, id uint32, args []string) (out any, err error) {
	switch what {
	case "region":
		out, err = dumpRegion(a)
	case "landblock":
		out, err = dumpLandBlock(a, id)
	case "soundtable":
		out, err = dumpSoundTable(a, id)
	case "wave":
		out, err = dumpWave(a, id)
	case "setup":
		out, err = dumpSetup(a, id)
	case "animation":
		out, err = dumpAnimation(a, id)
	case "script":
		out, err = dumpScript(a, id)
	case "motiontable":
		out, err = dumpMotionTable(a, id)
	case "scene":
		out, err = dumpScene(a, id)
	case "scenery":
		out, err = dumpScenery(a, uint16(id>>16))
	case "list":
		out, err = dumpList(a, args[1])
	}
	return out, err
}
