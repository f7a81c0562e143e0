//go:build unix

package commands

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the window in a process group of its own, with its
// children (xvfb-run's Xvfb, the relaunched window), so that stopping it
// reaches them all.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) }
}
