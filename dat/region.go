package dat

import (
	"fmt"
	"math"
)

// Region parts-mask bits (§3.1, §5.3). Serialization order is Sky, Sound,
// Scene, Terrain (always), Misc — not bit order.
const (
	PartSound uint32 = 0x01
	PartScene uint32 = 0x02
	PartSky   uint32 = 0x10
	PartMisc  uint32 = 0x200
)

// RegionVersion is the only Region version the retail client accepts (§3.1).
const RegionVersion = 3

// ParseRegion decodes a Region record (§3.1). Every float must be finite: a
// NaN or infinity anywhere (height table, ambient rates, sky, calendar) is a
// *FormatError at its byte, since nothing downstream can use one (a NaN height
// makes every distance NaN) and JSON cannot hold it.
func ParseRegion(b []byte) (*Region, error) {
	g, _, err := parseRegion(b, nil)
	return g, err
}

// RegionRefs holds the record byte offsets of a region's references, so a
// check can name the byte of a reference that points nowhere.
type RegionRefs struct {
	STBID         []int64 // Sound.STBDescs[i].STBID
	StbIndex      []int64 // Scene.SceneTypes[i].StbIndex
	TerrainScenes []int64 // Terrain.TerrainTypes[i].SceneTypes[0]; entry j is 4·j further
}

// ParseRegionRefs is ParseRegion that also reports where the references sit.
func ParseRegionRefs(b []byte) (*Region, *RegionRefs, error) {
	return parseRegion(b, &RegionRefs{})
}

func parseRegion(b []byte, refs *RegionRefs) (*Region, *RegionRefs, error) {
	r := newReader(b)
	g := &Region{}
	g.ID = r.leadID("Region (0x13xxxxxx)", highByte(typeRegion))
	g.Number = r.u32()
	at := r.off
	g.Version = r.u32()
	if r.err == nil && g.Version != RegionVersion {
		r.failAt(at, "region version is not 3:", g.Version)
	}
	g.Name = r.pstring("region name")
	readLandDefs(r, &g.LandDefs)
	readGameTime(r, &g.GameTime)
	g.PartsMask = r.u32()
	if g.PartsMask&PartSky != 0 {
		g.Sky = readSky(r)
	}
	if refs == nil {
		refs = &RegionRefs{} // (discarded)
	}
	if g.PartsMask&PartSound != 0 {
		g.Sound = readSoundInfo(r, refs)
	}
	if g.PartsMask&PartScene != 0 {
		g.Scene = readSceneInfo(r, refs)
	}
	readTerrain(r, &g.Terrain, refs)
	if g.PartsMask&PartMisc != 0 {
		m := &RegionMisc{r.u32(), r.u32(), r.u32(), r.u32(), r.u32(), r.u32()}
		g.Misc = m
	}
	if err := r.done(g.ID); err != nil {
		return nil, nil, err
	}
	return g, refs, nil
}

func readLandDefs(r *reader, d *LandDefs) {
	d.NumBlockLength = r.i32()
	d.NumBlockWidth = r.i32()
	d.SquareLength = r.fin32()
	d.LBlockLength = r.i32()
	d.VertexPerCell = r.i32()
	d.MaxObjHeight = r.fin32()
	d.SkyHeight = r.fin32()
	d.RoadWidth = r.fin32()
	for i := range d.HeightTable {
		at := r.off
		d.HeightTable[i] = r.f32()
		if h := float64(d.HeightTable[i]); r.err == nil && (math.IsNaN(h) || math.IsInf(h, 0)) {
			r.failAt(at, fmt.Sprintf("height table value %d is not a finite number:", i), d.HeightTable[i])
		}
	}
}

