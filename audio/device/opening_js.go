//go:build js && wasm

package device

// openOffThread: in a browser the device is opened where asked (the
// page's gesture; the worklet's start waits for nothing in Go).
const openOffThread = false

// readyOto is the page's own output there (output_web.go).
func readyOto() (begin, error) {
	return func(d *Device, _ bool) (output, error) { return openDefault(d) }, nil
}
