package main

import "errors"

// runRender is a placeholder until its owner writes cmd_render.go.
func runRender(args []string) error { return errors.New("render: not implemented yet") }
