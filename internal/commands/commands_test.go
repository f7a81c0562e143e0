package commands

import (
	"bytes"
	"context"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
)

// testMain is the variable that makes TestMain run this binary as soundworld
// itself (childMain): it holds the arguments, separated by \x1f.
const testMain = "SOUNDWORLD_TEST_MAIN"

// TestMain lets a test run this binary as soundworld itself (childMain).
func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv(testMain); ok {
		table = append(table, bugCommands...)     // crash_test.go
		table = append(table, exitBugCommands...) // exitcodes_test.go
		limitFileSize()                           // fsize_unix_test.go
		os.Exit(Main(strings.Split(args, "\x1f")))
	}
	os.Exit(m.Run())
}

// run runs soundworld in-process with its output discarded; it returns the exit code.
func run(args []string) int {
	return Run(&Env{Ctx: context.Background(), Stdout: io.Discard, Stderr: io.Discard}, args)
}

// runOut runs soundworld in-process and returns the exit code, stdout and stderr.
func runOut(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Run(&Env{Ctx: context.Background(), Stdout: &out, Stderr: &errb}, args)
	return code, out.String(), errb.String()
}

// textCommands are the commands of this program (shot runs soundworld-window).
func textCommands() []string {
	var names []string
	for _, c := range table {
		if c.Name != "shot" && c.Name != "capture" { // both run soundworld-window
			names = append(names, c.Name)
		}
	}
	return names
}

// `soundworld help CMD` and `soundworld CMD -h` print the same text (the
// usage and every flag) on stdout and exit 0.
func TestHelp_SameAsDashH(t *testing.T) {
	for _, name := range textCommands() {
		code1, help, _ := runOut("help", name)
		code2, dashH, errs := runOut(name, "-h")
		if code1 != 0 || code2 != 0 {
			t.Errorf("%s: help exit %d, -h exit %d; want 0 and 0", name, code1, code2)
		}
		if help != dashH {
			t.Errorf("%s: `help %s` printed\n%s\nbut `%s -h` printed\n%s", name, name, help, name, dashH)
		}
		if !strings.HasPrefix(help, "usage: soundworld "+name) || !strings.Contains(help, "\n  -") {
			t.Errorf("%s: help %q, want the usage line then the flag list", name, help)
		}
		if errs != "" {
			t.Errorf("%s -h: stderr %q, want nothing", name, errs)
		}
	}
}

// A bad command line exits 2 with the usage on stderr, for every command.
func TestUsageErrors_Exit2Everywhere(t *testing.T) {
	for _, name := range textCommands() {
		code, out, errs := runOut(name, "-no-such-flag")
		if code != 2 || out != "" || !strings.Contains(errs, "flag provided but not defined: -no-such-flag") ||
			!strings.Contains(errs, "usage: soundworld "+name) {
			t.Errorf("%s -no-such-flag: exit %d, stdout %q, stderr %q; want 2 and the usage on stderr", name, code, out, errs)
		}
	}
	for _, args := range [][]string{{"frob"}, {"help", "frob"}, {"help", "dump", "extra"}} {
		if code, _, errs := runOut(args...); code != 2 || errs == "" {
			t.Errorf("soundworld %q: exit %d, stderr %q; want 2 and a message", args, code, errs)
		}
	}
}

// The overview names every command of the table and exits 0, as do -h and --help.
func TestHelp_Overview(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		code, out, _ := runOut(args...)
		if code != 0 {
			t.Errorf("soundworld %q: exit %d, want 0", args, code)
		}
		for _, c := range table {
			if !strings.Contains(out, "soundworld "+c.Name+" ") {
				t.Errorf("soundworld %q does not list %s:\n%s", args, c.Name, out)
			}
		}
	}
}

// -version prints the version, the commit (from the build info) and the
// toolchain on one line and exits 0, without starting the window.
func TestVersionFlag(t *testing.T) {
	for _, arg := range []string{"-version", "--version", "version"} {
		var out, errb strings.Builder
		code := Run(&Env{Stdout: &out, Stderr: &errb}, []string{arg})
		line := out.String()
		if code != 0 || !strings.HasPrefix(line, "soundworld dev (commit ") || !strings.Contains(line, runtime.Version()) ||
			strings.Count(line, "\n") != 1 || errb.Len() != 0 {
			t.Errorf("%s: exit %d, %q, stderr %q", arg, code, line, errb.String())
		}
	}
}
