package ui

import (
	"fmt"

	"soundworld/audio"
)

// STypeName names a SoundType (dat-format §5.1) for the ones the panels show:
// ambients, the waterfall, the UI/environs range and a few common ones.
func STypeName(t uint32) string {
	switch {
	case t >= 0x46 && t <= 0x4D:
		return fmt.Sprintf("Ambient%d", t-0x45)
	case t == 0x4E:
		return "Waterfall"
	case int(t-0x65) < len(uiNames) && t >= 0x65:
		return uiNames[t-0x65]
	case t >= 0x85 && t <= 0x8A:
		return fmt.Sprintf("UI_Thunder%d", t-0x84)
	case t == 0x21:
		return "Thump1"
	case t == 0x22:
		return "Smash1"
	case t == 0x42:
		return "Open"
	case t == 0x43:
		return "Close"
	}
	return fmt.Sprintf("0x%02X", t)
}

var uiNames = []string{
	"BreatheFrost", "BreatheLightning", "Create", "Destroy", "Lockpicking",
	"UI_EnterPortal", "UI_ExitPortal", "UI_GeneralQuery", "UI_GeneralError",
	"UI_TransientMessage", "UI_IconPickUp", "UI_IconSuccessfulDrop",
	"UI_IconInvalid_Drop", "UI_ButtonPress", "UI_GrabSlider", "UI_ReleaseSlider",
	"UI_NewTargetSelected", "UI_Roar", "UI_Bell", "UI_Chant1", "UI_Chant2",
	"UI_DarkWhispers1", "UI_DarkWhispers2", "UI_DarkLaugh", "UI_DarkWind",
	"UI_DarkSpeech", "UI_Drums", "UI_GhostSpeak", "UI_Breathing", "UI_Howl",
	"UI_LostSouls", "UI_Squeal",
}

// SourceName is a short name of a play's caller.
func SourceName(s uint8) string {
	switch s {
	case 0:
		return "bed"
	case 1:
		return "shot"
	case 2:
		return "emit"
	case 3:
		return "sting"
	case 4:
		return "obj"
	}
	return "?"
}

// SourceLong is a play's caller in words.
func SourceLong(s audio.Source) string {
	switch s {
	case audio.SourceBed:
		return "bed"
	case audio.SourceOneShot:
		return "one-shot"
	case audio.SourceEmitter:
		return "emitter"
	case audio.SourceStinger:
		return "stinger"
	case audio.SourceObject:
		return "object (from the data)"
	}
	return "?"
}
