package world

// A recorded walk: besides the player's points, a path file
// may carry the camera, preference and focus changes the window made, each
// with the sim time of the tick it first took effect on, and a free-text
// note (how to render it). render -path applies them through a WalkCursor
// exactly as the window did: before the tick at their time.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"

	"soundworld/audio"
)

// WalkChange is a change made before the Sim's tick at T (s): the camera's
// eye height or chase distance (m, W5), the preferences (G1–G5) or the
// window focus (G4). Nil fields do not change.
type WalkChange struct {
	T          float64
	Eye, Chase *float32
	Prefs      *audio.Prefs
	Active     *bool
}

// walkChangeJSON is a change as written: prefs in world.FormatPrefs form.
type walkChangeJSON struct {
	T      *float64 `json:"t"`
	Eye    *float32 `json:"eye,omitempty"`
	Chase  *float32 `json:"chase,omitempty"`
	Prefs  *string  `json:"prefs,omitempty"`
	Active *bool    `json:"active,omitempty"`
}

// parseChanges validates the "changes" array: times finite, ≥ 0 and not
// decreasing; metres finite and ≥ 0; prefs as -prefs takes them (over the
// retail defaults).
func parseChanges(name string, cs []walkChangeJSON) ([]WalkChange, error) {
	out := make([]WalkChange, 0, len(cs))
	for i, c := range cs {
		if c.T == nil || !(*c.T >= 0) || math.IsInf(*c.T, 0) {
			return nil, fmt.Errorf("%s: changes[%d].t: want a time ≥ 0", name, i)
		}
		if i > 0 && *c.T < out[i-1].T {
			return nil, fmt.Errorf("%s: changes[%d].t: %v before the previous change", name, i, *c.T)
		}
		for _, v := range []struct {
			field string
			p     *float32
		}{{"eye", c.Eye}, {"chase", c.Chase}} {
			if v.p != nil && !(*v.p >= 0 && *v.p <= MaxEye) { // MaxEye = MaxChase: the flags' bounds
				return nil, fmt.Errorf("%s: changes[%d].%s: %v: want metres in 0..%d", name, i, v.field, *v.p, MaxEye)
			}
		}
		wc := WalkChange{T: *c.T, Eye: c.Eye, Chase: c.Chase, Active: c.Active}
		if c.Prefs != nil {
			p, err := ParsePrefs(*c.Prefs, audio.DefaultPrefs())
			if err != nil {
				return nil, fmt.Errorf("%s: changes[%d].prefs: %v", name, i, err)
			}
			wc.Prefs = &p
		}
		out = append(out, wc)
	}
	return out, nil
}

// WalkCursor walks a Walk tick by tick, applying its changes once each.
type WalkCursor struct{ next int }

// Place puts the Sim where the walk is at t (s) — the changes with T ≤ t not
// yet applied, then the player at LocAt(t), indoors in CellAt(t)'s EnvCell
// when there is one (A11) — for the Tick that follows: call it before each
// Tick with that tick's time, in increasing t. An EnvCell the data does not
// hold is an error naming it (the player is then left where it was).
func (c *WalkCursor) Place(s *Sim, w *Walk, t float64) error {
	for ; c.next < len(w.Changes) && w.Changes[c.next].T <= t; c.next++ {
		ch := w.Changes[c.next]
		if ch.Eye != nil {
			s.SetEye(*ch.Eye)
		}
		if ch.Chase != nil {
			s.SetChase(*ch.Chase)
		}
		if ch.Prefs != nil {
			s.SetPrefs(*ch.Prefs)
		}
		if ch.Active != nil {
			s.SetActive(*ch.Active)
		}
	}
	l, h := w.LocAt(t)
	if cell, floor := w.CellAt(t); cell != 0 {
		l.Z = floor
		return s.SetPlayerIndoor(l, cell, h)
	}
	s.SetPlayer(l, h)
	return nil
}

// EncodeWalk writes w as a path file LoadWalk reads back to the same Walk
// (times, landblock-local positions and headings exactly: shortest
// round-trip decimals), one point per line. The caller makes the write
// atomic (the command layer's outputs.WriteFile).
func EncodeWalk(out io.Writer, w *Walk, note string) error {
	if len(w.Points) == 0 {
		return fmt.Errorf("a path needs at least one point")
	}
	bw := bufio.NewWriter(out)
	field := func(k string, v any, comma bool) {
		b, _ := json.Marshal(v)
		fmt.Fprintf(bw, "  %q: %s", k, b)
		if comma {
			bw.WriteString(",")
		}
		bw.WriteString("\n")
	}
	bw.WriteString("{\n")
	field(FormatKey, FormatVersion, true)
	if note != "" {
		field("note", note, true)
	}
	if w.Eye != nil {
		field("eye", *w.Eye, true)
	}
	if w.Chase != nil {
		field("chase", *w.Chase, true)
	}
	if len(w.Changes) > 0 {
		bw.WriteString("  \"changes\": [\n")
		for i, c := range w.Changes {
			t := c.T
			j := walkChangeJSON{T: &t, Eye: c.Eye, Chase: c.Chase, Active: c.Active}
			if c.Prefs != nil {
				s := FormatPrefs(*c.Prefs)
				j.Prefs = &s
			}
			writeListItem(bw, j, i == len(w.Changes)-1)
		}
		bw.WriteString("  ],\n")
	}
	bw.WriteString("  \"points\": [\n")
	for i, p := range w.Points {
		l := p.loc()
		pt := struct {
			T         float64  `json:"t"`
			Landblock string   `json:"landblock"`
			X         float32  `json:"x"`
			Y         float32  `json:"y"`
			Heading   float32  `json:"heading"`
			Cell      string   `json:"cell,omitempty"` // A11: indoors, the EnvCell and its floor
			Z         *float32 `json:"z,omitempty"`
		}{T: p.T, Landblock: fmt.Sprintf("0x%04X", l.Landblock), X: l.X, Y: l.Y, Heading: p.Heading}
		if p.Cell != 0 {
			z := l.Z
			pt.Cell, pt.Z = fmt.Sprintf("0x%08X", p.Cell), &z
		}
		writeListItem(bw, pt, i == len(w.Points)-1)
	}
	bw.WriteString("  ]\n}\n")
	return bw.Flush()
}

// writeListItem writes v as one indented line of a JSON list, with the comma
// that separates it from the next unless it is the last.
func writeListItem(bw *bufio.Writer, v any, last bool) {
	b, _ := json.Marshal(v)
	bw.WriteString("    ")
	bw.Write(b)
	if !last {
		bw.WriteString(",")
	}
	bw.WriteString("\n")
}
