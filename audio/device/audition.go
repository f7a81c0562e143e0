package device

// AuditionSource is a voice source the device mixes into what it plays,
// beside the session's Mixer: the Sounds panel's one sound played alone
// (explorer/audition.Player). It is added after the tap, so the output
// meters, F11's capture and render -from hold the session's mix alone: an
// audition changes what is heard now, never what the session records. It is
// called on the output's goroutine with the device's lock held.
type AuditionSource interface {
	MixInto(buf []float32)
}

// SetAudition makes the device mix s into its output (nil: none).
func (d *Device) SetAudition(s AuditionSource) {
	if d == nil {
		return
	}
	d.mu.Lock()
	d.aud = s
	d.mu.Unlock()
}
