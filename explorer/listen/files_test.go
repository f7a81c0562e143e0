package listen

import (
	"os"

	"soundworld/dat"
	"soundworld/world"
)

// plainFiles is Files without the programs' policy (the window gives
// internal/cli.Files, whose refusals the window's outputs test pins).
type plainFiles struct{}

func (plainFiles) OpenDataDir(dir string) (*dat.Archive, error) { return dat.OpenDir(dir) }

func (plainFiles) LoadLayoutFile(path string) ([]world.Emitter, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return world.LoadLayout(f, path)
}

func (plainFiles) WriteFile(path string, b []byte) error { return os.WriteFile(path, b, 0o644) }
