package commands

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"soundworld/dat"
	"soundworld/internal/cli"
	"soundworld/names"
)

// runSounds is `soundworld sounds`: every wave, sound table, SoundType and
// object sound source of the data, with names, lengths and formats (the
// sound browser's terminal side).
func runSounds(e *Env, args []string) error { return sounds(args, e.Stdout, e.Stderr) }

const soundsUsage = `usage: soundworld sounds [-dat DIR] [-names FILE] [-json] [-strict]`

// soundsJSON is the -json output.
type soundsJSON struct {
	Source  string        `json:"source"`
	Waves   []soundWave   `json:"waves"`
	Tables  []soundTable  `json:"sound_tables"`
	Objects []soundObject `json:"object_sources"`
	Probs   []dat.Problem `json:"problems"`
}

type soundWave struct {
	ID       hexID   `json:"id"`
	Name     string  `json:"name"`
	Format   string  `json:"format"` // PCM, MP3, or the format tag
	Channels uint16  `json:"channels"`
	Rate     uint32  `json:"rate_hz"`
	Bits     uint16  `json:"bits_per_sample"`
	Seconds  float64 `json:"seconds"`            // PCM: exact; MP3: data bytes ÷ average bytes per second
	Estimate bool    `json:"estimate,omitempty"` // Seconds is the MP3 estimate
}

type soundTable struct {
	ID    hexID       `json:"id"`
	Name  string      `json:"name"`
	Types []soundType `json:"sound_types"`
}

type soundType struct {
	SType    uint32  `json:"stype"`
	Name     string  `json:"name"`      // the sound's name (package names)
	TypeName string  `json:"type_name"` // §5.1's name for the SoundType
	Waves    []hexID `json:"waves"`     // variants in table order
}

type soundObject struct {
	Setup hexID  `json:"setup"`
	Name  string `json:"name"`
	Plays string `json:"plays"`
}

func sounds(args []string, stdout, stderr io.Writer) error {
	fs := NewFlags("sounds", soundsUsage, stdout, stderr)
	datDir := fs.String("dat", "", datHelp)
	namesFile := fs.String("names", "", cli.NamesFlagHelp)
	asJSON := fs.Bool("json", false, "print JSON instead of tables")
	strict := fs.Bool("strict", false, "any data problem (a record that does not parse) is exit 2")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := fs.NoArgs(); err != nil {
		return err
	}
	user, err := cli.LoadNamesFile(*namesFile)
	if err != nil {
		return err
	}
	a, err := openArchive(*datDir)
	if err != nil {
		return err
	}
	b := names.New(a, *datDir == "", user)
	probs := newDataProblems("sounds")
	out, err := listSounds(a, b, probs.ps)
	if err != nil {
		return dataErr(err)
	}
	out.Probs = probs.ps.List()
	if *asJSON {
		j, err := json.MarshalIndent(out, "", " ")
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(stdout, "%s\n", j); err != nil {
			return err
		}
	} else if err := soundsTables(stdout, out); err != nil {
		return err
	}
	return probs.report(stderr, *strict)
}

// listSounds reads every wave, sound table and Setup of the portal dat; a
// record that does not parse is a problem (listed, skipped), never silent.
func listSounds(a *dat.Archive, b *names.Book, ps *dat.Problems) (soundsJSON, error) {
	out := soundsJSON{Source: a.Source}
	// each reads every record of [lo, hi]; one that does not parse is a problem.
	each := func(lo, hi uint32, kind string, read func(id uint32) error) error {
		ids, err := dat.IDs(a.Portal, lo, hi, nil)
		for _, id := range ids {
			if err := read(id); err != nil {
				ps.AddErr(kind, a.Portal.Name(), id, err)
			}
		}
		return err
	}
	err := each(0x0A000000, 0x0AFFFFFF, dat.KindBadWave, func(id uint32) error {
		w, err := a.Wave(id)
		if err == nil {
			out.Waves = append(out.Waves, waveRow(w, b))
		}
		return err
	})
	if err == nil {
		err = each(0x20000000, 0x20FFFFFF, dat.KindBadTable, func(id uint32) error {
			t, err := a.SoundTable(id)
			if err == nil {
				out.Tables = append(out.Tables, tableRow(t, b))
			}
			return err
		})
	}
	if err == nil {
		err = each(0x02000000, 0x02FFFFFF, dat.KindBadSetup, func(id uint32) error {
			if _, err := a.Setup(id); err != nil {
				return err
			}
			if p := b.SetupPlays(id); p != "" {
				name, ok := b.Known(id)
				if !ok {
					name = "(no name: -names gives one)"
				}
				out.Objects = append(out.Objects, soundObject{Setup: hexID(id), Name: name, Plays: p})
			}
			return nil
		})
	}
	return out, err
}

