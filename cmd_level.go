package main

import "errors"

// runLevel is a placeholder until its owner writes cmd_level.go.
func runLevel(args []string) error { return errors.New("level: not implemented yet") }
