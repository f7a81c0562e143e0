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
	t.TimesOfDay = readList(r, 12, "times of day", func(r *reader) TimeOfDay {
		return TimeOfDay{Start: r.fin32(), IsNight: r.u32(), Name: r.pstring("time of day name")}
	})
	t.DaysOfWeek = readList(r, 4, "days of week", func(r *reader) string { return r.pstring("weekday name") })
	t.Seasons = readList(r, 8, "seasons", func(r *reader) Season {
		return Season{StartDay: r.u32(), Name: r.pstring("season name")}
	})
}

func readSky(r *reader) *SkyDesc {
	s := &SkyDesc{TickSize: r.fin64(), LightTickSize: r.fin64()}
	s.DayGroups = readList(r, 16, "day groups", func(r *reader) DayGroup {
		g := DayGroup{ChanceOfOccur: r.fin32(), Name: r.pstring("day group name")}
		g.SkyObjects = readList(r, 36, "sky objects", readSkyObject)
		g.SkyTimes = readList(r, 48, "sky times", readSkyTime)
		return g
	})
	return s
}

func readSkyObject(r *reader) SkyObject {
	var o SkyObject
	o.BeginTime, o.EndTime, o.BeginAngle, o.EndAngle = r.fin32(), r.fin32(), r.fin32(), r.fin32()
	o.TexVelocityX, o.TexVelocityY = r.fin32(), r.fin32()
	o.DefaultGfxObject, o.DefaultPesObject, o.Properties = r.u32(), r.u32(), r.u32()
	return o
}

func readSkyTime(r *reader) SkyTimeOfDay {
	var t SkyTimeOfDay
	t.Begin, t.DirBright, t.DirHeading, t.DirPitch = r.fin32(), r.fin32(), r.fin32(), r.fin32()
	t.DirColor, t.AmbBright, t.AmbColor = r.u32(), r.fin32(), r.u32()
	t.MinWorldFog, t.MaxWorldFog = r.fin32(), r.fin32()
	t.WorldFogColor, t.WorldFog = r.u32(), r.u32()
	t.Replaces = readList(r, 24, "sky object replaces", func(r *reader) SkyObjectReplace {
		var p SkyObjectReplace
		p.ObjectIndex, p.GfxObjID = r.u32(), r.u32()
		p.Rotate, p.Transparent, p.Luminosity, p.MaxBright = r.fin32(), r.fin32(), r.fin32(), r.fin32()
		return p
	})
	return t
}

// readSoundInfo reads the sound part, noting where each STBID sits.
func readSoundInfo(r *reader, refs *RegionRefs) *SoundInfo {
	return &SoundInfo{STBDescs: readList(r, 8, "ambient sound tables", func(r *reader) AmbientSTBDesc {
		refs.STBID = append(refs.STBID, int64(r.off))
		return AmbientSTBDesc{STBID: r.u32(), Sounds: readList(r, 20, "ambient sounds", readAmbientSound)}
	})}
}

func readAmbientSound(r *reader) AmbientSoundDesc {
	return AmbientSoundDesc{SType: r.u32(), Volume: r.fin32(), BaseChance: r.fin32(), MinRate: r.fin32(), MaxRate: r.fin32()}
}

// readSceneInfo reads the scene part, noting where each StbIndex sits.
func readSceneInfo(r *reader, refs *RegionRefs) *SceneInfo {
	return &SceneInfo{SceneTypes: readList(r, 8, "scene types", func(r *reader) SceneType {
		refs.StbIndex = append(refs.StbIndex, int64(r.off))
		return SceneType{StbIndex: r.u32(), Scenes: readU32s(r, "scenes")}
	})}
}

func readU32s(r *reader, what string) []uint32 {
	return readList(r, 4, what, (*reader).u32)
}

func readTerrain(r *reader, t *TerrainInfo, refs *RegionRefs) {
	t.TerrainTypes = readList(r, 12, "terrain types", func(r *reader) TerrainType {
		tt := TerrainType{Name: r.pstring("terrain name"), Color: r.u32()}
		refs.TerrainScenes = append(refs.TerrainScenes, int64(r.off)+4) // past the count
		tt.SceneTypes = readU32s(r, "terrain scene types")
		return tt
	})
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
	s.TerrainTexes = readList(r, 44, "terrain textures", func(r *reader) TMTerrainDesc {
		d := TMTerrainDesc{TerrainType: r.u32()}
		for j := range d.Tex {
			d.Tex[j] = r.u32()
		}
		return d
	})
}

