package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// clock makes b's time stand d after its start.
func clock(b *Bar, d time.Duration) {
	t := b.start.Add(d)
	b.now = func() time.Time { return t }
}

// plainRun is the plain output of a bar 3 s into its run set to n, then
// finished with ok.
func plainRun(o Options, n int64, ok bool) string {
	var buf bytes.Buffer
	b := New(&buf, o)
	clock(b, 3*time.Second)
	b.Set(n)
	b.Finish(ok)
	return buf.String()
}

// Not a terminal (a log file, a pipe): a few plain lines, no carriage return.
func TestPlainLines_NoCarriageReturn(t *testing.T) {
	var buf bytes.Buffer
	b := New(&buf, Options{Label: "render", Total: 60000, Unit: "s"})
	clock(b, 3*time.Second)
	for n := int64(0); n <= 60000; n += 1000 / 60 {
		b.Set(n)
	}
	b.Println("render: a problem")
	b.Finish(true)
	out := buf.String()
	if strings.ContainsRune(out, '\r') || strings.Contains(out, "\x1b") {
		t.Errorf("plain output has \\r or escapes: %q", out)
	}
	want := "render: 25% (15 / 60 s)\nrender: 50% (30 / 60 s)\nrender: 75% (45 / 60 s)\nrender: a problem\nrender: done (60 s)\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// A failed run ends without the done line.
func TestPlain_FinishNotOK(t *testing.T) {
	if got := plainRun(Options{Label: "check", Total: 10, Unit: "records"}, 2, false); got != "" {
		t.Errorf("got %q, want nothing (2/10 is under the first quarter)", got)
	}
}

// On a terminal the bar redraws in place (carriage returns) and is cleared at the end.
func TestTerminal_Bar(t *testing.T) {
	var buf bytes.Buffer
	yes := true
	b := New(&buf, Options{Label: "check", Total: 100, Unit: "records", Terminal: &yes})
	b.Set(50)
	b.Finish(true)
	if !strings.Contains(buf.String(), "\r") || !strings.Contains(buf.String(), "check") {
		t.Errorf("terminal output %q: want a bar drawn with \\r", buf.String())
	}
}

func TestNil(t *testing.T) {
	var b *Bar = New(nil, Options{})
	b.Set(1)
	b.Println("x")
	b.Finish(true)
}

// Bytes as MB; a run too short for any progress line ends silently.
func TestPlain_BytesAndShortRun(t *testing.T) {
	got := plainRun(Options{Label: "check", Total: 40e6, Unit: "bytes"}, 10e6, true)
	if want := "check: 25% (10.0 / 40.0 MB)\ncheck: done (40.0 MB)\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	var buf bytes.Buffer
	b := New(&buf, Options{Label: "check", Total: 40e6, Unit: "bytes"})
	b.Set(30e6) // 75% within the first 2 s: no line
	b.Finish(true)
	if buf.String() != "" {
		t.Errorf("short run: got %q, want nothing", buf.String())
	}
	// A slow run with no quarter passed still says something every 10 s.
	buf.Reset()
	b = New(&buf, Options{Label: "render", Total: 60000, Unit: "s"})
	clock(b, 11*time.Second)
	b.Set(1000)
	if want := "render: 1% (1 / 60 s)\n"; buf.String() != want {
		t.Errorf("slow run: got %q, want %q", buf.String(), want)
	}
}