func readGameTime(r *reader, t *GameTime) {
	t.ZeroTimeOfYear = r.fin64()
	t.ZeroYear = r.u32()
	t.DayLength = r.fin32()
	t.DaysPerYear = r.u32()
	t.YearSpec = r.pstring("year spec")
	t.TimesOfDay = make([]TimeOfDay, r.count(12, "times of day"))
	for i := range t.TimesOfDay {
		t.TimesOfDay[i] = TimeOfDay{Start: r.fin32(), IsNight: r.u32(), Name: r.pstring("time of day name")}
	}
	t.DaysOfWeek = make([]string, r.count(4, "days of week"))
	for i := range t.DaysOfWeek {
		t.DaysOfWeek[i] = r.pstring("weekday name")
	}
	t.Seasons = make([]Season, r.count(8, "seasons"))
	for i := range t.Seasons {
		t.Seasons[i] = Season{StartDay: r.u32(), Name: r.pstring("season name")}
	}
}

func readSky(r *reader) *SkyDesc {
	s := &SkyDesc{TickSize: r.fin64(), LightTickSize: r.fin64()}
	s.DayGroups = make([]DayGroup, r.count(16, "day groups"))
	for i := range s.DayGroups {
		g := &s.DayGroups[i]
		g.ChanceOfOccur = r.fin32()
		g.Name = r.pstring("day group name")
		g.SkyObjects = make([]SkyObject, r.count(36, "sky objects"))
		for j := range g.SkyObjects {
			o := &g.SkyObjects[j]
			o.BeginTime, o.EndTime, o.BeginAngle, o.EndAngle = r.fin32(), r.fin32(), r.fin32(), r.fin32()
			o.TexVelocityX, o.TexVelocityY = r.fin32(), r.fin32()
			o.DefaultGfxObject, o.DefaultPesObject, o.Properties = r.u32(), r.u32(), r.u32()
		}
		g.SkyTimes = make([]SkyTimeOfDay, r.count(48, "sky times"))
		for j := range g.SkyTimes {
			t := &g.SkyTimes[j]
			t.Begin, t.DirBright, t.DirHeading, t.DirPitch = r.fin32(), r.fin32(), r.fin32(), r.fin32()
			t.DirColor, t.AmbBright, t.AmbColor = r.u32(), r.fin32(), r.u32()
			t.MinWorldFog, t.MaxWorldFog = r.fin32(), r.fin32()
			t.WorldFogColor, t.WorldFog = r.u32(), r.u32()
			t.Replaces = make([]SkyObjectReplace, r.count(24, "sky object replaces"))
			for k := range t.Replaces {
				p := &t.Replaces[k]
				p.ObjectIndex, p.GfxObjID = r.u32(), r.u32()
				p.Rotate, p.Transparent, p.Luminosity, p.MaxBright = r.fin32(), r.fin32(), r.fin32(), r.fin32()
			}
		}
	}
	return s
}

func readSoundInfo(r *reader, refs *RegionRefs) *SoundInfo {
	s := &SoundInfo{STBDescs: make([]AmbientSTBDesc, r.count(8, "ambient sound tables"))}
	refs.STBID = make([]int64, len(s.STBDescs))
	for i := range s.STBDescs {
		d := &s.STBDescs[i]
		refs.STBID[i] = int64(r.off)
		d.STBID = r.u32()
		d.Sounds = make([]AmbientSoundDesc, r.count(20, "ambient sounds"))
		for j := range d.Sounds {
			d.Sounds[j] = AmbientSoundDesc{SType: r.u32(), Volume: r.fin32(), BaseChance: r.fin32(), MinRate: r.fin32(), MaxRate: r.fin32()}
		}
	}
	return s
}

func readSceneInfo(r *reader, refs *RegionRefs) *SceneInfo {
	s := &SceneInfo{SceneTypes: make([]SceneType, r.count(8, "scene types"))}
	refs.StbIndex = make([]int64, len(s.SceneTypes))
	for i := range s.SceneTypes {
		t := &s.SceneTypes[i]
		refs.StbIndex[i] = int64(r.off)
		t.StbIndex = r.u32()
		t.Scenes = readU32s(r, "scenes")
	}
	return s
}

