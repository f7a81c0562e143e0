package main

import "errors"

// runShot is a placeholder until its owner writes cmd_shot.go.
func runShot(args []string) error { return errors.New("shot: not implemented yet") }
