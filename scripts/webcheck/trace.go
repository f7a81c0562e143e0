package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"
)

// traceCategories are what -trace records: the page's tasks and frames,
// V8's WebAssembly compiles (Liftoff, tier-up), the GPU process's commands
// and the compositor, so a slow start can be split between them.
const traceCategories = "toplevel,blink,devtools.timeline,disabled-by-default-devtools.timeline," +
	"disabled-by-default-devtools.timeline.frame,v8,v8.wasm,disabled-by-default-v8.compile," +
	"v8.execute,gpu,gpu.service,viz,cc,benchmark,loading"

// traceSink collects Tracing.dataCollected's events until
// Tracing.tracingComplete (both arrive on the reader's goroutine, under
// browserConn.mu).
type traceSink struct {
	events []json.RawMessage
	done   chan struct{}
}

func (t *traceSink) event(m message) {
	if m.Method == "Tracing.tracingComplete" {
		if t.done != nil {
			close(t.done)
			t.done = nil
		}
		return
	}
	var p struct{ Value []json.RawMessage }
	json.Unmarshal(m.Params, &p)
	t.events = append(t.events, p.Value...)
}

// startTrace starts a browser-wide trace (the browser's session: every
// process, not only the page).
func (b *browserConn) startTrace() error {
	b.mu.Lock()
	b.trace.done = make(chan struct{})
	b.mu.Unlock()
	_, err := b.callIn("", "Tracing.start", map[string]any{
		"transferMode": "ReportEvents",
		"traceConfig":  map[string]any{"includedCategories": strings.Split(traceCategories, ","), "recordMode": "recordAsMuchAsPossible"},
	})
	return err
}

// endTrace stops the trace and writes it to path as Chromium's JSON trace
// format ({"traceEvents": [...]}).
func (b *browserConn) endTrace(path string) error {
	b.mu.Lock()
	done := b.trace.done
	b.mu.Unlock()
	if _, err := b.callIn("", "Tracing.end", nil); err != nil {
		return err
	}
	select {
	case <-done:
	case <-time.After(callWait):
		return fmt.Errorf("no trace from Tracing.end in %s", callWait)
	}
	b.mu.Lock()
	evs := b.trace.events
	b.mu.Unlock()
	js, err := json.Marshal(map[string]any{"traceEvents": evs})
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, js, 0o644); err != nil {
		return err
	}
	fmt.Printf("webcheck: trace of %d events written to %s\n", len(evs), path)
	return os.Rename(tmp, path)
}
