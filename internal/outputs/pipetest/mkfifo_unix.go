//go:build unix

package pipetest

import "syscall"

// mkfifo makes a named pipe at path (rw-r--r--).
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
