package outputs

import (
	"path/filepath"
	"strings"
)

// Output names must be names Windows accepts, on every system: a layout,
// gate file or script written on Linux may name an output that a Windows
// user then runs (and the other way round), and Windows does not fail
// cleanly on all of these — "CON.wav" opens the console device, a name
// ending in "." or " " is silently shortened, and "a:b.wav" writes an NTFS
// alternate stream of "a". So the name a command will create (the last
// element of an output path) is refused here, with the reason, before any
// work starts. Folders that already exist above it are the user's and are
// not judged. docs/install.md "Windows" has the list.

// reservedDevices are Windows' device names: reserved in any case and with
// any extension ("nul.txt" and "Con.tar.gz" are the devices too).
var reservedDevices = map[string]bool{
	"CON": true, "PRN": true, "AUX": true, "NUL": true, "CONIN$": true, "CONOUT$": true,
}

// portableName checks the file or folder name an output will create.
func portableName(o named) error {
	name := filepath.Base(o.path) // on Windows "/" and "\" both separate; elsewhere "\" is part of the name
	if name == "." || name == ".." || name == string(filepath.Separator) {
		return nil // a folder spelled by its path, or a root: the other checks judge it
	}
	bad := prefix(o)
	const hint = "; Windows refuses such names, so soundworld refuses them on every system (give another name)"
	if strings.HasSuffix(name, ".") || strings.HasSuffix(name, " ") {
		return bad("the name \"%s\" ends in a dot or a space%s", name, hint)
	}
	for _, r := range name {
		if r < 0x20 || strings.ContainsRune(`<>:"|?*\`, r) {
			return bad("the name \"%s\" holds the character %q%s", name, r, hint)
		}
	}
	if dev := deviceName(name); dev != "" {
		return bad("the name \"%s\" is Windows' device %s (reserved with any extension)%s", name, dev, hint)
	}
	return nil
}

// deviceName is the reserved device a file name stands for on Windows
// (CON, NUL, COM1, LPT¹, …), or "". The part before the first dot counts,
// with trailing spaces dropped, in any case.
func deviceName(name string) string {
	stem, _, _ := strings.Cut(name, ".")
	stem = strings.ToUpper(strings.TrimRight(stem, " "))
	if reservedDevices[stem] {
		return stem
	}
	for _, p := range []string{"COM", "LPT"} {
		if rest, ok := strings.CutPrefix(stem, p); ok && len([]rune(rest)) == 1 &&
			strings.ContainsRune("0123456789¹²³", []rune(rest)[0]) {
			return stem
		}
	}
	return ""
}
