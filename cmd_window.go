package main

import "errors"

// runWindow is a placeholder until its owner writes cmd_window.go.
func runWindow(args []string) error { return errors.New("window: not implemented yet") }
