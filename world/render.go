package world

import "soundworld/audio"

// RenderSteps runs the offline render loop (O3) over total frames at 44100
// Hz, in steps of StepFrames (735 frames, 1/60 s; the last step may be
// shorter). Each step starts at t = done/44100 s: place(t) puts the
// listener, the Sim ticks to t (the first tick at 0 s with dt 0, then
// dt = t − Now, so the clock stays on render's grid), and mix gets the
// tick's voice starts (Manager.TakeStarts) to apply and n frames to render
// from frame done. It is the one loop `soundworld render`, the gates and the
// golden renders run. An error from place or mix stops it and is returned.
func RenderSteps(s *Sim, total int64, place func(t float64) error, mix func(starts []audio.VoiceStart, done int64, n int) error) error {
	for done := int64(0); done < total; {
		n := min(int64(StepFrames), total-done)
		t := float64(done) / audio.SampleRate
		if err := place(t); err != nil {
			return err
		}
		dt := 0.0
		if done > 0 {
			dt = t - s.Now()
		}
		s.Tick(dt)
		if err := mix(s.Manager().TakeStarts(), done, int(n)); err != nil {
			return err
		}
		done += n
	}
	return nil
}
