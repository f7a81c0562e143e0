package assets

// region.go: the stand-in's Region 0x13000000 — real LandDefs, an authored
// calendar and a tiny sky, and the terrain/scene/sound tables of land.txt and
// sound.txt.

import "soundworld/dat"

// PartsMask is Dereth's parts mask: Sound, Scene, Terrain, 0x08, Sky, Misc.
const PartsMask = 0x21F

// Region builds record 0x13000000 from the description and the height table.
func (d *Description) Region(table [256]float32) *dat.Region {
	r := DerethRegion(table, gameTime(), sky())
	r.Terrain = dat.TerrainInfo{LandSurf: dat.LandSurf{Kind: 0, CornerMaps: []dat.AlphaMap{}, SideMaps: []dat.AlphaMap{}, RoadMaps: []dat.AlphaMap{}, TerrainTexes: []dat.TMTerrainDesc{}}}
	for _, s := range d.Descs {
		r.Sound.STBDescs = append(r.Sound.STBDescs, dat.AmbientSTBDesc{STBID: s.Table, Sounds: s.Sounds})
	}
	for _, s := range d.Scenes {
		r.Scene.SceneTypes = append(r.Scene.SceneTypes, dat.SceneType{StbIndex: d.descIndex(s.Desc), Scenes: s.DIDs})
	}
	for _, t := range d.TerrainTypes {
		r.Terrain.TerrainTypes = append(r.Terrain.TerrainTypes, dat.TerrainType{Name: t.Name, Color: t.Color, SceneTypes: t.Scenes})
	}
	return r
}

// DerethRegion is record 0x13000000 with Dereth's real constants over the
// height table, the calendar and the sky: the stand-in's and the generated
// world's frame, whose sound, scene and terrain tables the caller fills
// (Sound and Scene start empty).
func DerethRegion(table [256]float32, g dat.GameTime, sky *dat.SkyDesc) *dat.Region {
	return &dat.Region{
		ID: dat.RegionID, Number: 1, Version: 3, Name: "Dereth",
		// The real Dereth LandDefs (spec §3.1, §7): 255/255/24/8/1/200/1000/5.
		LandDefs: dat.LandDefs{NumBlockLength: 255, NumBlockWidth: 255, SquareLength: 24,
			LBlockLength: 8, VertexPerCell: 1, MaxObjHeight: 200, SkyHeight: 1000, RoadWidth: 5,
			HeightTable: table},
		GameTime:  g,
		PartsMask: PartsMask,
		Sky:       sky,
		Sound:     &dat.SoundInfo{},
		Scene:     &dat.SceneInfo{},
		// RegionMisc as retail (spec §3.1).
		Misc: &dat.RegionMisc{Version: 1, GameMapID: 0x0600127D, AutotestMapID: 0x06000261,
			AutotestMapSize: 4, ClearCellID: 0x01000FDE, ClearMonsterID: 0x01001612},
	}
}

// gameTime is a plausible calendar with Dereth's real constants
// (3600 / year 10 / 7620 s days / 360 days / "P.Y.") and authored names.
func gameTime() dat.GameTime {
	return dat.GameTime{
		ZeroTimeOfYear: 3600, ZeroYear: 10, DayLength: 7620, DaysPerYear: 360, YearSpec: "P.Y.",
		TimesOfDay: []dat.TimeOfDay{
			{Start: 0, IsNight: 1, Name: "Deep Night"},
			{Start: 0.25, IsNight: 0, Name: "Dawn"},
			{Start: 0.5, IsNight: 0, Name: "Noon"},
			{Start: 0.75, IsNight: 1, Name: "Dusk"},
		},
		DaysOfWeek: []string{"Firstday", "Seconday", "Thirday", "Fourthday", "Fifthday", "Restday"},
		Seasons: []dat.Season{
			{StartDay: 0, Name: "Spring"}, {StartDay: 90, Name: "Summer"},
			{StartDay: 180, Name: "Autumn"}, {StartDay: 270, Name: "Winter"},
		},
	}
}

// sky is one day group (so the reader's Sky-skipping path runs) with one sky
// object and two keyframes, one of which replaces an object.
func sky() *dat.SkyDesc {
	return &dat.SkyDesc{TickSize: 0.8, LightTickSize: 15, DayGroups: []dat.DayGroup{{
		ChanceOfOccur: 1, Name: "Clear",
		SkyObjects: []dat.SkyObject{{BeginTime: 0, EndTime: 1, BeginAngle: 0, EndAngle: 360,
			DefaultGfxObject: 0x01000001, Properties: 1}},
		SkyTimes: []dat.SkyTimeOfDay{
			{Begin: 0, DirBright: 0.2, DirHeading: 0, DirPitch: 30, DirColor: 0xFF404060, AmbBright: 0.3,
				AmbColor: 0xFF303050, MinWorldFog: 50, MaxWorldFog: 300, WorldFogColor: 0xFF101020, Replaces: []dat.SkyObjectReplace{}},
			{Begin: 0.5, DirBright: 1, DirHeading: 180, DirPitch: 70, DirColor: 0xFFFFF0E0, AmbBright: 0.6,
				AmbColor: 0xFFC0C0D0, MinWorldFog: 300, MaxWorldFog: 1200, WorldFogColor: 0xFFB0C0D8,
				Replaces: []dat.SkyObjectReplace{{ObjectIndex: 0, GfxObjID: 0x01000002, Rotate: 0, Transparent: 0.5, Luminosity: 1, MaxBright: 1}}},
		},
	}}}
}