func readU32s(r *reader, what string) []uint32 {
	v := make([]uint32, r.count(4, what))
	for i := range v {
		v[i] = r.u32()
	}
	return v
}

func readTerrain(r *reader, t *TerrainInfo, refs *RegionRefs) {
	t.TerrainTypes = make([]TerrainType, r.count(12, "terrain types"))
	refs.TerrainScenes = make([]int64, len(t.TerrainTypes))
	for i := range t.TerrainTypes {
		tt := &t.TerrainTypes[i]
		tt.Name = r.pstring("terrain name")
		tt.Color = r.u32()
		refs.TerrainScenes[i] = int64(r.off) + 4 // past the count
		tt.SceneTypes = readU32s(r, "terrain scene types")
	}
	at := r.off
	s := &t.LandSurf
	s.Kind = r.u32()
	if r.err == nil && s.Kind != 0 {
		r.failAt(at, "LandSurf kind is not 0 (TexMerge); PalShift is unsupported:", s.Kind)
		return
	}
	s.BaseTexSize = r.u32()
	s.CornerMaps = readAlphaMaps(r, "corner alpha maps")
	s.SideMaps = readAlphaMaps(r, "side alpha maps")
	s.RoadMaps = readAlphaMaps(r, "road alpha maps")
	s.TerrainTexes = make([]TMTerrainDesc, r.count(44, "terrain textures"))
	for i := range s.TerrainTexes {
		d := &s.TerrainTexes[i]
		d.TerrainType = r.u32()
		for j := range d.Tex {
			d.Tex[j] = r.u32()
		}
	}
}

func readAlphaMaps(r *reader, what string) []AlphaMap {
	v := make([]AlphaMap, r.count(8, what))
	for i := range v {
		v[i] = AlphaMap{r.u32(), r.u32()}
	}
	return v
}

// EncodeRegion encodes g (§3.1). Optional parts are written iff their
// PartsMask bit is set (a nil part then encodes as empty lists); the Version
// field is written as given.
func EncodeRegion(g *Region) []byte {
	var w writer
	w.u32(g.ID)
	w.u32(g.Number)
	w.u32(g.Version)
	w.pstring(g.Name)
	writeLandDefs(&w, &g.LandDefs)
	writeGameTime(&w, &g.GameTime)
	w.u32(g.PartsMask)
	if g.PartsMask&PartSky != 0 {
		writeSky(&w, g.Sky)
	}
	if g.PartsMask&PartSound != 0 {
		writeSoundInfo(&w, g.Sound)
	}
	if g.PartsMask&PartScene != 0 {
		var s SceneInfo
		if g.Scene != nil {
			s = *g.Scene
		}
		w.count(len(s.SceneTypes))
		for _, x := range s.SceneTypes {
			w.u32(x.StbIndex)
			writeU32s(&w, x.Scenes)
		}
	}
	writeTerrain(&w, &g.Terrain)
	if g.PartsMask&PartMisc != 0 {
		var m RegionMisc
		if g.Misc != nil {
			m = *g.Misc
		}
		for _, v := range []uint32{m.Version, m.GameMapID, m.AutotestMapID, m.AutotestMapSize, m.ClearCellID, m.ClearMonsterID} {
			w.u32(v)
		}
	}
	return w.b
}

// writeLandDefs writes the Region's LandDefs (§3.1).
func writeLandDefs(w *writer, d *LandDefs) {
	w.i32(d.NumBlockLength)
	w.i32(d.NumBlockWidth)
	w.f32(d.SquareLength)
	w.i32(d.LBlockLength)
	w.i32(d.VertexPerCell)
	w.f32(d.MaxObjHeight)
	w.f32(d.SkyHeight)
	w.f32(d.RoadWidth)
	for _, h := range d.HeightTable {
		w.f32(h)
	}
}

