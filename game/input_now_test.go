package game

import "testing"

// O5 and the input path: over a session without input no start of the
// Sim's is taken for an input (each keeps its frame on the one anchor, as
// render places it), and a stinger played from the Stingers panel between
// two Updates starts at the next block the mixer renders — the frontier —
// not the lead later on the timeline.
func TestO5_InputPlaysAtNextBlock(t *testing.T) {
	g, dev, read, _ := scriptedGame(t)
	g.advance() // session anchor at sim 0, frontier 0
	g.pushStarts()
	for i := 0; i < 200; i++ { // 2 s, 10 ms a frame: Updates with and without a step
		read(0.01)
		g.advance()
		g.pushStarts()
	}
	if n, _ := dev.Inputs(); n != 0 {
		t.Fatalf("%d of the Sim's own starts went to the next block; want 0 (they keep their frames)", n)
	}
	if len(g.stingers) == 0 {
		t.Fatal("the stand-in's UI table has no stinger")
	}
	read(0.01)
	front := int64(201 * 441) // frames the scripted device has consumed
	lead := dev.LeadFrames()  // the Sim stands about this far ahead of the frontier
	hostOf(g).PlayStinger(g.stingers[0].SType)
	onTimeline := dev.FrameOf(g.sim.Now())
	g.advance()
	g.pushStarts()
	n, f := dev.Inputs()
	if n != 1 || f != front {
		t.Fatalf("Inputs() = %d, %d; want the stinger alone at the frontier %d", n, f, front)
	}
	// On the timeline it would have waited for the lead, less the read since
	// the Sim last caught up and the part of a step the Sim stands short of Due.
	if early := onTimeline - f; early < lead-441-735 || early > lead {
		t.Errorf("the stinger played %d frames before its timeline frame, want about the lead %d", early, lead)
	}
	if len(g.sess.Late()) != 0 {
		t.Errorf("late starts %+v, want none", g.sess.Late())
	}
}
