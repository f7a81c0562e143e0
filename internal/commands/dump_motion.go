package commands

import "soundworld/dat"

// dump motiontable ID (E3 [D4]): the default style and its substate, which
// cycle a static plays (default_style<<16 | substate), and every cycle,
// modifier and link with its animations' frame ranges and rates.

type animDataJSON struct {
	Animation hexID   `json:"animation"`
	LowFrame  int32   `json:"low_frame"`
	HighFrame int32   `json:"high_frame"` // −1: the animation's last frame
	Framerate float32 `json:"framerate"`  // frames/s; negative plays backwards
}

type motionJSON struct {
	Key        hexID          `json:"key"`
	Bitfield   uint8          `json:"bitfield"`
	Flags      uint8          `json:"flags"`
	Animations []animDataJSON `json:"animations"`
	Velocity   *[3]float32    `json:"velocity,omitempty"`
	Omega      *[3]float32    `json:"omega,omitempty"`
}

func motionsJSON(ds []dat.MotionData) []motionJSON {
	out := []motionJSON{}
	for _, d := range ds {
		m := motionJSON{Key: hexID(d.Key), Bitfield: d.Bitfield, Flags: d.Flags, Animations: []animDataJSON{}}
		for _, a := range d.Anims {
			m.Animations = append(m.Animations, animDataJSON{hexID(a.Anim), a.Low, a.High, a.Framerate})
		}
		if d.Flags&1 != 0 {
			v := d.Velocity
			m.Velocity = &v
		}
		if d.Flags&2 != 0 {
			o := d.Omega
			m.Omega = &o
		}
		out = append(out, m)
	}
	return out
}

func dumpMotionTable(a *dat.Archive, id uint32) (any, error) {
	m, err := a.MotionTable(id)
	if err != nil {
		return nil, err
	}
	type styleJSON struct {
		Style    hexID `json:"style"`
		Substate hexID `json:"substate"`
	}
	type linkJSON struct {
		Key     hexID        `json:"key"`
		Motions []motionJSON `json:"motions"`
	}
	j := struct {
		Source        string       `json:"source"`
		ID            hexID        `json:"id"`
		DefaultStyle  hexID        `json:"default_style"`
		DefaultCycle  *hexID       `json:"default_cycle"` // the cycle a static plays; null: none (its default animation plays)
		Note          string       `json:"note"`
		StyleDefaults []styleJSON  `json:"style_defaults"`
		Cycles        []motionJSON `json:"cycles"`
		Modifiers     []motionJSON `json:"modifiers"`
		Links         []linkJSON   `json:"links"`
	}{Source: a.Source, ID: hexID(m.ID), DefaultStyle: hexID(m.DefaultStyle), StyleDefaults: []styleJSON{},
		Note:   "a static with a default animation plays the default cycle's animations in order, looping the last (E3)",
		Cycles: motionsJSON(m.Cycles), Modifiers: motionsJSON(m.Modifiers), Links: []linkJSON{}}
	if d, ok := m.DefaultCycle(); ok {
		k := hexID(d.Key)
		j.DefaultCycle = &k
	}
	for _, s := range m.StyleDefaults {
		j.StyleDefaults = append(j.StyleDefaults, styleJSON{hexID(s.Style), hexID(s.Substate)})
	}
	for _, l := range m.Links {
		j.Links = append(j.Links, linkJSON{hexID(l.Key), motionsJSON(l.Motions)})
	}
	return j, nil
}