// writeGameTime writes the Region's GameTime (§3.1).
func writeGameTime(w *writer, t *GameTime) {
	w.f64(t.ZeroTimeOfYear)
	w.u32(t.ZeroYear)
	w.f32(t.DayLength)
	w.u32(t.DaysPerYear)
	w.pstring(t.YearSpec)
	w.count(len(t.TimesOfDay))
	for _, x := range t.TimesOfDay {
		w.f32(x.Start)
		w.u32(x.IsNight)
		w.pstring(x.Name)
	}
	w.count(len(t.DaysOfWeek))
	for _, x := range t.DaysOfWeek {
		w.pstring(x)
	}
	w.count(len(t.Seasons))
	for _, x := range t.Seasons {
		w.u32(x.StartDay)
		w.pstring(x.Name)
	}
}

// writeSoundInfo writes the Region's sound part (§3.1); nil encodes as an
// empty list.
func writeSoundInfo(w *writer, si *SoundInfo) {
	var s SoundInfo
	if si != nil {
		s = *si
	}
	w.count(len(s.STBDescs))
	for _, d := range s.STBDescs {
		w.u32(d.STBID)
		w.count(len(d.Sounds))
		for _, a := range d.Sounds {
			w.u32(a.SType)
			w.f32(a.Volume)
			w.f32(a.BaseChance)
			w.f32(a.MinRate)
			w.f32(a.MaxRate)
		}
	}
}

func writeSky(w *writer, s *SkyDesc) {
	if s == nil {
		s = &SkyDesc{}
	}
	w.f64(s.TickSize)
	w.f64(s.LightTickSize)
	w.count(len(s.DayGroups))
	for _, g := range s.DayGroups {
		w.f32(g.ChanceOfOccur)
		w.pstring(g.Name)
		w.count(len(g.SkyObjects))
		for _, o := range g.SkyObjects {
			for _, f := range []float32{o.BeginTime, o.EndTime, o.BeginAngle, o.EndAngle, o.TexVelocityX, o.TexVelocityY} {
				w.f32(f)
			}
			w.u32(o.DefaultGfxObject)
			w.u32(o.DefaultPesObject)
			w.u32(o.Properties)
		}
		w.count(len(g.SkyTimes))
		for _, t := range g.SkyTimes {
			for _, f := range []float32{t.Begin, t.DirBright, t.DirHeading, t.DirPitch} {
				w.f32(f)
			}
			w.u32(t.DirColor)
			w.f32(t.AmbBright)
			w.u32(t.AmbColor)
			w.f32(t.MinWorldFog)
			w.f32(t.MaxWorldFog)
			w.u32(t.WorldFogColor)
			w.u32(t.WorldFog)
			w.count(len(t.Replaces))
			for _, p := range t.Replaces {
				w.u32(p.ObjectIndex)
				w.u32(p.GfxObjID)
				for _, f := range []float32{p.Rotate, p.Transparent, p.Luminosity, p.MaxBright} {
					w.f32(f)
				}
			}
		}
	}
}

func writeU32s(w *writer, v []uint32) {
	w.count(len(v))
	for _, x := range v {
		w.u32(x)
	}
}

func writeTerrain(w *writer, t *TerrainInfo) {
	w.count(len(t.TerrainTypes))
	for _, x := range t.TerrainTypes {
		w.pstring(x.Name)
		w.u32(x.Color)
		writeU32s(w, x.SceneTypes)
	}
	s := &t.LandSurf
	w.u32(s.Kind)
	w.u32(s.BaseTexSize)
	for _, maps := range [][]AlphaMap{s.CornerMaps, s.SideMaps, s.RoadMaps} {
		w.count(len(maps))
		for _, m := range maps {
			w.u32(m.Code)
			w.u32(m.TexID)
		}
	}
	w.count(len(s.TerrainTexes))
	for _, d := range s.TerrainTexes {
		w.u32(d.TerrainType)
		for _, v := range d.Tex {
			w.u32(v)
		}
	}
}
