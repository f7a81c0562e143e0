package gate

import (
	"os"
)

// appendHistory writes the gate file at path with h appended (WithHistory),
// as the window's ABX log does through its Files.
func appendHistory(path string, h History) error {
	b, err := WithHistory(path, h)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
