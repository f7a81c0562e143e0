package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"soundworld/internal/outputs"
	"soundworld/ui/dock"
)

// Settings is the window's settings file (JSON, snake_case): the panels'
// arrangement and the sound settings. Written atomically whenever a panel
// is folded or unfolded or a setting changes.
type Settings struct {
	Panels []PanelSetting `json:"panels"`
	// KeepSoundUnfocused: "keep sound when unfocused (not retail)" (G6).
	KeepSoundUnfocused bool `json:"keep_sound_unfocused,omitempty"`
}

// PanelSetting is one panel's place: its edge ("left", "right", "bottom") and
// whether it is folded to its title bar.
type PanelSetting struct {
	Name      string `json:"name"`
	Edge      string `json:"edge"`
	Collapsed bool   `json:"collapsed"`
}

// maxSettingsBytes bounds the settings file (it is a few hundred bytes).
const maxSettingsBytes = 1 << 20

// SettingsPath is where the window keeps its settings:
// $XDG_CONFIG_HOME/soundworld/window.json (os.UserConfigDir).
func SettingsPath() (string, error) {
	d, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "soundworld", "window.json"), nil
}

// LoadSettings reads path into st.Panels. A missing file is no error (the
// defaults stay); a bad one is, naming the file and the problem.
func LoadSettings(path string, st *State) error {
	if err := outputs.RefuseSpecial("-settings", path); err != nil {
		return err // a named pipe would block the window before it opens
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxSettingsBytes+1))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if len(b) > maxSettingsBytes {
		return fmt.Errorf("%s: larger than %d bytes", path, maxSettingsBytes)
	}
	var s Settings
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	for i, p := range s.Panels {
		e, ok := dock.ParseEdge(p.Edge)
		if !ok {
			return fmt.Errorf("%s: panels[%d] (%q): edge %q, want left, right or bottom", path, i, p.Name, p.Edge)
		}
		st.Panels[p.Name] = PanelState{Edge: e, Collapsed: p.Collapsed}
	}
	st.KeepSoundUnfocused = s.KeepSoundUnfocused
	return nil
}

// SaveSettings writes the panels' arrangement to path atomically, creating
// its folder.
func (u *UI) SaveSettings(path string) error {
	s := Settings{KeepSoundUnfocused: u.st.KeepSoundUnfocused}
	for _, p := range u.panels {
		s.Panels = append(s.Panels, PanelSetting{Name: p.Name, Edge: p.Edge.String(), Collapsed: p.Collapsed})
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return outputs.WriteFile(path, func(w *os.File) error { _, err := w.Write(append(b, '\n')); return err })
}

// OpenAll unfolds every panel (profiling measures the window with all of
// them open; the dock still folds what does not fit).
func (u *UI) OpenAll() {
	for i := range u.panels {
		u.panels[i].Collapsed = false
	}
}

// RestorePanels docks and folds the panels as a screenshot's sidecar shows
// them (rs, on a w×h window): each named panel takes its folded state and
// the edge its rectangle touches (the left or right margin, else the
// bottom; panels keep a few px from the window's edge). Only this run's layout changes: the user's settings file is not
// rewritten unless they then move a panel themselves.
func (u *UI) RestorePanels(rs []PanelRect, w, h int) {
	for _, r := range rs {
		for i := range u.panels {
			p := &u.panels[i]
			if p.Name != r.Name {
				continue
			}
			p.Collapsed = r.Folded
			const margin = 8 // px: dock's gap is 4
			switch {
			case r.X <= margin && r.X+r.W < w-margin:
				p.Edge = dock.Left
			case r.X+r.W >= w-margin && r.X > margin:
				p.Edge = dock.Right
			case r.Y+r.H <= h:
				p.Edge = dock.Bottom
			}
		}
	}
}

// PanelRect is one panel's place on screen (for the screenshot sidecar).
type PanelRect struct {
	Name   string `json:"name"`
	X      int    `json:"x"`
	Y      int    `json:"y"`
	W      int    `json:"w"`
	H      int    `json:"h"`
	Folded bool   `json:"folded"`
}

// PanelRects is the last layout's panels, in the panel list's order.
func (u *UI) PanelRects() []PanelRect {
	out := make([]PanelRect, 0, len(u.panels))
	for i, p := range u.panels {
		if i >= len(u.arr.Rects) {
			break
		}
		r := u.arr.Rects[i]
		out = append(out, PanelRect{p.Name, r.Min.X, r.Min.Y, r.Dx(), r.Dy(), u.arr.Folded[i]})
	}
	return out
}
