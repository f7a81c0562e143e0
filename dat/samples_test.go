package dat

// Sample records shared by the tests, fuzz seeds and benchmarks. Values are
// chosen by hand (Dereth's where the spec gives them), not taken from code output.

import "soundworld/internal/spectest"

func sampleRegion() *Region {
	g := &Region{
		ID: RegionID, Number: 1, Version: 3, Name: "Dereth",
		LandDefs: LandDefs{NumBlockLength: 255, NumBlockWidth: 255, SquareLength: 24, LBlockLength: 8,
			VertexPerCell: 1, MaxObjHeight: 200, SkyHeight: 1000, RoadWidth: 5},
		GameTime: GameTime{ZeroTimeOfYear: 3600, ZeroYear: 10, DayLength: 7620, DaysPerYear: 360, YearSpec: "P.Y.",
			TimesOfDay: []TimeOfDay{{0, 1, "Darktide"}, {0.25, 0, "Dawnsong"}, {0.5, 0, "Midsong"}},
			DaysOfWeek: []string{"Morningthaw", "Solclaim", "Café"},
			Seasons:    []Season{{0, "Snowreap"}, {90, "Coldeve"}}},
		PartsMask: 0x21F,
		Sky: &SkyDesc{TickSize: 0.8, LightTickSize: 15, DayGroups: []DayGroup{{
			ChanceOfOccur: 0.5, Name: "Sunny",
			SkyObjects: []SkyObject{{BeginTime: 0.1, EndTime: 0.9, DefaultGfxObject: 0x01001234, Properties: 4}},
			SkyTimes: []SkyTimeOfDay{{Begin: 0.25, DirColor: 0xFFFFEEDD, WorldFog: 1,
				Replaces: []SkyObjectReplace{{ObjectIndex: 0, GfxObjID: 0x01005678, Rotate: 1, MaxBright: 0.5}}}},
		}}},
		Sound: &SoundInfo{STBDescs: []AmbientSTBDesc{
			{STBID: 0x20000010, Sounds: []AmbientSoundDesc{{0x46, 0.5, 0, 10, 20}, {0x47, 0.3, 0.2, 5, 15}}},
			{STBID: 0x20000011, Sounds: []AmbientSoundDesc{}},
		}},
		Scene: &SceneInfo{SceneTypes: []SceneType{{StbIndex: 0, Scenes: []uint32{0x12000001, 0x12000002}}, {StbIndex: NoIndex, Scenes: []uint32{}}}},
		Terrain: TerrainInfo{
			TerrainTypes: []TerrainType{{Name: "BarrenRock", Color: 0xFF808080, SceneTypes: []uint32{1}}, {Name: "Grassland", Color: 0xFF00A000, SceneTypes: []uint32{0, 1}}},
			LandSurf: LandSurf{BaseTexSize: 512, CornerMaps: []AlphaMap{{8, 0x05000001}}, SideMaps: []AlphaMap{{9, 0x05000002}},
				RoadMaps: []AlphaMap{{5, 0x05000003}}, TerrainTexes: []TMTerrainDesc{{TerrainType: 1, Tex: [10]uint32{0x05001111, 4, 1, 0, 1, 0, 1, 0, 8, 0x05002222}}}},
		},
		Misc: &RegionMisc{1, 0x0600127D, 0x06000261, 4, 0x01000FDE, 0x01001612},
	}
	for i := range g.LandDefs.HeightTable {
		g.LandDefs.HeightTable[i] = spectest.DerethHeight(i)
	}
	return g
}

func sampleSoundTable() *SoundTable {
	return &SoundTable{ID: 0x200000A8, Sounds: map[uint32][]SoundData{
		0x1F: {{0x0A000519, 0.5, 1, 0.8}, {0x0A00051E, 0.5, 1, 0.7}},
		0x58: {{0x0A000262, 0.7, 1, 1}},
	}}
}

func sampleWave() *Wave {
	data := make([]byte, 100)
	for i := range data {
		data[i] = byte(i * 7)
	}
	return &Wave{ID: 0x0A000002, Format: WaveFormat{Tag: WaveTagPCM, Channels: 1, SamplesPerSec: 22050, AvgBytesPerSec: 44100, BlockAlign: 2, BitsPerSample: 16}, Data: data}
}

func sampleLandBlock(x, y uint8) *LandBlock {
	l := &LandBlock{ID: LandBlockID(x, y), HasObjects: 1}
	for i := range l.Terrain {
		l.Terrain[i] = uint16(i%32)<<11 | uint16(i%22)<<2 | uint16(i%4)
		l.Height[i] = uint8(i * 3)
	}
	return l
}

func sampleLandBlockInfo() *LandBlockInfo {
	return &LandBlockInfo{
		ID: 0xA9B4FFFE, NumCells: 5,
		Objects: []Stab{{0x02000123, Frame{84, 7.1, 94, 1, 0, 0, 0}}},
		Buildings: []BuildInfo{{ModelID: 0x010011A9, Frame: Frame{174.003, 17.634, 70, 0.392739, 0, 0, -0.91965}, NumLeaves: 127,
			Portals: []BldPortal{{Flags: 3, OtherCellID: 0x104, OtherPortalID: 1, Stabs: []uint16{0x100, 0x101, 0x102}}}}},
		PackMask:     1,
		Restrictions: []RestrictionEntry{{0, 0x7526200C}},
	}
}
