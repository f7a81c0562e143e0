//go:build unix

package commands

import (
	"os"
	"strconv"
	"syscall"
)

const canLimitFileSize = true

// limitFileSize applies SOUNDWORLD_TEST_FSIZE (bytes), if set, as this
// process's file size limit: a write past it fails with EFBIG, as on a full
// disk (Go ignores the SIGXFSZ that comes with it).
func limitFileSize() {
	v, ok := os.LookupEnv("SOUNDWORLD_TEST_FSIZE")
	if !ok {
		return
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		panic(err)
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n}); err != nil {
		panic(err)
	}
}
