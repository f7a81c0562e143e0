package game

import (
	"bytes"
	"context"
	"math"
	"slices"
	"testing"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/audio/device"
	capt "soundworld/internal/capture"
	"soundworld/world"
)

// O5 with input: a stinger played between two Updates is heard at the
// device's next period, ahead of its place on the Sim's timeline, and the
// input record says so (world.EarlyMark). render -from of that record then
// writes, sample for sample (as 16-bit WAV), what the device played after
// the record's instant — the stinger's tail included — as it does for a
// session without input.
func TestO5_RenderFromPlacesInputsAsHeard(t *testing.T) {
	g, dev, read, _, heard := scriptedGameHeard(t)
	update := func() { read(0.01); g.advance(); g.pushStarts(); g.coverSim() }
	g.advance() // session anchor at sim 0, frontier 0
	g.pushStarts()
	for i := 0; i < 100; i++ {
		update()
	}
	if len(g.stingers) == 0 {
		t.Fatal("the stand-in's UI table has no stinger")
	}
	read(0.01)
	hostOf(g).PlayStinger(g.stingers[0].SType)
	played := g.sim.Now()
	g.advance()
	g.pushStarts()
	for i := 0; i < 10; i++ {
		update()
	}
	instant := g.sim.Now()
	rec := g.sim.Inputs()
	if len(rec.Early) != 1 || rec.Early[0].T != played {
		t.Fatalf("early marks %+v, want one at the stinger's sim time %v", rec.Early, played)
	}
	n, f := dev.Inputs()
	if want := dev.TimelineFrame(played) - f; n != 1 || rec.Early[0].Frames != want || want < 441 {
		t.Fatalf("the stinger went %d frames early (%d inputs), the mark says %d; want the same, over 10 ms", want, n, rec.Early[0].Frames)
	}
	const seconds = 0.5
	for i := 0; i < 150; i++ { // the device plays past the instant's span (it lags the Sim by the lead)
		update()
	}

	// Render's frame 0 is sim 0, the session anchor's frame on the device.
	from := dev.Anchors()[0].Frame + int64(math.Round(instant*audio.SampleRate))
	checkRenderFrom(t, rec, instant, seconds, *heard, from)
}

// O5: live = render with every input. A session with a jump, a
// pause and two time-scale changes: the device heard, outside the pause's
// zeros (Device.HeldFrames), what render -from of the record writes after
// the record's instant, sample for sample — the voices still sounding
// then were placed through every one of those inputs. The time-scale
// anchors are in the record (world.AnchorMark); the jump and the pause
// need none.
func TestO5_LiveIsRenderThroughJumpPauseAndTimeScale(t *testing.T) {
	g, dev, heard, update := anchoredHeardGame(t)
	for range 100 {
		update()
	}
	if err := hostOf(g).Jump("0xA9B4 60 30"); err != nil {
		t.Fatal(err)
	}
	for range 50 {
		update()
	}
	g.st.Paused = true
	for range 30 {
		update()
	}
	g.st.Paused = false
	for range 50 {
		update()
	}
	g.st.TimeScale = 2
	for range 60 {
		update()
	}
	g.st.TimeScale = 1
	for range 60 {
		update()
	}
	instant := g.sim.Now()
	rec := g.sim.Inputs()
	if len(rec.Anchors) != 2 || rec.Anchors[0].Scale != 2 || rec.Anchors[1].Scale != 1 {
		t.Fatalf("anchor marks %+v, want the two time-scale changes", rec.Anchors)
	}
	const seconds = 0.5
	for range 150 { // the device plays past the instant's span (it lags the Sim by the lead)
		update()
	}
	held := dev.HeldFrames()
	if held < 25*441 {
		t.Fatalf("%d frames of zeros while paused, want the pause's (about 30 reads of 441)", held)
	}

	// Render's frame of the instant under the last mark, on the device: the
	// session anchor's frame is render's frame 0, and the pause's zeros
	// came before the instant.
	m := rec.Anchors[1]
	instantFrame := m.Frame + int64(math.Round(instant*audio.SampleRate)) - int64(math.Round(m.T*audio.SampleRate))
	checkRenderFrom(t, rec, instant, seconds, *heard, dev.Anchors()[0].Frame+instantFrame+held)
}

// checkRenderFrom renders seconds of rec from its instant (render -from)
// and fails unless it equals, as 16-bit WAV, what the device heard from
// frame from on (interleaved stereo), and that span is not silent.
func checkRenderFrom(t *testing.T, rec *world.InputLog, instant, seconds float64, heard []float32, from int64) {
	t.Helper()
	a, _ := assets.StandIn()
	s, err := world.NewSim(world.Config{Archive: a})
	if err != nil {
		t.Fatal(err)
	}
	var got audio.SeekBuffer
	if err := capt.RenderFrom(context.Background(), &capt.Replay{Inputs: rec, SimTime: instant}, s, seconds, &got, nil, nil); err != nil {
		t.Fatal(err)
	}
	span := int64(math.Round(seconds * audio.SampleRate))
	if int64(len(heard)/2) < from+span {
		t.Fatalf("the device played %d frames, want past %d", len(heard)/2, from+span)
	}
	var want audio.SeekBuffer
	w, err := audio.NewWAVWriter(&want)
	if err != nil {
		t.Fatal(err)
	}
	live := heard[2*from : 2*(from+span)]
	if err := w.Write(live); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if slices.Equal(live, make([]float32, len(live))) {
		t.Fatal("the span after the instant is silent: the test would prove nothing")
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		for i := 44; i < min(len(got.Bytes()), len(want.Bytes())); i++ {
			if got.Bytes()[i] != want.Bytes()[i] {
				t.Fatalf("render -from differs from what the device played after the instant from frame %d (of %d)", (i-44)/4, span)
			}
		}
		t.Fatalf("render -from wrote %d bytes, the device's span is %d", len(got.Bytes()), len(want.Bytes()))
	}
}

// O5: a reset starts a new record, and render -from of it starts with no
// voice; the live mixer stops every voice (and drops what waited) at the
// reset, so what the device played after the new record's instant is
// render -from's, sample for sample — no bed of the old session rings on.
func TestO5_LiveIsRenderAfterReset(t *testing.T) {
	g, dev, heard, update := anchoredHeardGame(t)
	for range 200 {
		update()
	}
	if err := hostOf(g).Reset(1); err != nil {
		t.Fatal(err)
	}
	for range 60 {
		update()
	}
	instant := g.sim.Now()
	rec := g.sim.Inputs()
	for range 150 {
		update()
	}
	as := dev.Anchors()
	last := as[len(as)-1]
	if last.Reason != "reset" || last.Scale != 1 {
		t.Fatalf("last anchor %+v, want the reset's", last)
	}
	// The reset's anchor is the new record's frame 0 (sim 0 on it).
	checkRenderFrom(t, rec, instant, 0.3, *heard, last.Frame-int64(math.Round(last.SimT*audio.SampleRate))+int64(math.Round(instant*audio.SampleRate)))
}

// anchoredHeardGame is scriptedGameHeard with the session anchored at sim
// 0 (frontier 0), and update: one 10 ms Update as the window runs it.
func anchoredHeardGame(t *testing.T) (*Game, *device.Device, *[]float32, func()) {
	t.Helper()
	g, dev, read, _, heard := scriptedGameHeard(t)
	update := func() { read(0.01); g.advance(); g.pushStarts(); g.coverSim() }
	g.advance()
	g.pushStarts()
	return g, dev, heard, update
}
