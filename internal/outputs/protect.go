package outputs

import (
	"path/filepath"
	"sync"
)

// protected lists the folders this process opened as game data.
var protected struct {
	sync.Mutex
	dirs []string
}

// Protect marks dir as game data for the rest of the process: every check of
// this package refuses to write inside it, whatever datDir its caller knows
// (cli.OpenDataDir calls it, so an output of the window that has no -dat in
// reach is still refused there).
func Protect(dir string) {
	if dir == "" {
		return
	}
	if ad, err := filepath.Abs(dir); err == nil { // as it is now: the working folder may change later
		dir = ad
		if rd, err := filepath.EvalSymlinks(ad); err == nil {
			dir = rd
		}
	}
	protected.Lock()
	defer protected.Unlock()
	for _, d := range protected.dirs {
		if d == dir {
			return
		}
	}
	protected.dirs = append(protected.dirs, dir)
}

func protectedDirs() []string {
	protected.Lock()
	defer protected.Unlock()
	return append([]string(nil), protected.dirs...)
}
