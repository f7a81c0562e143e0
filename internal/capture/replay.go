// Package capture is the bug-report round trip: the
// part of a screenshot sidecar that gets back to its instant (the data
// source's identity, the input record since the last reset, a fingerprint of
// the Snapshot), rebuilding that state, rendering what followed, and the
// capture bundle folder. It imports no window code: `soundworld render -from`
// runs without a display.
package capture

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"soundworld/assets"
	"soundworld/audio"
	"soundworld/dat"
	"soundworld/internal/outputs"
	"soundworld/world"
)

// Replay is the sidecar's "replay" object.
type Replay struct {
	Data     DataID          `json:"data"`
	DatDir   string          `json:"dat_dir,omitempty"` // where the data was ("" = the stand-in)
	SimTime  float64         `json:"sim_time"`          // s: the instant the sidecar describes
	Inputs   *world.InputLog `json:"inputs"`
	Snapshot string          `json:"snapshot_sha256"` // of the Snapshot's JSON at the instant (Verify)
}

// DataID names the data a session ran on: the stand-in's content hash, or
// each dat file's name and iteration.
type DataID struct {
	StandIn string    `json:"stand_in,omitempty"` // "sha256:…" of the stand-in's portal and cell images
	Dats    []DatFile `json:"dats,omitempty"`
}

// DatFile is one dat file's identity.
type DatFile struct {
	File      string `json:"file"` // base name
	Iteration int64  `json:"iteration"`
}

// Identify names the data behind a (standIn: built by assets.StandIn).
func Identify(a *dat.Archive, standIn bool) (DataID, error) {
	if standIn {
		h, err := assets.StandInHash()
		if err != nil {
			return DataID{}, err
		}
		return DataID{StandIn: h}, nil
	}
	var id DataID
	for _, f := range []*dat.File{a.Portal, a.Cell} {
		if f == nil {
			continue
		}
		df := DatFile{File: filepath.Base(f.Name()), Iteration: -1}
		if n, err := f.Iteration(); err == nil {
			df.Iteration = int64(n)
		}
		id.Dats = append(id.Dats, df)
	}
	return id, nil
}

// Differs says how have differs from want ("" when they are the same data).
func (want DataID) Differs(have DataID) string {
	switch {
	case want.StandIn != "" && have.StandIn == "":
		return "the capture ran on the stand-in world, this is real dat data"
	case want.StandIn == "" && have.StandIn != "":
		return "the capture ran on real dat data, this is the stand-in world"
	case want.StandIn != have.StandIn:
		return "the stand-in world is a different version (content hash " + short(want.StandIn) + " in the capture, " + short(have.StandIn) + " here)"
	}
	var diffs []string
	for _, w := range want.Dats {
		found := false
		for _, h := range have.Dats {
			if h.File == w.File {
				found = true
				if h.Iteration != w.Iteration {
					diffs = append(diffs, fmt.Sprintf("%s is iteration %d here, %d in the capture", w.File, h.Iteration, w.Iteration))
				}
			}
		}
		if !found {
			diffs = append(diffs, w.File+" is missing here")
		}
	}
	return strings.Join(diffs, "; ")
}

func short(h string) string {
	if len(h) > 19 {
		return h[:19] + "…"
	}
	return h
}

// maxSidecarBytes bounds a sidecar read, in proportion to what one holds:
// a record of at most world.MaxInputs calls of 256 bytes each on average
// (as a report link's, internal/weblink) and 16 MiB for the Snapshot, view
// and problems (an hour of dragging is a few MB).
const maxSidecarBytes = 16<<20 + world.MaxInputs*256

// Sidecar is a sidecar file as read once: its replay object and, raw, the
// window's "view" object (the window decodes it; render ignores it).
type Sidecar struct {
	Path   string
	Replay *Replay
	View   json.RawMessage // nil when absent
}

// ReadSidecar reads the replay object of a screenshot sidecar (or capture
// bundle's sidecar). Errors name the file.
func ReadSidecar(path string) (*Replay, error) {
	sc, err := ReadSidecarFile(path)
	if err != nil {
		return nil, err
	}
	return sc.Replay, nil
}

