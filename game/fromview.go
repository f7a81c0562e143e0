package game

// What an F12 picture shows beyond the Sim and the camera, kept in its
// sidecar so `shot -from` draws it the same: the selection (an instance's
// shells and rose, a voice's "why", an emitter's highlight) and the map
// key. A fresh shot selects the loudest; a shot from a sidecar that says
// what was selected keeps that, none included.

// mapKeyState is the map key as drawn: "open", "folded" (its title bar), or
// "" (not drawn: shots leave a folded key out unless their sidecar had one).
func (g *Game) mapKeyState() string {
	switch {
	case g.st.ShowKey:
		return "open"
	case g.cfg.Shot == nil || g.fromKeyFolded():
		return "folded"
	}
	return ""
}

// fromView is the -from sidecar's view (nil: none).
func (g *Game) fromView() *ViewInfo {
	if g.cfg.From == nil {
		return nil
	}
	return g.cfg.From.View
}

// fromSelection is the -from sidecar's selection (nil: none recorded).
func (g *Game) fromSelection() *Selection {
	if v := g.fromView(); v != nil {
		return v.Selection
	}
	return nil
}

// fromKeyFolded reports whether the -from sidecar's picture showed the map
// key folded.
func (g *Game) fromKeyFolded() bool { v := g.fromView(); return v != nil && v.MapKey == "folded" }

// applyFromSelection takes the sidecar's selection and map key. A shot
// takes the selection where a fresh shot makes its own (shotRun.step), so
// its frames go by as the fresh shot's did (a label is drawn from its own
// image only after it has been shown for some frames: ambientviz.Label).
func (g *Game) applyFromSelection(v *ViewInfo) {
	if s := v.Selection; s != nil && g.cfg.Shot == nil {
		g.st.Selected, g.st.SelectedVoice, g.st.SelectedEmitter = s.Instance, s.Voice, s.Emitter
	}
	if v.MapKey != "" {
		g.st.ShowKey = v.MapKey == "open"
	}
}
