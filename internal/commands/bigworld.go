package commands

import (
	"fmt"
	"os"
	"time"

	"soundworld/internal/bigworld"
	"soundworld/internal/outputs"
)

const bigworldUsage = `usage: soundworld bigworld -o DIR

Writes the generated full-size world — all 255 × 255 landblocks of a
Dereth-shaped region with ambient sound tables — as client_portal.dat and
client_cell_1.dat into the new folder DIR (about 40 MB), for trying the
explorer, atlas and check at the scale of the real game:

  soundworld bigworld -o /tmp/bigworld
  soundworld -dat /tmp/bigworld

Nothing in it is retail data. One sound table is left out on purpose, so
check and the window show a data problem as they would with damaged data.
DIR must not exist yet; it appears whole or not at all.
`

// runBigworld is `soundworld bigworld`: internal/bigworld's world written
// into a new folder (a temp folder renamed into place).
func runBigworld(e *Env, args []string) error {
	fs := e.Flags("bigworld", bigworldUsage)
	out := fs.String("o", "", "the new folder to write the two dat files into")
	if err := fs.ParseNoArgs(args); err != nil {
		return err
	}
	if *out == "" {
		return fs.Bad("-o DIR is required")
	}
	if _, err := os.Lstat(*out); err == nil {
		return userErr(fmt.Errorf("-o %s: already exists (give a new folder)", *out))
	}
	plan := outputs.Plan{}
	plan.OutputDir("-o", *out)
	if err := plan.Check(); err != nil {
		return userErr(err)
	}
	d, err := outputs.CreateDir(*out) // checked above: a failure now is I/O (exit 1)
	if err != nil {
		return err
	}
	start := time.Now()
	if err := bigworld.Generate(d.Temp()); err != nil {
		d.Abort()
		return err
	}
	if err := d.Commit(); err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "wrote the generated world to %s in %.1f s; open it with: soundworld -dat %s\n", *out, time.Since(start).Seconds(), *out)
	return nil
}
