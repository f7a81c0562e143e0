//go:build !js

package game

import (
	"sync"

	"golang.design/x/clipboard"
)

// saved says where an output went: a file under the working folder here
// (the browser build's outputs are downloads: clip_js.go).
func saved(path string) string { return "Saved " + path }

// The system clipboard (golang.design/x/clipboard: X11 selection through
// libX11 loaded at run time; it works under Xvfb). Init fails without a
// display: the copy then goes to a file and the toast says where.
var (
	clipOnce sync.Once
	clipErr  error
)

// copyText puts s on the system clipboard; an error means there is none.
func copyText(s string) error {
	clipOnce.Do(func() { clipErr = clipboard.Init() })
	if clipErr == nil {
		clipboard.Write(clipboard.FmtText, []byte(s))
	}
	return clipErr
}
