package progress

import (
	"bytes"
	"strings"
	"testing"
)

// Not a terminal (a log file, a pipe): a few plain lines, no carriage return.
func TestPlainLines_NoCarriageReturn(t *testing.T) {
	var buf bytes.Buffer
	b := New(&buf, Options{Label: "render", Total: 60000, Unit: "s"})
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
	var buf bytes.Buffer
	b := New(&buf, Options{Label: "check", Total: 10, Unit: "records"})
	b.Set(2)
	b.Finish(false)
	if buf.String() != "" {
		t.Errorf("got %q, want nothing (2/10 is under the first quarter)", buf.String())
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
