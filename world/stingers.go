package world

import "soundworld/audio"

// EnvironsStinger is one environs stinger (U1): the SoundType played with
// PlaySoundFromCenter through the UI sound table, its name in retail's
// SoundType enum (= ACE's Sound enum), and the server's AdminEnvirons option
// code that asks for it — a different number space (ACE EnvironChangeType).
type EnvironsStinger struct {
	SType    uint32
	Name     string
	Environs uint32
}

// EnvironsStingers lists the 21 stingers in SoundType order, UI_Roar 0x76 …
// UI_Thunder6 0x8A (U1). The AdminEnvirons codes skip 0x73 and 0x74.
func EnvironsStingers() []EnvironsStinger {
	return []EnvironsStinger{
		{0x76, "UI_Roar", 0x65},
		{0x77, "UI_Bell", 0x66},
		{0x78, "UI_Chant1", 0x67},
		{0x79, "UI_Chant2", 0x68},
		{0x7A, "UI_DarkWhispers1", 0x69},
		{0x7B, "UI_DarkWhispers2", 0x6A},
		{0x7C, "UI_DarkLaugh", 0x6B},
		{0x7D, "UI_DarkWind", 0x6C},
		{0x7E, "UI_DarkSpeech", 0x6D},
		{0x7F, "UI_Drums", 0x6E},
		{0x80, "UI_GhostSpeak", 0x6F},
		{0x81, "UI_Breathing", 0x70},
		{0x82, "UI_Howl", 0x71},
		{0x83, "UI_LostSouls", 0x72},
		{0x84, "UI_Squeal", 0x75},
		{0x85, "UI_Thunder1", 0x76},
		{0x86, "UI_Thunder2", 0x77},
		{0x87, "UI_Thunder3", 0x78},
		{0x88, "UI_Thunder4", 0x79},
		{0x89, "UI_Thunder5", 0x7A},
		{0x8A, "UI_Thunder6", 0x7B},
	}
}

// PlayStinger plays an environs stinger from the centre now (the Stingers
// panel) and logs the decision like every other play.
func (s *Sim) PlayStinger(table, stype uint32) audio.Play {
	s.note(Input{Kind: InStinger, Table: table, SType: stype})
	p := s.mgr.PlayStinger(s.now, table, stype)
	s.record(p, s.lis.Pos)
	return p
}
