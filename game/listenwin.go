package game

// listenwin.go: the window's side of the listening tools (explorer/listen):
// the device's A/B side, the clipboard, and what placing the listener does
// to the view.

import (
	"soundworld/explorer/listen"
	"soundworld/gate"
	"soundworld/internal/cli"
)

// newListening is the listening tools over the window's Sim and device.
func (g *Game) newListening() *listen.Tools {
	return listen.New(listen.Config{
		Archive: g.cfg.Archive, DatDir: g.cfg.DatDir, Sim: g.sim,
		Device: func() listen.Device {
			if d := g.sess.Device(); d != nil {
				return d
			}
			return nil
		},
		Silent: func() string {
			silent, why := g.sess.Silent()
			if g.sess != nil && !silent {
				return ""
			}
			s := "silent: no sound device — the switch and ABX run but nothing is heard"
			if why != "" {
				s += " (" + why + ")"
			}
			return s
		},
		Copy:        copyText,
		Notice:      g.setToast,
		BeforePlace: g.walk.stopIfOn, // the placement is not part of the walk
		Placed: func(snapshot bool) {
			if snapshot {
				g.snap = g.sim.Tick(0)
			}
			p := g.sim.Listener().Pos
			g.cam.CX, g.cam.CY = float64(p.X), float64(p.Y)
		},
		Opened: func() { g.ui.OpenGatePanel() },
		Files:  cli.Files{DatDir: g.cfg.DatDir},
	})
}

// startGate opens -gate's file as the window starts: a gate that cannot be
// opened is the user's error (exit 2).
func (g *Game) startGate(f *gate.File) error {
	if err := g.listening.Start(f); err != nil {
		return cli.UserErr(err)
	}
	return nil
}
