package main

import (
	"errors"
	"strconv"

	"soundworld/gate"
	"soundworld/internal/cli"
	"soundworld/internal/outputs"
)

// gateHelp is -gate's help.
const gateHelp = "a listening gate (NAME.gate.json): stand on its /loc with its camera, prefs and emitters, load its recording for A/B (B) and ABX (X)"

// gateDat checks -gate FILE before the window opens (a bad gate file is the
// user's error, exit 2, naming the file, line and field) and, without -dat,
// takes the gate's dat folder. The file read here is the one the window opens.
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
	w.gate = f
	if w.dat == "" && f.Dat != nil {
		w.dat = f.Resolve(f.Dat.Folder)
	}
	return nil
}

// headingFlag is -heading, remembering whether it was given: a retail /loc
// line given to -at brings its own facing (Frame::get_heading of its
// quaternion), which -heading overrides.
type headingFlag struct {
	v   *float64
	set *bool
}

func (h headingFlag) String() string {
	if h.v == nil {
		return "0"
	}
	return strconv.FormatFloat(*h.v, 'g', -1, 64)
}

func (h headingFlag) Set(s string) error {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return errors.New("parse error")
	}
	*h.v, *h.set = v, true
	return nil
}

// startHeading is the start heading: -heading if given, else a /loc line's
// facing, else -heading's default (north).
func (w *windowFlags) startHeading() float32 {
	if h, ok := cli.AtHeading(w.at); ok && !w.headingSet {
		return h
	}
	return float32(w.heading)
}
