package assets

import (
	"testing"

	"soundworld/dat"
)

// TestE3_StandInObjects reads the stand-in's object records back through the
// dat parsers: the forge Setup names its table and hammer loop, whose hook
// frames are ForgeHammerFrames (SoundType 0x69) and ForgeThumpFrame; the
// windmill creaks through SoundHooks; the fountain's looping animation
// splashes through SoundTweakedHooks (a default script runs once per
// creation, E3: its start-up script alone would fall silent); all three
// stand in 0xA9B4's LandBlockInfo.
func TestE3_StandInObjects(t *testing.T) {
	a, err := StandIn()
	if err != nil {
		t.Fatal(err)
	}
	s, err := a.Setup(ForgeSetup)
	if err != nil || s.DefaultSoundTable != ForgeTable || s.DefaultAnimation != ForgeAnim {
		t.Fatalf("forge setup: %+v %v", s, err)
	}
	an, err := a.Animation(ForgeAnim)
	if err != nil {
		t.Fatal(err)
	}
	var hammer []int
	for i, f := range an.Frames {
		for _, h := range f.Hooks {
			if h.Type == dat.HookSoundTable && h.SType == HammerSType {
				hammer = append(hammer, i)
			}
		}
	}
	if len(hammer) != 2 || hammer[0] != ForgeHammerFrames[0] || hammer[1] != ForgeHammerFrames[1] || len(an.Frames) != forgeFrames {
		t.Errorf("forge hammer frames %v of %d, want %v of %d", hammer, len(an.Frames), ForgeHammerFrames, forgeFrames)
	}
	if len(an.Frames[len(an.Frames)-1].Hooks) != 0 {
		t.Error("a hook on the last frame never runs (E3)")
	}
	m, err := a.Animation(WindmillAnim)
	if err != nil || len(m.Frames[WindmillCreakFrames[0]].Hooks) != 1 || m.Frames[WindmillCreakFrames[0]].Hooks[0].Wave != CreakWave {
		t.Fatalf("windmill: %v", err)
	}
	if w, err := a.Wave(CreakWave); err != nil || len(w.Data) == 0 {
		t.Fatalf("creak wave: %v", err)
	}
	fs, err := a.Setup(FountainSetup)
	if err != nil || fs.DefaultAnimation != FountainAnim || fs.DefaultScript != FountainScript {
		t.Fatalf("fountain setup: %+v %v (want its sound on a looping animation)", fs, err)
	}
	fa, err := a.Animation(FountainAnim)
	if err != nil || len(fa.Frames) != 120 {
		t.Fatalf("fountain animation: %v", err)
	}
	if sc, err := a.PhysicsScript(FountainScript); err != nil || len(sc.Entries) != 2 {
		t.Fatalf("fountain script: %+v %v", sc, err)
	}
	for _, f := range []int{FountainSplashAFrame, FountainSplashBFrame} {
		if h := fa.Frames[f].Hooks; len(h) != 1 || h[0].Type != dat.HookSoundTweaked {
			t.Errorf("fountain frame %d: hooks %+v, want one SoundTweakedHook", f, h)
		}
	}
	info, err := a.LandBlockInfo(0xA9B4FFFE)
	if err != nil {
		t.Fatal(err)
	}
	found := map[uint32]bool{}
	for _, o := range info.Objects {
		found[o.ID] = true
	}
	for _, id := range []uint32{ForgeSetup, WindmillSetup, FountainSetup} {
		if !found[id] {
			t.Errorf("setup 0x%08X not placed in 0xA9B4", id)
		}
	}
}
