package bigworld

// region.go: the generated world's Region 0x13000000 — the real one's shape
// (LandDefs with the real height table; a calendar of 16 times of day, 6
// weekdays, 12 seasons; 20 sky day groups of 7/17/19 objects and 11/13
// keyframes; 32 terrain types; 89 scene types; 33 TMTerrainDescs; RegionMisc)
// with authored, made-up content — and the ambient authoring: 24 STB descs over
// sound tables of 6–10 sound types with 1–4 variants each.

import (
	"fmt"

	"soundworld/assets"
	"soundworld/dat"
)

// SoundType codes used by the ambient authoring (dat-format §5.1).
const (
	amb1 uint32 = 0x46 + iota // Ambient1
	amb2
	amb3
	amb4
	amb5
	amb6
	amb7
	amb8
	waterfall // 0x4E
)

// desc is one authored ambient set.
type desc struct {
	name   string
	sounds []dat.AmbientSoundDesc
}

func bed(st uint32, vol, rate float32) dat.AmbientSoundDesc {
	return dat.AmbientSoundDesc{SType: st, Volume: vol, BaseChance: 0, MinRate: rate, MaxRate: rate}
}

func shot(st uint32, vol, chance, lo, hi float32) dat.AmbientSoundDesc {
	return dat.AmbientSoundDesc{SType: st, Volume: vol, BaseChance: chance, MinRate: lo, MaxRate: hi}
}

// descs are the ambient sets in SoundInfo order. Table of desc i is
// TableBase + i, except MissingDesc's (never written: rule A1).
var descs = []desc{
	{"meadow", []dat.AmbientSoundDesc{bed(amb1, 0.35, 3.5), shot(amb2, 0.5, 0.3, 4, 12), shot(amb3, 0.4, 0.08, 10, 30)}},
	{"meadow-evening", []dat.AmbientSoundDesc{bed(amb1, 0.3, 3.5), shot(amb4, 0.35, 0.2, 6, 18)}},
	{"grass-wind", []dat.AmbientSoundDesc{bed(amb5, 0.4, 4), shot(amb2, 0.3, 0.1, 8, 20)}},
	{"forest", []dat.AmbientSoundDesc{bed(amb3, 0.4, 3.6), shot(amb2, 0.45, 0.25, 3, 10), shot(amb4, 0.5, 0.1, 8, 30), shot(amb6, 0.4, 0.05, 15, 45)}},
	{"deep-forest", []dat.AmbientSoundDesc{bed(amb3, 0.5, 3.6), shot(amb7, 0.6, 0.2, 5, 25), shot(amb8, 0.3, 0.05, 20, 60)}},
	{"river", []dat.AmbientSoundDesc{bed(waterfall, 0.6, 3), shot(amb5, 0.3, 0.2, 5, 20)}},
	{"lake", []dat.AmbientSoundDesc{bed(amb6, 0.3, 4), shot(amb7, 0.5, 0.35, 2, 8), shot(amb5, 0.25, 0.05, 10, 40)}},
	{"shore", []dat.AmbientSoundDesc{bed(amb1, 0.5, 5), shot(amb2, 0.4, 0.2, 6, 20)}},
	{"open-sea", []dat.AmbientSoundDesc{bed(amb1, 0.6, 5)}},
	{"marsh", []dat.AmbientSoundDesc{bed(amb6, 0.35, 4), shot(amb7, 0.45, 0.4, 2, 6), shot(amb8, 0.3, 0.1, 5, 15)}},
	{"desert", []dat.AmbientSoundDesc{bed(amb1, 0.45, 4), shot(amb4, 0.3, 0.05, 15, 40)}},
	{"rocks", []dat.AmbientSoundDesc{bed(amb1, 0.45, 3.5), shot(amb5, 0.3, 0.08, 10, 30)}},
	{"mountain", []dat.AmbientSoundDesc{bed(amb2, 0.55, 4), shot(amb3, 0.4, 0.1, 12, 40)}},
	{"snow", []dat.AmbientSoundDesc{bed(amb2, 0.6, 4), shot(amb4, 0.2, 0.05, 20, 50)}},
	{"ice", []dat.AmbientSoundDesc{bed(amb3, 0.5, 4), shot(amb6, 0.35, 0.15, 6, 18)}},
	{"volcanic", []dat.AmbientSoundDesc{bed(amb4, 0.6, 3), shot(amb5, 0.5, 0.2, 4, 12)}},
	{"obsidian", []dat.AmbientSoundDesc{bed(amb4, 0.4, 3)}},
	{"farmland", []dat.AmbientSoundDesc{bed(amb1, 0.3, 3.5), shot(amb2, 0.4, 0.2, 4, 12), shot(amb8, 0.35, 0.1, 10, 30)}},
	{"road", []dat.AmbientSoundDesc{bed(amb8, 0.3, 4), shot(amb4, 0.3, 0.1, 10, 40)}},
	{"dirt", []dat.AmbientSoundDesc{bed(amb5, 0.35, 4)}},
	{"moss", []dat.AmbientSoundDesc{bed(amb3, 0.35, 3.6), shot(amb7, 0.4, 0.15, 4, 16)}},
	{"olthoi", []dat.AmbientSoundDesc{bed(amb7, 0.5, 3), shot(amb8, 0.6, 0.3, 2, 8)}},
	{"silent-table", []dat.AmbientSoundDesc{}},                       // A1: zero entries, real table: still adds weight
	{"missing", []dat.AmbientSoundDesc{shot(amb7, 0.4, 0.3, 3, 10)}}, // A1: table absent: adds no weight
}

