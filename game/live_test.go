package game

import (
	"encoding/binary"
	"io"
	"math"
	"slices"
	"strings"
	"testing"

	"soundworld/audio"
	"soundworld/audio/device"
	"soundworld/explorer/clock"
)

// scriptedGame is the stand-in window playing into a scripted device: the
// test pulls the device's frames (read) and moves its wall clock.
func scriptedGame(t *testing.T) (*Game, *device.Device, func(sec float64), *float64) {
	t.Helper()
	g, dev, read, wall, _ := scriptedGameHeard(t)
	return g, dev, read, wall
}

// scriptedGameHeard is scriptedGame that also keeps what the device got
// (interleaved stereo, from the mixer's frame 0).
func scriptedGameHeard(t *testing.T) (*Game, *device.Device, func(sec float64), *float64, *[]float32) {
	t.Helper()
	g := newStandInGame(t)
	m := audio.NewMixer(g.sim.Bank())
	wall := new(float64)
	dev, r := device.NewScripted(m, func() float64 { return *wall })
	g.sess = device.NewSession(dev, newLiveHost(g))
	g.st.AudioOn, g.st.Silent = true, false
	buf := make([]byte, 8*441)
	heard := new([]float32)
	read := func(sec float64) { // the device consumes sec of audio in 10 ms reads, in real time
		for i := 0; i < int(math.Round(sec*100)); i++ {
			if _, err := io.ReadFull(r, buf); err != nil {
				t.Fatal(err)
			}
			for j := 0; j < len(buf); j += 4 {
				*heard = append(*heard, math.Float32frombits(binary.LittleEndian.Uint32(buf[j:])))
			}
			*wall += 0.01
		}
	}
	return g, dev, read, wall, heard
}

// O5: the window runs the Sim to the device's frames from one anchor. A
// scripted stall of the game thread (the device consumes 8 s while no
// Update runs) is caught up on the Sim's own fixed steps (MaxTicks per
// Update), never by a new anchor; the starts the device got late are
// logged with their lateness, which is exactly the frontier minus their
// place on the one anchor's grid (lead + round(t·44100)).
func TestO5_WindowStallCaughtUpNotReanchored(t *testing.T) {
	g, dev, read, _ := scriptedGame(t)
	g.advance() // session anchor at sim 0, frontier 0
	g.pushStarts()
	for i := 0; i < 100; i++ { // 1 s at 100 frames a second: nothing late
		read(0.01)
		g.advance()
		g.pushStarts()
	}
	if len(g.sess.Late()) != 0 {
		t.Fatalf("late starts before the stall: %+v", g.sess.Late())
	}
	if got := g.sim.Now(); math.Abs(got-1) > 1e-9 {
		t.Fatalf("after 1 s consumed: sim at %v, want 1 s", got)
	}
	read(8) // the game thread stalls
	front := int64(9 * audio.SampleRate)
	for i := 0; i < 6 && g.sim.Now() < 9-1e-9; i++ {
		before := g.sim.Now()
		g.advance()
		g.pushStarts()
		if steps := math.Round((g.sim.Now() - before) / clock.Step); steps > clock.MaxTicks {
			t.Fatalf("one Update ran %v steps, want at most %d", steps, clock.MaxTicks)
		}
	}
	if got := g.sim.Now(); math.Abs(got-9) > 1e-9 {
		t.Fatalf("after catching up: sim at %v, want 9 s", got)
	}
	if a := dev.Anchors(); len(a) != 1 || a[0].Reason != "session" {
		t.Errorf("anchors %+v, want the session's only", a)
	}
	if len(g.sess.Late()) == 0 {
		t.Fatal("no late start in 8 s of stall at the Holtburg spawn; want the stall's starts logged late")
	}
	lead := dev.Anchors()[0].Frame
	for _, l := range g.sess.Late() {
		want := float64(front-(lead+int64(math.Round(l.Time*audio.SampleRate)))) * 1000 / audio.SampleRate
		if l.Time < 1 || l.Time > 9 || math.Abs(l.Ms-want) > 1e-9 {
			t.Errorf("late start at sim %.4f s: %.3f ms late, want %.3f (frontier %d)", l.Time, l.Ms, want, front)
		}
	}
	if s := g.sess.Status().Line; !strings.Contains(s, "anchors 1,") || !strings.Contains(s, "late starts") {
		t.Errorf("status %q: want the anchors and late starts shown", s)
	}
}

// O5: a time-scale change and a reset (a new record) are the only anchors
// after the session's, each logged with its reason; a pause (the mix
// stands) and a jump (the timeline goes on) take none.
func TestO5_ExplicitAnchorsOnly(t *testing.T) {
	g, dev, read, _ := scriptedGame(t)
	step := func() { read(0.1); g.advance(); g.pushStarts() }
	step()
	step()
	g.st.Paused = true
	step()
	g.st.Paused = false
	step()
	g.st.TimeScale = 2
	step()
	if err := hostOf(g).Reset(5); err != nil {
		t.Fatal(err)
	}
	step()
	if err := hostOf(g).Jump("0xA9B4 84 7.1"); err != nil {
		t.Fatal(err)
	}
	step()
	step()
	var got []string
	for _, a := range dev.Anchors() {
		got = append(got, a.Reason)
	}
	if want := []string{"session", "time scale", "reset"}; !slices.Equal(got, want) {
		t.Errorf("anchors %q, want %q", got, want)
	}
}

// G6: while the window is not focused the device is muted (it gets zeros)
// and a notice says so; the Sim and the mixer run on, so voices advance.
// "keep sound when unfocused (not retail)" turns the mute off.
func TestG6_UnfocusedMutesVoicesAdvance(t *testing.T) {
	g, dev, read, _ := scriptedGame(t)
	focused := true
	g.focus = func() bool { return focused }
	tick := func() {
		read(0.1)
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	tick()
	tick()
	if dev.Muted() {
		t.Fatal("focused: muted")
	}
	focused = false
	simBefore := g.sim.Now()
	tick()
	tick()
	if !dev.Muted() {
		t.Error("unfocused: not muted (G6)")
	}
	if !slices.Contains(g.hudNow().banners(), FocusMuteNotice) {
		t.Errorf("banners %q: want %q", g.hudNow().banners(), FocusMuteNotice)
	}
	if g.sim.Now() <= simBefore {
		t.Errorf("unfocused: sim stayed at %v, want it running", g.sim.Now())
	}
	g.st.KeepSoundUnfocused = true
	tick()
	if dev.Muted() || slices.Contains(g.hudNow().banners(), FocusMuteNotice) {
		t.Error("keep sound when unfocused: still muted")
	}
	g.st.KeepSoundUnfocused = false
	focused = true
	tick()
	if dev.Muted() {
		t.Error("refocused: still muted")
	}
}
