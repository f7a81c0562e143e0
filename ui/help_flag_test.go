package ui

import "flag"

// updateKeys rewrites docs/keys.md's generated table.
var updateKeys = flag.Bool("update-keys", false, "rewrite docs/keys.md's key table from F1's list")
