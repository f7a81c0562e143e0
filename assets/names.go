package assets

// names.go: what the stand-in's records are, in words a designer recognises
// ("forge", "windmill creak", "inn cellar"). The stand-in reuses retail
// SoundType numbers for sounds of its own (the forge's hammer is SoundType
// 0x69, Lockpicking in §5.1): a name looked up by SoundType alone would call
// the hammer "Lockpicking", so the stand-in's sounds are named by (sound
// table, SoundType) here, and the name lookup (package names) prefers these
// for stand-in data. Authored here; not retail data.

import "sync"

// StandInNames are the stand-in's names for its ids and its sounds.
type StandInNames struct {
	IDs    map[uint32]string    // Setup, GfxObj, wave, sound table, EnvCell → name
	Sounds map[[2]uint32]string // (sound table, SoundType) → the sound's name
}

// standInSounds names each (table, SoundType) of holtburg/sound.txt by
// what its waves are.
var standInSounds = map[[2]uint32]string{
	{0x20000001, 0x46}:        "meadow wind",
	{0x20000001, 0x47}:        "meadow birds",
	{0x20000002, 0x48}:        "forest leaves",
	{0x20000002, 0x47}:        "forest birds",
	{0x20000002, 0x49}:        "woodpecker",
	{0x20000003, 0x4E}:        "brook",
	{0x20000003, 0x4A}:        "stream splash",
	{0x20000004, 0x4B}:        "pond lapping",
	{0x20000004, 0x4C}:        "frogs",
	{0x20000004, 0x4A}:        "pond splash",
	{0x20000005, 0x4D}:        "town murmur",
	{0x20000005, 0x49}:        "dog bark",
	{0x20000006, 0x46}:        "rock gusts",
	{MissingTable, 0x4C}:      "marsh frogs",
	{ForgeTable, HammerSType}: "forge hammer",
	{ForgeTable, ThumpSType}:  "forge quench",
}

// standInIDs names the stand-in's records beyond its waves (named in
// sound.txt) and landmark models (Landmarks).
var standInIDs = map[uint32]string{
	ForgeSetup:     "forge",
	ForgeAnim:      "forge hammer loop",
	ForgeTable:     "forge sound table",
	UITable:        "environs stingers table",
	MissingTable:   "marsh sound table (missing)",
	WindmillSetup:  "windmill",
	WindmillAnim:   "windmill sails",
	FountainSetup:  "fountain",
	FountainAnim:   "fountain flow",
	FountainScript: "fountain start-up splash",
	CreakWave:      "windmill creak",
	ChimeSetup:     "wind chime",
	ChimeAnim:      "wind chime sway",
	ChimeWave:      "wind chime ring",
	HearthSetup:    "inn hearth",
	HearthAnim:     "hearth fire",
	CrackleWave:    "hearth crackle",
	bushSetup:      "bush",
	rockSetup:      "rock",
	treeSetup:      "tree",
	reedsSetup:     "reeds",
	barrelSetup:    "barrel",
}

var standInNames struct {
	once  sync.Once
	names StandInNames
}

// Names are the stand-in's names (built once from the committed
// description; a description that does not parse leaves its waves unnamed,
// and StandIn reports that error).
func Names() StandInNames {
	standInNames.once.Do(func() {
		n := StandInNames{IDs: map[uint32]string{}, Sounds: standInSounds}
		for id, s := range standInIDs {
			n.IDs[id] = s
		}
		for _, l := range Landmarks {
			n.IDs[l.Model] = l.Name
		}
		for _, r := range Rooms {
			n.IDs[r.Cell] = r.Name
		}
		if d, _, err := Holtburg(); err == nil {
			for _, w := range d.Waves {
				n.IDs[w.ID] = w.Name
			}
			for _, s := range d.Descs {
				if _, ok := n.IDs[s.Table]; !ok {
					n.IDs[s.Table] = s.Name + " sound table"
				}
			}
		}
		standInNames.names = n
	})
	return standInNames.names
}
