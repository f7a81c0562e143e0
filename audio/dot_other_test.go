//go:build !amd64

package audio

// portableKernel runs f; off amd64 the portable kernel is the only one.
func portableKernel(f func()) { f() }

// haveAsmKernel reports whether an assembly kernel runs on this machine.
func haveAsmKernel() bool { return false }
