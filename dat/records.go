package dat

// This file holds the record types every other package consumes. Their shape is
// a contract between packages: change it only together with all users.
// Formats: ../shared/spec/dat-format.md §3.

// Well-known ids.
const (
	RegionID       uint32 = 0x13000000 // Dereth, the only region in end-of-retail data
	IterationID    uint32 = 0xFFFF0001 // the iteration record present in each dat
	LandBlockLow   uint32 = 0xFFFF     // low 16 bits of a LandBlock id
	LandBlockInfoL uint32 = 0xFFFE     // low 16 bits of a LandBlockInfo id
	NoIndex        uint32 = 0xFFFFFFFF // "none" sentinel in scene/stb index lists
)

// Data sets (header data_set field).
const (
	DataSetPortal uint32 = 1
	DataSetCell   uint32 = 2
)

// LandBlockID returns the cell-dat id 0xXXYYFFFF of landblock (x, y).
func LandBlockID(x, y uint8) uint32 { return uint32(x)<<24 | uint32(y)<<16 | LandBlockLow }

// Region is record 0x13000000 (§3.1).
type Region struct {
	ID        uint32
	Number    uint32
	Version   uint32 // must be 3
	Name      string
	LandDefs  LandDefs
	GameTime  GameTime
	PartsMask uint32
	Sky       *SkyDesc    // present iff PartsMask&0x10
	Sound     *SoundInfo  // present iff PartsMask&0x01
	Scene     *SceneInfo  // present iff PartsMask&0x02
	Terrain   TerrainInfo // always present
	Misc      *RegionMisc // present iff PartsMask&0x200
}

// LandDefs is the region's 1056-byte land definition block.
type LandDefs struct {
	NumBlockLength int32
	NumBlockWidth  int32
	SquareLength   float32 // m, 24
	LBlockLength   int32   // cells per landblock side, 8
	VertexPerCell  int32
	MaxObjHeight   float32
	SkyHeight      float32
	RoadWidth      float32
	HeightTable    [256]float32 // height byte → metres
}

// GameTime is the region's calendar.
type GameTime struct {
	ZeroTimeOfYear float64
	ZeroYear       uint32
	DayLength      float32 // s
	DaysPerYear    uint32
	YearSpec       string
	TimesOfDay     []TimeOfDay
	DaysOfWeek     []string
	Seasons        []Season
}

// TimeOfDay is one named part of the day.
type TimeOfDay struct {
	Start   float32 // day fraction
	IsNight uint32
	Name    string
}

// Season starts on a day of the year.
type Season struct {
	StartDay uint32
	Name     string
}

// SkyDesc is parsed so it can be skipped exactly and written back.
type SkyDesc struct {
	TickSize      float64
	LightTickSize float64
	DayGroups     []DayGroup
}

// DayGroup is one sky variant.
type DayGroup struct {
	ChanceOfOccur float32
	Name          string
	SkyObjects    []SkyObject
	SkyTimes      []SkyTimeOfDay
}

// SkyObject is a 36-byte sky object.
type SkyObject struct {
	BeginTime, EndTime, BeginAngle, EndAngle, TexVelocityX, TexVelocityY float32
	DefaultGfxObject, DefaultPesObject, Properties                       uint32
}

// SkyTimeOfDay is a 44-byte keyframe plus its replacements.
type SkyTimeOfDay struct {
	Begin, DirBright, DirHeading, DirPitch float32
	DirColor                               uint32
	AmbBright                              float32
	AmbColor                               uint32
	MinWorldFog, MaxWorldFog               float32
	WorldFogColor                          uint32
	WorldFog                               uint32
	Replaces                               []SkyObjectReplace
}

// SkyObjectReplace is 24 bytes.
type SkyObjectReplace struct {
	ObjectIndex, GfxObjID                      uint32
	Rotate, Transparent, Luminosity, MaxBright float32
}

// SoundInfo is the region's ambient authoring (SoundDesc): a list of AmbientSTBDesc.
type SoundInfo struct {
	STBDescs []AmbientSTBDesc
}

// AmbientSTBDesc names one sound table and the ambient sounds drawn from it.
type AmbientSTBDesc struct {
	STBID  uint32 // SoundTable DID 0x20xxxxxx
	Sounds []AmbientSoundDesc
}

// AmbientSoundDesc is one authored ambient sound (20 bytes).
type AmbientSoundDesc struct {
	SType      uint32  // SoundType (§5.1), normally Ambient1..8 / Waterfall
	Volume     float32 // linear
	BaseChance float32 // 0 ⇒ continuous
	MinRate    float32 // s
	MaxRate    float32 // s
}

// IsContinuous reports base_chance == 0 (derived at load time in retail; rule A5).
func (d AmbientSoundDesc) IsContinuous() bool { return d.BaseChance == 0 }

// SceneInfo is the region's SceneDesc: scene types with their ambient index.
type SceneInfo struct {
	SceneTypes []SceneType
}

