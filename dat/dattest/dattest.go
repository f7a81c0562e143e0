// Package dattest helps tests with dat pairs: it writes small ones built
// with dat.Writer and opens fuzzed ones.
package dattest

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"soundworld/dat"
)

// WriteDir writes portal and cell as dir's client_portal.dat and
// client_cell_1.dat; a failure ends the test.
func WriteDir(tb testing.TB, dir string, portal, cell *dat.Writer) {
	tb.Helper()
	for name, w := range map[string]*dat.Writer{dat.PortalFile: portal, dat.CellFile: cell} {
		img, err := w.Bytes()
		if err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), img, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// Entry is record id's directory entry in the dat image img; a failure
// ends the test.
func Entry(tb testing.TB, img []byte, id uint32) dat.Entry {
	tb.Helper()
	f, err := dat.NewFile(bytes.NewReader(img), int64(len(img)), "img")
	if err != nil {
		tb.Fatal(err)
	}
	e, err := f.Lookup(id)
	if err != nil {
		tb.Fatal(err)
	}
	return e
}
