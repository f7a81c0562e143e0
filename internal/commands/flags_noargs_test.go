package commands

import (
	"strings"
	"testing"
)

// The commands that take only flags refuse a stray argument before doing
// anything: exit 2, naming it, with the usage.
func TestParseNoArgs_StrayArgument(t *testing.T) {
	for _, name := range []string{"atlas", "bigworld", "check", "level", "probe", "render", "sounds"} {
		code, _, stderr := runOut(name, "stray")
		if code != 2 || !strings.Contains(stderr, `soundworld `+name+`: unexpected argument "stray"`) || !strings.Contains(stderr, "usage:") {
			t.Errorf("%s stray: exit %d, stderr %q; want 2, the argument named and the usage", name, code, stderr)
		}
	}
}