// ReadSidecarFile reads a sidecar once: the replay object (required) and the
// view object. Errors name the file.
func ReadSidecarFile(path string) (*Sidecar, error) {
	if err := outputs.RefuseSpecial("sidecar", path); err != nil {
		return nil, err // a named pipe would block (the window's -from too)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tooBig := fmt.Errorf("%s: larger than %d bytes (a record of %d calls): not a sidecar", path, maxSidecarBytes, world.MaxInputs)
	var buf bytes.Buffer
	if st, err := f.Stat(); err == nil {
		if st.Size() > maxSidecarBytes {
			return nil, tooBig // refused before reading
		}
		buf.Grow(int(st.Size()) + bytes.MinRead) // one allocation, not append's growth
	}
	if _, err := buf.ReadFrom(io.LimitReader(f, maxSidecarBytes+1)); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	b := buf.Bytes()
	if len(b) > maxSidecarBytes {
		return nil, tooBig
	}
	return parseSidecar(b, path)
}

// SidecarKeys are the top-level keys of a sidecar (format 1; game.Sidecar
// writes them, its test pins the two lists equal). A report link's payload
// holds "replay" and "view" only.
var SidecarKeys = []string{"format", "tool", "source", "dat_dir", "dats", "listener", "player", "camera", "rng",
	"seed", "sim_time", "prefs", "prefs_string", "view", "snapshot", "replay", "problems"}

// parseSidecar is ReadSidecarFile on the file's bytes; path names it in errors.
// Decoding allocates at most 4× the file's size plus fixed state, for any
// accepted record (TestReadSidecar_AllocatesLittle, _WorstCaseEveryKind):
// the replay is decoded from b without a copy, and the record's entries
// are packed rows in arrays sized before they are filled (world.Inputs).
func parseSidecar(b []byte, path string) (*Sidecar, error) {
	var top map[string]inPlace
	if err := json.Unmarshal(b, &top); err != nil {
		return nil, fmt.Errorf("%s: not a sidecar: %v", path, err)
	}
	version, err := world.CheckFormat(json.RawMessage(top[world.FormatKey]), "sidecar")
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	for k := range top {
		if !slices.Contains(SidecarKeys, k) {
			return nil, fmt.Errorf("%s: %v", path, world.UnknownKey("sidecar", k, version))
		}
	}
	var sc struct {
		Replay *Replay
		View   json.RawMessage
	}
	sc.View = bytes.Clone(top["view"]) // kept by the window: not the whole file
	if r := top["replay"]; len(r) > 0 {
		// The record's keys are pinned (docs/file-formats.md).
		if k := world.UnknownJSONKey(r, &Replay{}); k != "" {
			return nil, fmt.Errorf("%s: replay: %v", path, world.UnknownKey("sidecar's replay record", k, version))
		}
		if err := json.Unmarshal(r, &sc.Replay); err != nil {
			return nil, fmt.Errorf("%s: replay: %v", path, err)
		}
	}
	if sc.Replay == nil || sc.Replay.Inputs == nil {
		return nil, fmt.Errorf("%s: the sidecar has no \"replay\" record (written by an older soundworld, or not a sidecar)", path)
	}
	if sc.Replay.Inputs.Truncated {
		return nil, fmt.Errorf("%s: %w", path, world.ErrTruncated)
	}
	// Input like any other: every recorded value within
	// its flag's bounds, the ticks adding up to the stated instant.
	if err := sc.Replay.Inputs.Check(sc.Replay.SimTime); err != nil {
		return nil, fmt.Errorf("%s: replay.%w", path, err)
	}
	if string(sc.View) == "null" {
		sc.View = nil
	}
	return &Sidecar{Path: path, Replay: sc.Replay, View: sc.View}, nil
}

// inPlace is a JSON value as a slice of the text it was decoded from (the
// text must outlive it and not change; json.RawMessage would copy it).
type inPlace []byte

func (v *inPlace) UnmarshalJSON(b []byte) error {
	*v = b
	return nil
}

// ErrDataDiffers is wrapped by Check when the data differs and force is off.
var ErrDataDiffers = errors.New("the data source differs from the capture's (give -force to reproduce anyway)")

// Check compares the capture's data with have; a difference is an error
// unless force (then it is returned as a warning string).
func (r *Replay) Check(have DataID, force bool) (warning string, err error) {
	d := r.Data.Differs(have)
	if d == "" {
		return "", nil
	}
	if !force {
		return "", fmt.Errorf("%s: %w", d, ErrDataDiffers)
	}
	return "warning: " + d + "; reproducing anyway (-force)", nil
}

// Fingerprint is the SHA-256 of a Snapshot's JSON (Replay.Snapshot).
func Fingerprint(s *world.Snapshot) string {
	b, err := json.Marshal(s)
	if err != nil {
		return "unencodable: " + err.Error()
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// Rebuild replays the record on s (a fresh Sim over the capture's data);
// afterwards s is at the capture's instant. tick runs after each Tick (nil: none).
func (r *Replay) Rebuild(s *world.Sim, tick func()) error {
	if err := r.Inputs.Replay(s, tick); err != nil {
		return err
	}
	return r.Verify(s)
}

// Verify checks s's Snapshot against the capture's fingerprint.
func (r *Replay) Verify(s *world.Sim) error {
	if r.Snapshot == "" {
		return nil
	}
	if got := Fingerprint(s.Snapshot()); got != r.Snapshot {
		return fmt.Errorf("the replayed state differs from the capture's (snapshot %s…, capture %s…): the data or the simulation changed since", got[:min(12, len(got))], r.Snapshot[:min(12, len(r.Snapshot))])
	}
	return nil
}

// RenderFrom rebuilds the capture's instant on s with a mixer running from
// sim time 0 (so voices sounding at the instant sound on), then ticks on along
// the 1/60 s grid (world.NextStepDt) with the listener where the record left it, writing seconds of
// audio from the instant to wav (16-bit stereo, as render -o). The samples
// are those an offline render of the same calls writes for that span (O3).
// atInstant (nil: none) runs once the Sim is at the instant (render -events
// installs its row writer there). progress (nil: none) is called every
// 60 ticks with the sim time reached (s; the instant plus seconds at the end).
//
// ctx stops it between steps (ErrStopped wrapping ctx's error).
func RenderFrom(ctx context.Context, r *Replay, s *world.Sim, seconds float64, wav io.WriteSeeker, atInstant func(), progress func(t float64)) error {
	if !(seconds > 0) || math.IsInf(seconds, 0) {
		return fmt.Errorf("seconds %v: want a length > 0", seconds)
	}
	m := newFromMixer(ctx, r, s, seconds, progress)
	var mixErr error
	if err := r.Inputs.Begin(s); err != nil {
		return &RecordError{err}
	}
	var in world.Input // one for all (Apply keeps a pointer to it)
	for i := range r.Inputs.Inputs.Len() {
		in = r.Inputs.Inputs.At(i)
		if err := in.Apply(s, func() {
			if mixErr == nil {
				mixErr = m.mixTo()
			}
		}); err != nil {
			return &RecordError{fmt.Errorf("replay.inputs[%d]: %w", i, err)}
		}
		if mixErr != nil {
			return mixErr
		}
	}
	if err := r.Verify(s); err != nil {
		return &RecordError{err}
	}
	if atInstant != nil {
		atInstant()
	}
	w, err := audio.NewWAVWriter(wav)
	if err != nil {
		return err
	}
	m.pre = m.pre[:min(int64(len(m.pre)), 2*m.remaining)]
	if err := w.Write(m.pre); err != nil {
		return err
	}
	m.remaining -= int64(len(m.pre) / 2)
	m.out = w
	for m.remaining > 0 {
		s.Tick(world.NextStepDt(s.Now()))
		if err := m.mixTo(); err != nil {
			return err
		}
	}
	return m.out.Close()
}

// fromMixer is RenderFrom's mixer and where it stands. mixTo is render's
// step: after a tick at t, the frames up to t + 1/60 s are mixed (so a
// start between ticks lands where render puts it). Before the instant they
// are dropped, from it they are kept (pre) until the WAV writer exists,
// then written.
// The live window played inputs' starts early (world.EarlyMark, O5): they
// go where it played them, superseding what waited on their slots from
// there, as the device did. An input's starts are those stamped at or
// before the sim time of the previous mix (a tick stamps its starts with
// its end), as the window tells them from the Sim's. Until the last mark
// the mixer stays margin frames behind the Sim, so every start is given
// before its frame is mixed; a record without marks mixes exactly as
// before. Where the window re-anchored (world.AnchorMark: a time scale,
// sound back on) the starts after go where it placed them, and until then
// the mix stays where the device's frontier was (marks.go).
type fromMixer struct {
	ctx      context.Context
	s        *world.Sim
	mx       *audio.Mixer
	progress func(t float64)
	tl       *marks
	instant  int64 // the capture's instant, in mixer frames

	early              map[float64]int64 // early-played input time → frames early
	margin             int64             // frames the mix stays behind the Sim
	lastEarly, lastMix float64           // sim times (s): the last early mark, the last mix
	ticks              int
	scratch, pre       []float32
	out                *audio.WAVWriter // nil until the instant
	remaining          int64            // frames still to write
}

func newFromMixer(ctx context.Context, r *Replay, s *world.Sim, seconds float64, progress func(t float64)) *fromMixer {
	m := &fromMixer{ctx: ctx, s: s, mx: audio.NewMixer(s.Bank()), progress: progress,
		remaining: int64(math.Round(seconds * audio.SampleRate)), tl: newMarks(r.Inputs.Anchors),
		early: make(map[float64]int64, len(r.Inputs.Early)), lastEarly: -1, lastMix: -1}
	m.instant = m.tl.at(r.Inputs.End())
	for _, e := range r.Inputs.Early {
		m.early[e.T] = e.Frames
		m.margin, m.lastEarly = max(m.margin, e.Frames+world.StepFrames), e.T
	}
	return m
}

// mixTo hands the mixer the starts of the last tick and mixes up to the
// tick's end (less the margin).
func (m *fromMixer) mixTo() error {
	if err := m.ctx.Err(); err != nil {
		return fmt.Errorf("%w: %w", ErrStopped, err)
	}
	if m.ticks++; m.progress != nil && m.ticks%60 == 0 {
		m.progress(m.s.Now())
	}
	m.tl.advance(m.lastMix) // the window's anchors taken by now (O5)
	m.applyStarts()
	if m.lastMix = m.s.Now(); m.lastMix > m.lastEarly {
		m.margin = 0
	}
	return m.render(m.tl.mixTarget(m.s.Now()) - m.margin)
}

// applyStarts gives the mixer the Sim's new starts, each where the window
// played it (early or re-anchored).
func (m *fromMixer) applyStarts() {
	starts := m.s.Manager().TakeStarts()
	for i := range starts {
		if f, ok := m.early[starts[i].Time]; ok && starts[i].Time <= m.lastMix {
			at := m.tl.frameOf(starts[i].Time) - f
			m.mx.DropPending(starts[i].Slot, at)
			starts[i].Time = float64(at) / audio.SampleRate
		} else if m.tl.anchored() {
			starts[i].Time = float64(m.tl.frameOf(starts[i].Time)) / audio.SampleRate
		}
		m.mx.Apply(starts[i : i+1])
	}
}

// render mixes up to frame target: dropped before the instant, kept in pre
// until the WAV writer exists, then written (at most remaining frames).
func (m *fromMixer) render(target int64) error {
	for m.mx.Frame() < target {
		f0 := m.mx.Frame()
		n := min(target-f0, 4096)
		skip := max(0, m.instant-f0) // before the instant: mixed, not kept
		if m.out != nil {
			if n = min(n, skip+m.remaining); n == 0 {
				return nil
			}
		}
		if cap(m.scratch) < int(2*n) {
			m.scratch = make([]float32, 2*n)
		}
		buf := m.scratch[:2*n]
		m.mx.Render(buf)
		if skip >= n {
			continue
		}
		buf = buf[2*skip:]
		if m.out == nil {
			m.pre = append(m.pre, buf...)
			continue
		}
		if err := m.out.Write(buf); err != nil {
			return err
		}
		m.remaining -= n - skip
	}
	return nil
}

// RecordError is a replay that the sidecar's record makes fail (an entry
// the Sim refuses, a state that differs from the capture's): the user's
// file, not an I/O failure.
type RecordError struct{ Err error }

func (e *RecordError) Error() string { return e.Err.Error() }
func (e *RecordError) Unwrap() error { return e.Err }

// ErrStopped is returned by RenderFrom when its context ends.
var ErrStopped = errors.New("render stopped")
