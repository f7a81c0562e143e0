package assets

// describe.go turns the committed description files (holtburg/*.txt, *.map)
// into a Description: plain Go values, checked, with file:line:col errors.

import (
	"fmt"
	"strings"

	"soundworld/dat"
)

// Map size of the stand-in: 5×5 landblocks of 8 cells share edge vertices, so
// the vertex grid is 5·8+1 = 41 on a side.
const (
	BlocksPerSide   = 5
	VertsPerSide    = BlocksPerSide*8 + 1 // 41 terrain vertices
	HeightStep      = 4                   // coarse height grid: one sample every 4 vertices (96 m)
	CoarsePerSide   = (VertsPerSide-1)/HeightStep + 1
	numTerrainTypes = 32 // §5.2: codes 0..31
)

// Description is everything the stand-in is built from, as read from the
// committed text files.
type Description struct {
	Legend       map[byte]LegendEntry
	TerrainMap   [][]byte    // [x][y] legend characters, 41×41 vertices
	CoarseHeight [][]float64 // [x][y] metres, 11×11 samples every 4 vertices
	TerrainTypes []TerrainTypeDesc
	Scenes       []SceneDesc
	Descs        []STBDesc
	Tables       []TableDesc // in id order of first appearance
	Waves        []WaveSpec
}

// LegendEntry is what one map character means at a vertex.
type LegendEntry struct {
	Type   uint16  // terrain type code 0..31 (§5.2)
	Scene  uint16  // scene ordinal 0..31 (terrain word bits 11–15)
	Road   uint16  // road bits 0..3
	LowerM float64 // m subtracted from the interpolated height (water beds)
}

// Word is the terrain word of a vertex: road | type<<2 | scene<<11 (§3.4).
func (l LegendEntry) Word() uint16 { return l.Road | l.Type<<2 | l.Scene<<11 }

// TerrainTypeDesc is one row of [terrain].
type TerrainTypeDesc struct {
	Name   string
	Color  uint32
	Scenes []uint32 // scene-type indices by scene ordinal
}

// SceneDesc is one row of [scenes].
type SceneDesc struct {
	Desc string // ambient desc name, "" = no sound (StbIndex NoIndex)
	DIDs []uint32
}

// STBDesc is one ambient sound set: a sound table and its authored sounds.
type STBDesc struct {
	Name   string
	Table  uint32
	Sounds []dat.AmbientSoundDesc
}

// TableDesc is one sound table and its variants in authored order.
type TableDesc struct {
	ID      uint32
	Entries []TableEntry
}

// TableEntry is one variant row of [sounds].
type TableEntry struct {
	SType                         uint32
	Wave                          string
	Priority, Probability, Volume float32
}

// WaveSpec is one row of [waves]: a synthesis recipe and its parameters.
type WaveSpec struct {
	Name   string
	ID     uint32
	Recipe string
	Params map[string]float64
	at     row // for errors found while synthesising
}

// soundTypeNames are the SoundType names (§5.1) the description may use;
// anything else is written as a number.
var soundTypeNames = map[string]uint32{
	"Thump1": 0x21, "Lockpicking": 0x69,
	"Ambient1": 0x46, "Ambient2": 0x47, "Ambient3": 0x48, "Ambient4": 0x49,
	"Ambient5": 0x4A, "Ambient6": 0x4B, "Ambient7": 0x4C, "Ambient8": 0x4D,
	"Waterfall": 0x4E,
	// U1: the environs stingers, UI_Roar 0x76 … UI_Thunder6 0x8A (ACE's Sound enum).
	"UI_Roar": 0x76, "UI_Bell": 0x77, "UI_Chant1": 0x78, "UI_Chant2": 0x79,
	"UI_DarkWhispers1": 0x7A, "UI_DarkWhispers2": 0x7B, "UI_DarkLaugh": 0x7C,
	"UI_DarkWind": 0x7D, "UI_DarkSpeech": 0x7E, "UI_Drums": 0x7F, "UI_GhostSpeak": 0x80,
	"UI_Breathing": 0x81, "UI_Howl": 0x82, "UI_LostSouls": 0x83, "UI_Squeal": 0x84,
	"UI_Thunder1": 0x85, "UI_Thunder2": 0x86, "UI_Thunder3": 0x87, "UI_Thunder4": 0x88,
	"UI_Thunder5": 0x89, "UI_Thunder6": 0x8A,
}

