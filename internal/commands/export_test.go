package commands

import "soundworld/internal/cli"

// Helpers only the tests use (no program reaches them).

// isUserErr reports whether err was marked by userErr.
func isUserErr(err error) bool { return cli.IsUserErr(err) }
