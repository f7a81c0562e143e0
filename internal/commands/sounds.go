package commands

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"soundworld/internal/cli"
	"soundworld/names"
)

// runSounds is `soundworld sounds`: every wave, sound table, SoundType and
// object sound source of the data, with names, lengths and formats (the
// sound browser's terminal side).
func runSounds(e *Env, args []string) error { return sounds(args, e.Stdout, e.Stderr) }

const soundsUsage = `usage: soundworld sounds [-dat DIR] [-names FILE] [-json] [-strict]`

// soundsJSON is the -json output: the names package's catalogue (its one owner).
type soundsJSON = names.Catalog

func sounds(args []string, stdout, stderr io.Writer) error {
	fs := NewFlags("sounds", soundsUsage, stdout, stderr)
	datDir := fs.String("dat", "", datHelp)
	namesFile := fs.String("names", "", cli.NamesFlagHelp)
	asJSON := fs.Bool("json", false, "print JSON instead of tables")
	strict := fs.Bool("strict", false, "any data problem (a record that does not parse) is exit 2")
	if err := fs.ParseNoArgs(args); err != nil {
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
	out, err := b.List(a, probs.ps)
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
