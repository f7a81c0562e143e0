//go:build !js

package main

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"

	"soundworld/internal/cli"
	"soundworld/world"
)

func windowConfig(t *testing.T, args ...string) (windowFlags, error) {
	t.Helper()
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var w windowFlags
	w.register(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return w, nil
}

func TestWindowFlags_DefaultsAndPlacement(t *testing.T) {
	w, _ := windowConfig(t)
	c, err := w.config()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Archive.Close()
	// W3/dat-format §4.5: the default start is Holtburg's spawn; the camera
	// is retail's home view, 2.25 m up and 2.5 m behind (W5, revision 3).
	if c.Start.X != world.HoltburgX || c.Start.Y != world.HoltburgY || c.Start.Eye != 2.25 || c.Start.Chase != 2.5 || c.Source != "Holtburg (stand-in)" {
		t.Errorf("defaults: got %+v source %q, want Holtburg spawn, eye 2.25, chase 2.5, the stand-in", *c.Start, c.Source)
	}
	if len(c.Emitters) != 0 { // E3: the forge is a data object, not a placed emitter
		t.Errorf("stand-in default emitters: got %+v, want none", c.Emitters)
	}
	w, _ = windowConfig(t, "-at", "0xA9B4 10 20", "-heading", "90", "-seed", "7", "-prefs", "pan=off", "-chase", "3")
	c, err = w.config()
	if err != nil {
		t.Fatal(err)
	}
	x, y := world.WorldPos(0xA9B4, 10, 20)
	if c.Start.X != x || c.Start.Y != y || c.Start.Heading != 90 || c.Seed != 7 || c.Prefs.Pan || c.Start.Chase != 3 {
		t.Errorf("-at/-heading/-seed/-prefs: got start %+v seed %d pan %v, want (%v,%v) 90°, 7, pan off", *c.Start, c.Seed, c.Prefs.Pan, x, y)
	}
}

func TestWindowFlags_UserErrors(t *testing.T) {
	cases := [][]string{
		{"-loc", "42.1N, 33.6E", "-at", "0xA9B4 84 7.1"},
		{"-loc", "somewhere"},
		{"-at", "0xA9B4 300 7"},
		{"-eye", "-1"},
		{"-eye", "NaN"},
		{"-chase", "-1"},
		{"-chase", "NaN"},
		{"-prefs", "loudness=11"},
		{"-dat", "/nonexistent/folder"},
		{"-emitters", "/nonexistent/layout.json"},
	}
	for _, args := range cases {
		w, _ := windowConfig(t, args...)
		_, err := w.config()
		if !cli.IsUserErr(err) {
			t.Errorf("%q: got error %v, want a user error (exit 2)", args, err)
		}
	}
}

func TestShot_Usage(t *testing.T) {
	if err := runShot(nil); !errors.Is(err, cli.ErrUsage) {
		t.Errorf("shot without -o: got %v, want the usage error", err)
	}
	if err := runShot([]string{"-o", "x.png", "-seconds", "-1"}); err == nil {
		t.Errorf("shot -seconds -1: got nil, want an error")
	}
}

// -from gives the place, seed, prefs and emitters: a flag that would silently
// lose to the sidecar is refused by name (as render -from refuses it), before
// the sidecar is even read.
func TestWindowFrom_RefusesClashingFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-from", "nonexistent.json", "-seed", "5"}, "drop -seed"},
		{[]string{"-loc", "42.1N, 33.6E", "-from", "nonexistent.json"}, "drop -loc"},
		{[]string{"-from", "nonexistent.json", "-at", "0xA9B4 84 7.1", "-prefs", "pan=off"}, "drop -at -prefs"},
	} {
		w, _ := windowConfig(t, c.args...)
		_, err := w.config()
		if !cli.IsUserErr(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want a user error saying %q", c.args, err, c.want)
		}
	}
	// Without a clash the sidecar is read (and here missing: a different error).
	w, _ := windowConfig(t, "-from", "nonexistent.json", "-zoom", "1")
	if _, err := w.config(); err == nil || strings.Contains(err.Error(), "drop") {
		t.Errorf("-from with -zoom: got %v, want the missing sidecar's error", err)
	}
}