func (r row) soundType(i int) (uint32, error) {
	if v, ok := soundTypeNames[r.f[i].s]; ok {
		return v, nil
	}
	v, err := r.u32(i)
	if err != nil || v > 0xCC {
		return 0, r.errAt(i, "want a SoundType name (Ambient1, Waterfall, UI_Bell, …) or a number ≤ 0xCC, got %q", r.f[i].s)
	}
	return v, nil
}

// ParseDescription reads the four description files. Names are used in errors.
func ParseDescription(landName string, land []byte, soundName string, sound []byte,
	mapName string, terrainMap []byte, heightName string, heights []byte) (*Description, error) {
	d := &Description{Legend: map[byte]LegendEntry{}}
	if err := d.parseLand(landName, land); err != nil {
		return nil, err
	}
	if err := d.parseSound(soundName, sound); err != nil {
		return nil, err
	}
	var err error
	d.TerrainMap, err = readCharMap(mapName, terrainMap, VertsPerSide, VertsPerSide, func(c byte) bool {
		_, ok := d.Legend[c]
		return ok
	})
	if err != nil {
		return nil, err
	}
	// Heights in m must stay inside the real height table's 0..700 m.
	d.CoarseHeight, err = readNumberMap(heightName, heights, CoarsePerSide, CoarsePerSide, 0, 700)
	if err != nil {
		return nil, err
	}
	return d, nil
}

func (d *Description) parseLand(file string, src []byte) error {
	t, err := readTables(file, src, "terrain", "scenes", "legend")
	if err != nil {
		return err
	}
	if err := d.parseTerrain(t["terrain"]); err != nil {
		return err
	}
	if len(d.TerrainTypes) != numTerrainTypes {
		return &DescError{File: file, Line: 1, Col: 1, Msg: fmt.Sprintf("[terrain] has %d types, want all %d", len(d.TerrainTypes), numTerrainTypes)}
	}
	if err := d.parseScenes(t["scenes"]); err != nil {
		return err
	}
	for _, tt := range d.TerrainTypes {
		for _, s := range tt.Scenes {
			if int(s) >= len(d.Scenes) {
				return &DescError{File: file, Line: 1, Col: 1, Msg: fmt.Sprintf("terrain %s names scene type %d; [scenes] has %d", tt.Name, s, len(d.Scenes))}
			}
		}
	}
	return d.parseLegend(t["legend"])
}

// parseTerrain reads the [terrain] rows: code name colour scene-types.
func (d *Description) parseTerrain(rows []row) error {
	for n, r := range rows {
		if err := r.need(4, -1, "terrain row: code name colour scene-types…"); err != nil {
			return err
		}
		if err := r.ordinal(n, "terrain codes"); err != nil {
			return err
		}
		tt := TerrainTypeDesc{Name: r.f[1].s, Scenes: []uint32{}}
		var err error
		if tt.Color, err = r.u32(2); err != nil {
			return err
		}
		if !(len(r.f) == 4 && r.f[3].s == "-") {
			if tt.Scenes, err = r.u32sFrom(3, tt.Scenes); err != nil {
				return err
			}
		}
		d.TerrainTypes = append(d.TerrainTypes, tt)
	}
	return nil
}

// parseScenes reads the [scenes] rows: index desc scene-DIDs.
func (d *Description) parseScenes(rows []row) error {
	for n, r := range rows {
		if err := r.need(3, -1, "scenes row: index desc scene-DIDs…"); err != nil {
			return err
		}
		if err := r.ordinal(n, "scene indices"); err != nil {
			return err
		}
		sd := SceneDesc{}
		if r.f[1].s != "-" {
			sd.Desc = r.f[1].s
		}
		var err error
		if sd.DIDs, err = r.u32sFrom(2, nil); err != nil {
			return err
		}
		d.Scenes = append(d.Scenes, sd)
	}
	return nil
}