// Ids of the generated records.
const (
	TableBase   uint32 = 0x20000100 // desc i's sound table is TableBase + i
	WaveBase    uint32 = 0x0A001000 // the wave pool
	NumWaves           = 160
	MissingDesc        = 23 // this desc's table is not in the portal dat
	SilentDesc         = 22 // this desc has no entries (but a real table)
	NumDescs           = 24
	NumScenes          = 89 // scene types, as in Dereth (ACE comment, dat-format §3.1)
)

// descIndex names → SoundInfo index.
func descIndex(name string) uint32 {
	if name == "-" {
		return dat.NoIndex
	}
	for i, d := range descs {
		if d.name == name {
			return uint32(i)
		}
	}
	panic("bigworld: unknown desc " + name) // the tables below are fixed; a test builds the region
}

// terrainScenes lists, per terrain type code (§5.2), the desc of each scene
// ordinal ("-" = a scene type with no ambient table). Every entry is its own
// scene type; extraScenes pad the list to Dereth's 89.
var terrainScenes = [32][]string{
	0:  {"rocks", "mountain", "-"},
	1:  {"meadow", "meadow-evening", "grass-wind", "farmland", "-", "meadow"},
	2:  {"ice", "snow"},
	3:  {"meadow", "farmland", "moss", "meadow"},
	4:  {"marsh", "missing", "lake"},
	5:  {"dirt", "marsh"},
	6:  {"obsidian", "volcanic"},
	7:  {"road", "dirt", "farmland"},
	8:  {"dirt", "road", "-"},
	9:  {"grass-wind", "meadow", "dirt"},
	10: {"shore", "desert", "silent-table"},
	11: {"shore", "rocks"},
	12: {"desert", "rocks"},
	13: {"rocks", "desert"},
	14: {"rocks", "mountain"},
	15: {"snow", "mountain"},
	16: {"river", "river", "lake"},
	17: {"lake", "lake"},
	18: {"shore", "open-sea"},
	19: {"shore", "open-sea"},
	20: {"open-sea", "-"},
	21: {"forest", "deep-forest", "forest", "meadow", "deep-forest"},
	22: {"river"},
	23: {"marsh"},
	24: {"dirt", "desert"},
	25: {"volcanic"},
	26: {"volcanic", "obsidian"},
	27: {"ice"},
	28: {"moss", "forest"},
	29: {"moss", "deep-forest"},
	30: {"olthoi"},
	31: {"desert", "olthoi", "-"},
}