// SceneType indexes SoundInfo.STBDescs (NoIndex = none) and lists Scene DIDs.
type SceneType struct {
	StbIndex uint32
	Scenes   []uint32
}

// TerrainInfo is the region's TerrainDesc.
type TerrainInfo struct {
	TerrainTypes []TerrainType // index = terrain type code (§5.2)
	LandSurf     LandSurf
}

// TerrainType names a terrain code, its map colour and its scene-type indices.
type TerrainType struct {
	Name       string
	Color      uint32   // 0xAARRGGBB
	SceneTypes []uint32 // indices into SceneInfo.SceneTypes, by scene ordinal
}

// LandSurf is the TexMerge surface description (kind 0). Kept for round trips.
type LandSurf struct {
	Kind         uint32 // 0 = TexMerge
	BaseTexSize  uint32
	CornerMaps   []AlphaMap
	SideMaps     []AlphaMap
	RoadMaps     []AlphaMap
	TerrainTexes []TMTerrainDesc
}

// AlphaMap is a (code, texture DID) pair.
type AlphaMap struct{ Code, TexID uint32 }

// TMTerrainDesc is 44 bytes: terrain type and 10 u32 of TerrainTex.
type TMTerrainDesc struct {
	TerrainType uint32
	Tex         [10]uint32
}

// RegionMisc is 24 bytes.
type RegionMisc struct {
	Version, GameMapID, AutotestMapID, AutotestMapSize, ClearCellID, ClearMonsterID uint32
}

// SoundTable is record 0x20xxxxxx (§3.2), kept as the recursive node plus the
// flattened view callers need.
type SoundTable struct {
	ID     uint32
	Root   SoundNode
	Sounds map[uint32][]SoundData // SoundType → variants, from Root's direct children
}

// SoundNode is one node of the recursive sound-table tree.
type SoundNode struct {
	Key      uint32 // SoundType for children of the root
	Data     []SoundData
	Children []SoundNode
}

// SoundData is one variant (16 bytes).
type SoundData struct {
	WaveID      uint32  // 0x0Axxxxxx
	Priority    float32 // voice stealing only (P3, P5)
	Probability float32 // T2 gate
	Volume      float32 // linear
}

// Wave is record 0x0Axxxxxx (§3.3): a WAVEFORMATEX and the codec payload.
type Wave struct {
	ID     uint32
	Format WaveFormat
	Header []byte // the raw header_size bytes (WAVEFORMATEX incl. any extra)
	Data   []byte
}

// WaveFormat is the decoded leading part of WAVEFORMATEX.
type WaveFormat struct {
	Tag            uint16 // 0x0001 PCM, 0x0055 MPEG Layer-3
	Channels       uint16
	SamplesPerSec  uint32 // Hz
	AvgBytesPerSec uint32
	BlockAlign     uint16
	BitsPerSample  uint16
}

// Wave format tags.
const (
	WaveTagPCM uint16 = 0x0001
	WaveTagMP3 uint16 = 0x0055
)

// LandBlock is record 0xXXYYFFFF (§3.4). Index i = x*9 + y, x west→east, y south→north.
type LandBlock struct {
	ID         uint32
	HasObjects uint32
	Terrain    [81]uint16
	Height     [81]uint8
}

// LandBlockInfo is record 0xXXYYFFFE (§3.5).
type LandBlockInfo struct {
	ID           uint32
	NumCells     uint32
	Objects      []Stab
	Buildings    []BuildInfo
	PackMask     uint16
	Restrictions []RestrictionEntry // present iff PackMask&1
}

// Frame is an origin (m, landblock-local) and a quaternion (w first).
type Frame struct {
	X, Y, Z        float32
	QW, QX, QY, QZ float32
}

// Stab is a placed static object.
type Stab struct {
	ID    uint32
	Frame Frame
}

// BuildInfo is a placed building.
type BuildInfo struct {
	ModelID   uint32
	Frame     Frame
	NumLeaves uint32
	Portals   []BldPortal
}

// BldPortal is a building portal.
type BldPortal struct {
	Flags, OtherCellID, OtherPortalID uint16
	Stabs                             []uint16
}

// RestrictionEntry is one (key, value) of the restriction table.
type RestrictionEntry struct{ Key, Value uint32 }

// Setup carries only what this tool needs of record 0x02xxxxxx (§3.7): its
// five default ids (E3: CPhysicsObj::InitDefaults reads them when an object
// is created).
type Setup struct {
	ID                 uint32
	DefaultAnimation   uint32 // 0 or 0x03xxxxxx: looped at 30 frames a second on a static (E3)
	DefaultScript      uint32 // 0 or 0x33xxxxxx: played once at creation (E3)
	DefaultMotionTable uint32 // 0 or 0x09xxxxxx (creatures; not modelled)
	DefaultSoundTable  uint32 // 0 or 0x20xxxxxx: the object's sound table
	DefaultScriptTable uint32 // 0 or 0x34xxxxxx (not modelled)
}
