//go:build js && wasm

package game

import (
	"errors"
	"path"
	"syscall/js"
)

// saved says where an output went: in a page every output is handed to the
// browser as a download under its file name (web/swfs.js), not kept in a
// folder.
func saved(p string) string { return "Downloaded " + path.Base(p) }

// copyText puts s on the clipboard through the browser
// (navigator.clipboard.writeText; the page's key or click is the user
// gesture it needs). Without the API (an http:// page other than localhost)
// it is an error and the copy goes to a download instead.
func copyText(s string) error {
	c := js.Global().Get("navigator").Get("clipboard")
	if c.IsUndefined() || c.IsNull() {
		return errors.New("no clipboard API (the page is not served over https or localhost)")
	}
	c.Call("writeText", s) // a refusal shows in the console; the toast shows the line either way
	return nil
}
