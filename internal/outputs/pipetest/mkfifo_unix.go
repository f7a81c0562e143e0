//go:build unix

package pipetest

import "syscall"

// Mkfifo makes a named pipe at path (rw-r--r--).
func Mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
