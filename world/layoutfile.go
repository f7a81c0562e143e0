package world

import (
	"os"

	"soundworld/internal/fileguard"
)

// LoadLayoutFile reads an emitter layout file (E2); errors name the file,
// line and field. A named pipe or device is refused at once (it would
// block). Where a layout may be written is the programs' (internal/cli).
func LoadLayoutFile(path string) ([]Emitter, error) {
	if err := fileguard.RefuseSpecial("layout", path); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return LoadLayout(f, path)
}