// terrainNames and colours (0xAARRGGBB) of the 32 terrain codes (§5.2).
var terrainNames = [32]struct {
	name  string
	color uint32
}{
	{"BarrenRock", 0xFF7E7C78}, {"Grassland", 0xFF6B9B40}, {"Ice", 0xFFCDE5EF}, {"LushGrass", 0xFF3E9A34},
	{"MarshSparseSwamp", 0xFF5C7A48}, {"MudRichDirt", 0xFF6B5034}, {"ObsidianPlain", 0xFF2C2731}, {"PackedDirt", 0xFFA98C62},
	{"PatchyDirt", 0xFF9B8A5B}, {"PatchyGrassland", 0xFF89A052}, {"SandYellow", 0xFFD9C98F}, {"SandGrey", 0xFFB3ADA0},
	{"SandRockStrewn", 0xFFB8A67E}, {"SedimentaryRock", 0xFF9C8468}, {"SemiBarrenRock", 0xFF9A9282}, {"Snow", 0xFFF4F6F8},
	{"WaterRunning", 0xFF3F80D8}, {"WaterStandingFresh", 0xFF2C5DAE}, {"WaterShallowSea", 0xFF4A90C8}, {"WaterShallowStillSea", 0xFF4586BA},
	{"WaterDeepSea", 0xFF1D3E7A}, {"ForestFloor", 0xFF2C5A24}, {"FauxWaterRunning", 0xFF4F86C8}, {"SeaSlime", 0xFF4B6B3A},
	{"Argila", 0xFFB07650}, {"Volcano1", 0xFF4A2A22}, {"Volcano2", 0xFF5B2E1E}, {"BlueIce", 0xFFA7CFEB},
	{"Moss", 0xFF5F8040}, {"DarkMoss", 0xFF3B5530}, {"Olthoi", 0xFF6E5A3A}, {"DesolateLands", 0xFF7A6E5E},
}

// Region builds record 0x13000000 over the height table.
func Region(table [256]float32) *dat.Region {
	r := assets.DerethRegion(table, gameTime(), sky())
	for i, d := range descs {
		r.Sound.STBDescs = append(r.Sound.STBDescs, dat.AmbientSTBDesc{STBID: TableBase + uint32(i), Sounds: d.sounds})
	}
	scene := func(stb uint32) uint32 {
		k := uint32(len(r.Scene.SceneTypes))
		n := 1 + k%4 // 1–4 dummy Scene DIDs each
		var dids []uint32
		for j := range n {
			dids = append(dids, 0x12000000+k*4+j)
		}
		r.Scene.SceneTypes = append(r.Scene.SceneTypes, dat.SceneType{StbIndex: stb, Scenes: dids})
		return k
	}
	for code, names := range terrainScenes {
		tt := dat.TerrainType{Name: terrainNames[code].name, Color: terrainNames[code].color}
		for _, n := range names {
			tt.SceneTypes = append(tt.SceneTypes, scene(descIndex(n)))
		}
		r.Terrain.TerrainTypes = append(r.Terrain.TerrainTypes, tt)
	}
	// Pad to Dereth's 89 scene types with ones no terrain type names (real
	// regions carry unused scene types too).
	for i := 0; len(r.Scene.SceneTypes) < NumScenes; i++ {
		scene(uint32(i % NumDescs))
	}
	r.Terrain.LandSurf = landSurf()
	return r
}

// landSurf is a TexMerge block of Dereth's shape: 33 TMTerrainDescs (types
// 0..32), a few corner/side/road alpha maps; texture ids are dummies.
func landSurf() dat.LandSurf {
	s := dat.LandSurf{Kind: 0, BaseTexSize: 512}
	for i := range uint32(4) {
		s.CornerMaps = append(s.CornerMaps, dat.AlphaMap{Code: 8 << i, TexID: 0x05003000 + i})
		s.SideMaps = append(s.SideMaps, dat.AlphaMap{Code: 9 << i, TexID: 0x05003010 + i})
	}
	for i := range uint32(3) {
		s.RoadMaps = append(s.RoadMaps, dat.AlphaMap{Code: 5 << i, TexID: 0x05003020 + i})
	}
	for t := range uint32(33) {
		s.TerrainTexes = append(s.TerrainTexes, dat.TMTerrainDesc{TerrainType: t,
			Tex: [10]uint32{0x05003100 + t, 4, 1, 0, 1, 0, 1, 0, 8, 0x05003200 + t}})
	}
	return s
}