func readAlphaMaps(r *reader, what string) []AlphaMap {
	return readList(r, 8, what, func(r *reader) AlphaMap { return AlphaMap{r.u32(), r.u32()} })
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
		writeList(&w, s.SceneTypes, func(w *writer, x SceneType) {
			w.u32(x.StbIndex)
			writeU32s(w, x.Scenes)
		})
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
	w.f32s(d.MaxObjHeight, d.SkyHeight, d.RoadWidth)
	w.f32s(d.HeightTable[:]...)
}

// writeGameTime writes the Region's GameTime (§3.1).
func writeGameTime(w *writer, t *GameTime) {
	w.f64(t.ZeroTimeOfYear)
	w.u32(t.ZeroYear)
	w.f32(t.DayLength)
	w.u32(t.DaysPerYear)
	w.pstring(t.YearSpec)
	writeList(w, t.TimesOfDay, func(w *writer, x TimeOfDay) {
		w.f32(x.Start)
		w.u32(x.IsNight)
		w.pstring(x.Name)
	})
	writeList(w, t.DaysOfWeek, (*writer).pstring)
	writeList(w, t.Seasons, func(w *writer, x Season) {
		w.u32(x.StartDay)
		w.pstring(x.Name)
	})
}

// writeSoundInfo writes the Region's sound part (§3.1); nil encodes as an
// empty list.
func writeSoundInfo(w *writer, si *SoundInfo) {
	var s SoundInfo
	if si != nil {
		s = *si
	}
	writeList(w, s.STBDescs, func(w *writer, d AmbientSTBDesc) {
		w.u32(d.STBID)
		writeList(w, d.Sounds, func(w *writer, a AmbientSoundDesc) {
			w.u32(a.SType)
			w.f32s(a.Volume, a.BaseChance, a.MinRate, a.MaxRate)
		})
	})
}

func writeSky(w *writer, s *SkyDesc) {
	if s == nil {
		s = &SkyDesc{}
	}
	w.f64(s.TickSize)
	w.f64(s.LightTickSize)
	writeList(w, s.DayGroups, func(w *writer, g DayGroup) {
		w.f32(g.ChanceOfOccur)
		w.pstring(g.Name)
		writeList(w, g.SkyObjects, writeSkyObject)
		writeList(w, g.SkyTimes, writeSkyTime)
	})
}

func writeSkyObject(w *writer, o SkyObject) {
	w.f32s(o.BeginTime, o.EndTime, o.BeginAngle, o.EndAngle, o.TexVelocityX, o.TexVelocityY)
	w.u32(o.DefaultGfxObject)
	w.u32(o.DefaultPesObject)
	w.u32(o.Properties)
}

func writeSkyTime(w *writer, t SkyTimeOfDay) {
	w.f32s(t.Begin, t.DirBright, t.DirHeading, t.DirPitch)
	w.u32(t.DirColor)
	w.f32(t.AmbBright)
	w.u32(t.AmbColor)
	w.f32s(t.MinWorldFog, t.MaxWorldFog)
	w.u32(t.WorldFogColor)
	w.u32(t.WorldFog)
	writeList(w, t.Replaces, func(w *writer, p SkyObjectReplace) {
		w.u32(p.ObjectIndex)
		w.u32(p.GfxObjID)
		w.f32s(p.Rotate, p.Transparent, p.Luminosity, p.MaxBright)
	})
}

func writeU32s(w *writer, v []uint32) {
	writeList(w, v, (*writer).u32)
}

func writeTerrain(w *writer, t *TerrainInfo) {
	writeList(w, t.TerrainTypes, func(w *writer, x TerrainType) {
		w.pstring(x.Name)
		w.u32(x.Color)
		writeU32s(w, x.SceneTypes)
	})
	s := &t.LandSurf
	w.u32(s.Kind)
	w.u32(s.BaseTexSize)
	for _, maps := range [][]AlphaMap{s.CornerMaps, s.SideMaps, s.RoadMaps} {
		writeList(w, maps, func(w *writer, m AlphaMap) {
			w.u32(m.Code)
			w.u32(m.TexID)
		})
	}
	writeList(w, s.TerrainTexes, func(w *writer, d TMTerrainDesc) {
		w.u32(d.TerrainType)
		for _, v := range d.Tex {
			w.u32(v)
		}
	})
}
