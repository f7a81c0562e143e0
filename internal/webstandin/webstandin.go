//go:build js && wasm

// Package webstandin hands assets the stand-in's dat images a page fetched
// (web/standin.js) to the browser's programs: the explorer's session and the
// gate worker, so neither synthesises every wave in WebAssembly.
package webstandin

import (
	"syscall/js"

	"soundworld/assets"
)

// Provide gives assets the stand-in images in v ({files: [portal, cell]
// ArrayBuffers, hash: their SHA-256 as the browser computed it}); they are
// taken only with want, the content hash this build was made with
// (assets.ProvideImages). An error means the stand-in is built here.
func Provide(v js.Value, want string) error {
	u8 := js.Global().Get("Uint8Array")
	var img [2][]byte
	for i := range img {
		b := u8.New(v.Get("files").Index(i))
		img[i] = make([]byte, b.Get("length").Int())
		js.CopyBytesToGo(img[i], b)
	}
	return assets.ProvideImages(img[0], img[1], v.Get("hash").String(), want)
}
