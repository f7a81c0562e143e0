//go:build !unix

package commands

const canLimitFileSize = false

func limitFileSize() {}
