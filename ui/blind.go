package ui

// An ABX run (gate panel, X) is judged by ear. While a trial is open every
// level readout is hidden: the meters (they follow what the speakers play,
// so they tell A from B: a script reading the meter bar alone scored 10/10),
// the voices' dB, S1 volumes and gains, the timeline's level brightness and
// hover, the event rows' dB and the beds' volumes; the map hides its
// one-shots' dB (LevelsHidden). Pans, names and times stay.

// levelsHiddenNote replaces a hidden readout.
const levelsHiddenNote = "levels hidden during the ABX run: answer by ear"

// abxRunning reports whether an ABX run has a trial open.
func (u *UI) abxRunning() bool {
	h := u.gate
	if h == nil {
		return false
	}
	v := h.GateView()
	return v.ABX && !v.ABXDone
}

// LevelsHidden reports whether level readouts are hidden this frame (an
// ABX trial is open); the window hides the map's too.
func (u *UI) LevelsHidden() bool { return u.blind }

// onDrawLine, when set (tests), sees every text line the panels draw.
var onDrawLine func(s string, y float64)
