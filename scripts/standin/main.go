// Command standin writes the built-in stand-in world's two dat files and
// prints their content hash (assets.StandInHash): make web puts them in the
// web folder so the page need not synthesise every wave in WebAssembly, and
// scripts/cross-standin.sh runs it on amd64, arm64 (qemu) and js/wasm (Node)
// to check the synthesis gives the same bytes everywhere.
//
//	standin [-o DIR]
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"soundworld/assets"
	"soundworld/dat"
)

func main() {
	out := flag.String("o", "", "write client_portal.dat and client_cell_1.dat into this existing folder")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "standin:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	portal, cell, err := assets.StandInImages()
	if err != nil {
		return err
	}
	if out != "" {
		for _, f := range []struct {
			name string
			b    []byte
		}{{dat.PortalFile, portal}, {dat.CellFile, cell}} {
			if err := os.WriteFile(filepath.Join(out, f.name), f.b, 0o644); err != nil {
				return err
			}
		}
	}
	h, err := assets.StandInHash()
	if err != nil {
		return err
	}
	fmt.Println(h)
	return nil
}
