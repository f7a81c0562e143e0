package game

import (
	"strings"
	"testing"

	"soundworld/world"
)

// W6: the Jump box keeps landblock-local metres exactly, as render's -at
// does (7.1, not the float32 world metre's 7.1015625), and refuses what the
// command line refuses: 0xFFFF 191.999 0 rounds off the map in world metres.
func TestW6_JumpKeepsLocalMetres(t *testing.T) {
	g := newStandInGame(t)
	if err := hostOf(g).Jump("0xA9B4 84 7.1"); err != nil {
		t.Fatal(err)
	}
	if p := g.sim.Player(); p.Landblock != 0xA9B4 || p.X != 84 || p.Y != float32(7.1) {
		t.Errorf("jump 0xA9B4 84 7.1: player %+v, want landblock 0xA9B4 at (84, %v) exactly", p, float32(7.1))
	}
	before := g.sim.Player()
	err := hostOf(g).Jump("0xFFFF 191.999 0")
	if err == nil || !strings.Contains(err.Error(), "off the map") {
		t.Errorf("jump 0xFFFF 191.999 0: err %v, want the command line's \"rounds off the map\"", err)
	}
	if g.sim.Player() != before {
		t.Errorf("a refused jump moved the player to %+v", g.sim.Player())
	}
}

// W6: a Start with Place puts the player there exactly.
func TestW6_StartPlaceExact(t *testing.T) {
	g := newStandInGame(t)
	sp := world.HoltburgSpawn
	cfg := g.cfg
	cfg.Start = &Start{Place: &sp, Eye: 2}
	g2, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer g2.close()
	if p := g2.sim.Player(); p.Landblock != sp.Landblock || p.X != sp.X || p.Y != sp.Y {
		t.Errorf("start at the spawn: player %+v, want %+v exactly", p, sp)
	}
}
