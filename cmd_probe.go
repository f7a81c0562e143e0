package main

import "errors"

// runProbe is a placeholder until its owner writes cmd_probe.go.
func runProbe(args []string) error { return errors.New("probe: not implemented yet") }
