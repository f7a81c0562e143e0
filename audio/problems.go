package audio

import "soundworld/dat"

// problemSink is where a Bank reports the tables and waves it cannot use.
type problemSink struct {
	ps   *dat.Problems
	file string // the portal dat's name, for errors that do not carry one
}

// SetProblems makes the bank report each sound table or wave it cannot use —
// unreadable, missing, or (waves) not decodable within the budget — to ps,
// once per id, naming file (the portal dat) when the error does not. Playback
// is unchanged: the sound stays silent, as retail's would.
func (b *Bank) SetProblems(ps *dat.Problems, file string) {
	if b == nil {
		return
	}
	if ps == nil {
		b.sink.Store(nil)
		return
	}
	b.sink.Store(&problemSink{ps: ps, file: file})
}

// report adds err (if any) as a problem of kind on record id.
func (b *Bank) report(kind string, id uint32, err error) {
	if err == nil {
		return
	}
	if s := b.sink.Load(); s != nil {
		s.ps.AddErr(kind, s.file, id, err)
	}
}

// CheckWave decodes w exactly as DecodeWave does — same formats, same
// budget — but stops before resampling to SampleRate: the cheap way to
// learn whether a wave would play (soundworld check).
func CheckWave(w *dat.Wave) error {
	_, _, _, _, err := decodeSource(w)
	return err
}
