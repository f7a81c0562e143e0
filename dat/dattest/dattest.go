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

// File opens the dat image img under name; a failure ends the test.
func File(tb testing.TB, img []byte, name string) *dat.File {
	tb.Helper()
	f, err := dat.NewFile(bytes.NewReader(img), int64(len(img)), name)
	if err != nil {
		tb.Fatal(err)
	}
	return f
}

// Open opens a portal and a cell image as an archive, each named like the
// real file; a failure ends the test.
func Open(tb testing.TB, portal, cell []byte) *dat.Archive {
	tb.Helper()
	return &dat.Archive{Portal: File(tb, portal, dat.PortalFile), Cell: File(tb, cell, dat.CellFile)}
}

// Entry is record id's directory entry in the dat image img; a failure
// ends the test.
func Entry(tb testing.TB, img []byte, id uint32) dat.Entry {
	tb.Helper()
	e, err := File(tb, img, "img").Lookup(id)
	if err != nil {
		tb.Fatal(err)
	}
	return e
}

// OpenPair lays out w's two images and opens them as an archive, each named
// like the real file; a failure (an add that failed too) ends the test.
func OpenPair(tb testing.TB, w *dat.PairWriter) *dat.Archive {
	tb.Helper()
	portal, cell, err := w.Bytes()
	if err != nil {
		tb.Fatal(err)
	}
	return Open(tb, portal, cell)
}
