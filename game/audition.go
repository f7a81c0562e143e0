package game

// audition.go: the Sounds panel's host (ui.SoundsHost). The audition plays
// through explorer/audition's Player, a Mixer and Bank of its own, which
// the live output mixes into what it plays (audio/device.AuditionSource):
// nothing here calls the Sim, so a session's input record and Sim state are
// the same with and without auditions (TestAudition_NeverTouchesTheSim).
//
// The seam to the live hand-off is auditionOut alone: the live Session
// (audio/device) passes the source on to its device.

import (
	"soundworld/audio/device"
	"soundworld/dat"
	"soundworld/explorer/audition"
	"soundworld/names"
)

// auditions is the window's audition state: the player, made on first use.
type auditions struct {
	player *audition.Player
	cat    *names.Catalog
	bad    int
}

// auditionOut is the live session that takes an audition source, or why
// there is none ("" with one).
func (g *Game) auditionOut() (interface{ SetAudition(device.AuditionSource) }, string) {
	if silent, why := g.sess.Silent(); silent {
		if why == "" {
			why = "none opened"
		}
		return nil, "no sound device (" + why + "): nothing is heard; the pictures still show"
	}
	if !g.st.AudioOn {
		return nil, "audio is off (Controls): nothing is heard"
	}
	return g.sess, ""
}

// soundsHost is ui.SoundsHost over the window: the audition state, the
// data it plays from, and the live output (auditionOut).
type soundsHost struct {
	aud     *auditions
	archive *dat.Archive
	names   *names.Book
	out     func() (interface{ SetAudition(device.AuditionSource) }, string)
}

func newSoundsHost(g *Game) soundsHost {
	return soundsHost{aud: &g.aud, archive: g.cfg.Archive, names: g.names, out: g.auditionOut}
}

func (h soundsHost) playerOf() *audition.Player {
	a := h.aud
	if a.player == nil {
		a.player = audition.NewPlayer(h.archive)
	}
	return a.player
}

// Catalog lists the data's sounds once (names.Book.List, as `soundworld
// sounds`); records that do not parse are counted, not added to the
// session's data problems.
func (h soundsHost) Catalog() (names.Catalog, int, error) {
	a := h.aud
	if a.cat == nil {
		ps := &dat.Problems{}
		c, err := h.names.List(h.archive, ps)
		if err != nil {
			return c, 0, err
		}
		a.cat, a.bad = &c, len(ps.List())
	}
	return *a.cat, a.bad, nil
}

// Audition plays wave alone at l on the live output.
func (h soundsHost) Audition(wave uint32, l audition.Level, solo bool) (string, error) {
	p := h.playerOf()
	out, why := h.out()
	if out == nil {
		_, err := p.Samples(wave) // still say when it does not decode
		return why, err
	}
	out.SetAudition(p) // again each time: the device may have been reopened
	if !l.Play {
		return "below −50 dB: retail would not play it, so nothing plays", nil
	}
	return "", p.Play(wave, l, solo)
}

func (h soundsHost) StopAudition() {
	if p := h.aud.player; p != nil {
		p.Stop()
	}
}

func (h soundsHost) Auditioning() bool {
	p := h.aud.player
	return p != nil && p.Playing()
}

func (h soundsHost) Samples(wave uint32) ([]float32, error) { return h.playerOf().Samples(wave) }
