package main

import "errors"

// runDump is a placeholder until its owner writes cmd_dump.go.
func runDump(args []string) error { return errors.New("dump: not implemented yet") }
