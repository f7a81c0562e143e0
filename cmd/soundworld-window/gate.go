package main

import (
	"soundworld/gate"
	"soundworld/internal/cli"
	"soundworld/internal/outputs"
)

// gateHelp is -gate's help.
const gateHelp = "a listening gate (NAME.gate.json): stand on its /loc with its camera, prefs and emitters, load its recording for A/B (B) and ABX (X)"

// gateDat checks -gate FILE before the window opens (a bad gate file is the
// user's error, exit 2, naming the file, line and field) and, without -dat,
// takes the gate's dat folder.
func (w *windowFlags) gateDat(path string) error {
	if path == "" {
		return nil
	}
	if err := outputs.CheckInput("-gate", path); err != nil {
		return cli.UserErr(err)
	}
	f, err := gate.Load(path)
	if err != nil {
		return cli.UserErr(err)
	}
	if w.dat == "" && f.Dat != nil {
		w.dat = f.Resolve(f.Dat.Folder)
	}
	return nil
}