// parseLegend reads the [legend] rows: char terrain-type scene-ordinal
// road lower-m (the terrain types read first).
func (d *Description) parseLegend(rows []row) error {
	for _, r := range rows {
		if err := r.need(5, 5, "legend row: char terrain-type scene-ordinal road lower-m"); err != nil {
			return err
		}
		if len(r.f[0].s) != 1 || r.f[0].s[0] <= ' ' || r.f[0].s[0] > '~' {
			return r.errAt(0, "legend character must be one printable ASCII character, got %q", r.f[0].s)
		}
		c := r.f[0].s[0]
		if _, dup := d.Legend[c]; dup {
			return r.errAt(0, "legend character %q defined twice", c)
		}
		typ := -1
		for i, tt := range d.TerrainTypes {
			if tt.Name == r.f[1].s {
				typ = i
			}
		}
		if typ < 0 {
			return r.errAt(1, "unknown terrain type %q (not in [terrain])", r.f[1].s)
		}
		scene, err := r.u32(2)
		if err != nil {
			return err
		}
		if scene > 31 {
			return r.errAt(2, "scene ordinal %d does not fit 5 bits", scene)
		}
		road, err := r.u32(3)
		if err != nil {
			return err
		}
		if road > 3 {
			return r.errAt(3, "road bits %d do not fit 2 bits", road)
		}
		lower, err := r.f32(4)
		if err != nil {
			return err
		}
		d.Legend[c] = LegendEntry{Type: uint16(typ), Scene: uint16(scene), Road: uint16(road), LowerM: float64(lower)}
	}
	return nil
}

func (d *Description) parseSound(file string, src []byte) error {
	t, err := readTables(file, src, "descs", "ambient", "sounds", "waves")
	if err != nil {
		return err
	}
	descIdx, err := d.parseDescs(t["descs"])
	if err != nil {
		return err
	}
	if err := d.parseAmbient(t["ambient"], descIdx); err != nil {
		return err
	}
	waveIdx, err := d.parseWaves(t["waves"])
	if err != nil {
		return err
	}
	if err := d.parseSoundTables(t["sounds"], waveIdx); err != nil {
		return err
	}
	for _, sc := range d.Scenes {
		if sc.Desc != "" {
			if _, ok := descIdx[sc.Desc]; !ok {
				return &DescError{File: file, Line: 1, Col: 1, Msg: fmt.Sprintf("[scenes] names desc %q, which %s does not define", sc.Desc, file)}
			}
		}
	}
	return nil
}

// parseDescs reads the [descs] rows (name sound-table) and returns each
// name's index in d.Descs.
func (d *Description) parseDescs(rows []row) (map[string]int, error) {
	descIdx := map[string]int{}
	for _, r := range rows {
		if err := r.need(2, 2, "descs row: name sound-table"); err != nil {
			return nil, err
		}
		if _, dup := descIdx[r.f[0].s]; dup {
			return nil, r.errAt(0, "desc %q defined twice", r.f[0].s)
		}
		id, err := r.u32(1)
		if err != nil {
			return nil, err
		}
		if id>>24 != 0x20 {
			return nil, r.errAt(1, "sound table ids are 0x20xxxxxx, got 0x%08X", id)
		}
		descIdx[r.f[0].s] = len(d.Descs)
		d.Descs = append(d.Descs, STBDesc{Name: r.f[0].s, Table: id, Sounds: []dat.AmbientSoundDesc{}})
	}
	return descIdx, nil
}

