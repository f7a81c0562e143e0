package capture

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"soundworld/audio"
	"soundworld/internal/outputs"
	"soundworld/names"
	"soundworld/world"
)

// Bundle is everything a capture folder holds.
type Bundle struct {
	Screenshot []byte        // PNG
	Sidecar    []byte        // JSON, with the replay record
	Audio      []float32     // the last Span s of output exactly as mixed, interleaved stereo
	Events     []world.Event // decisions of the span with their draws (O4), oldest first
	Live       []LiveRow     // late starts, underruns and anchors of the live device in the span (O5)
	Inputs     *world.InputLog
	SimTime    float64 // the instant
	Span       float64 // s (30)
	Source     string  // data source as the window names it
	DatDir     string
	Names      *names.Book // the events CSV's name column (nil: ids)
}

// SpanSeconds is how much of the past a capture bundle holds (s).
const SpanSeconds = 30

// Bundle file names.
const (
	ShotFile    = "screenshot.png"
	SidecarFile = "screenshot.json"
	AudioFile   = "audio.wav"
	EventsFile  = "events.csv"
	PathFile    = "path.json"
	ReadmeFile  = "README.txt"
)

// DirName is the bundle's folder name for time t: capture-YYYYMMDD-HHMMSS.
func DirName(t time.Time) string { return "capture-" + t.Format("20060102-150405") }

// Write writes the bundle as parent/capture-YYYYMMDD-HHMMSS/: every file is
// written into a temporary folder beside it, which is renamed into place at
// the end (outputs.CreateDir), so a crash leaves no half capture (at most a
// hidden temp folder; an interrupted process removes it). parent is checked
// first (outputs.CheckDir: not inside b.DatDir nor any folder opened as game
// data, a writable folder, made if missing). It refuses to replace an
// existing folder. Returns the folder's path.
func Write(parent string, at time.Time, b *Bundle) (string, error) {
	if err := outputs.MkdirChecked("", parent, b.DatDir); err != nil {
		return "", err
	}
	dir := filepath.Join(parent, DirName(at))
	if _, err := os.Lstat(dir); err == nil {
		return "", fmt.Errorf("%s already exists", dir)
	}
	d, err := outputs.CreateDir(dir)
	if err != nil {
		return "", err
	}
	files := []struct {
		name  string
		write func(io.Writer) error
	}{
		{ShotFile, bytesOf(b.Screenshot)},
		{SidecarFile, bytesOf(b.Sidecar)},
		{AudioFile, func(w io.Writer) error { return writeWAV(w, b.Audio) }},
		{EventsFile, func(w io.Writer) error { return WriteBundleEventsCSV(w, b.Events, b.Live, b.Names) }},
		{PathFile, func(w io.Writer) error {
			_, err := w.Write(SpanPath(b.Inputs, b.SimTime-b.Span, b.SimTime))
			return err
		}},
		{ReadmeFile, func(w io.Writer) error { _, err := io.WriteString(w, b.readme(DirName(at))); return err }},
	}
	for _, f := range files {
		if err := writeFile(filepath.Join(d.Temp(), f.name), f.write); err != nil {
			d.Abort()
			return "", fmt.Errorf("capture %s: %w", f.name, err)
		}
	}
	if err := d.Commit(); err != nil {
		return "", err
	}
	return dir, nil
}

