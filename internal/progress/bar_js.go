//go:build js

package progress

import "io"

// newTermBar gives no bar: a browser page has no terminal (its stderr is
// the console, where plain lines read best), and leaving progressbar out
// keeps net/http and crypto/tls, which it imports, out of the page's
// WebAssembly (about 1 MB of code to compile before the first map).
func newTermBar(io.Writer, Options) termBar { return nil }
