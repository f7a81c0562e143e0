package game

import (
	"reflect"
	"testing"

	"soundworld/explorer/audition"
	"soundworld/explorer/clock"
)

// Auditioning never touches the Sim. The same scripted
// session (a walk, a stinger) runs twice on a scripted device, the second
// time with auditions started, restarted and stopped between Updates (solo
// and not, at a distance and flat). The Sim's input record and its state
// (the Snapshot: voices, pool cursor, drops, listener, instances) must be
// identical (the Sim runs on fixed steps, so the only difference between
// the runs is the auditions); what the device played must differ (the auditions were heard,
// so the check is not vacuous).
func TestAudition_NeverTouchesTheSim(t *testing.T) {
	run := func(audit bool) (*Game, []float32) {
		g, dev, read, _, heard := scriptedGameHeard(t)
		dev.Anchor("session", 0, 1)
		h := newSoundsHost(g)
		lis := g.sim.Listener()
		for i := range 120 {
			if audit {
				switch i {
				case 10:
					mustAudition(t, h, 0x0A000023, audition.LevelAt(1, audition.Placement{Dist: 10, Bearing: 90}), false)
				case 40:
					mustAudition(t, h, 0x0A000031, audition.LevelAt(1, audition.Placement{Flat: true}), true)
				case 70:
					h.StopAudition()
				case 80:
					mustAudition(t, h, 0x0A000050, audition.LevelAt(0.5, audition.Placement{Dist: 3}), true)
				}
			}
			if i == 30 {
				g.sim.WalkTo(lis.Pos.X+20, lis.Pos.Y+5, 45, g.rooms)
			}
			if i == 50 {
				g.sim.PlayStinger(g.stingerTbl, 0x76)
			}
			read(0.02) // the Sim on fixed steps: the live clock's warm-up runs on the wall clock
			g.snap = g.sim.Tick(clock.Step)
			g.pushStarts()
		}
		return g, *heard
	}
	plain, heardPlain := run(false)
	aud, heardAud := run(true)
	if !reflect.DeepEqual(plain.sim.Inputs(), aud.sim.Inputs()) {
		t.Errorf("input record differs with auditions:\n%+v\n%+v", plain.sim.Inputs(), aud.sim.Inputs())
	}
	if plain.sim.Now() != aud.sim.Now() || !reflect.DeepEqual(plain.snap, aud.snap) {
		t.Errorf("Sim state differs with auditions: at %v s vs %v s", plain.sim.Now(), aud.sim.Now())
	}
	if plain.sim.Inputs().Inputs.Len() == 0 {
		t.Error("the session recorded no inputs; want the walk and the stinger")
	}
	if reflect.DeepEqual(heardPlain, heardAud) {
		t.Error("the device played the same with and without auditions; want them heard")
	}
}

func mustAudition(t *testing.T, h soundsHost, wave uint32, l audition.Level, solo bool) {
	t.Helper()
	why, err := h.Audition(wave, l, solo)
	if err != nil || why != "" {
		t.Fatalf("audition 0x%08X: %q, %v", wave, why, err)
	}
}
