//go:build js && wasm

// Command soundworld-gate is the page's listening-gate run: `soundworld gate`
// (internal/commands, the desktop's code) compiled for the browser and
// started in a Web Worker (web/gateworker.js), so the page's map and sound
// go on while the seeds render. The worker gives the job through
// globalThis.soundworldGateJob:
//
//	args     the command line after "soundworld" (gate FILE -seeds K …)
//	standIn  the stand-in's two dat images and their SHA-256 as the page
//	         fetched them (web/standin.js), or null
//
// A gate recorded on the user's own game files finds them where it names its
// dat folder: the worker puts them there.
//
// Its outputs (report.json, report.html without plots, the gate file with
// its history line) reach the worker through the page's files (web/swfs.js).
package main

import (
	"fmt"
	"os"
	"syscall/js"

	"soundworld/internal/commands"
	"soundworld/internal/webstandin"
)

// standInHash is the content hash of the stand-in images make web wrote
// (-ldflags -X, scripts/web-build.sh).
var standInHash string

func main() {
	job := js.Global().Get("soundworldGateJob")
	if job.IsUndefined() {
		fmt.Fprintln(os.Stderr, "soundworld-gate: no soundworldGateJob: start this program from web/gateworker.js")
		os.Exit(2)
	}
	provideStandIn(job.Get("standIn"))
	var args []string
	a := job.Get("args")
	for i := 0; i < a.Length(); i++ {
		args = append(args, a.Index(i).String())
	}
	os.Exit(commands.Main(args))
}

// provideStandIn hands assets the stand-in images the page fetched, so the
// worker does not synthesise every wave (seconds in WebAssembly); with
// another hash the stand-in is built here, as on the desktop.
func provideStandIn(v js.Value) {
	if standInHash == "" || v.IsUndefined() || v.IsNull() {
		return
	}
	if err := webstandin.Provide(v, standInHash); err != nil {
		fmt.Fprintln(os.Stderr, "soundworld-gate: building the stand-in here:", err)
	}
}
