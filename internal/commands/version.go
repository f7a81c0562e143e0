package commands

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// Version is the release's version, set by `make dist` with
// -ldflags "-X soundworld/internal/commands.Version=v…"; a plain build says
// "dev".
var Version = "dev"

// Commit is the git commit, set by `make dist` with -ldflags "-X
// soundworld/internal/commands.Commit=…" (it works with -buildvcs=false
// too); empty, the build info's vcs.revision is used.
var Commit = ""

// printVersion is `soundworld -version`: the version, the commit the
// program was built from (Go records it from git in the build info; a
// build with uncommitted changes says "+modified"), and the Go toolchain
// and system it was built for.
func printVersion(w io.Writer) {
	fmt.Fprintf(w, "soundworld %s (commit %s) %s %s/%s\n", Version, commit(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// commit is the VCS revision from the build info, "unknown" without one
// (a build outside a git checkout, or with -buildvcs=false).
func commit() string {
	if Commit != "" {
		return Commit
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	rev, modified := "unknown", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if modified {
		rev += "+modified"
	}
	return rev
}