func bytesOf(p []byte) func(io.Writer) error {
	return func(w io.Writer) error { _, err := w.Write(p); return err }
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeWAV writes samples as render does (16-bit stereo 44100 Hz).
func writeWAV(w io.Writer, s []float32) error {
	var buf audio.SeekBuffer
	ww, err := audio.NewWAVWriter(&buf)
	if err != nil {
		return err
	}
	if err := ww.Write(s); err != nil {
		return err
	}
	if err := ww.Close(); err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// SpanPath is the listener's path over [from, to] sim s as a render -path file
// (times from 0 at from): where the listener was at from, then each move
// (the last of several at one instant). nil or empty record: the start only.
func SpanPath(l *world.InputLog, from, to float64) []byte {
	type pt struct {
		t    float64
		loc  world.Loc // Z: the floor indoors
		h    float32
		cell uint32 // A11: the EnvCell, 0 outdoors
	}
	var pts []pt
	if l != nil {
		cur := pt{0, world.Loc{Landblock: l.Start.Landblock, X: l.Start.LX, Y: l.Start.LY, Z: l.Start.Z}, l.Start.Heading, l.Start.Cell}
		add := func(p pt) bool {
			if p.t <= from {
				cur = p
				return true
			}
			if p.t > to {
				return false
			}
			if len(pts) == 0 {
				pts = append(pts, pt{from, cur.loc, cur.h, cur.cell})
			}
			if last := &pts[len(pts)-1]; last.t == p.t {
				*last = p
			} else {
				pts = append(pts, p)
			}
			return true
		}
	inputs:
		for _, in := range l.Inputs.All() {
			switch in.Kind {
			case world.InListener:
				if !add(pt{in.T, world.LocOf(world.Pos{X: in.X, Y: in.Y}), in.Heading, 0}) { // as SetListener converts it
					break inputs
				}
			case world.InPlayer:
				if !add(pt{in.T, world.Loc{Landblock: in.Landblock, X: in.X, Y: in.Y}, in.Heading, 0}) {
					break inputs
				}
			case world.InIndoor: // A11
				if !add(pt{in.T, world.Loc{Landblock: in.Landblock, X: in.X, Y: in.Y, Z: in.Z}, in.Heading, in.Cell}) {
					break inputs
				}
			case world.InDrag:
				for j := range in.DragFrames() {
					x, y, h, t := in.DragFrame(j)
					if !add(pt{t, world.LocOf(world.Pos{X: x, Y: y}), h, 0}) {
						break inputs
					}
				}
			}
		}
		if len(pts) == 0 {
			pts = append(pts, pt{from, cur.loc, cur.h, cur.cell})
		}
	}
	var b bytes.Buffer
	b.WriteString("{\"format\":1,\"points\":[") // world.FormatVersion
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(',')
		}
		f32 := func(v float32) string { return strconv.FormatFloat(float64(v), 'g', -1, 32) }
		fmt.Fprintf(&b, "\n {\"t\":%s,\"landblock\":\"0x%04X\",\"x\":%s,\"y\":%s,\"heading\":%s",
			strconv.FormatFloat(max(0, p.t-from), 'g', -1, 64), p.loc.Landblock, f32(p.loc.X), f32(p.loc.Y), f32(p.h))
		if p.cell != 0 { // A11: indoors, the EnvCell and its floor
			fmt.Fprintf(&b, ",\"cell\":\"0x%08X\",\"z\":%s", p.cell, f32(p.loc.Z))
		}
		b.WriteByte('}')
	}
	b.WriteString("\n]}\n")
	return b.Bytes()
}

// readme says what the bundle holds and how to reproduce it.
func (b *Bundle) readme(name string) string {
	dat := ""
	if b.DatDir != "" {
		dat = " -dat " + quote(b.DatDir)
	}
	return fmt.Sprintf(`Soundworld capture %s
Data: %s
Instant: sim time %.3f s (the clock restarts at 0 on each Reset).

Files
  %s  the window as it was
  %s  what it shows, and under "replay" every input since the last
                   reset (listener moves, headings, eye, preferences, emitter edits,
                   stingers, ticks) with the data's identity
  %s       the last %.0f s of output exactly as mixed (16-bit stereo 44100 Hz)
  %s      the decisions of that span, as render -events writes them, then
                   what the live device did (source "live": late_ms=, underrun_ms=,
                   anchor=)
  %s       the listener's path over that span (render -path format, t from 0)

Reproduce
  Reopen the window at this instant:
    soundworld%s -from %s/%s
  Redraw the same picture:
    soundworld shot%s -from %s/%s -o again.png
  Render what followed (10 s from the instant):
    soundworld render%s -from %s/%s -seconds 10 -o after.wav
  With other data (another dat iteration or stand-in version) these refuse;
  add -force to try anyway.
`, name, b.Source, b.SimTime, ShotFile, SidecarFile, AudioFile, b.Span, EventsFile, PathFile,
		dat, name, SidecarFile, dat, name, SidecarFile, dat, name, SidecarFile)
}

func quote(s string) string {
	if strings.ContainsAny(s, " '\"\\$") {
		return strconv.Quote(s)
	}
	return s
}