// gameTime has Dereth's constants and counts (16 times of day on 1/16 steps,
// the night ones at both ends; 6 weekdays; 12 seasons of 30 days) with
// made-up names.
func gameTime() dat.GameTime {
	g := dat.GameTime{ZeroTimeOfYear: 3600, ZeroYear: 10, DayLength: 7620, DaysPerYear: 360, YearSpec: "P.Y."}
	for i := range 16 {
		night := uint32(0)
		if i < 4 || i >= 14 {
			night = 1
		}
		g.TimesOfDay = append(g.TimesOfDay, dat.TimeOfDay{Start: float32(i) / 16, IsNight: night, Name: fmt.Sprintf("Hour%02d", i)})
	}
	for i := range 6 {
		g.DaysOfWeek = append(g.DaysOfWeek, fmt.Sprintf("Day%d", i+1))
	}
	for i := range 12 {
		g.Seasons = append(g.Seasons, dat.Season{StartDay: uint32(i * 30), Name: fmt.Sprintf("Season%d", i+1)})
	}
	return g
}

// sky has Dereth's shape: 20 day groups; rainy ones 19 (or 17) objects and
// 13 (or 11) keyframes of 5 replacements, the others 7 objects and 11
// keyframes of 3.
func sky() *dat.SkyDesc {
	s := &dat.SkyDesc{TickSize: 0.8, LightTickSize: 15}
	for g := range 20 {
		rainy := g == 3 || g == 7 || g == 9 || g >= 15
		objs, times, reps := 7, 11, 3
		if rainy {
			objs, times, reps = 19, 13, 5
			if g >= 18 {
				objs, times = 17, 11
			}
		}
		dg := dat.DayGroup{ChanceOfOccur: 5, Name: map[bool]string{true: "Rainy", false: "Sunny"}[rainy]}
		for o := range objs {
			dg.SkyObjects = append(dg.SkyObjects, dat.SkyObject{BeginTime: 0, EndTime: 1, EndAngle: 360,
				DefaultGfxObject: 0x01001000 + uint32(o), Properties: uint32(o % 3)})
		}
		for t := range times {
			k := dat.SkyTimeOfDay{Begin: float32(t) / float32(times), DirBright: 0.25 + 0.05*float32(t), DirHeading: 90,
				DirPitch: 0.9, DirColor: 0xFFDCDCDC, AmbBright: 0.4, AmbColor: 0xFFC864FF, MaxWorldFog: 400,
				WorldFogColor: 0xFF171728, WorldFog: 1}
			for r := range reps {
				k.Replaces = append(k.Replaces, dat.SkyObjectReplace{ObjectIndex: uint32(r * 3), Luminosity: 11, MaxBright: 11})
			}
			dg.SkyTimes = append(dg.SkyTimes, k)
		}
		s.DayGroups = append(s.DayGroups, dg)
	}
	return s
}

// SoundTables builds the ambient tables (every desc's but MissingDesc's):
// the desc's own sound types plus others up to 6–9 types, 1–4 variants
// each, waves drawn from the pool; root key 0 with one default SoundData.
func SoundTables() []*dat.SoundTable {
	var out []*dat.SoundTable
	for i, d := range descs {
		if i == MissingDesc {
			continue
		}
		id := TableBase + uint32(i)
		t := &dat.SoundTable{ID: id, Sounds: map[uint32][]dat.SoundData{},
			Root: dat.SoundNode{Data: []dat.SoundData{{WaveID: 0, Priority: 0, Probability: 1, Volume: 1}}}}
		want := 6 + int(hash2(int32(i), 1, 77)%4)
		types := map[uint32]bool{}
		for _, s := range d.sounds {
			types[s.SType] = true
		}
		for st := amb1; len(types) < want && st <= waterfall; st++ {
			if hash2(int32(i), int32(st), 78)%3 != 0 || st == waterfall {
				types[st] = true
			}
		}
		for st := amb1; len(types) < want; st++ {
			types[st] = true
		}
		for st := amb1; st <= waterfall; st++ { // ascending SoundType (dat-format §3.2)
			if !types[st] {
				continue
			}
			n := 1 + int(hash2(int32(i), int32(st), 79)%4)
			var v []dat.SoundData
			for k := range n {
				w := WaveBase + hash2(int32(i), int32(st*8)+int32(k), 80)%NumWaves
				v = append(v, dat.SoundData{WaveID: w, Priority: 0.2 + 0.1*float32(k%3), Probability: 1 - 0.1*float32(k), Volume: 0.9 - 0.05*float32(k)})
			}
			t.Sounds[st] = v
			t.Root.Children = append(t.Root.Children, dat.SoundNode{Key: st, Data: v})
		}
		out = append(out, t)
	}
	return out
}