// parseAmbient reads the [ambient] rows: desc SoundType volume base_chance
// min_rate max_rate, each desc one of descIdx.
func (d *Description) parseAmbient(rows []row, descIdx map[string]int) error {
	var err error
	for _, r := range rows {
		if err := r.need(6, 6, "ambient row: desc SoundType volume base_chance min_rate max_rate"); err != nil {
			return err
		}
		i, ok := descIdx[r.f[0].s]
		if !ok {
			return r.errAt(0, "unknown desc %q (not in [descs])", r.f[0].s)
		}
		var a dat.AmbientSoundDesc
		if a.SType, err = r.soundType(1); err != nil {
			return err
		}
		for k, p := range []*float32{&a.Volume, &a.BaseChance, &a.MinRate, &a.MaxRate} {
			if *p, err = r.f32(2 + k); err != nil {
				return err
			}
			if *p < 0 {
				return r.errAt(2+k, "must not be negative")
			}
		}
		if a.MaxRate < a.MinRate {
			return r.errAt(5, "max_rate %v below min_rate %v", a.MaxRate, a.MinRate)
		}
		d.Descs[i].Sounds = append(d.Descs[i].Sounds, a)
	}
	return nil
}

// parseWaves reads the [waves] rows (name id recipe key=value…) and
// returns the set of wave names.
func (d *Description) parseWaves(rows []row) (map[string]bool, error) {
	waveIdx := map[string]bool{}
	for _, r := range rows {
		if err := r.need(3, -1, "waves row: name id recipe key=value…"); err != nil {
			return nil, err
		}
		if waveIdx[r.f[0].s] {
			return nil, r.errAt(0, "wave %q defined twice", r.f[0].s)
		}
		waveIdx[r.f[0].s] = true
		id, err := r.u32(1)
		if err != nil {
			return nil, err
		}
		if id>>24 != 0x0A {
			return nil, r.errAt(1, "wave ids are 0x0Axxxxxx, got 0x%08X", id)
		}
		ws := WaveSpec{Name: r.f[0].s, ID: id, Recipe: r.f[2].s, Params: map[string]float64{}, at: r}
		if _, ok := recipes[ws.Recipe]; !ok {
			return nil, r.errAt(2, "unknown recipe %q", ws.Recipe)
		}
		for i := 3; i < len(r.f); i++ {
			k, v, ok := strings.Cut(r.f[i].s, "=")
			if !ok || k == "" {
				return nil, r.errAt(i, "want key=value, got %q", r.f[i].s)
			}
			val, err := (row{file: r.file, line: r.line, f: []field{{v, r.f[i].col + len(k) + 1}}}).f32(0)
			if err != nil {
				return nil, err
			}
			ws.Params[k] = float64(val)
		}
		if err := checkParams(ws); err != nil {
			return nil, err
		}
		d.Waves = append(d.Waves, ws)
	}
	return waveIdx, nil
}

// parseSoundTables reads the [sounds] rows: table SoundType wave priority
// probability volume, each wave one of waveIdx.
func (d *Description) parseSoundTables(rows []row, waveIdx map[string]bool) error {
	tblIdx := map[uint32]int{}
	for _, r := range rows {
		if err := r.need(6, 6, "sounds row: table SoundType wave priority probability volume"); err != nil {
			return err
		}
		id, err := r.u32(0)
		if err != nil {
			return err
		}
		if id>>24 != 0x20 {
			return r.errAt(0, "sound table ids are 0x20xxxxxx, got 0x%08X", id)
		}
		var e TableEntry
		if e.SType, err = r.soundType(1); err != nil {
			return err
		}
		if !waveIdx[r.f[2].s] {
			return r.errAt(2, "unknown wave %q (not in [waves])", r.f[2].s)
		}
		e.Wave = r.f[2].s
		for k, p := range []*float32{&e.Priority, &e.Probability, &e.Volume} {
			if *p, err = r.f32(3 + k); err != nil {
				return err
			}
		}
		i, ok := tblIdx[id]
		if !ok {
			i = len(d.Tables)
			tblIdx[id] = i
			d.Tables = append(d.Tables, TableDesc{ID: id})
		}
		d.Tables[i].Entries = append(d.Tables[i].Entries, e)
	}
	return nil
}

// descIndex returns the SoundInfo index of the named desc, or dat.NoIndex.
func (d *Description) descIndex(name string) uint32 {
	for i, s := range d.Descs {
		if s.Name == name {
			return uint32(i)
		}
	}
	return dat.NoIndex
}
