package commands

import (
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"text/tabwriter"

	"soundworld/atlas"
	"soundworld/dat"
	"soundworld/internal/outputs"
	"soundworld/names"
	"soundworld/world"
)

// E3 in the commands: dump setup | animation | script, and probe's object
// sources.

func dumpSetup(a *dat.Archive, id uint32) (any, error) {
	s, err := a.Setup(id)
	if err != nil {
		return nil, err
	}
	return struct {
		Source             string `json:"source"`
		ID                 hexID  `json:"id"`
		DefaultAnimation   hexID  `json:"default_animation"`
		DefaultScript      hexID  `json:"default_script"`
		DefaultMotionTable hexID  `json:"default_motion_table"`
		DefaultSoundTable  hexID  `json:"default_sound_table"`
		DefaultScriptTable hexID  `json:"default_script_table"`
	}{a.Source, hexID(s.ID), hexID(s.DefaultAnimation), hexID(s.DefaultScript), hexID(s.DefaultMotionTable),
		hexID(s.DefaultSoundTable), hexID(s.DefaultScriptTable)}, nil
}

// hookJSON is one hook: its type and direction, what a sound hook plays,
// what CallPES chains, and (other types) the body size and record byte.
type hookJSON struct {
	Type        string  `json:"type"`
	Dir         int32   `json:"direction"`
	At          int     `json:"record_byte"`
	Wave        *hexID  `json:"wave,omitempty"`
	SType       *uint32 `json:"stype,omitempty"`
	STypeName   string  `json:"stype_name,omitempty"`
	Probability *f32    `json:"probability,omitempty"`
	Priority    *f32    `json:"priority,omitempty"`
	Volume      *f32    `json:"volume,omitempty"`
	Script      *hexID  `json:"script,omitempty"`
	Pause       *f32    `json:"pause_s,omitempty"`
	BodyBytes   int     `json:"body_bytes,omitempty"`
}

func hookOf(h dat.Hook) hookJSON {
	j := hookJSON{Type: dat.HookName(h.Type), Dir: h.Dir, At: h.Off, BodyBytes: len(h.Body)}
	switch h.Type {
	case dat.HookSound:
		w := hexID(h.Wave)
		j.Wave = &w
	case dat.HookSoundTable:
		st := h.SType
		j.SType, j.STypeName = &st, dat.SoundTypeName(st)
	case dat.HookSoundTweaked:
		w := hexID(h.Wave)
		p, pr, v := f32(h.Probability), f32(h.Priority), f32(h.Volume)
		j.Wave, j.Probability, j.Priority, j.Volume = &w, &p, &pr, &v
	case dat.HookCallPES:
		s, p := hexID(h.Script), f32(h.Pause)
		j.Script, j.Pause = &s, &p
	}
	return j
}

// dumpAnimation prints the frame count, the frame rate a static plays it at
// and every frame that has hooks (part frames are counted, not printed).
func dumpAnimation(a *dat.Archive, id uint32) (any, error) {
	an, err := a.Animation(id)
	if err != nil {
		return nil, err
	}
	type frameJSON struct {
		Frame int        `json:"frame"`
		Hooks []hookJSON `json:"hooks"`
	}
	j := struct {
		Source    string      `json:"source"`
		ID        hexID       `json:"id"`
		Flags     uint32      `json:"flags"`
		NumParts  uint32      `json:"num_parts"`
		NumFrames int         `json:"num_frames"`
		PosFrames bool        `json:"pos_frames"`
		FrameRate float32     `json:"static_frame_rate"`
		Note      string      `json:"note"`
		Hooked    []frameJSON `json:"frames_with_hooks"`
	}{Source: a.Source, ID: hexID(an.ID), Flags: an.Flags, NumParts: an.NumParts, NumFrames: len(an.Frames),
		PosFrames: an.PosFrames != nil, FrameRate: 30,
		Note:   "the record holds no frame rate; a static's default animation plays at 30 frames/s and its last frame's hooks never run (E3)",
		Hooked: []frameJSON{}}
	for i, f := range an.Frames {
		if len(f.Hooks) == 0 {
			continue
		}
		fj := frameJSON{Frame: i}
		for _, h := range f.Hooks {
			fj.Hooks = append(fj.Hooks, hookOf(h))
		}
		j.Hooked = append(j.Hooked, fj)
	}
	return j, nil
}

func dumpScript(a *dat.Archive, id uint32) (any, error) {
	s, err := a.PhysicsScript(id)
	if err != nil {
		return nil, err
	}
	type entryJSON struct {
		Start float64  `json:"start_s"`
		Hook  hookJSON `json:"hook"`
	}
	j := struct {
		Source  string      `json:"source"`
		ID      hexID       `json:"id"`
		Entries []entryJSON `json:"entries"`
	}{Source: a.Source, ID: hexID(s.ID), Entries: []entryJSON{}}
	for _, e := range s.Entries {
		j.Entries = append(j.Entries, entryJSON{e.StartTime, hookOf(e.Hook)})
	}
	return j, nil
}