// waveRow is a wave's format and length: PCM from its header (data bytes ÷
// (channels × bytes per sample) ÷ rate); MP3 estimated from the header's
// average bytes per second (decoding every MP3 would take minutes).
func waveRow(w *dat.Wave, b *names.Book) soundWave {
	f := w.Format
	r := soundWave{ID: hexID(w.ID), Name: b.Wave(w.ID), Format: fmt.Sprintf("tag 0x%04X", f.Tag),
		Channels: f.Channels, Rate: f.SamplesPerSec, Bits: f.BitsPerSample}
	switch f.Tag {
	case dat.WaveTagPCM:
		r.Format = "PCM"
		if frame := int(f.Channels) * int(f.BitsPerSample) / 8; frame > 0 && f.SamplesPerSec > 0 {
			r.Seconds = float64(len(w.Data)/frame) / float64(f.SamplesPerSec)
		}
	case dat.WaveTagMP3:
		r.Format, r.Estimate = "MP3", true
		if f.AvgBytesPerSec > 0 {
			r.Seconds = float64(len(w.Data)) / float64(f.AvgBytesPerSec)
		}
	}
	return r
}

// tableRow is a table's SoundTypes in SoundType order, each with its
// variants' waves in table order.
func tableRow(t *dat.SoundTable, b *names.Book) soundTable {
	name, ok := b.Known(t.ID)
	if !ok {
		name = fmt.Sprintf("sound table 0x%08X", t.ID)
	}
	r := soundTable{ID: hexID(t.ID), Name: name}
	types := make([]uint32, 0, len(t.Sounds))
	for st := range t.Sounds {
		types = append(types, st)
	}
	slices.Sort(types)
	for _, st := range types {
		s := soundType{SType: st, Name: b.Sound(st, t.ID, 0), TypeName: names.SType(st)}
		for _, d := range t.Sounds[st] {
			s.Waves = append(s.Waves, hexID(d.WaveID))
		}
		r.Types = append(r.Types, s)
	}
	return r
}

// soundsTables prints the four lists as aligned tables.
func soundsTables(w io.Writer, s soundsJSON) error {
	nt := 0
	for _, t := range s.Tables {
		nt += len(t.Types)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "Sounds of %s: %d waves, %d sound tables, %d SoundTypes in them, %d object sound sources\n",
		s.Source, len(s.Waves), len(s.Tables), nt, len(s.Objects))
	fmt.Fprintf(tw, "\nWaves\nid\tname\tformat\tch\trate Hz\tbits\tlength\n")
	for _, v := range s.Waves {
		length := fmt.Sprintf("%.2f s", v.Seconds)
		if v.Estimate {
			length = "≈" + length
		}
		fmt.Fprintf(tw, "0x%08X\t%s\t%s\t%d\t%d\t%d\t%s\n", uint32(v.ID), v.Name, v.Format, v.Channels, v.Rate, v.Bits, length)
	}
	fmt.Fprintf(tw, "\nSound tables and their SoundTypes\ntable\tname\tSoundType\tsound\tvariants (waves)\n")
	for _, t := range s.Tables {
		for i, st := range t.Types {
			id, name := "", ""
			if i == 0 {
				id, name = fmt.Sprintf("0x%08X", uint32(t.ID)), t.Name
			}
			var ws []string
			for _, wid := range st.Waves {
				ws = append(ws, fmt.Sprintf("0x%08X", uint32(wid)))
			}
			fmt.Fprintf(tw, "%s\t%s\t0x%02X %s\t%s\t%s\n", id, name, st.SType, st.TypeName, st.Name, strings.Join(ws, " "))
		}
	}
	fmt.Fprintf(tw, "\nObject sound sources (Setups whose default animation or script sounds, E3)\nsetup\tname\twhat it plays\n")
	for _, o := range s.Objects {
		fmt.Fprintf(tw, "0x%08X\t%s\t%s\n", uint32(o.Setup), o.Name, o.Plays)
	}
	return tw.Flush()
}
