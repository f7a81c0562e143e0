package outputs

import (
	"context"
	"fmt"
	"os"
)

// Group is a command's outputs committed together: every
// file is written completely to its temp file first; Commit then checks
// that the command was not interrupted and renames them one after another.
// After an error or a signal before Commit's renames every target is as it
// was; after Commit every target is new.
//
// The window that remains: the renames happen one at a time (a rename is
// atomic, a set of them is not). A signal during them is not acted on until
// they are done (the command returns after Commit; the signal watchdog waits
// Grace), so only a failing rename — the folder made read-only or removed
// at that very moment — or a kill -9 / power loss between two renames can
// leave some targets new and the rest old. The renames take microseconds.
type Group struct {
	ctx   context.Context
	files []*File
	done  bool
}

// NewGroup starts a group; ctx is the command's (nil: never cancelled).
func NewGroup(ctx context.Context) *Group {
	if ctx == nil {
		ctx = context.Background()
	}
	return &Group{ctx: ctx}
}

// Create starts one output of the group; write to the *File, then Commit
// the group (never the file).
func (g *Group) Create(path string) (*File, error) {
	f, err := Create(path)
	if err != nil {
		return nil, err
	}
	g.files = append(g.files, f)
	return f, nil
}

// Write adds path, written by write, to the group.
func (g *Group) Write(path string, write func(f *os.File) error) error {
	f, err := g.Create(path)
	if err != nil {
		return err
	}
	return write(f.File)
}

// Commit finishes every temp file (sync, close); if all are complete and
// the context is not cancelled, it renames each onto its target. Otherwise
// it removes them all and returns the error (ErrInterrupted for a signal).
func (g *Group) Commit() error {
	if g.done {
		return fmt.Errorf("outputs: group already finished")
	}
	g.done = true
	var err error
	for _, f := range g.files {
		if ferr := f.finish(); ferr != nil && err == nil {
			err = ferr
		}
	}
	if err == nil && g.ctx.Err() != nil {
		err = ErrInterrupted
	}
	if err != nil {
		for _, f := range g.files {
			f.drop()
		}
		return err
	}
	for i, f := range g.files {
		if err := f.rename(); err != nil {
			for _, rest := range g.files[i+1:] {
				rest.drop()
			}
			return err
		}
	}
	return nil
}

// Abort removes every temp file of the group; after Commit it does nothing.
func (g *Group) Abort() {
	if g.done {
		return
	}
	g.done = true
	for _, f := range g.files {
		f.Abort()
	}
}