// probeObject is one object source around the player (probe -json "objects").
type probeObject struct {
	ID        string  `json:"id"`
	Kind      string  `json:"kind"` // static, building or scenery
	Setup     string  `json:"setup"`
	Table     string  `json:"sound_table"`
	Animation string  `json:"default_animation"`
	Script    string  `json:"default_script"`
	Landblock string  `json:"landblock"`
	X         float32 `json:"x"`
	Y         float32 `json:"y"`
	Z         float32 `json:"z"`
	Distance  float32 `json:"distance_m"` // from the camera (W5, W6)
	Radius    float32 `json:"audible_radius_m"`
}

func probeObjects(sn *world.Snapshot) []probeObject {
	out := []probeObject{}
	hex := func(v uint32) string { return fmt.Sprintf("0x%08X", v) }
	for _, o := range sn.Objects {
		off := world.Offset(sn.Camera, o.Loc)
		d := float32(0)
		if v := float64(off.X*off.X + off.Y*off.Y + off.Z*off.Z); v > 0 {
			d = float32(math.Sqrt(v))
		}
		out = append(out, probeObject{ID: hex(o.ID), Kind: world.ObjectKind(o.ID), Setup: hex(o.Setup), Table: hex(o.Table),
			Animation: hex(o.Anim), Script: hex(o.Script), Landblock: fmt.Sprintf("0x%04X", o.Loc.Landblock),
			X: cm(o.Loc.X), Y: cm(o.Loc.Y), Z: cm(o.Loc.Z), Distance: cm(d), Radius: cm(o.AudibleRadius)})
	}
	return out
}

// probeObjectsTable prints the object sources (or says they are off, or
// why there are none).
func probeObjectsTable(w io.Writer, objs []probeObject, released string, on bool) {
	if !on {
		fmt.Fprintln(w, "objects   left out (-objects=false)")
		return
	}
	if released != "" { // A11/E3 [D4]: a closed EnvCell (its own and visible cells' statics may remain)
		fmt.Fprintf(w, "objects   none of the landscape: %s\n", released)
		if len(objs) == 0 {
			return
		}
	}
	fmt.Fprintf(w, "objects   %d sounding object(s) of the data in the 3×3 landblocks (E3)\n", len(objs))
	for _, o := range objs {
		fmt.Fprintf(w, "  %s %s setup %s table %s anim %s script %s at %s (%.2f, %.2f, %.2f)  %.1f m away, ring %.1f m\n",
			o.ID, o.Kind, o.Setup, o.Table, o.Animation, o.Script, o.Landblock, o.X, o.Y, o.Z, o.Distance, o.Radius)
	}
}

// writeObjects prints the atlas's object hits (the first top) and writes
// them all to csvPath if given.
func writeObjects(w io.Writer, nb *names.Book, what string, objs []atlas.ObjectHit, top int, csvPath string) error {
	if csvPath != "" {
		err := outputs.WriteFile(csvPath, func(f *os.File) error {
			var b strings.Builder
			b.WriteString("landblock,object,setup,sound_table,x,y,z,map,plays,kind,name\n")
			for _, o := range objs {
				fmt.Fprintf(&b, "0x%04X,0x%08X,0x%08X,0x%08X,%.2f,%.2f,%.2f,%q,%q,%s,%q\n", o.Landblock, o.ID, o.Setup, o.Table,
					o.Loc.X, o.Loc.Y, o.Loc.Z, o.Map, o.Plays(), world.ObjectKind(o.ID), nb.Object(o.ID, o.Setup))
			}
			_, err := f.WriteString(b.String())
			return err
		})
		if err != nil {
			return err
		}
	}
	kinds := map[string]int{}
	for _, o := range objs {
		kinds[world.ObjectKind(o.ID)]++
	}
	fmt.Fprintf(w, "%s: %d sounding object(s) (%d static, %d building, %d scenery)", what, len(objs), kinds["static"], kinds["building"], kinds["scenery"])
	if csvPath != "" {
		fmt.Fprintf(w, " (all in %s)", csvPath)
	}
	fmt.Fprintln(w)
	if len(objs) == 0 {
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "landblock\tobject\tname\tkind\tsetup\tlocal (m)\tmap\tplays")
	for _, o := range objs[:min(top, len(objs))] {
		fmt.Fprintf(tw, "0x%04X\t0x%08X\t%s\t%s\t0x%08X\t(%.1f, %.1f, %.1f)\t%s\t%s\n", o.Landblock, o.ID, nb.Object(o.ID, o.Setup), world.ObjectKind(o.ID), o.Setup, o.Loc.X, o.Loc.Y, o.Loc.Z, o.Map, o.Plays())
	}
	return tw.Flush()
}
