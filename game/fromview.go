package game

import "soundworld/ui"

// What an F12 picture shows beyond the Sim and the camera, kept in its
// sidecar so `shot -from` draws it the same: the selection (an instance's
// shells and rose, a voice's "why", an emitter's highlight) and the map
// key. A fresh shot selects the loudest; a shot from a sidecar that says
// what was selected keeps that, none included.

// mapKeyState is the map key as drawn: "open", "folded" (its title bar), or
// "" (not drawn: a picture of sim time only leaves a folded key out unless
// its -from sidecar had one).
func mapKeyState(open, simTimeOnly bool, from *From) string {
	switch {
	case open:
		return "open"
	case !simTimeOnly || from.keyFolded():
		return "folded"
	}
	return ""
}

// view is the -from sidecar's view (nil: no sidecar, or none recorded).
func (f *From) view() *ViewInfo {
	if f == nil {
		return nil
	}
	return f.View
}

// selection is the -from sidecar's selection (nil: none recorded).
func (f *From) selection() *Selection {
	if v := f.view(); v != nil {
		return v.Selection
	}
	return nil
}

// keyFolded reports whether the -from sidecar's picture showed the map key
// folded.
func (f *From) keyFolded() bool { v := f.view(); return v != nil && v.MapKey == "folded" }

// applySelection takes the sidecar's selection and map key into st. A shot
// (selectLater) takes the selection where a fresh shot makes its own
// (shotRun.step), so its frames go by as the fresh shot's did (a label is
// drawn from its own image only after it has been shown for some frames:
// ambientviz.Label).
func (v *ViewInfo) applySelection(st *ui.State, selectLater bool) {
	if s := v.Selection; s != nil && !selectLater {
		st.Selected, st.SelectedVoice, st.SelectedEmitter = s.Instance, s.Voice, s.Emitter
	}
	if v.MapKey != "" {
		st.ShowKey = v.MapKey == "open"
	}
}
