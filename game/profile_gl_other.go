//go:build !linux

package game

// glNote is Linux's EGL/GLX choice (profile_gl_linux.go); nothing to say here.
func glNote() string { return "" }
