//go:build !unix

package commands

import "os/exec"

// ownGroup leaves the window in the launcher's process group: without
// process groups only the window itself is stopped (exec.Cmd's default).
func ownGroup(cmd *exec.Cmd) {}
