package ui

import (
	"strings"
	"testing"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/names"
)

// A SoundHook voice (E3: an object's wave played directly, no table, no
// SoundType) is named by its wave in the Voices panel's row, its why line
// and tooltip, the timeline and the Events list — not "0x00". A
// SoundTableHook voice keeps its SoundType's name.
func TestVoices_SoundHookVoiceNamesItsWave(t *testing.T) {
	hook := audio.Voice{Busy: true, Source: audio.SourceObject, Wave: 0x0A000051}
	if got, want := voiceRowName(nil, "  ", 4, hook), "   4 wave 0x0A000051 object (from the data)"; got != want {
		t.Errorf("row %q, want %q", got, want)
	}
	for name, s := range map[string]string{"why": VoiceName(nil, hook), "tooltip": voiceTip(nil, hook)} {
		if !strings.HasPrefix(s, "wave 0x0A000051 object") || strings.Contains(s, "0x00 ") {
			t.Errorf("%s: %q, want it to start with the wave", name, s)
		}
	}
	table := audio.Voice{Busy: true, Source: audio.SourceObject, Table: 0x20000010, SType: 0x21, Wave: 0x0A000030}
	if got := voiceRowName(nil, "> ", 0, table); got != ">  0 Thump1 object (from the data)" {
		t.Errorf("SoundTableHook row %q, want its SoundType Thump1", got)
	}
	row := RowText(nil, audio.Play{Time: 1, Source: audio.SourceObject, Wave: 0x0A000051, Slot: 3, DB: -20, Outcome: audio.OutcomeStart})
	if !strings.Contains(row, "w0A000051") || strings.Contains(row, " 0x00 ") {
		t.Errorf("event row %q, want the wave w0A000051", row)
	}
}

// On the stand-in a voice is named by the stand-in's own name for its sound,
// not the retail SoundType it reuses (0x21 is §5.1's Thump1, 0x69
// Lockpicking); the SoundType stays on hover.
func TestVoices_StandInSoundsByTheirOwnNames(t *testing.T) {
	b := names.New(nil, true, nil)
	quench := audio.Voice{Busy: true, Source: audio.SourceObject, Table: assets.ForgeTable, SType: 0x21, Wave: 0x0A000023}
	if got, want := voiceRowName(b, "  ", 8, quench), "   8 forge quench object (from the data)"; got != want {
		t.Errorf("row %q, want %q", got, want)
	}
	hammer := audio.Voice{Busy: true, Source: audio.SourceObject, Table: assets.ForgeTable, SType: 0x69, Wave: 0x0A000020}
	if got := voiceTip(b, hammer); !strings.HasPrefix(got, "forge hammer (0x69) object") {
		t.Errorf("tooltip %q, want the stand-in's name with the SoundType beside it", got)
	}
	creak := audio.Voice{Busy: true, Source: audio.SourceObject, Wave: assets.CreakWave}
	if got := voiceRowName(b, "  ", 9, creak); !strings.Contains(got, "windmill creak") {
		t.Errorf("row %q, want the creak's name", got)
	}
}
