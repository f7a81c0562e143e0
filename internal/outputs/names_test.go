package outputs

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Names Windows refuses are refused on every system, by Check (an output
// file), CheckDir (an output folder) and CheckFile (the window's outputs),
// each with the name and the reason; the names around them pass. The list is
// Microsoft's "Naming Files, Paths, and Namespaces" page, written out here.
func TestPortableNames(t *testing.T) {
	dir := t.TempDir()
	refused := map[string]string{
		"CON":          "device CON",
		"con.wav":      "device CON",
		"Nul.tar.gz":   "device NUL",
		"NUL .wav":     "device NUL", // trailing spaces of the stem are dropped by Windows
		"prn.png":      "device PRN",
		"aux":          "device AUX",
		"COM1.json":    "device COM1",
		"com9":         "device COM9",
		"COM0.wav":     "device COM0",
		"lpt3.csv":     "device LPT3",
		"LPT¹.wav":     "device LPT¹",
		"conin$.txt":   "device CONIN$",
		"report.":      "ends in a dot or a space",
		"report.wav ":  "ends in a dot or a space",
		"a:b.wav":      `character ':'`,
		"what?.wav":    `character '?'`,
		"star*.png":    `character '*'`,
		"pipe|x.wav":   `character '|'`,
		`say"hi".wav`:  `character '"'`,
		"less<.wav":    `character '<'`,
		"tab\there.wv": `character '\t'`,
	}
	if runtime.GOOS != "windows" { // on Windows "\" separates; elsewhere it is in the name
		refused[`C:\Games\out.wav`] = `character ':'`
		refused[`out\x.wav`] = `character '\\'`
	}
	for name, why := range refused {
		p := filepath.Join(dir, name)
		for _, check := range []struct {
			what string
			err  error
		}{
			{"Check", (&Plan{outputs: []named{{flag: "-o", path: p}}}).Check()},
			{"CheckDir", CheckDir("-o", p, "")},
			{"CheckFile", CheckFile("-o", p, "")},
		} {
			if check.err == nil || !strings.Contains(check.err.Error(), why) ||
				!strings.Contains(check.err.Error(), "Windows refuses such names") {
				t.Errorf("%s %q: %v, want refused for %s", check.what, name, check.err, why)
			}
		}
	}
	for _, name := range []string{"console.wav", "CON1.wav", "COM10.wav", "LPT.wav", "nullify.png",
		"my con.wav", "x.con", "holtburg 1.wav", "Asheron's Call.wav", "über.wav", "a.b.c", ".hidden"} {
		p := filepath.Join(dir, name)
		if err := CheckFile("-o", p, ""); err != nil {
			t.Errorf("CheckFile %q: %v, want accepted", name, err)
		}
		if err := CheckDir("-o", p, ""); err != nil {
			t.Errorf("CheckDir %q: %v, want accepted", name, err)
		}
	}
	// Only the name the command creates is judged: an existing folder above
	// it whose name ends in a space stays the user's business.
	odd := filepath.Join(dir, "odd ")
	if err := MkdirChecked("", filepath.Join(dir, "plain"), ""); err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" {
		if err := os.Mkdir(odd, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := CheckFile("-o", filepath.Join(odd, "x.wav"), ""); err != nil {
			t.Errorf("a file inside an existing folder %q: %v, want accepted", odd, err)
		}
	}
}
