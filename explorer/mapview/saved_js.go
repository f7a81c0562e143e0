//go:build js

package mapview

import (
	"fmt"
	"path"
)

// savedHits says where the search hits went: in a page every output is a
// download under its file name (web/swfs.js), not kept in a folder.
func savedHits(n int, p string) string {
	return fmt.Sprintf("Downloaded %d search hits as %s", n, path.Base(p))
}
