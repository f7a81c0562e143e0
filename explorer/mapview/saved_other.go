//go:build !js

package mapview

import "fmt"

// savedHits says where the search hits went (the page downloads them
// instead, saved_js.go).
func savedHits(n int, path string) string { return fmt.Sprintf("Saved %d search hits to %s", n, path) }
